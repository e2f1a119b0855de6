import type { Sandbox } from '../../sandbox/server.ts';

/**
 * The contracts service as the sandbox tests call it (tests/sandbox/contracts.test.ts,
 * contracts-create.test.ts): a demo user's sign-in (kept per login until forgotten), a JSON POST to
 * the sandbox, a contracts call with its status, body and headers, one that must answer 200.
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

export type CallOptions = { query?: Record<string, string | number | string[]>; body?: unknown; headers?: Record<string, string> };

export const refusal = (status: number, message: string) => ({ status, body: { message } });

export function contractsClient(sandbox: () => Sandbox) {
  const tokens = new Map<string, string>();
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${sandbox().url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  async function tokenOf(login: string): Promise<string> {
    const kept = tokens.get(login);
    if (kept) return kept;
    const res = await post('/auth/login', { client: 'spa', username: login, password: 'Demo-pass-1', codeChallenge: CHALLENGE });
    const reply = (await res.json()) as { accessToken?: string };
    if (res.status !== 200 || !reply.accessToken) throw new Error(`sign-in of ${login}: ${res.status} ${JSON.stringify(reply)}`);
    tokens.set(login, reply.accessToken);
    return reply.accessToken;
  }
  const idOf = (login: string) => (sandbox().db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
  /** A contracts call (no token for a null login): its status, body and headers. */
  async function ct(login: string | null, method: string, path: string, options: CallOptions = {}) {
    const url = new URL(`${sandbox().url}/contracts${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    const headers: Record<string, string> = {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(login ? { Authorization: `Bearer ${await tokenOf(login)}` } : {}),
      ...options.headers,
    };
    const res = await fetch(url, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  }
  /** A call that must answer 200: its body. */
  async function ok(login: string, method: string, path: string, options: CallOptions = {}): Promise<any> {
    const reply = await ct(login, method, path, options);
    if (reply.status !== 200) throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
  const answerOf = async (login: string | null, method: string, path: string, options: CallOptions = {}) => {
    const { status, body } = await ct(login, method, path, options);
    return { status, body };
  };
  return { post, tokenOf, forget: (login: string) => void tokens.delete(login), idOf, ct, ok, answerOf };
}
