/**
 * The sandbox tests' HTTP client: real requests to a sandbox started by the test file (its URL
 * read when called, since the sandbox starts in beforeAll). `call` fails on anything but a 200,
 * which is how a reply that broke the contract shows (the sandbox answers it with a loud 500).
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

export function sandboxClient(url: () => string) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const tokenOf = async (user: string) =>
    (await (await post('/auth/login', { client: 'spa', username: user, password: 'Demo-pass-1', codeChallenge: CHALLENGE })).json()).accessToken as string;
  const call = async (token: string, method: string, body: Record<string, unknown> = {}): Promise<any> => {
    const res = await post(`/main/?method=${method}`, { method, ...body }, { Authorization: `Bearer ${token}` });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  /** A mass file submit (multipart: the JSON data part and the CSV), as the app sends it. */
  const upload = async (token: string, data: Record<string, unknown>, file: string, fileName = 'payments.csv'): Promise<any> => {
    const body = new FormData();
    body.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
    body.append('file', new Blob([file], { type: 'text/csv' }), fileName);
    const res = await fetch(`${url()}/main/?method=massTransfer`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`massTransfer answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  return { post, tokenOf, call, upload };
}
