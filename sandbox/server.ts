import { Hono, type Context } from 'hono';
import { translateReply } from './texts/index.ts';
import { pickLanguage } from './auth-messages.ts';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import { serve, type ServerType } from '@hono/node-server';
import { createNodeWebSocket } from '@hono/node-ws';
import { fileURLToPath } from 'node:url';
import { loadContract, describeErrors, type MultipartBody, type Operation, type Service } from './contract.ts';
import { MASS_FILE_MAX_BYTES } from '../machines/transfers/external-rails.ts';
import { GLOBAL_PAY_MAX_BYTES } from '../machines/batches/global-pay-rules.ts';
import { DOCUMENT_MAX_BYTES } from '../machines/verification/verification.rules.ts';
import { LOGO_MAX_BYTES } from '../machines/merchant/merchant.rules.ts';
import { openDb, resetDb, type Db } from './db.ts';
import { seed } from './seed.ts';
import { vf } from './kernel/replies.ts';
import { BOUNDED_INPUT_MESSAGES, DATA_PART_MAX_BYTES, JSON_BODY_MAX_BYTES, multipartBodyMaxBytes } from './kernel/bounded-input.ts';
import { parseExactJson } from './kernel/exact-json.ts';
import { authHandlers } from './handlers/auth.ts';
import { mainHandlers } from './handlers/main.ts';
import { deviceHandlers } from './handlers/devices.ts';
import { accountHandlers } from './handlers/accounts.ts';
import { cardHandlers } from './handlers/cards.ts';
import { ownTransferHandlers } from './handlers/own-transfer.ts';
import { historyHandlers } from './handlers/history.ts';
import { approvals, requestDecisions } from './performers.ts';
import { documentHandlers } from './handlers/documents.ts';
import { massP2pHandlers, p2pHandlers, preapprovedHandlers } from './handlers/p2p.ts';
import { externalHandlers } from './handlers/external.ts';
import { massTransferHandlers } from './handlers/mass-transfer.ts';
import { globalPayApprovalHandlers, globalPayHandlers } from './handlers/global-pay.ts';
import { requestHandlers } from './requests.ts';
import { referenceListHandlers } from './reference-lists.ts';
import { registrationHandlers } from './handlers/registration.ts';
import { recoveryHandlers } from './handlers/recovery.ts';
import { addressHandlers, verificationDocumentHandlers, phoneVerifyHandlers, profileWriteHandlers, verificationHandlers } from './handlers/verification.ts';
import { certificationHandlers } from './handlers/certification.ts';
import { identityHandlers, identityProviderRoutes } from './handlers/identity.ts';
import { kycHandlers } from './handlers/kyc.ts';
import { settingsAuthHandlers, settingsHandlers } from './handlers/settings.ts';
import { serviceHandlers } from './handlers/service.ts';
import { securityListHandlers, SOCKET_ADDRESS_HEADER } from './handlers/security-lists.ts';
import { invoiceDocumentHandlers, invoiceHandlers } from './handlers/invoices.ts';
import { companyHandlers } from './handlers/company.ts';
import { companyFileHandlers } from './handlers/company-file.ts';
import { companyPeopleHandlers } from './handlers/company-people.ts';
import { connectRealtime } from './permission-changes.ts';
import { companyEmailHandlers } from './handlers/company-emails.ts';
import { merchantHandlers } from './handlers/merchant.ts';
import { merchantCheckHandlers } from './handlers/merchant-checks.ts';
import { publicApiHandlers } from './handlers/public-api.ts';
import { contractHandlers } from './handlers/contracts.ts';
import { contractCreateHandlers } from './handlers/contracts-create.ts';
import { supportHandlers } from './handlers/support.ts';
import { helpdeskHandlers } from './handlers/helpdesk.ts';
import { ATTACHMENT_MAX_BYTES } from './support-store.ts';
import { verifySupportToken } from './support-token.ts';
import { deliverDueInBackground } from './public-api-store.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createTokens, type TokenService } from './tokens.ts';
import { Realtime } from './realtime.ts';
import { controlRoutes, Faults } from './control.ts';
import { analyticsRoutes } from './analytics.ts';

/**
 * The sandbox API: implements api-schemas/ over HTTP with SQLite state. Every request and
 * every reply is validated against the same YAML the app's types come from: a request that
 * breaks the contract gets a 400 with the reason; a reply that would break it is a sandbox
 * bug and answers a loud 500.
 */
export type { Handler, HandlerContext, HandlerMap, HandlerReply, ServiceHandler, ServiceHandlerMap } from './handler-types.ts';
import type { AuthHandlerMap, DispatchMap, DocumentsHandlerMap, HandlerMap, HandlerReply, ServiceHandlerMap, UploadedFile } from './handler-types.ts';

export interface SandboxOptions {
  dbPath: string;
  port?: number;
  host?: string;
  now?: () => number;
  accessTokenTtlSeconds?: number;
  /** Extra or replacement handlers by service (tests use this to prove reply validation), looked up by name like the rest. */
  handlers?: Record<string, DispatchMap>;
}

export interface Sandbox {
  url: string;
  db: Db;
  faults: Faults;
  realtime: Realtime;
  reset(): void;
  close(): Promise<void>;
}

const schemaDir = fileURLToPath(new URL('../api-schemas/', import.meta.url));

const securityHeaders = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const now = options.now ?? Date.now;
  // A fresh database is seeded here (db.ts does not know the seed).
  // The seed reads the sandbox's clock (an activation code lives 72 hours from it).
  const seedNow = (target: Db) => seed(target, now());
  const db = openDb(options.dbPath, seedNow);
  const { services } = loadContract(schemaDir);
  const tokens = createTokens({ db, now, accessTtlSeconds: options.accessTokenTtlSeconds ?? 300 });
  const realtime = new Realtime(tokens);
  // A permission change applied by an approval (no handler's context there) tells the company through it (issue 54).
  connectRealtime(db, realtime);
  const faults = new Faults();
  const main: HandlerMap = {
    ...mainHandlers,
    ...referenceListHandlers,
    ...accountHandlers,
    ...cardHandlers,
    ...historyHandlers,
    ...approvals.handlers,
    ...ownTransferHandlers,
    ...p2pHandlers,
    ...preapprovedHandlers,
    ...massP2pHandlers,
    ...externalHandlers,
    ...massTransferHandlers,
    ...globalPayHandlers,
    ...globalPayApprovalHandlers(approvals.confirmOperation),
    ...requestHandlers,
    ...requestDecisions.handlers,
    ...registrationHandlers,
    ...recoveryHandlers,
    ...verificationHandlers,
    ...profileWriteHandlers,
    ...addressHandlers,
    ...verificationDocumentHandlers,
    ...certificationHandlers,
    ...kycHandlers,
    ...settingsHandlers,
    ...securityListHandlers,
    ...invoiceHandlers,
    ...companyHandlers,
    ...companyFileHandlers,
    ...companyPeopleHandlers,
    ...companyEmailHandlers,
    ...merchantHandlers,
    ...merchantCheckHandlers,
  };
  const auth: AuthHandlerMap = { ...authHandlers, ...deviceHandlers, ...phoneVerifyHandlers, ...identityHandlers, ...settingsAuthHandlers, ...serviceHandlers };
  // The port the sandbox listens on, once it does: the IPN sender and the webhook deliverer call nothing but its own origin.
  let ownPort: number | null = null;
  // By service; every service's handlers are typed by operationId, the lookup below is by name.
  const handlers: Record<string, DispatchMap> = {
    auth: byName(auth),
    main: byName(main),
    documents: byName({ ...documentHandlers, ...invoiceDocumentHandlers }),
    'public-api': byName(publicApiHandlers({ ownPort: () => ownPort })),
    // The lifecycle's calls, and making a contract and identifying its payer (issue 59).
    contracts: byName({ ...contractHandlers, ...contractCreateHandlers }),
    // Support tickets (issue 60): the bank's own support service (bearer) and the help desk (the support token).
    support: byName(supportHandlers),
    helpdesk: byName(helpdeskHandlers),
    ...options.handlers,
  };
  for (const [service, map] of Object.entries(handlers)) {
    const known = services.find((s) => s.name === service)?.operations.map((o) => o.operationId) ?? [];
    for (const id of Object.keys(map)) {
      if (!known.includes(id)) throw new Error(`sandbox: handler for unknown operation ${service}.${id}`);
    }
  }

  const app = new Hono();
  const { injectWebSocket, upgradeWebSocket } = createNodeWebSocket({ app });
  app.use(
    '*',
    cors({
      origin: (origin) => (/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin) ? origin : null),
      credentials: true,
      // jwt_token: the help desk's calls carry the support token in it (helpdesk.yaml security jwtToken).
      allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'X-Client-Version', 'X-Customer-Id', 'X-Reauth-Proof', 'X-Sandbox-Scope', 'X-Sandbox-Client-Address', 'jwt_token'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // Retry-After and Content-Disposition (a file's name) are not CORS-safelisted response
      // headers: without this the app could not read them.
      exposeHeaders: ['Retry-After', 'Content-Language', 'Content-Disposition'],
      maxAge: 600,
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(securityHeaders)) c.res.headers.set(k, v);
  });

  // Every body counted while it arrives (issue 46 item 7): over its limit it is refused with 413
  // before it is read whole, whether or not it declares a Content-Length (a chunked body is read
  // only up to the limit). An operation's limit comes from its contract; anything else is JSON.
  app.use('*', (c, next) => {
    const op = route(services, c.req.method, new URL(c.req.url))?.op;
    const limit = op ? bodyMaxBytes(op) : JSON_BODY_MAX_BYTES;
    const onError = (c: Context): Response => {
      // The rest of the body is left unread: the connection closes after the reply, and says so
      // (a client that reused it would lose its next request).
      c.header('Connection', 'close');
      return op?.multipart ? partTooLarge(c, op, op.multipart.binaryParts[0] ?? 'data') : c.json({ message: BOUNDED_INPUT_MESSAGES.bodyTooLarge(limit) }, 413);
    };
    return bodyLimit({ maxSize: limit, onError })(c, next);
  });

  app.get('/realtime', upgradeWebSocket(() => realtime.handlers()));
  controlRoutes(app, { db, faults, realtime, reset: () => resetDb(db, seedNow), decideApproval: approvals.decide, now, ownPort: () => ownPort });
  analyticsRoutes(app, { db, now });
  // The identity provider's page: the sandbox plays the external provider.
  identityProviderRoutes(app, { db, realtime, now });

  // Every operation, counted per test scope while it is handled (GET /__sandbox/in-flight).
  app.all('*', (c) => faults.track(c.req.header('x-sandbox-scope') ?? null, async () => {
    const url = new URL(c.req.url);
    const match = route(services, c.req.method, url);
    if (!match) return c.json({ message: `No such operation: ${c.req.method} ${url.pathname}` }, 404);
    const { service, op, params } = match;
    const fault = faults.take(`${c.req.method} ${url.pathname}`, `${service.name}:${op.operationId}`, c.req.header('x-sandbox-scope') ?? null);
    if (fault && fault.kind !== 'dropAfter' && fault.kind !== 'timeoutAfter') {
      const faulted = await faults.apply(fault, c);
      if (faulted) return faulted;
    }
    let body: unknown = undefined;
    let files: Record<string, UploadedFile> = {};
    if (op.multipart) {
      // A file with its JSON data part: the data's own `method` (if any) is not the dispatch
      // method (massTransfer's is the kind of the file), so the query's alone dispatches.
      const read = await readMultipart(c, op, op.multipart);
      if (read instanceof Response) return read;
      ({ body, files } = read);
    } else {
      const text = await c.req.text();
      if (text) {
        try {
          body = parseExactJson(text);
        } catch {
          return c.json({ message: 'Request body is not JSON' }, 400);
        }
      }
      if (service.dispatch === 'query-method' && methodOf(body) !== op.operationId) {
        return c.json({ message: `The body's method (${String(methodOf(body))}) must equal the query's (${op.operationId})` }, 400);
      }
    }
    // A multipart body's required parts were checked as it was read (a help desk upload has a file and no data part).
    if (op.bodyRequired && !op.multipart && body === undefined) return c.json({ message: 'Request body is required' }, 400);
    if (op.validateBody && body !== undefined && !op.validateBody(body)) {
      return c.json({ message: `Request breaks the contract: ${describeErrors(op.validateBody)}` }, 400);
    }
    let customerId: number | null = null;
    if (op.auth === 'bearer') {
      const auth = c.req.header('authorization') ?? '';
      customerId = await tokens.verifyAccess(auth.replace(/^Bearer\s+/i, ''));
      if (customerId === null) return c.json({ message: 'Not signed in or the token expired' }, 401);
    } else if (op.auth === 'supportJwt') {
      // The help desk: the support token of the `jwt_token` header (never the bearer token), on the
      // sandbox's clock; the handler gets the customer it names (sandbox/support-token.ts).
      const token = (c.req.header('jwt_token') ?? '').trim();
      if (token === '') return c.json({ message: 'The support token is missing' }, 401);
      customerId = await verifySupportToken(db, token, now());
      if (customerId === null) return c.json({ message: 'The support token is not valid or has expired' }, 401);
    }
    const handler = handlers[service.name]?.[op.operationId];
    if (!handler) return c.json({ message: `Not implemented in the sandbox: ${op.operationId}` }, 501);
    const reply = await handler({
      db,
      tokens,
      realtime,
      now,
      body,
      files,
      params,
      query: url.searchParams,
      headers: handlerHeaders(c),
      customerId,
    });
    // The request was carried out, then its reply is lost (the connection drops, or a gateway gives up).
    if (fault?.kind === 'dropAfter' || fault?.kind === 'timeoutAfter') return (await faults.apply(fault, c)) ?? sendValidated(c, op, reply);
    return sendValidated(c, op, reply);
  }));

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: options.host ?? '127.0.0.1' }, () => resolve(s));
  });
  injectWebSocket(server);
  // Idle keep-alive sockets stay open longer than clients keep them (Node's default is 5 s): a
  // client reusing a socket the server has just closed gets ECONNRESET (seen in test teardown).
  if ('keepAliveTimeout' in server) {
    (server as import('node:http').Server).keepAliveTimeout = 65_000;
    (server as import('node:http').Server).headersTimeout = 66_000;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  ownPort = port ?? null;
  // The webhook retries due on the sandbox's clock, every 5 s (a run still going is not doubled;
  // the webhook log makes its customer's due ones itself before it is read).
  const ticker = setInterval(() => deliverDueInBackground({ db, now, ownPort: () => ownPort }), 5_000);
  ticker.unref();
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    db,
    faults,
    realtime,
    reset: () => resetDb(db, seedNow),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(ticker);
        realtime.closeAll();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}

/**
 * The request's headers for a handler, with the socket's address in SOCKET_ADDRESS_HEADER (a
 * client's own header of that name is dropped): the client address of ipInfo, the allowed IP list
 * and the login history (sandbox/handlers/security-lists.ts clientAddressOf).
 */
function handlerHeaders(c: Context): Headers {
  const headers = new Headers(c.req.header());
  headers.delete(SOCKET_ADDRESS_HEADER);
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    socketAddress = undefined;
  }
  if (socketAddress) headers.set(SOCKET_ADDRESS_HEADER, socketAddress);
  return headers;
}

/** A JSON body's `method` (the main service's dispatch field), if it has one. */
const methodOf = (body: unknown): unknown => (typeof body === 'object' && body !== null && 'method' in body ? body.method : undefined);

/** A service's typed handlers looked up by a name from the request (its body validated against that operation's contract first). */
const byName = (
  map: HandlerMap | AuthHandlerMap | DocumentsHandlerMap | ServiceHandlerMap<'public-api'> | ServiceHandlerMap<'contracts'> | ServiceHandlerMap<'support'> | ServiceHandlerMap<'helpdesk'>,
): DispatchMap => map;

function route(services: Service[], method: string, url: URL): { service: Service; op: Operation; params: Record<string, string> } | null {
  for (const service of services) {
    if (service.dispatch === 'query-method') {
      if (url.pathname !== `${service.basePath}/` && url.pathname !== service.basePath) continue;
      const name = url.searchParams.get('method');
      const op = service.operations.find((o) => o.operationId === name && o.method === method);
      if (op) return { service, op, params: {} };
      continue;
    }
    if (service.basePath && !url.pathname.startsWith(`${service.basePath}/`)) continue;
    const rest = url.pathname.slice(service.basePath.length);
    for (const op of service.operations) {
      const m = op.method === method ? op.pattern.exec(rest) : null;
      if (m) return { service, op, params: { ...(m.groups ?? {}) } };
    }
  }
  return null;
}

/** The largest part of a multipart request (a mass transfer's file: 001 s5, 5 MB; a global pay batch's: 10 MB). */
export const MULTIPART_PART_MAX_BYTES = MASS_FILE_MAX_BYTES;
/** Operations with their own limit per part: a global pay file; a verification or certification document (each of its files); an admin document; a representative's proof of address; a merchant's logo (1 MB); a help desk upload (10 MB). */
const PART_MAX_BYTES: Readonly<Record<string, number>> = {
  globalPayUploadBatch: GLOBAL_PAY_MAX_BYTES,
  documentUpload: DOCUMENT_MAX_BYTES,
  customerJumioDocumentCreate: DOCUMENT_MAX_BYTES,
  personalWFormUpload: DOCUMENT_MAX_BYTES,
  lossOfNationalityUpload: DOCUMENT_MAX_BYTES,
  businessWFormUpload: DOCUMENT_MAX_BYTES,
  adminDocumentAssign: DOCUMENT_MAX_BYTES,
  businessRepresentativeAddressCreate: DOCUMENT_MAX_BYTES,
  logoCreate: LOGO_MAX_BYTES,
  // A help desk upload: the composer's maxSize (10 MB = 10,485,760 bytes), 413 over it.
  helpdeskUpload: ATTACHMENT_MAX_BYTES,
};
const partMaxBytes = (op: Operation): number => PART_MAX_BYTES[op.operationId] ?? MULTIPART_PART_MAX_BYTES;

/** How many files a multipart operation takes at most: one a binary part, an array part's maxItems (one when unbounded). */
const fileSlots = (shape: MultipartBody): number =>
  shape.binaryParts.reduce((n, part) => {
    const max = shape.fileCounts.get(part)?.max ?? 1;
    return n + (Number.isFinite(max) ? max : 1);
  }, 0);

/** The largest body an operation takes: a multipart one's files at their largest plus the data part, else a JSON body's. */
const bodyMaxBytes = (op: Operation): number => (op.multipart ? multipartBodyMaxBytes(partMaxBytes(op), fileSlots(op.multipart)) : JSON_BODY_MAX_BYTES);

/** A part's limit as its refusal writes it: 10 MB, 5 MB; a binary megabyte (the logo's 1,048,576 bytes) is 1 MB too. */
const megabytes = (bytes: number): string => String(bytes % 1_000_000 === 0 ? bytes / 1_000_000 : bytes % 1_048_576 === 0 ? bytes / 1_048_576 : Math.round(bytes / 10_000) / 100);

/**
 * A part larger than the operation's limit: 413 with a message where the operation's contract
 * lists 413, else the business refusal its 200 envelope allows (VF on the part), validated as usual.
 */
function partTooLarge(c: Context, op: Operation, part: string): Response {
  // An array of files (`file[]`) is named as its files are: "The file is larger than 1 MB".
  const description = `The ${part.replace(/\[\]$/, '')} is larger than ${megabytes(partMaxBytes(op))} MB`;
  if (op.replies.has('413')) return c.json({ message: description }, 413);
  return sendValidated(c, op, vf(part, description));
}

/**
 * Reads a multipart/form-data request: every part within the size limit, the required parts
 * present, the `data` part JSON that passes its schema (400 "Request breaks the contract" like a
 * JSON body otherwise), the binary parts as bytes and text. A body above the operation's limit
 * never gets here (the body limit in createSandbox refuses it while it arrives).
 */
async function readMultipart(c: Context, op: Operation, shape: MultipartBody): Promise<Response | { body: unknown; files: Record<string, UploadedFile> }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return c.json({ message: 'Request body must be multipart/form-data' }, 400);
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return c.json({ message: 'Request body is not valid multipart/form-data' }, 400);
  }
  for (const [name, value] of form) {
    const size = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
    if (name === 'data' && size > DATA_PART_MAX_BYTES) return c.json({ message: BOUNDED_INPUT_MESSAGES.dataPartTooLarge(DATA_PART_MAX_BYTES) }, 413);
    if (size > partMaxBytes(op)) return partTooLarge(c, op, name);
  }
  const missing = shape.requiredParts.filter((name) => !form.has(name));
  if (missing.length) return c.json({ message: `Request breaks the contract: the part ${missing.map((m) => `"${m}"`).join(', ')} is required` }, 400);
  for (const [name, { min, max }] of shape.fileCounts) {
    const count = form.getAll(name).length;
    if (count > 0 && (count < min || count > max)) {
      return c.json({ message: `Request breaks the contract: the part "${name}" takes ${min === max ? `exactly ${min}` : `${min} to ${max}`} file${max === 1 ? '' : 's'}, not ${count}` }, 400);
    }
  }
  let body: unknown = undefined;
  const data = form.get('data');
  if (data !== null) {
    try {
      body = parseExactJson(typeof data === 'string' ? data : await data.text());
    } catch {
      return c.json({ message: 'Request breaks the contract: the data part is not JSON' }, 400);
    }
    if (shape.validateData && !shape.validateData(body)) {
      return c.json({ message: `Request breaks the contract: the data part: ${describeErrors(shape.validateData)}` }, 400);
    }
  }
  const files: Record<string, UploadedFile> = {};
  for (const name of shape.binaryParts) {
    const value = form.get(name);
    if (value === null) continue;
    const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(await value.arrayBuffer());
    files[name] =
      typeof value === 'string'
        ? { name: '', type: 'text/plain', size: bytes.length, bytes, text: value }
        : { name: value.name, type: value.type, size: value.size, bytes, text: new TextDecoder().decode(bytes) };
  }
  return { body, files };
}

function sendValidated(c: Context, op: Operation, reply: HandlerReply): Response {
  const status = String(reply.status);
  if (!op.replies.has(status)) {
    console.error(`[sandbox] ${op.operationId} answered ${status}, which the contract does not list`);
    return c.json({ message: `sandbox reply broke the contract: status ${status} not listed for ${op.operationId}` }, 500);
  }
  const validate = op.replies.get(status);
  if (validate && !reply.bytes && !validate(reply.body)) {
    const reason = describeErrors(validate);
    console.error(`[sandbox] ${op.operationId} reply broke the contract: ${reason}`);
    return c.json({ message: `sandbox reply broke the contract: ${reason}` }, 500);
  }
  const sent = Object.keys(reply.headers ?? {}).map((h) => h.toLowerCase());
  const missing = (op.replyHeaders.get(status) ?? []).filter((h) => !sent.includes(h));
  if (missing.length) {
    console.error(`[sandbox] ${op.operationId} reply broke the contract: ${status} without the header ${missing.join(', ')}`);
    return c.json({ message: `sandbox reply broke the contract: ${status} without the header ${missing.join(', ')}` }, 500);
  }
  for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value);
  if (reply.bytes) {
    c.header('Content-Type', reply.bytes.contentType);
    return c.body(new Uint8Array(reply.bytes.content), reply.status as 200);
  }
  if (reply.body === undefined) return c.body(null, reply.status as 204);
  // The customer's texts in the request's language (issue 46 item 8: sandbox/texts).
  const language = pickLanguage(c.req.header('accept-language'));
  if (language !== 'en' && !sent.includes('content-language')) c.header('Content-Language', language);
  return c.json(translateReply(reply.body, language) as object, reply.status as 200);
}
