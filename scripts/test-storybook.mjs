// Serves the built Storybook (storybook-static/) on 127.0.0.1 and runs @storybook/test-runner
// against it in Chromium. (Against `storybook dev` the builder loses a runtime file after the
// first rebuild, so the static build is what is tested.)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { spawn } from 'node:child_process';
import { HOST, STORYBOOK_PORT } from './ports.mjs';
import { requireChromium } from './chromium.mjs';

requireChromium();
const root = new URL('../storybook-static/', import.meta.url).pathname;
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };
// The built Storybook does not change during the run: each file is read once (every story file's
// page loads the same preview bundles again).
const files = new Map();
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let target = join(root, path);
  try {
    if ((await stat(target)).isDirectory()) target = join(target, 'index.html');
    let body = files.get(target);
    if (!body) files.set(target, (body = await readFile(target)));
    res.writeHead(200, { 'Content-Type': types[extname(target)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(STORYBOOK_PORT, HOST, resolve));
const url = `http://${HOST}:${STORYBOOK_PORT}`;
const child = spawn('npx', ['--no-install', 'test-storybook', '--url', url, '--maxWorkers=2', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TARGET_URL: url },
});
child.on('exit', (code) => {
  server.close();
  process.exit(code ?? 1);
});
