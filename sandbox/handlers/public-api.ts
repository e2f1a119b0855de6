import { hasFullMerchantAccess, type NameProblem, type UrlProblem } from '../../machines/merchant/merchant.rules.ts';
import {
  ALLOWED_IPS_MAX,
  allowedIpProblems,
  API_KEYS_MAX,
  API_LOG_LIMIT,
  apiKeyProblems,
  apiLogFilterProblems,
  expiresAtFor,
  ipToOrNull,
  makeCursor,
  mayRoll,
  mayTurnOn,
  rangesOverlap,
  readCursor,
  WEBHOOK_LOG_LIMIT,
  webhookLogFilterProblems,
  webhookProblems,
  WEBHOOKS_MAX,
  type CursorPosition,
  type LogFilterProblem,
} from '../../machines/public-api/public-api.rules.ts';
import { canonicalIp, type IpProblem } from '../../machines/settings/ip-rules.ts';
import { accessFor } from '../access.ts';
import { transaction, type Db } from '../db.ts';
import type { HandlerReply, ServiceContext, ServiceHandler, ServiceHandlerMap, ServiceOperation } from '../handler-types.ts';
import { requestHash } from '../kernel/ledger.ts';
import { forbidden, type Issue } from '../kernel/replies.ts';
import { merchantFactsOf } from '../merchant-store.ts';
import { say, type SandboxMessageKey } from '../messages.ts';
import {
  allowedIpOf,
  allowedIpsOf,
  apiKeyOf,
  apiKeysOf,
  apiRequestPage,
  deleteAllowedIp,
  deleteApiKey,
  deleteWebhook,
  deliverDue,
  entryFacts,
  insertAllowedIp,
  insertApiKey,
  insertWebhook,
  keyFacts,
  liveKeyCount,
  newApiKeySecret,
  newWebhookSecret,
  ping,
  resendDelivery,
  rollApiKey,
  rotateWebhookSecret,
  toAllowedIp,
  toApiKey,
  toApiRequest,
  toWebhook,
  toWebhookRequests,
  updateAllowedIp,
  updateApiKey,
  updateWebhook,
  webhookOf,
  webhookRequestNow,
  webhookRequestOf,
  webhookRequestPage,
  webhooksOf,
  type AllowedIpFields,
  type DeliveryDeps,
} from '../public-api-store.ts';
import { INSECURE_HOSTS, URL_TEXTS } from './merchant.ts';

/**
 * The public API area (api-schemas/public-api.yaml, service `public-api`; spec 001 s2
 * internal/api_key, internal/api_log, internal/webhook_log; s3, s7 Public API, s8), on
 * sandbox/public-api-store.ts. The rules are the app's (machines/public-api/public-api.rules.ts):
 *
 * - Who: every call names `customerId` (query of a GET or DELETE, body of a POST or PUT). The caller
 *   must act for that customer (sandbox/access.ts accessFor), the request's X-Customer-Id (the app's
 *   acting-customer header), when sent, must name the same customer, and the caller must have full
 *   merchant access there (level 2: hasFullMerchantAccess, the caller as merchantFactsOf sees them).
 *   Anything else: 403 `{ message }` (another customer's id, merchant-viewer@'s level 1, an admin).
 *   An id that is not that customer's webhook, key, entry or delivery: 404.
 * - A field's problem: 400 with `validationErrors` by param (webhookProblems with the sandbox's own
 *   hosts allowed over http, apiKeyProblems, allowedIpProblems; the logs' filters by
 *   apiLogFilterProblems and webhookLogFilterProblems, `limit` 1 to 100, a cursor that cannot be
 *   followed), its first description as `message`. A refusal nothing on the form can fix: 422 with
 *   `errors` (the response popup, 001 s8): an address another of the customer's webhooks has; more
 *   than WEBHOOKS_MAX webhooks, API_KEYS_MAX keys that have not expired, ALLOWED_IPS_MAX entries; an
 *   entry overlapping another (rangesOverlap); a roll of a key already rolled or expired (mayRoll);
 *   turning on an expired key (mayTurnOn); a resend of a delivery whose webhook was deleted.
 * - Once per requestId (every POST, PUT and DELETE but the ping; a DELETE's in its query): the
 *   first 200 reply per customer and requestId is kept (idempotent_replies) with a hash of the
 *   path's id and the body (a DELETE: its query); a repeat answers it unchanged, its secret too,
 *   and does nothing again; the same requestId with another request, or on another operation: 409.
 *   A missing or malformed requestId of a DELETE: 400. Refusals are not kept.
 * - Secrets: a key's `sk_sandbox_` and a webhook's `whsec_` and 32 random base62 characters, in
 *   the reply of the create, the roll or the rotation only (`secret`); lists show the last four.
 * - apikeyRoll: a new key with the same name and state (its secret once); the old one expires at
 *   expiresAtFor(expiresIn) and names the new one. apikeyList: oldest first, without keys expired
 *   more than EXPIRED_KEY_KEPT_MS ago. webhookSecretRotate: the old secret keeps signing beside the
 *   new one until expiresAtFor(expiresIn) (`now`: it stops at once).
 * - The logs: newest first; `limit` (the API log's 50, the webhook log's 20; 1 to 100) and `cursor`
 *   (the rules' makeCursor and readCursor, for the request's filters: a cursor not made by the
 *   sandbox, or for other filters, 400); the days are UTC and both included. The webhook log makes
 *   the customer's due retries first (3 retries, 10 minutes apart, on the sandbox's clock); its
 *   `query` matches an event type, an address or a webhook's name in any case, or a delivery's id.
 * - A webhook turned off or deleted: its pending retries stop (its deliveries stay in the log).
 * - webhookRequestResend: one attempt now by hand (not counted; when it delivers, no retry is due).
 *   webhookPing: the address by the webhook address rule (400), one post of a `webhook.ping`
 *   event, signed when the address is one of the customer's webhooks; not kept, not logged.
 * Deliveries are posted only to the sandbox's own origin (sandbox/public-api-store.ts).
 */

/** The refusals and field texts (translated in sandbox/texts). */
export const CANNOT_ACT = 'You cannot act for this customer';
export const FULL_ACCESS_ONLY = 'Only a user with full access to the merchant area can use the public API settings';
export const NO_SUCH_WEBHOOK = 'There is no such webhook';
export const NO_SUCH_KEY = 'There is no such API key';
export const NO_SUCH_ENTRY = 'There is no such allowed address';
export const NO_SUCH_DELIVERY = 'There is no such webhook request';
export const URL_TAKEN = 'Another of your webhooks already posts to this address';
export const TOO_MANY_WEBHOOKS = `You have ${WEBHOOKS_MAX} webhooks already: delete one first`;
export const TOO_MANY_KEYS = `You have ${API_KEYS_MAX} API keys already: delete one first`;
export const TOO_MANY_ENTRIES = `You have ${ALLOWED_IPS_MAX} allowed addresses already: delete one first`;
export const OVERLAP = 'These addresses overlap another entry of the list: change that one instead';
export const NOT_ROLLABLE = 'This key was rolled already or has expired';
export const EXPIRED_KEY = 'An expired key cannot be turned on: make a new key instead';
export const WEBHOOK_GONE = 'The webhook of this request was deleted, so it cannot be sent again';
export const LIMIT_TEXT = 'Ask for 1 to 100 rows at a time';
export const CURSOR_INVALID = 'This page cannot be found: start again from the first page';
export const CURSOR_OTHER_FILTERS = 'The filters changed: start again from the first page';

/** A webhook's address problems: the merchant area's words, but what the address is for. */
export const WEBHOOK_URL_TEXTS: Record<UrlProblem, string> = { ...URL_TEXTS, required: 'Enter the address the events are posted to' };
export const WEBHOOK_NAME_TEXTS: Record<NameProblem, string> = { required: 'Enter a name for the webhook', tooLong: 'Use at most 100 characters' };
export const KEY_NAME_TEXTS: Record<NameProblem, string> = { required: 'Enter a name for the key', tooLong: 'Use at most 100 characters' };
export const ENTRY_NAME_TEXTS: Record<NameProblem, string> = { required: 'Enter a name for the allowed address', tooLong: 'Use at most 100 characters' };
/** An entry's address problems: the settings' allowed IP list's words (sandbox/handlers/security-lists.ts). */
export const IP_TEXTS: Record<IpProblem, string> = {
  required: 'Enter an IP address',
  format: 'Enter an IPv4 or IPv6 address',
  family: 'The range must start and end in the same IP version',
  order: 'The range must not end before it starts',
};
export const FILTER_TEXTS: Record<LogFilterProblem, string> = {
  apiKeyId: 'Choose one of your API keys',
  query: 'Use at most 255 characters',
  fromDate: 'Enter a date',
  toDate: 'Enter a date',
  range: 'The end date must not be before the start date',
};

// ---- replies ----------------------------------------------------------------------------------------

const answer = (body: Record<string, unknown>): HandlerReply => ({ status: 200, body });
const notFound = (text: string): HandlerReply => ({ status: 404, body: { message: text } });
/** 400: the fields' problems, the first one's words as the message. */
const fieldProblems = (issues: readonly Issue[]): HandlerReply => ({ status: 400, body: { message: issues[0]!.description, validationErrors: issues } });
const fieldProblem = (param: string, description: string): HandlerReply => fieldProblems([{ param, description }]);
/** 422: a refusal nothing on the form can fix, listed for the response popup. */
const unfixable = (text: string): HandlerReply => ({ status: 422, body: { message: text, errors: [text] } });
/** A requestId refusal in the request's language (sandbox/messages.ts). */
function requestIdRefusal(headers: Pick<Headers, 'get'>, status: 400 | 409, key: SandboxMessageKey): HandlerReply {
  const { text, language } = say(headers, key);
  const body = status === 400 ? { message: text, validationErrors: [{ param: 'requestId', description: text }] } : { message: text };
  return { status, body, headers: { 'Content-Language': language } };
}
const isReply = (value: number | HandlerReply): value is HandlerReply => typeof value !== 'number';

// ---- who --------------------------------------------------------------------------------------------

type Op = ServiceOperation<'public-api'>;
type Ctx<K extends Op> = ServiceContext<'public-api', K>;
type Caller = Pick<Ctx<Op>, 'db' | 'customerId' | 'headers'>;

/** A positive whole number as text (an id of the path or the query), else null. */
const idOf = (text: string | null | undefined): number | null => (text && /^[1-9]\d{0,14}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The customer the call is for, or its 403: the caller acts for them, the header agrees, full merchant access. */
function actingFor(ctx: Caller, customerId: number | null): number | HandlerReply {
  if (customerId === null || ctx.customerId === null || accessFor(ctx.db, ctx.customerId, customerId) === null) return forbidden(CANNOT_ACT);
  const header = ctx.headers.get('x-customer-id');
  if (header !== null && header.trim() !== String(customerId)) return forbidden(CANNOT_ACT);
  return hasFullMerchantAccess(merchantFactsOf(ctx.db, ctx.customerId, customerId)) ? customerId : forbidden(FULL_ACCESS_ONLY);
}

// ---- once per requestId -----------------------------------------------------------------------------

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** What makes a submit: whom it is for, its requestId, the path's id and the request as sent. */
interface Submit {
  customerId: number | null;
  requestId: string | null;
  id: string | null;
  request: unknown;
}

/** The kept reply of this customer and requestId as it answers a repeat (409 for another request), or null when there is none. */
function keptReply(ctx: Caller, acting: number, requestId: string, operation: Op, hash: string): HandlerReply | null {
  const kept = ctx.db.prepare('SELECT method, body_hash, reply FROM idempotent_replies WHERE customer_id = ? AND request_id = ?').get(acting, requestId) as
    | { method: string; body_hash: string; reply: string }
    | undefined;
  if (!kept) return null;
  if (kept.method !== operation) return requestIdRefusal(ctx.headers, 409, 'requestIdOtherCall');
  if (kept.body_hash !== hash) return requestIdRefusal(ctx.headers, 409, 'requestIdOtherDetails');
  return { status: 200, body: JSON.parse(kept.reply) as unknown };
}

/** Keeps a 200 reply as sent (a create's secret with it); anything else is not kept. */
function keep(db: Db, acting: number, requestId: string, operation: Op, hash: string, reply: HandlerReply): void {
  if (reply.status !== 200) return;
  db.prepare('INSERT INTO idempotent_replies (customer_id, request_id, method, body_hash, reply) VALUES (?, ?, ?, ?, ?)').run(acting, requestId, operation, hash, JSON.stringify(reply.body));
}

/** The customer, requestId and fingerprint of a submit, or its refusal (403; a DELETE's requestId missing or malformed: 400). */
function submitted(ctx: Caller, submit: Submit): { acting: number; requestId: string; hash: string } | HandlerReply {
  const acting = actingFor(ctx, submit.customerId);
  if (isReply(acting)) return acting;
  if (submit.requestId === null || !REQUEST_ID.test(submit.requestId)) return requestIdRefusal(ctx.headers, 400, 'requestIdMissing');
  return { acting, requestId: submit.requestId, hash: requestHash({ id: submit.id, request: submit.request }) };
}
const isRefusal = (value: { acting: number } | HandlerReply): value is HandlerReply => 'status' in value;

/** A submit once per requestId: the look-up, the work and keeping its reply in one transaction. */
function once<K extends Op>(operation: K, submitOf: (ctx: Ctx<K>) => Submit, work: (ctx: Ctx<K>, acting: number) => HandlerReply): ServiceHandler<'public-api', K> {
  return (ctx) => {
    const submit = submitted(ctx, submitOf(ctx));
    if (isRefusal(submit)) return submit;
    return transaction(ctx.db, () => {
      const kept = keptReply(ctx, submit.acting, submit.requestId, operation, submit.hash);
      if (kept) return kept;
      const reply = work(ctx, submit.acting);
      keep(ctx.db, submit.acting, submit.requestId, operation, submit.hash, reply);
      return reply;
    });
  };
}

/** Submits whose work posts (a resend) on their way, per database and customer:requestId: a repeat meanwhile waits for it. */
const posting = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** A submit once per requestId whose work awaits a post (outside any transaction): a repeat sent meanwhile answers the kept reply. */
function onceAfterPost<K extends Op>(operation: K, submitOf: (ctx: Ctx<K>) => Submit, work: (ctx: Ctx<K>, acting: number) => Promise<HandlerReply>): ServiceHandler<'public-api', K> {
  return async (ctx) => {
    const submit = submitted(ctx, submitOf(ctx));
    if (isRefusal(submit)) return submit;
    let map = posting.get(ctx.db);
    if (!map) posting.set(ctx.db, (map = new Map()));
    const key = `${submit.acting}:${submit.requestId}`;
    for (let waiting = map.get(key); waiting; waiting = map.get(key)) await waiting;
    const run = (async () => {
      const kept = keptReply(ctx, submit.acting, submit.requestId, operation, submit.hash);
      if (kept) return kept;
      const reply = await work(ctx, submit.acting);
      transaction(ctx.db, () => keep(ctx.db, submit.acting, submit.requestId, operation, submit.hash, reply));
      return reply;
    })();
    map.set(key, run.catch(() => undefined));
    try {
      return await run;
    } finally {
      map.delete(key);
    }
  };
}

/** A POST's or PUT's submit: the body's customer and requestId, the path's id. */
const bodySubmit = (ctx: { body: { customerId: number; requestId: string }; params: Record<string, string> }): Submit => ({
  customerId: ctx.body.customerId,
  requestId: ctx.body.requestId,
  id: ctx.params.id ?? null,
  request: ctx.body,
});
/** A DELETE's submit: the query's customer and requestId, the path's id. */
const querySubmit = (ctx: { query: URLSearchParams; params: { id: string } }): Submit => ({
  customerId: idOf(ctx.query.get('customerId')),
  requestId: ctx.query.get('requestId'),
  id: ctx.params.id,
  request: { customerId: ctx.query.get('customerId'), requestId: ctx.query.get('requestId') },
});

// ---- the fields -----------------------------------------------------------------------------------

const iso = (ms: number): string => new Date(ms).toISOString();

/** A webhook's values as kept, or the 400. */
function checkedWebhook(body: { name: string; enabled: boolean; url: string }): { name: string; enabled: boolean; url: string } | HandlerReply {
  const problems = webhookProblems({ name: body.name, url: body.url }, INSECURE_HOSTS);
  const issues: Issue[] = [
    ...(problems.name ? [{ param: 'name', description: WEBHOOK_NAME_TEXTS[problems.name] }] : []),
    ...(problems.url ? [{ param: 'url', description: WEBHOOK_URL_TEXTS[problems.url] }] : []),
  ];
  return issues.length > 0 ? fieldProblems(issues) : { name: body.name.trim(), enabled: body.enabled, url: body.url.trim() };
}

/** An allowed IP entry's values as kept (the addresses canonical, one address without an end), or the 400. */
function checkedEntry(body: { name: string; enabled: boolean; ipFrom: string; ipTo?: string | null }): AllowedIpFields | HandlerReply {
  const problems = allowedIpProblems({ name: body.name, ipFrom: body.ipFrom, ipTo: body.ipTo ?? '' });
  const issues: Issue[] = [
    ...(problems.name ? [{ param: 'name', description: ENTRY_NAME_TEXTS[problems.name] }] : []),
    ...(problems.ipFrom ? [{ param: 'ipFrom', description: IP_TEXTS[problems.ipFrom] }] : []),
    ...(problems.ipTo ? [{ param: 'ipTo', description: IP_TEXTS[problems.ipTo] }] : []),
  ];
  if (issues.length > 0) return fieldProblems(issues);
  const ipTo = ipToOrNull(body.ipTo);
  return { name: body.name.trim(), enabled: body.enabled, ipFrom: canonicalIp(body.ipFrom) ?? body.ipFrom.trim(), ipTo: ipTo === null ? null : (canonicalIp(ipTo) ?? ipTo) };
}
const isFieldsReply = <T extends object>(value: T | HandlerReply): value is HandlerReply => 'status' in value;

/** A log's `limit`: the default when absent, else a whole number from 1 to 100, or null. */
function limitOf(text: string | null, fallback: number): number | null {
  if (text === null) return fallback;
  const value = idOf(text);
  return value !== null && value <= 100 ? value : null;
}

/** The 400 of a log's filter problems, or null. */
function filterRefusal(problems: Partial<Record<string, LogFilterProblem>>): HandlerReply | null {
  const issues = Object.entries(problems).flatMap(([param, problem]) => (problem ? [{ param, description: FILTER_TEXTS[problem] }] : []));
  return issues.length > 0 ? fieldProblems(issues) : null;
}

/** Where a page starts: the cursor's row for these filters, null from the start, or the 400. */
function positionOf(cursor: string | null, filters: Readonly<Record<string, string>>): CursorPosition | null | HandlerReply {
  if (cursor === null || cursor === '') return null;
  const position = cursor.length > 512 ? 'invalid' : readCursor(cursor, filters);
  if (position === 'invalid') return fieldProblem('cursor', CURSOR_INVALID);
  if (position === 'otherFilters') return fieldProblem('cursor', CURSOR_OTHER_FILTERS);
  return position;
}
const isPositionReply = (value: CursorPosition | null | HandlerReply): value is HandlerReply => value !== null && 'status' in value;

/** The next page's cursor: after the page's last row, when more follow. */
const nextCursorOf = (rows: readonly { created_at: string; id: number }[], more: boolean, filters: Readonly<Record<string, string>>): string | null => {
  const last = rows[rows.length - 1];
  return more && last ? makeCursor({ createdAt: last.created_at, id: last.id }, filters) : null;
};

// ---- the handlers -----------------------------------------------------------------------------------

/** The public API service's handlers; `ownPort` is the port the sandbox listens on (the deliverer posts only there). */
export function publicApiHandlers(deps: { ownPort: () => number | null }): ServiceHandlerMap<'public-api'> {
  const deliveryDeps = (ctx: { db: Db; now: () => number }): DeliveryDeps => ({ db: ctx.db, now: ctx.now, ownPort: deps.ownPort });

  return {
    // ---- webhooks
    webhookList: (ctx) => {
      const acting = actingFor(ctx, idOf(ctx.query.get('customerId')));
      if (isReply(acting)) return acting;
      const now = ctx.now();
      return answer({ items: webhooksOf(ctx.db, acting).map((row) => toWebhook(row, now)) });
    },

    webhookCreate: once('webhookCreate', bodySubmit, (ctx, acting) => {
      const fields = checkedWebhook(ctx.body);
      if (isFieldsReply(fields)) return fields;
      const hooks = webhooksOf(ctx.db, acting);
      if (hooks.some((hook) => hook.url === fields.url)) return unfixable(URL_TAKEN);
      if (hooks.length >= WEBHOOKS_MAX) return unfixable(TOO_MANY_WEBHOOKS);
      const secret = newWebhookSecret();
      const id = insertWebhook(ctx.db, acting, fields, secret, iso(ctx.now()));
      return answer({ webhook: toWebhook(webhookOf(ctx.db, acting, id)!, ctx.now()), secret });
    }),

    webhookUpdate: once('webhookUpdate', bodySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : webhookOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_WEBHOOK);
      const fields = checkedWebhook(ctx.body);
      if (isFieldsReply(fields)) return fields;
      if (webhooksOf(ctx.db, acting).some((hook) => hook.id !== row.id && hook.url === fields.url)) return unfixable(URL_TAKEN);
      updateWebhook(ctx.db, row.id, fields);
      return answer({ webhook: toWebhook(webhookOf(ctx.db, acting, row.id)!, ctx.now()) });
    }),

    webhookDelete: once('webhookDelete', querySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : webhookOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_WEBHOOK);
      deleteWebhook(ctx.db, row.id);
      return answer({ id: row.id });
    }),

    webhookPing: async (ctx) => {
      const acting = actingFor(ctx, ctx.body.customerId);
      if (isReply(acting)) return acting;
      // The address by the webhook address rule (the name is not the ping's: any will do).
      const problem = webhookProblems({ name: 'ping', url: ctx.body.url }, INSECURE_HOSTS).url;
      if (problem) return fieldProblem('url', WEBHOOK_URL_TEXTS[problem]);
      return answer(await ping(deliveryDeps(ctx), acting, ctx.body.url.trim()));
    },

    webhookSecretRotate: once('webhookSecretRotate', bodySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : webhookOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_WEBHOOK);
      const now = ctx.now();
      const secret = newWebhookSecret();
      rotateWebhookSecret(ctx.db, row, secret, ctx.body.expiresIn === 'now' ? null : expiresAtFor(ctx.body.expiresIn, now), now);
      return answer({ webhook: toWebhook(webhookOf(ctx.db, acting, row.id)!, now), secret });
    }),

    // ---- API keys
    apikeyList: (ctx) => {
      const acting = actingFor(ctx, idOf(ctx.query.get('customerId')));
      if (isReply(acting)) return acting;
      return answer({ items: apiKeysOf(ctx.db, acting, ctx.now()).map(toApiKey) });
    },

    apikeyCreate: once('apikeyCreate', bodySubmit, (ctx, acting) => {
      const problem = apiKeyProblems({ name: ctx.body.name }).name;
      if (problem) return fieldProblem('name', KEY_NAME_TEXTS[problem]);
      const now = ctx.now();
      if (liveKeyCount(ctx.db, acting, now) >= API_KEYS_MAX) return unfixable(TOO_MANY_KEYS);
      const secret = newApiKeySecret();
      const id = insertApiKey(ctx.db, acting, { name: ctx.body.name.trim(), enabled: ctx.body.enabled, secret, createdAt: iso(now) });
      return answer({ apiKey: toApiKey(apiKeyOf(ctx.db, acting, id)!), secret });
    }),

    apikeyUpdate: once('apikeyUpdate', bodySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : apiKeyOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_KEY);
      const problem = apiKeyProblems({ name: ctx.body.name }).name;
      if (problem) return fieldProblem('name', KEY_NAME_TEXTS[problem]);
      if (ctx.body.enabled && row.enabled === 0 && !mayTurnOn(keyFacts(row), ctx.now())) return unfixable(EXPIRED_KEY);
      updateApiKey(ctx.db, row.id, { name: ctx.body.name.trim(), enabled: ctx.body.enabled });
      return answer({ apiKey: toApiKey(apiKeyOf(ctx.db, acting, row.id)!) });
    }),

    apikeyDelete: once('apikeyDelete', querySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : apiKeyOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_KEY);
      deleteApiKey(ctx.db, row.id);
      return answer({ id: row.id });
    }),

    apikeyRoll: once('apikeyRoll', bodySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : apiKeyOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_KEY);
      if (!mayRoll(keyFacts(row))) return unfixable(NOT_ROLLABLE);
      const now = ctx.now();
      const secret = newApiKeySecret();
      const next = rollApiKey(ctx.db, row, secret, expiresAtFor(ctx.body.expiresIn, now), now);
      return answer({ apiKey: toApiKey(apiKeyOf(ctx.db, acting, next)!), secret });
    }),

    // ---- allowed IPs
    allowedipList: (ctx) => {
      const acting = actingFor(ctx, idOf(ctx.query.get('customerId')));
      if (isReply(acting)) return acting;
      return answer({ items: allowedIpsOf(ctx.db, acting).map(toAllowedIp) });
    },

    allowedipCreate: once('allowedipCreate', bodySubmit, (ctx, acting) => {
      const fields = checkedEntry(ctx.body);
      if (isFieldsReply(fields)) return fields;
      const entries = allowedIpsOf(ctx.db, acting);
      if (entries.some((entry) => rangesOverlap(entryFacts(entry), fields))) return unfixable(OVERLAP);
      if (entries.length >= ALLOWED_IPS_MAX) return unfixable(TOO_MANY_ENTRIES);
      const id = insertAllowedIp(ctx.db, acting, fields, iso(ctx.now()));
      return answer({ allowedIp: toAllowedIp(allowedIpOf(ctx.db, acting, id)!) });
    }),

    allowedipUpdate: once('allowedipUpdate', bodySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : allowedIpOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_ENTRY);
      const fields = checkedEntry(ctx.body);
      if (isFieldsReply(fields)) return fields;
      if (allowedIpsOf(ctx.db, acting).some((entry) => entry.id !== row.id && rangesOverlap(entryFacts(entry), fields))) return unfixable(OVERLAP);
      updateAllowedIp(ctx.db, row.id, fields);
      return answer({ allowedIp: toAllowedIp(allowedIpOf(ctx.db, acting, row.id)!) });
    }),

    allowedipDelete: once('allowedipDelete', querySubmit, (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : allowedIpOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_ENTRY);
      deleteAllowedIp(ctx.db, row.id);
      return answer({ id: row.id });
    }),

    // ---- the logs
    apirequestList: (ctx) => {
      const acting = actingFor(ctx, idOf(ctx.query.get('customerId')));
      if (isReply(acting)) return acting;
      const filters = { apiKeyId: ctx.query.get('apiKeyId') ?? '', fromDate: ctx.query.get('fromDate') ?? '', toDate: ctx.query.get('toDate') ?? '' };
      const refusal = filterRefusal(apiLogFilterProblems(filters));
      if (refusal) return refusal;
      const limit = limitOf(ctx.query.get('limit'), API_LOG_LIMIT);
      if (limit === null) return fieldProblem('limit', LIMIT_TEXT);
      const position = positionOf(ctx.query.get('cursor'), filters);
      if (isPositionReply(position)) return position;
      const page = apiRequestPage(ctx.db, acting, { apiKeyId: idOf(filters.apiKeyId), fromDate: filters.fromDate.trim(), toDate: filters.toDate.trim() }, position, limit);
      return answer({ items: page.rows.map(toApiRequest), nextCursor: nextCursorOf(page.rows, page.more, filters) });
    },

    webhookRequestList: async (ctx) => {
      const acting = actingFor(ctx, idOf(ctx.query.get('customerId')));
      if (isReply(acting)) return acting;
      const filters = { query: ctx.query.get('query') ?? '', fromDate: ctx.query.get('fromDate') ?? '', toDate: ctx.query.get('toDate') ?? '' };
      const refusal = filterRefusal(webhookLogFilterProblems(filters));
      if (refusal) return refusal;
      const limit = limitOf(ctx.query.get('limit'), WEBHOOK_LOG_LIMIT);
      if (limit === null) return fieldProblem('limit', LIMIT_TEXT);
      const position = positionOf(ctx.query.get('cursor'), filters);
      if (isPositionReply(position)) return position;
      // The retries due on the sandbox's clock first, so the log reads as it stands now.
      await deliverDue(deliveryDeps(ctx), acting);
      const page = webhookRequestPage(ctx.db, acting, { query: filters.query, fromDate: filters.fromDate.trim(), toDate: filters.toDate.trim() }, position, limit);
      return answer({ items: toWebhookRequests(ctx.db, page.rows), nextCursor: nextCursorOf(page.rows, page.more, filters) });
    },

    webhookRequestResend: onceAfterPost('webhookRequestResend', bodySubmit, async (ctx, acting) => {
      const id = idOf(ctx.params.id);
      const row = id === null ? undefined : webhookRequestOf(ctx.db, acting, id);
      if (!row) return notFound(NO_SUCH_DELIVERY);
      if (!webhookOf(ctx.db, acting, row.webhook_id)) return unfixable(WEBHOOK_GONE);
      await resendDelivery(deliveryDeps(ctx), row.id);
      return answer({ webhookRequest: webhookRequestNow(ctx.db, row.id)! });
    }),
  };
}
