// "The other device" on the command line, against a running sandbox:
//   npm run sandbox:device                   list codes and pending push approvals
//   npm run sandbox:device -- approve <key>  approve a pending push sign-in
//   npm run sandbox:device -- decline <key>  decline it
//   npm run sandbox:device -- confirm <login> [title]   send a transaction confirmation
// SANDBOX_URL selects the sandbox (default http://127.0.0.1:8787).
const base = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8787';
const [command = 'list', arg, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  if (command === 'list') {
    const { pending } = (await (await fetch(`${base}/__sandbox/inbox`)).json()) as {
      pending: { key: string; flow: string; otp: string | null; status: string; login: string }[];
    };
    if (!pending.length) console.log('nothing pending');
    for (const p of pending) console.log(`${p.key}  ${p.login.padEnd(30)} ${p.flow.padEnd(12)} ${p.status.padEnd(9)} ${p.otp ?? ''}`);
    // Security settings codes shown on the device (issue 49).
    const { codes } = (await (await fetch(`${base}/__sandbox/settings-codes`)).json()) as { codes: { login: string; what: string; code: string }[] };
    for (const c of codes) console.log(`settings  ${c.login.padEnd(30)} ${c.what.padEnd(36)} ${c.code}`);
    return 0;
  }
  if ((command === 'approve' || command === 'decline') && arg) {
    const res = await fetch(`${base}/__sandbox/push/${encodeURIComponent(arg)}/${command}`, { method: 'POST' });
    console.log(res.ok ? `${command}d ${arg}` : `no pending approval with key ${arg}`);
    return res.ok ? 0 : 1;
  }
  if (command === 'confirm' && arg) {
    const res = await fetch(`${base}/__sandbox/confirm-transaction`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userLogin: arg, ...(rest.length ? { title: rest.join(' ') } : {}) }),
    });
    console.log(await res.text());
    return res.ok ? 0 : 1;
  }
  console.error('usage: sandbox:device [list | approve <key> | decline <key> | confirm <login> [title]]');
  return 2;
}

process.exit(await main());
export {};
