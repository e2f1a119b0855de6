// `npm start`: the main job. Builds the app, starts the sandbox API (persistent demo data
// in .sandbox/sandbox.db) and serves the production build with its security headers,
// all on 127.0.0.1. Ctrl+C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { APP_PORT, HOST, SANDBOX_PORT } from './ports.mjs';

const sandboxUrl = `http://${HOST}:${SANDBOX_PORT}`;
const build = spawnSync('npm', ['run', '--silent', 'build'], {
  stdio: 'inherit',
  // `npm start` is the sandbox build (a plain `npm run build` names its backend: scripts/check-env.mjs).
  env: { ...process.env, PUBLIC_API_ENV: 'sandbox', PUBLIC_SANDBOX_URL: sandboxUrl },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  // An IPC channel: each child exits when this process goes away, however it ends.
  spawn(process.execPath, ['sandbox/main.ts', '--port', String(SANDBOX_PORT), '--db', '.sandbox/sandbox.db'], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] }),
  spawn(process.execPath, ['scripts/serve-app.mjs', '--port', String(APP_PORT), '--sandbox', sandboxUrl], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] }),
];
setTimeout(() => {
  console.log(`\n  Open http://${HOST}:${APP_PORT}/  (brand: ?brand=brand1…brand6, language: ?lang=en|es|ro|ru|ua|pt)`);
  console.log(`  Sandbox "other device" (codes, pending approvals): ${sandboxUrl}/__sandbox/inbox\n`);
}, 1500);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
