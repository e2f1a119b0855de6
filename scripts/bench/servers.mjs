// The bench's own servers: a fresh sandbox API and scripts/serve-app.mjs (gzip + the production
// security headers) for the app build and for the floor page, each on a free port of 127.0.0.1.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { HOST } from '../ports.mjs';

/** A port nobody listens on right now (the bench is meant to run in its own network namespace). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const children = new Set();

/** Stops every server this module started (by the child processes it holds, nothing else). */
export function stopServers() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  children.clear();
}
process.on('exit', stopServers);

async function waitForUrl(url, child, name, log, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log.join('')}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s:\n${log.join('')}`);
}

/** Starts `node <args>` (this Node) with an IPC channel, so the child exits with the bench. */
async function start(name, args, readyUrl) {
  const log = [];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  children.add(child);
  child.stdout.on('data', (d) => log.push(String(d)));
  child.stderr.on('data', (d) => log.push(String(d)));
  await waitForUrl(readyUrl, child, name, log);
  return { child, log };
}

/** `node sandbox/main.ts --port P --db .sandbox/bench.db --reset` */
export async function startSandbox(port) {
  const url = `http://${HOST}:${port}`;
  await start('sandbox', ['sandbox/main.ts', '--port', String(port), '--db', '.sandbox/bench.db', '--reset'], `${url}/__sandbox/health`);
  return url;
}

/** scripts/serve-app.mjs for a build folder (relative to the repository root). */
export async function serveDist(dist, port, sandboxUrl) {
  const url = `http://${HOST}:${port}`;
  await start(`serve-app (${dist})`, ['scripts/serve-app.mjs', '--port', String(port), '--dist', dist, '--sandbox', sandboxUrl], `${url}/`);
  return url;
}
