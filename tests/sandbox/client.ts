/**
 * The sandbox tests' HTTP client: real requests to a sandbox started by the test file (its URL
 * read when called, since the sandbox starts in beforeAll). `call` fails on anything but a 200,
 * which is how a reply that broke the contract shows (the sandbox answers it with a loud 500).
 */
import { mainMethodRules } from '../../src/shared/api/method-rules';
import { anonymousCaller, prepareMainBody, stringifyExact } from '../../src/shared/api/rules';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** A main-service body as the app writes it (spec 000 s5): nulls dropped, numeric strings as exact numbers. */
export const mainWire = (method: string, body: Record<string, unknown>): string =>
  stringifyExact(prepareMainBody(body, { method, caller: anonymousCaller, language: 'en', rule: mainMethodRules[method] }));

export function sandboxClient(url: () => string) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const tokenOf = async (user: string) =>
    (await (await post('/auth/login', { client: 'spa', username: user, password: 'Demo-pass-1', codeChallenge: CHALLENGE })).json()).accessToken as string;
  const call = async (token: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<any> => {
    const res = await post(`/main/?method=${method}`, mainWire(method, body), { Authorization: `Bearer ${token}`, ...headers });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  /**
   * A call the sandbox cannot take as sent (issue 46: a requestId missing, or reused with other
   * details or on another call): its status, message, field and language, for a test that expects it.
   */
  const unprocessable = async (token: string, method: string, body: Record<string, unknown>, language = 'en') => {
    const res = await post(`/main/?method=${method}`, mainWire(method, body), { Authorization: `Bearer ${token}`, 'Accept-Language': language });
    const json = (await res.json()) as { message?: string; validationErrors?: { param?: string }[] };
    return { status: res.status, message: json.message, param: json.validationErrors?.[0]?.param, language: res.headers.get('content-language') };
  };
  /**
   * The header of a re-authentication proof (issue 49: a sensitive change carries it) for a user
   * signed in with this token whose two-step verification is off: the demo password answers it.
   */
  const reauth = async (token: string): Promise<Record<string, string>> => {
    const res = await post('/auth/check-password', { password: 'Demo-pass-1' }, { Authorization: `Bearer ${token}` });
    const json = (await res.json()) as { proof?: string };
    if (res.status !== 200 || !json.proof) throw new Error(`check-password answered ${res.status}: ${JSON.stringify(json)}`);
    return { 'X-Reauth-Proof': json.proof };
  };
  /** A mass file submit (multipart: the JSON data part and the CSV), as the app sends it. */
  const upload = async (token: string, data: Record<string, unknown>, file: string, fileName = 'payments.csv'): Promise<any> => {
    const body = new FormData();
    body.append('data', new Blob([stringifyExact({ ...prepareMainBody(data, { method: 'massTransfer', caller: anonymousCaller, language: 'en', rule: undefined }), method: data.method })], { type: 'application/json' }));
    body.append('file', new Blob([file], { type: 'text/csv' }), fileName);
    const res = await fetch(`${url()}/main/?method=massTransfer`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`massTransfer answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  return { post, tokenOf, call, upload, unprocessable, reauth };
}

/** What `unprocessable` answers for a requestId reused with other details, or on another call (English). */
export const REUSED_WITH_OTHER_DETAILS = { status: 422, message: 'This request id was already used for a request with other details. Nothing was done: start again.', param: 'requestId', language: 'en' };
export const REUSED_ON_ANOTHER_CALL = { status: 422, message: 'This request id was already used for another kind of request. Nothing was done: start again.', param: 'requestId', language: 'en' };
