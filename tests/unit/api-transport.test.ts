// @vitest-environment node
import createClient from 'openapi-fetch';
import { configureApi, apiRuntime } from '../../src/shared/api/runtime';
import { sandboxBases } from '../../src/shared/api/bases';
import { helpdeskFetch, mainDispatch, readErrors, REFUSAL_CODES, SIGN_IN_PATHS, transportFetch } from '../../src/shared/api/transport';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ApiError } from '../../src/shared/api/errors';
import { tokenStore } from '../../src/shared/api/token-store';
import { createMainClient } from '../../src/shared/api/main-client';
import { CHANGES_VERIFICATION } from '../../src/shared/api/method-rules';
import { watchVerificationChanges } from '../../src/shared/model/verification-changes';

type Call = { url: string; method: string; headers: Headers; body: string };

type Refresher = Parameters<typeof tokenStore.setRefresher>[0];

function setup(
  replies: (Response | Error | ((req: Request) => Promise<Response>))[],
  patch: Partial<typeof apiRuntime> = {},
  refresher: Refresher = null,
) {
  const calls: Call[] = [];
  tokenStore.clear();
  tokenStore.setAccessToken('token-1');
  tokenStore.setRefresher(refresher);
  configureApi({
    bases: sandboxBases('http://api.test'),
    language: 'ro',
    timeoutMs: 300_000,
    caller: { kind: 'business', actingCustomerId: 55, authSecret: null, fromEmail: null },
    methodRules: { countries: { lang: true } },
    fetch: async (input: RequestInfo | URL) => {
      const req = input as Request;
      calls.push({ url: req.url, method: req.method, headers: req.headers, body: await req.clone().text() });
      const next = replies.shift();
      if (!next) throw new Error('no reply queued');
      if (next instanceof Error) throw next;
      return typeof next === 'function' ? next(req) : next;
    },
    ...patch,
  });
  const main = createClient<any>({ baseUrl: apiRuntime.bases.main, fetch: transportFetch });
  main.use(readErrors, mainDispatch);
  const auth = createClient<any>({ baseUrl: apiRuntime.bases.auth, fetch: transportFetch });
  auth.use(readErrors);
  return { calls, main, auth };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('transport: the request rules applied to real requests', () => {
  it('main service: POST /?method=X with the method, caller and rules in the body, and the headers', async () => {
    const { calls, main } = setup([json({ responseCode: '00', countries: [] })]);
    const { data } = await main.POST('/countries', { body: { extra: null, amount: '12.50', count: '3', name: '007' } });
    expect(data).toEqual({ responseCode: '00', countries: [] });
    const call = calls[0]!;
    expect(call.url).toBe('http://api.test/main/?method=countries');
    expect(call.method).toBe('POST');
    // Numeric strings are numbers on the wire, written with their digits (issue 47): 12.50, not 12.5.
    expect(call.body).toContain('"amount":12.50');
    expect(JSON.parse(call.body)).toEqual({ method: 'countries', lang: 'ro', fromCustomerId: 55, amount: 12.5, count: 3, name: '007' });
    expect(call.headers.get('Accept-Language')).toBe('ro');
    expect(call.headers.get('X-Client-Version')).toBe('2.1.2');
    expect(call.headers.get('Authorization')).toBe('Bearer token-1');
    expect(call.headers.get('X-Customer-Id')).toBe('55');
  });

  it('a call made for another customer (the session asking before it acts for them) sends that one, in the body and the header; the next call is the session’s again', async () => {
    const { calls, main } = setup([json({ responseCode: '00' }), json({ responseCode: '00' })]);
    const client = createMainClient(main as never);
    await client.call('userAccessInfoGet', {}, { actingCustomerId: 77 });
    expect(JSON.parse(calls[0]!.body)).toEqual({ method: 'userAccessInfoGet', fromCustomerId: 77 });
    expect(calls[0]!.headers.get('X-Customer-Id')).toBe('77');
    await client.call('userAccessInfoGet');
    expect(JSON.parse(calls[1]!.body)).toEqual({ method: 'userAccessInfoGet', fromCustomerId: 55 });
    expect(calls[1]!.headers.get('X-Customer-Id')).toBe('55');
  });

  it('a non-00 reply throws a typed error with the server text', async () => {
    const { main } = setup([json({ responseCode: 'CA', responseDescription: 'Account closed' })]);
    await expect(main.POST('/balanceInquiry', { body: {} })).rejects.toMatchObject({ kind: 'closedAccount', serverMessage: 'Account closed' });
  });

  it('500 reads "Server is not available"; an empty 200 and a network failure have their own kinds', async () => {
    const { main } = setup([json({ message: 'boom' }, 500), new Response('', { status: 200 }), new TypeError('Failed to fetch')]);
    await expect(main.POST('/x', { body: {} })).rejects.toMatchObject({ kind: 'serverUnavailable', serverMessage: null });
    await expect(main.POST('/x', { body: {} })).rejects.toMatchObject({ kind: 'emptyReply' });
    await expect(main.POST('/x', { body: {} })).rejects.toMatchObject({ kind: 'network' });
  });

  it('a file (a PDF) comes back as it is; a page that is not JSON where JSON is due is an unavailable server', async () => {
    const { auth } = setup([
      new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      new Response('<html>proxy</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      new Response('not json', { status: 200 }),
    ]);
    // The test client is untyped (createClient<any>): the paths are free-form here.
    const client = auth as unknown as { GET: (path: string, init?: { parseAs?: string }) => Promise<{ data?: unknown }> };
    const { data } = await client.GET('/file', { parseAs: 'blob' });
    expect(await (data as Blob).text()).toBe('%PDF');
    await expect(client.GET('/page', { parseAs: 'text' })).rejects.toMatchObject({ kind: 'serverUnavailable' });
    await expect(client.GET('/x')).rejects.toMatchObject({ kind: 'serverUnavailable' });
  });

  it('times out after the configured time (5 minutes in the app)', async () => {
    const { main } = setup(
      [
        () =>
          new Promise<Response>((_, reject) => {
            setTimeout(() => reject(new DOMException('timed out', 'TimeoutError')), 50);
          }),
      ],
      { timeoutMs: 10 },
    );
    await expect(main.POST('/x', { body: {} })).rejects.toMatchObject({ kind: 'timeout' });
    expect(apiRuntime.timeoutMs).toBe(10);
  });

  it('after a 401 the token is refreshed once and the request retried once with the new token', async () => {
    let refreshes = 0;
    const { calls, main } = setup([json({ message: 'expired' }, 401), json({ responseCode: '00', ok: true })], {}, async () => {
      refreshes++;
      return 'token-2';
    });
    const { data } = await main.POST('/customerInfo', { body: {} });
    expect(data).toMatchObject({ ok: true });
    expect(refreshes).toBe(1);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(JSON.parse(calls[1]!.body)).toMatchObject({ method: 'customerInfo' });
  });

  it('a second 401 is not retried again, and the auth service itself is never retried', async () => {
    let refreshes = 0;
    const refresher = async () => {
      refreshes++;
      return 'token-2';
    };
    const a = setup([json({}, 401), json({}, 401)], {}, refresher);
    await expect(a.main.POST('/x', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(a.calls).toHaveLength(2);
    const b = setup([json({ message: 'bad password' }, 401)], {}, refresher);
    await expect(b.auth.POST('/auth/login', { body: {} })).rejects.toMatchObject({ kind: 'unauthorized', serverMessage: 'bad password' });
    expect(b.calls).toHaveLength(1);
    expect(refreshes).toBe(1);
  });

  it('a signed-in call of the auth service (devices, consent, a sign-in request confirmed) refreshes after a 401 like any other; the sign-in calls never do (issue 47)', async () => {
    // The sign-in calls are the contract's `security: []` operations of the auth service.
    const contract = parse(readFileSync('api-schemas/auth.yaml', 'utf8')) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const publicPaths = Object.entries(contract.paths).flatMap(([path, ops]) => (Object.values(ops).some((op) => Array.isArray(op.security) && op.security.length === 0) ? [path] : []));
    expect([...SIGN_IN_PATHS].sort()).toEqual(publicPaths.sort());
    for (const path of ['/auth/devices', '/auth/devices/7', '/auth/sei/authorize/abc', '/auth/login/k1/confirm', '/auth/profile']) {
      let refreshes = 0;
      const { calls, auth } = setup([json({ message: 'expired' }, 401), json({})], {}, async () => {
        refreshes++;
        return 'token-2';
      });
      await auth.GET(path as never, {} as never);
      expect([path, refreshes, calls.map((c) => c.headers.get('Authorization'))]).toEqual([path, 1, ['Bearer token-1', 'Bearer token-2']]);
    }
    for (const path of SIGN_IN_PATHS) {
      let refreshes = 0;
      const { calls, auth } = setup([json({ message: 'no' }, 401)], {}, async () => {
        refreshes++;
        return 'token-2';
      });
      await expect(auth.POST(path as never, { body: {} } as never)).rejects.toMatchObject({ kind: 'unauthorized' });
      expect([path, refreshes, calls.length]).toEqual([path, 0, 1]);
    }
  });

  it('a 401 that names what it refused (re-authentication: a wrong password or code) is answered as it is: no refresh, no second try (issue 49)', async () => {
    for (const code of REFUSAL_CODES) {
      let refreshes = 0;
      const { calls, auth } = setup([json({ message: 'The password is not correct', code }, 401)], {}, async () => {
        refreshes++;
        return 'token-2';
      });
      await expect(auth.POST('/auth/check-password' as never, { body: { password: 'x' } } as never)).rejects.toMatchObject({ kind: 'unauthorized' });
      expect([code, refreshes, calls.length]).toEqual([code, 0, 1]);
    }
    // Any other 401 of the same call (no code, or another one) is an expired token: refreshed and tried again.
    for (const body of [{ message: 'expired' }, { message: 'expired', code: 'TOKEN' }]) {
      let refreshes = 0;
      const { calls, auth } = setup([json(body, 401), json({ proof: 'p', expiresIn: 300 })], {}, async () => {
        refreshes++;
        return 'token-2';
      });
      await auth.POST('/auth/check-password' as never, { body: { password: 'x' } } as never);
      expect([body, refreshes, calls.length]).toEqual([body, 1, 2]);
    }
  });

  it('50 calls that all get a 401 at expiry make exactly one refresh, and each is retried once with the new token', async () => {
    let refreshes = 0;
    let release: (token: string) => void = () => {};
    const replies = Array.from({ length: 100 }, () => async (req: Request) =>
      req.headers.get('Authorization') === 'Bearer token-2' ? json({ responseCode: '00', ok: true }) : json({ message: 'expired' }, 401),
    );
    const { calls, main } = setup(replies, {}, () => {
      refreshes++;
      return new Promise<string>((resolve) => (release = resolve));
    });
    const pending = Array.from({ length: 50 }, () => main.POST('/customerInfo', { body: {} }));
    await vi.waitFor(() => expect(calls).toHaveLength(50));
    release('token-2');
    const results = await Promise.all(pending);
    expect(results.every((r) => (r.data as { ok?: boolean }).ok)).toBe(true);
    expect(refreshes).toBe(1);
    expect(calls).toHaveLength(100);
    expect(calls.slice(50).every((c) => c.headers.get('Authorization') === 'Bearer token-2')).toBe(true);
  });

  it('the sign-in token is carried while there is no session, and the session token replaces it', async () => {
    const { calls, auth } = setup([json({}), json({})]);
    tokenStore.clear();
    tokenStore.setSignInToken('tmp-jwt');
    await auth.POST('/auth/push/re-send', {});
    tokenStore.setAccessToken('token-9');
    await auth.POST('/auth/push/re-send', {});
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer tmp-jwt', 'Bearer token-9']);
    expect(tokenStore.signInToken()).toBeNull();
  });

  it('tokens live in memory only: nothing reaches Web Storage', async () => {
    const stored = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => stored.set(k, v), getItem: (k: string) => stored.get(k) ?? null };
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', storage);
    const { main } = setup([json({ message: 'expired' }, 401), json({ responseCode: '00' })], {}, async () => 'token-secret');
    tokenStore.setSignInToken('tmp-secret');
    await main.POST('/customerInfo', { body: {} });
    expect([...stored.values()].join()).not.toMatch(/token-1|token-secret|tmp-secret/);
    vi.unstubAllGlobals();
  });
});

describe('the typed main client', () => {
  it('calls a method by name with only its own fields and returns the typed reply', async () => {
    const { calls, main } = setup([json({ responseCode: '00', customer: { customerId: 7 } })]);
    const client = createMainClient(main);
    const reply = await client.call('customerInfo');
    expect(reply.customer?.customerId).toBe(7);
    expect(JSON.parse(calls[0]!.body)).toEqual({ method: 'customerInfo', fromCustomerId: 55 });
    // @ts-expect-error a misspelt field fails the type check
    void (() => client.call('activateAccount', { usernme: 'a@b.test', activationCode: '1' }));
  });

  it('uploads a file with its JSON data part: the rules apply to the data, whose method stays the kind of the file', async () => {
    const seen: { url: string; contentType: string | null; data: unknown; file: string; fileName: string }[] = [];
    const { main } = setup([
      async (req) => {
        const form = await req.formData();
        const file = form.get('file') as File;
        seen.push({ url: req.url, contentType: req.headers.get('Content-Type'), data: JSON.parse(await (form.get('data') as Blob).text()), file: await file.text(), fileName: file.name });
        return json({ responseCode: '00', approveType: 'none', summary: { count: 1, total: '10.00', fee: '1.00', currencyCode: 'EUR', errors: [] } });
      },
    ]);
    const client = createMainClient(main);
    const reply = await client.upload('massTransfer', { onlySummary: true, accountId: 7, method: 'wire', batchName: '2026' }, new Blob(['amount\n10.00\n'], { type: 'text/csv' }), 'wires.csv');
    expect(reply.summary?.count).toBe(1);
    expect(seen[0]).toMatchObject({ url: 'http://api.test/main/?method=massTransfer', file: 'amount\n10.00\n', fileName: 'wires.csv' });
    expect(seen[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // fromCustomerId added; the batch name stays text (a name); the kind is not replaced by the dispatch method.
    expect(seen[0]!.data).toEqual({ onlySummary: true, accountId: 7, method: 'wire', batchName: '2026', fromCustomerId: 55 });
  });

  it('an upload made for another customer (an admin document on the file of the customer shown) names that one, in the data part and the header', async () => {
    const seen: { data: unknown; header: string | null }[] = [];
    const { main } = setup([
      async (req) => {
        const form = await req.formData();
        seen.push({ data: JSON.parse(await (form.get('data') as Blob).text()), header: req.headers.get('X-Customer-Id') });
        return json({ responseCode: '00' });
      },
    ]);
    const client = createMainClient(main);
    await client.upload('adminDocumentAssign', { name: 'Contract', requestId: 'req-00000001' }, new Blob(['%PDF']), 'contract.pdf', { actingCustomerId: 77 });
    expect(seen).toEqual([{ data: { name: 'Contract', requestId: 'req-00000001', fromCustomerId: 77 }, header: '77' }]);
  });

  it('a call that changes the verification facts publishes a change once it succeeded; a read, a refused call or another call does not (issue 45)', async () => {
    let changes = 0;
    const unwatch = watchVerificationChanges(() => (changes += 1));
    try {
      const { main } = setup([
        json({ responseCode: '00', customer: { customerId: 7 } }),
        json({ responseCode: '13', responseDescription: 'No' }),
        json({ responseCode: '00' }),
        json({ responseCode: '00', documentId: 5 }),
      ]);
      const client = createMainClient(main);
      await client.call('customerInfo');
      expect(changes).toBe(0);
      await expect(client.call('customerTaxNumberUpdate', { taxId: 'RO123' })).rejects.toBeInstanceOf(ApiError);
      expect(changes).toBe(0);
      await client.call('customerTaxNumberUpdate', { taxId: 'RO123' });
      expect(changes).toBe(1);
      await client.upload('personalWFormUpload', { kind: 'w8ben', signedName: 'Ana Lima', signedDate: '2026-11-29' }, new Blob(['%PDF']), 'w8ben.pdf');
      expect(changes).toBe(2);
    } finally {
      unwatch();
    }
    // The certifications, their US forms, KYC, documents, addresses and the phone are in the table.
    expect(CHANGES_VERIFICATION).toEqual(expect.arrayContaining(['personalFatcaCrsCertificationUpdate', 'personalWFormUpload', 'lossOfNationalityUpload', 'kycInfoUpdate', 'documentUpload', 'addressCreate', 'confirmPhone']));
  });
});

describe('transport: the help desk (issue 60), a third party', () => {
  it('never gets the session token, the acting customer or the client headers; only its support token and the language; its 401 is not the session’s', async () => {
    let refreshed = 0;
    const { calls } = setup([json({ message: 'expired' }, 401)], {}, async () => {
      refreshed += 1;
      return 'token-2';
    });
    const helpdesk = createClient<any>({ baseUrl: apiRuntime.bases.helpdesk, fetch: helpdeskFetch });
    helpdesk.use(readErrors);
    const failure = await helpdesk.GET('/tickets', { headers: { jwt_token: 'support-jwt' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(refreshed).toBe(0);
    const headers = calls[0]!.headers;
    expect(calls[0]!.url).toBe('http://api.test/helpdesk/tickets');
    expect(headers.get('jwt_token')).toBe('support-jwt');
    expect(headers.get('accept-language')).toBe('ro');
    expect(headers.get('authorization')).toBeNull();
    expect([...headers.keys()].sort()).toEqual(['accept-language', 'jwt_token']);
  });
});
