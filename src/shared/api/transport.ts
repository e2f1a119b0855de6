import type { Middleware } from 'openapi-fetch';
import { ApiError, isApiError, readReplyError } from './errors';
import { apiRuntime } from './runtime';
import { tokenStore } from './token-store';
import { fetchWithUploadProgress, takeUploadProgress, UPLOAD_PROGRESS_MARK } from './upload-progress';
import { ACTING_CUSTOMER_HEADER, dispatchUrl, prepareMainBody, requestHeaders, stringifyExact, type Caller } from './rules';

/**
 * The auth service's calls made without a session (the contract's `security: []` operations; a
 * test compares the two): their 401 is a refusal to show, not an expired token to refresh.
 */
export const SIGN_IN_PATHS: readonly string[] = ['/auth/login', '/auth/token', '/auth/token/owner', '/auth/refresh', '/auth/logout', '/auth/scp/request', '/auth/push/re-send', '/auth/stores-urls/send'];

/** Is this request one of the sign-in calls (its path below the auth service's base)? */
function isSignInCall(url: string): boolean {
  const base = new URL(apiRuntime.bases.auth);
  const target = new URL(url);
  if (target.origin !== base.origin) return false;
  const prefix = base.pathname.replace(/\/$/, '');
  return target.pathname.startsWith(prefix) && SIGN_IN_PATHS.includes(target.pathname.slice(prefix.length));
}

/**
 * A 401 that names what it refused is the answer to a check, not an expired token: re-authentication's
 * wrong password or code (`POST /auth/check-password`: `code` PASSWORD or OTP, issue 49). Refreshing
 * and retrying it would send the wrong password twice and count it twice toward the lock.
 */
export const REFUSAL_CODES: readonly string[] = ['PASSWORD', 'OTP'];

async function isRefusal(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' && REFUSAL_CODES.includes(body.code);
  } catch {
    return false; // no JSON body: an expired token
  }
}

/**
 * The one fetch every service client uses, top to bottom: the bearer from the token store and the
 * request headers, the 5-minute timeout, transport failures as typed errors (network vs timeout),
 * and after a 401 one shared refresh and one retry (never for the sign-in calls themselves, nor for
 * a 401 that names what it refused).
 */
export async function transportFetch(input: Request): Promise<Response> {
  const retryCopy = input.clone();
  const response = await send(input, tokenStore.bearer());
  // The sign-in calls answer 401 for a wrong password or an expired sign-in: never refreshed.
  // Every other call is made with the session, so its 401 is an expired token (issue 47).
  if (response.status !== 401 || isSignInCall(input.url) || (await isRefusal(response))) return response;
  // One refresh shared by every call that got a 401 meanwhile, then one retry with the new token.
  const token = await tokenStore.refresh();
  return token ? send(retryCopy, token) : response;
}

/**
 * The help desk's fetch (issue 60): a third party, so it never gets the session's token, the
 * acting customer or the client's own headers: only the language and the support token the call
 * names itself (`jwt_token`). Its 401 is the support token's (the support statechart asks for a
 * new one once and sends the call again once), never the session's. The timeout and transport
 * failures as every other call.
 */
export async function helpdeskFetch(request: Request): Promise<Response> {
  const headers = new Headers();
  headers.set('Accept-Language', apiRuntime.language);
  for (const name of ['jwt_token', 'content-type', 'accept', UPLOAD_PROGRESS_MARK]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return fetchWithTimeout(request, headers);
}

async function send(request: Request, token: string | null): Promise<Response> {
  const headers = new Headers(request.headers);
  const extra = requestHeaders({
    language: apiRuntime.language,
    clientVersion: apiRuntime.clientVersion,
    accessToken: token,
    caller: apiRuntime.caller,
  });
  // A call made for another customer keeps the one it names (main-client's actingCustomerId).
  for (const [k, v] of Object.entries(extra)) if (!(k === ACTING_CUSTOMER_HEADER && headers.has(k))) headers.set(k, v);
  return fetchWithTimeout(request, headers);
}

/** The request with these headers, within the 5-minute timeout (with its upload's progress when asked); transport failures as typed errors. */
async function fetchWithTimeout(request: Request, headers: Headers): Promise<Response> {
  const onProgress = takeUploadProgress(headers);
  const timeout = AbortSignal.timeout(apiRuntime.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const outgoing = new Request(request, { headers, signal });
    return await (onProgress ? fetchWithUploadProgress(outgoing, onProgress) : apiRuntime.fetch(outgoing));
  } catch (error) {
    if (timeout.aborted) throw new ApiError({ kind: 'timeout' });
    if (request.signal?.aborted) throw error; // the caller cancelled: not an error to show
    throw new ApiError({ kind: 'network' });
  }
}

/** Reads every reply: non-2xx and non-'00' replies become a thrown ApiError (spec 000 s8). */
export const readErrors: Middleware = {
  async onResponse({ response }) {
    if (response.status === 204) return undefined;
    // A file (a PDF or CSV from the documents service) is not an envelope: nothing to read.
    const type = response.headers.get('Content-Type') ?? '';
    if (response.ok && /^(application\/(pdf|octet-stream|zip)|text\/csv|image\/)/i.test(type)) return undefined;
    const raw = await response.clone().text();
    let body: unknown = raw === '' ? undefined : raw;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        // Not JSON: a proxy page or a broken reply. Treat it as the server being unavailable.
        if (response.ok) throw new ApiError({ kind: 'serverUnavailable', status: response.status });
      }
    }
    const error = readReplyError(response.status, body, response.headers);
    if (error) throw error;
    return undefined;
  },
  onError({ error }) {
    return isApiError(error) ? error : new ApiError({ kind: 'network' });
  },
};

/** The session's caller, acting for the customer a call names instead when it names one (main-client's actingCustomerId). */
function callerOf(request: Request): Caller {
  const named = Number(request.headers.get(ACTING_CUSTOMER_HEADER) ?? '');
  return Number.isInteger(named) && named > 0 ? { ...apiRuntime.caller, actingCustomerId: named } : apiRuntime.caller;
}

/**
 * The main service's method dispatch, done once: callers write `main.POST('/customerInfo', { body })`
 * and stay typed; this turns it into `POST <base>/?method=customerInfo` with the method in the
 * body and every body rule applied (spec 000 s5, s7).
 */
export const mainDispatch: Middleware = {
  async onRequest({ request }) {
    const basePath = new URL(apiRuntime.bases.main).pathname;
    const target = dispatchUrl(request.url, basePath);
    if (!target) return undefined;
    const context = { method: target.method, caller: callerOf(request), language: apiRuntime.language, rule: apiRuntime.methodRules[target.method] };
    if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
      // A file with its JSON data part (001 s5): the rules apply to the data; its own `method`
      // is the kind of the file, so the dispatch method is the query's only.
      const form = await request.formData();
      const data = JSON.parse(await (form.get('data') as Blob).text()) as Record<string, unknown>;
      const out = new FormData();
      out.append('data', new Blob([stringifyExact({ ...prepareMainBody(data, context), method: data.method })], { type: 'application/json' }));
      for (const [name, value] of form) if (name !== 'data') out.append(name, value);
      const headers = new Headers(request.headers);
      headers.delete('Content-Type'); // the new body writes its own boundary
      return new Request(target.url, { method: 'POST', headers, body: out, signal: request.signal });
    }
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const prepared = prepareMainBody(body, context);
    const headers = new Headers(request.headers);
    headers.set('Content-Type', 'application/json');
    return new Request(target.url, {
      method: 'POST',
      headers,
      body: stringifyExact(prepared),
      signal: request.signal,
    });
  },
};
