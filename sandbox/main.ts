// The sandbox API's command line:
//   node sandbox/main.ts [--port 8787] [--host 127.0.0.1] [--db .sandbox/sandbox.db] [--reset] [--reset-only] [--access-ttl 300]
import { createSandbox } from './server.ts';
import { openDb, resetDb } from './db.ts';
import { BRANDS, DEMO_PASSWORD, DEMO_USERS, demoLogin, seed } from './seed.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const dbPath = opt('db', '.sandbox/sandbox.db');

if (args.includes('--reset') || args.includes('--reset-only')) {
  const db = openDb(dbPath, seed);
  resetDb(db, seed);
  db.close();
  console.log(`sandbox: ${dbPath} restored to the seed`);
  if (args.includes('--reset-only')) process.exit(0);
}

const sandbox = await createSandbox({
  dbPath,
  port: Number(opt('port', '8787')),
  host: opt('host', '127.0.0.1'),
  accessTokenTtlSeconds: Number(opt('access-ttl', '300')),
});

console.log(`sandbox API: ${sandbox.url}  (data: ${dbPath})`);
console.log(`demo logins (password for all: ${DEMO_PASSWORD}), for each brand ${BRANDS.join(', ')}:`);
// One column for the notes, after the longest login (the table lines up whatever logins are added).
const loginWidth = Math.max(...DEMO_USERS.map((user) => demoLogin(user.local, 'brandN').length));
for (const user of DEMO_USERS) console.log(`  ${demoLogin(user.local, 'brandN').padEnd(loginWidth)}  ${user.note}`);
console.log(`other device (codes, push approvals): ${sandbox.url}/__sandbox/device  (JSON: /__sandbox/inbox; CLI: npm run sandbox:device)`);

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Started by scripts/start.mjs with an IPC channel: exit with the parent.
process.on('disconnect', stop);
