// Serves the production build (dist/) on 127.0.0.1 the way production must: SPA fallback,
// long-cache hashed assets, gzip, and the security headers (strict CSP). CSP violation
// reports are collected and readable at /__csp-reports so the end-to-end suite fails on any.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { securityHeaders, sandboxOrigins } from './security-headers.mjs';
import { HOST, PREVIEW_PORT, SANDBOX_OLD_WEB_ORIGIN, SANDBOX_PORT } from './ports.mjs';
import { choosePrerenderedPage, prerenderedFile } from './prerendered-page.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])),
);
const port = Number(args.port ?? PREVIEW_PORT);
const sandboxUrl = args.sandbox ?? `http://${HOST}:${SANDBOX_PORT}`;
const root = new URL(`../${args.dist ?? 'dist'}/`, import.meta.url).pathname;
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2', '.csv': 'text/csv; charset=utf-8',
  '.map': 'application/json',
};
// `--connect a,b`: the API origins a deployed build talks to (the end-to-end check of a production
// build, which must call its brand's own services and nothing a link names); else the sandbox's.
const apiOrigins = args.connect ? args.connect.split(',').map((origin) => new URL(origin).origin) : sandboxOrigins(sandboxUrl);
const headers = securityHeaders({ apiOrigins, formTargets: [SANDBOX_OLD_WEB_ORIGIN], reportUri: '/__csp-report' });
const reports = [];
// The prerendered public pages (issue 48): which exist, for which brands, languages and hosts.
const prerendered = await readFile(join(root, 'prerendered', 'manifest.json'), 'utf8').then(JSON.parse, () => null);

/**
 * A file's bytes, or null. The build's files do not change while they are served, so each is read
 * and gzipped once (kept by path, size and modification time: a rebuild is read afresh); the test
 * suites load the same entry hundreds of times.
 */
const files = new Map();
async function file(path) {
  try {
    const s = await stat(path);
    if (!s.isFile()) return null;
    const key = `${path}\0${s.size}\0${s.mtimeMs}`;
    let entry = files.get(key);
    if (!entry) {
      entry = { body: await readFile(path), gzipped: null };
      files.set(key, entry);
    }
    return entry;
  } catch {
    return null;
  }
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  if (url.pathname === '/__csp-report' && req.method === 'POST') {
    let body = '';
    for await (const chunk of req) body += chunk;
    reports.push(body);
    console.error(`[csp] violation: ${body}`);
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === '/__csp-reports') {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(reports));
    return;
  }
  // A path that does not decode (a stray `%`) or carries control characters is refused, never a crash.
  let decoded;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    decoded = null;
  }
  if (decoded === null || /[\x00-\x1f\\]/.test(decoded)) {
    res.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request path');
    return;
  }
  const safe = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  // A prerendered page for this address, brand and language paints before the app's code runs.
  const page = prerendered && (req.method === 'GET' || req.method === 'HEAD')
    ? choosePrerenderedPage({ manifest: prerendered, pathname: safe, search: url.searchParams, host: req.headers.host, cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] })
    : null;
  const pageBody = page ? await file(join(root, prerenderedFile(page))) : null;
  if (pageBody) {
    sendBody(req, res, pageBody, types['.html'], { 'Cache-Control': 'no-cache', 'Content-Language': page.language, Vary: 'Accept-Encoding, Accept-Language, Cookie' });
    return;
  }
  let body = await file(join(root, safe));
  let type = types[extname(safe)] ?? 'application/octet-stream';
  let cache = safe.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  if (!body) {
    if (extname(safe) && safe.startsWith('/static/')) {
      res.writeHead(404, headers).end();
      return;
    }
    body = await file(join(root, 'index.html'));
    type = types['.html'];
    cache = 'no-cache';
  }
  if (!body) {
    res.writeHead(500).end('dist/ is missing: run `npm run build` first');
    return;
  }
  sendBody(req, res, body, type, { 'Cache-Control': cache });
});

/** `entry`: what `file` gave (the bytes, and their gzip once made). */
function sendBody(req, res, entry, type, extra) {
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && /text|javascript|json|svg/.test(type);
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    ...extra,
  });
  res.end(gzip ? (entry.gzipped ??= gzipSync(entry.body)) : entry.body);
}

// Longer than clients keep idle sockets (Node's default is 5 s), so a reused socket is never one
// the server has just closed (ECONNRESET in test runs).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, HOST, () => console.log(`app: http://${HOST}:${port} (API: ${sandboxUrl})`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
// Started by scripts/start.mjs with an IPC channel: exit with the parent.
process.on('disconnect', () => process.exit(0));
