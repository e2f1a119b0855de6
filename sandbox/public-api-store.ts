import { createHash, createHmac, randomInt } from 'node:crypto';
import type { components } from '../api-schemas/generated/public-api.ts';
import {
  apiAddressAllowed,
  DELIVERY_TIMEOUT_MS,
  deliveryStatus,
  EXPIRED_KEY_KEPT_MS,
  excerptOf,
  isDeliveredStatus,
  keyAccepts,
  nextAttemptAt,
  SIGNATURE_HEADER,
  signatureHeader,
  signedPayload,
  type CursorPosition,
  type WebhookEventType,
} from '../machines/public-api/public-api.rules.ts';
import { transaction, type Db } from './db.ts';
import { ownAddress } from './merchant-store.ts';

/**
 * The public API area's state (sandbox/handlers/public-api.ts; api-schemas/public-api.yaml): a
 * customer's webhooks, API keys and allowed IP ranges, the log of the requests made with the keys,
 * and the deliveries of events to the webhooks with each attempt. The rules are the app's
 * (machines/public-api/public-api.rules.ts); the seed is sandbox/seed-public-api.ts; the control API
 * (sandbox/control.ts publicApiRoutes) plays the merchant's server calling with a key, makes events,
 * moves the clock and runs the sink deliveries are posted to.
 *
 *   pa_webhooks          name, on or off, the address, the signing secret as issued (it signs every
 *                        delivery), and after a rotation the old secret until it stops signing.
 *   pa_api_keys          name, on or off, a SHA-256 hash of the secret and its last four (the secret
 *                        is answered once, by the create or the roll, and never kept); a rolled key's
 *                        expiry and the key made in its place; when it was last used.
 *   pa_allowed_ips       one address or a range (canonical text), on or off.
 *   pa_api_requests      each request made with a key: the key's id and name as they were, method,
 *                        path, the status answered, the caller's address, when, how long.
 *   pa_events            each event posted (the payload's evt_<id>).
 *   pa_webhook_requests  a delivery: one per event and webhook that was on, with the webhook's name
 *                        and address as they were, the JSON text posted, when the next automatic
 *                        attempt is due and how many automatic attempts were made.
 *   pa_delivery_attempts each attempt: when, the status (null: not reached, not in time, or an
 *                        address the sandbox does not contact), how long, the start of the answer,
 *                        whether it was a resend by hand.
 *
 * The deliverer posts only to the sandbox's own origin (merchant-store.ts ownAddress: http on
 * 127.0.0.1 or localhost at its port, the webhook sink among its routes); any other address is
 * never contacted and the attempt is kept with no status. Posting happens outside any database
 * transaction (the sink the sandbox posts to writes too).
 */

export type Webhook = components['schemas']['Webhook'];
export type ApiKey = components['schemas']['ApiKey'];
export type AllowedIp = components['schemas']['AllowedIp'];
export type ApiRequest = components['schemas']['ApiRequest'];
export type WebhookRequest = components['schemas']['WebhookRequest'];
export type DeliveryAttempt = components['schemas']['DeliveryAttempt'];
export type PingResult = components['schemas']['PingResult'];

const iso = (ms: number): string => new Date(ms).toISOString();

// ---- secrets -------------------------------------------------------------------------------------

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomBase62 = (length: number): string => Array.from({ length }, () => BASE62[randomInt(BASE62.length)]).join('');

export const API_KEY_PREFIX = 'sk_sandbox_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** A new API key secret: the prefix and 32 random base62 characters (about 190 bits). */
export const newApiKeySecret = (): string => `${API_KEY_PREFIX}${randomBase62(32)}`;
/** A new webhook signing secret: the prefix and 32 random base62 characters. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBase62(32)}`;
/** What is kept of an API key's secret: its SHA-256, in hex. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
const lastFour = (secret: string): string => secret.slice(-4);

// ---- rows and the contract's objects --------------------------------------------------------------

export interface WebhookRow {
  id: number;
  customer_id: number;
  name: string;
  enabled: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
}

export interface ApiKeyRow {
  id: number;
  customer_id: number;
  name: string;
  enabled: number;
  secret_hash: string;
  secret_last_four: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  rolled_to_id: number | null;
}

export interface AllowedIpRow {
  id: number;
  customer_id: number;
  name: string;
  enabled: number;
  ip_from: string;
  ip_to: string | null;
  created_at: string;
}

export interface ApiRequestRow {
  id: number;
  customer_id: number;
  api_key_id: number;
  api_key_name: string;
  method: string;
  path: string;
  response_status: number;
  ip_address: string;
  created_at: string;
  duration_ms: number;
}

export interface WebhookRequestRow {
  id: number;
  customer_id: number;
  webhook_id: number;
  webhook_name: string;
  url: string;
  event_type: WebhookEventType;
  payload: string;
  created_at: string;
  next_attempt_at: string | null;
  automatic_attempts: number;
}

export interface AttemptRow {
  id: number;
  webhook_request_id: number;
  at: string;
  response_status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  manual: number;
}

/** Whether a rotated secret still signs beside the current one at `now`. */
const previousSigns = (row: WebhookRow, now: number): boolean => row.previous_secret !== null && row.previous_secret_expires_at !== null && Date.parse(row.previous_secret_expires_at) > now;

/** A webhook as the contract has it: the secret's last four; when the rotated secret stops, while it still signs. */
export const toWebhook = (row: WebhookRow, now: number): Webhook => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  enabled: row.enabled === 1,
  url: row.url,
  secretLastFour: lastFour(row.secret),
  previousSecretExpiresAt: previousSigns(row, now) ? row.previous_secret_expires_at : null,
  createdAt: row.created_at,
});

export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  enabled: row.enabled === 1,
  secretLastFour: row.secret_last_four,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

/** A key as the rules read it (keyState, keyAccepts, mayRoll, mayTurnOn). */
export const keyFacts = (row: ApiKeyRow): { enabled: boolean; expiresAt: string | null } => ({ enabled: row.enabled === 1, expiresAt: row.expires_at });

export const toAllowedIp = (row: AllowedIpRow): AllowedIp => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  enabled: row.enabled === 1,
  ipFrom: row.ip_from,
  ipTo: row.ip_to,
});

/** An entry as the rules read it (rangesOverlap, apiAddressAllowed). */
export const entryFacts = (row: AllowedIpRow): { enabled: boolean; ipFrom: string; ipTo: string | null } => ({ enabled: row.enabled === 1, ipFrom: row.ip_from, ipTo: row.ip_to });

export const toApiRequest = (row: ApiRequestRow): ApiRequest => ({
  id: row.id,
  apiKeyId: row.api_key_id,
  apiKeyName: row.api_key_name,
  method: row.method,
  path: row.path,
  responseStatus: row.response_status,
  ipAddress: row.ip_address,
  createdAt: row.created_at,
  durationMs: row.duration_ms,
});

const toAttempt = (row: AttemptRow): DeliveryAttempt => ({
  at: row.at,
  responseStatus: row.response_status,
  durationMs: row.duration_ms,
  responseExcerpt: row.response_excerpt,
  manual: row.manual === 1,
});

/** A delivery as the contract has it, with its attempts (oldest first) and its status by the rules. */
export const toWebhookRequest = (row: WebhookRequestRow, attempts: readonly AttemptRow[]): WebhookRequest => ({
  id: row.id,
  webhookId: row.webhook_id,
  webhookName: row.webhook_name,
  url: row.url,
  eventType: row.event_type,
  status: deliveryStatus(
    attempts.map((attempt) => ({ responseStatus: attempt.response_status })),
    row.next_attempt_at,
  ),
  createdAt: row.created_at,
  payload: row.payload,
  attempts: attempts.map(toAttempt),
  nextAttemptAt: row.next_attempt_at,
});

// ---- webhooks -------------------------------------------------------------------------------------

/** The customer's webhooks, oldest first. */
export const webhooksOf = (db: Db, customerId: number): WebhookRow[] =>
  db.prepare('SELECT * FROM pa_webhooks WHERE customer_id = ? ORDER BY created_at, id').all(customerId) as unknown as WebhookRow[];

/** The customer's webhook with this id, or undefined (another customer's, or none). */
export const webhookOf = (db: Db, customerId: number, id: number): WebhookRow | undefined =>
  db.prepare('SELECT * FROM pa_webhooks WHERE id = ? AND customer_id = ?').get(id, customerId) as WebhookRow | undefined;

const webhookById = (db: Db, id: number): WebhookRow | undefined => db.prepare('SELECT * FROM pa_webhooks WHERE id = ?').get(id) as WebhookRow | undefined;

export interface WebhookFields {
  name: string;
  enabled: boolean;
  url: string;
}

/** Keeps a new webhook with its secret; answers its id. */
export function insertWebhook(db: Db, customerId: number, fields: WebhookFields, secret: string, createdAt: string, id?: number): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO pa_webhooks (id, customer_id, name, enabled, url, secret, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(id ?? null, customerId, fields.name, fields.enabled ? 1 : 0, fields.url, secret, createdAt);
  return Number(lastInsertRowid);
}

/** A webhook's deliveries still waiting for a retry get none (they read failed unless delivered). */
const stopRetries = (db: Db, webhookId: number): void => void db.prepare('UPDATE pa_webhook_requests SET next_attempt_at = NULL WHERE webhook_id = ?').run(webhookId);

/** Changes a webhook; turned off, its pending retries stop (a resend by hand still goes). */
export function updateWebhook(db: Db, id: number, fields: WebhookFields): void {
  db.prepare('UPDATE pa_webhooks SET name = ?, enabled = ?, url = ? WHERE id = ?').run(fields.name, fields.enabled ? 1 : 0, fields.url, id);
  if (!fields.enabled) stopRetries(db, id);
}

/** Removes a webhook. Its deliveries stay in the log; its pending retries stop. */
export function deleteWebhook(db: Db, id: number): void {
  stopRetries(db, id);
  db.prepare('DELETE FROM pa_webhooks WHERE id = ?').run(id);
}

/**
 * A new signing secret: the old one keeps signing beside it until `previousExpiresAt` (ms), or
 * stops at once (null: a rotation 'now').
 */
export function rotateWebhookSecret(db: Db, row: WebhookRow, secret: string, previousExpiresAt: number | null, now: number): void {
  const keep = previousExpiresAt !== null && previousExpiresAt > now;
  db.prepare('UPDATE pa_webhooks SET secret = ?, previous_secret = ?, previous_secret_expires_at = ? WHERE id = ?').run(
    secret,
    keep ? row.secret : null,
    keep ? iso(previousExpiresAt) : null,
    row.id,
  );
}

// ---- API keys -------------------------------------------------------------------------------------

/** The customer's keys as listed: oldest first, without those expired more than EXPIRED_KEY_KEPT_MS ago. */
export const apiKeysOf = (db: Db, customerId: number, now: number): ApiKeyRow[] =>
  db
    .prepare('SELECT * FROM pa_api_keys WHERE customer_id = ? AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at, id')
    .all(customerId, iso(now - EXPIRED_KEY_KEPT_MS)) as unknown as ApiKeyRow[];

/** How many of the customer's keys have not expired (what API_KEYS_MAX counts). */
export const liveKeyCount = (db: Db, customerId: number, now: number): number =>
  (db.prepare('SELECT COUNT(*) AS n FROM pa_api_keys WHERE customer_id = ? AND (expires_at IS NULL OR expires_at > ?)').get(customerId, iso(now)) as { n: number }).n;

/** The customer's key with this id, or undefined. */
export const apiKeyOf = (db: Db, customerId: number, id: number): ApiKeyRow | undefined =>
  db.prepare('SELECT * FROM pa_api_keys WHERE id = ? AND customer_id = ?').get(id, customerId) as ApiKeyRow | undefined;

/** Keeps a new key: only the secret's hash and last four. Answers its id. */
export function insertApiKey(
  db: Db,
  customerId: number,
  key: { name: string; enabled: boolean; secret: string; createdAt: string; expiresAt?: string | null; lastUsedAt?: string | null; rolledToId?: number | null; id?: number },
): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO pa_api_keys (id, customer_id, name, enabled, secret_hash, secret_last_four, created_at, expires_at, last_used_at, rolled_to_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(key.id ?? null, customerId, key.name, key.enabled ? 1 : 0, hashSecret(key.secret), lastFour(key.secret), key.createdAt, key.expiresAt ?? null, key.lastUsedAt ?? null, key.rolledToId ?? null);
  return Number(lastInsertRowid);
}

export const updateApiKey = (db: Db, id: number, fields: { name: string; enabled: boolean }): void =>
  void db.prepare('UPDATE pa_api_keys SET name = ?, enabled = ? WHERE id = ?').run(fields.name, fields.enabled ? 1 : 0, id);

export const deleteApiKey = (db: Db, id: number): void => void db.prepare('DELETE FROM pa_api_keys WHERE id = ?').run(id);

/** A roll: a new key with the old one's name and state, the old one expiring at `expiresAt` (ms). Answers the new key's id. */
export function rollApiKey(db: Db, row: ApiKeyRow, secret: string, expiresAt: number, now: number): number {
  const id = insertApiKey(db, row.customer_id, { name: row.name, enabled: row.enabled === 1, secret, createdAt: iso(now) });
  db.prepare('UPDATE pa_api_keys SET expires_at = ?, rolled_to_id = ? WHERE id = ?').run(iso(expiresAt), id, row.id);
  return id;
}

// ---- allowed IPs ------------------------------------------------------------------------------------

/** The customer's allowed IP entries, oldest first. */
export const allowedIpsOf = (db: Db, customerId: number): AllowedIpRow[] =>
  db.prepare('SELECT * FROM pa_allowed_ips WHERE customer_id = ? ORDER BY created_at, id').all(customerId) as unknown as AllowedIpRow[];

export const allowedIpOf = (db: Db, customerId: number, id: number): AllowedIpRow | undefined =>
  db.prepare('SELECT * FROM pa_allowed_ips WHERE id = ? AND customer_id = ?').get(id, customerId) as AllowedIpRow | undefined;

export interface AllowedIpFields {
  name: string;
  enabled: boolean;
  ipFrom: string;
  ipTo: string | null;
}

export function insertAllowedIp(db: Db, customerId: number, fields: AllowedIpFields, createdAt: string, id?: number): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO pa_allowed_ips (id, customer_id, name, enabled, ip_from, ip_to, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(id ?? null, customerId, fields.name, fields.enabled ? 1 : 0, fields.ipFrom, fields.ipTo, createdAt);
  return Number(lastInsertRowid);
}

export const updateAllowedIp = (db: Db, id: number, fields: AllowedIpFields): void =>
  void db.prepare('UPDATE pa_allowed_ips SET name = ?, enabled = ?, ip_from = ?, ip_to = ? WHERE id = ?').run(fields.name, fields.enabled ? 1 : 0, fields.ipFrom, fields.ipTo, id);

export const deleteAllowedIp = (db: Db, id: number): void => void db.prepare('DELETE FROM pa_allowed_ips WHERE id = ?').run(id);

// ---- the logs -------------------------------------------------------------------------------------

/** The first moment of a day (YYYY-MM-DD, UTC) and of the day after it, as the rows keep times. */
const dayStart = (day: string): string => `${day}T00:00:00.000Z`;
const dayAfterStart = (day: string): string => iso(Date.parse(dayStart(day)) + 86_400_000);

/** A page's SQL: the customer, the days (both included), after the cursor's row, newest first, one row more than the page. */
function pageQuery(table: string, where: string[], params: (string | number)[], filters: { fromDate: string; toDate: string }, position: CursorPosition | null, limit: number) {
  const conditions = ['customer_id = ?', ...where];
  if (filters.fromDate) {
    conditions.push('created_at >= ?');
    params.push(dayStart(filters.fromDate));
  }
  if (filters.toDate) {
    conditions.push('created_at < ?');
    params.push(dayAfterStart(filters.toDate));
  }
  if (position) {
    conditions.push('(created_at < ? OR (created_at = ? AND id < ?))');
    params.push(position.createdAt, position.createdAt, position.id);
  }
  params.push(limit + 1);
  return { sql: `SELECT * FROM ${table} WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`, params };
}

/** A page of rows and whether more follow: the rows asked for one more than the page. */
const splitPage = <T>(rows: T[], limit: number): { rows: T[]; more: boolean } => ({ rows: rows.slice(0, limit), more: rows.length > limit });

/** A page of the customer's API requests, newest first: by key, days, after a cursor's row. */
export function apiRequestPage(
  db: Db,
  customerId: number,
  filters: { apiKeyId: number | null; fromDate: string; toDate: string },
  position: CursorPosition | null,
  limit: number,
): { rows: ApiRequestRow[]; more: boolean } {
  const where: string[] = [];
  const params: (string | number)[] = [customerId];
  if (filters.apiKeyId !== null) {
    where.push('api_key_id = ?');
    params.push(filters.apiKeyId);
  }
  const query = pageQuery('pa_api_requests', where, params, filters, position, limit);
  return splitPage(db.prepare(query.sql).all(...query.params) as unknown as ApiRequestRow[], limit);
}

/**
 * A page of the customer's deliveries, newest first: `query` (as typed, trimmed) matches the event
 * type, the address or the webhook's name in any case, or the delivery's id exactly when it is a
 * number; the days; after a cursor's row.
 */
export function webhookRequestPage(
  db: Db,
  customerId: number,
  filters: { query: string; fromDate: string; toDate: string },
  position: CursorPosition | null,
  limit: number,
): { rows: WebhookRequestRow[]; more: boolean } {
  const where: string[] = [];
  const params: (string | number)[] = [customerId];
  const text = filters.query.trim().toLowerCase();
  if (text) {
    const id = /^\d{1,15}$/.test(text) ? Number(text) : -1;
    where.push('(instr(lower(event_type), ?) > 0 OR instr(lower(url), ?) > 0 OR instr(lower(webhook_name), ?) > 0 OR id = ?)');
    params.push(text, text, text, id);
  }
  const query = pageQuery('pa_webhook_requests', where, params, filters, position, limit);
  return splitPage(db.prepare(query.sql).all(...query.params) as unknown as WebhookRequestRow[], limit);
}

/** The attempts of these deliveries, oldest first, by delivery. */
export function attemptsOf(db: Db, ids: readonly number[]): Map<number, AttemptRow[]> {
  const byRequest = new Map<number, AttemptRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byRequest;
  const rows = db.prepare(`SELECT * FROM pa_delivery_attempts WHERE webhook_request_id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`).all(...ids) as unknown as AttemptRow[];
  for (const row of rows) byRequest.get(row.webhook_request_id)?.push(row);
  return byRequest;
}

/** Deliveries with their attempts, as the contract has them. */
export function toWebhookRequests(db: Db, rows: readonly WebhookRequestRow[]): WebhookRequest[] {
  const attempts = attemptsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toWebhookRequest(row, attempts.get(row.id) ?? []));
}

/** The customer's delivery with this id, or undefined. */
export const webhookRequestOf = (db: Db, customerId: number, id: number): WebhookRequestRow | undefined =>
  db.prepare('SELECT * FROM pa_webhook_requests WHERE id = ? AND customer_id = ?').get(id, customerId) as WebhookRequestRow | undefined;

const webhookRequestById = (db: Db, id: number): WebhookRequestRow | undefined => db.prepare('SELECT * FROM pa_webhook_requests WHERE id = ?').get(id) as WebhookRequestRow | undefined;

/** One delivery with its attempts, as the contract has it (after a change). */
export const webhookRequestNow = (db: Db, id: number): WebhookRequest | null => {
  const row = webhookRequestById(db, id);
  return row ? toWebhookRequests(db, [row])[0]! : null;
};

// ---- deliveries -------------------------------------------------------------------------------------

/** What the deliverer needs: the database, the sandbox's clock and the port it listens on (null before it does). */
export interface DeliveryDeps {
  db: Db;
  now: () => number;
  ownPort: () => number | null;
}

/** The hex HMAC-SHA256 of what is signed (the rules' signedPayload) with a secret. */
const hmac = (secret: string, timestamp: number, body: string): string => createHmac('sha256', secret).update(signedPayload(timestamp, body)).digest('hex');

/**
 * The headers of a post: JSON, and when a webhook signs it the signature header with one v1 per
 * secret that signs at `now` (the current one first, then a rotated one still overlapping).
 */
function headersFor(webhook: WebhookRow | undefined, body: string, now: number): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (!webhook) return headers;
  const t = Math.floor(now / 1000);
  const signatures = [hmac(webhook.secret, t, body), ...(previousSigns(webhook, now) ? [hmac(webhook.previous_secret!, t, body)] : [])];
  headers[SIGNATURE_HEADER] = signatureHeader(t, signatures);
  return headers;
}

interface Answer {
  status: number | null;
  durationMs: number;
  excerpt: string | null;
}

/**
 * One post of a JSON body, waiting at most DELIVERY_TIMEOUT_MS for the whole answer: its status and
 * the start of its body. Only the sandbox's own origin is called; any other address is not
 * contacted (no status, no time, no answer).
 */
async function post(url: string, body: string, headers: Record<string, string>, ownPort: number | null): Promise<Answer> {
  const target = ownAddress(url, ownPort);
  if (!target) return { status: null, durationMs: 0, excerpt: null };
  const started = performance.now();
  const took = () => Math.max(0, Math.round(performance.now() - started));
  try {
    const res = await fetch(target, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    const text = await res.text();
    return { status: res.status, durationMs: took(), excerpt: excerptOf(text) };
  } catch {
    return { status: null, durationMs: took(), excerpt: null };
  }
}

/** A new event's id (the payload's `evt_<n>`), kept with its customer and type. */
function newEvent(db: Db, customerId: number, type: WebhookEventType, createdAt: string, id?: number): string {
  const { lastInsertRowid } = db.prepare('INSERT INTO pa_events (id, customer_id, type, created_at) VALUES (?, ?, ?, ?)').run(id ?? null, customerId, type, createdAt);
  return `evt_${Number(lastInsertRowid)}`;
}

/** The JSON text posted for an event. */
export const eventPayload = (event: { id: string; type: WebhookEventType; createdAt: string; data: Record<string, unknown> }): string =>
  JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data: event.data });

/**
 * An event for the customer: one delivery per webhook that is on, each due at once (the caller makes
 * the first attempt). Answers the deliveries' ids.
 */
export function recordEvent(db: Db, customerId: number, type: WebhookEventType, data: Record<string, unknown>, now: number): number[] {
  const hooks = webhooksOf(db, customerId).filter((hook) => hook.enabled === 1);
  const createdAt = iso(now);
  const payload = eventPayload({ id: newEvent(db, customerId, type, createdAt), type, createdAt, data });
  const insert = db.prepare(
    'INSERT INTO pa_webhook_requests (customer_id, webhook_id, webhook_name, url, event_type, payload, created_at, next_attempt_at, automatic_attempts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)',
  );
  return hooks.map((hook) => Number(insert.run(customerId, hook.id, hook.name, hook.url, type, payload, createdAt, createdAt).lastInsertRowid));
}

/**
 * Keeps an attempt. An automatic one counts: delivered, no more are due; else the next is due by
 * nextAttemptAt (none after 1 + 3). A resend by hand is not counted and changes when the next one
 * is due only when it delivers (then none is).
 */
function recordAttempt(db: Db, id: number, at: number, answer: Answer, manual: boolean): void {
  db.prepare('INSERT INTO pa_delivery_attempts (webhook_request_id, at, response_status, duration_ms, response_excerpt, manual) VALUES (?, ?, ?, ?, ?, ?)').run(
    id,
    iso(at),
    answer.status,
    answer.durationMs,
    answer.excerpt,
    manual ? 1 : 0,
  );
  const delivered = isDeliveredStatus(answer.status);
  if (manual) {
    if (delivered) db.prepare('UPDATE pa_webhook_requests SET next_attempt_at = NULL WHERE id = ?').run(id);
    return;
  }
  const row = webhookRequestById(db, id);
  if (!row) return;
  const attempts = row.automatic_attempts + 1;
  // Delivered by this attempt or an earlier one (a resend while this one was on its way): none is due.
  const done = delivered || db.prepare('SELECT 1 FROM pa_delivery_attempts WHERE webhook_request_id = ? AND response_status BETWEEN 200 AND 299').get(id) !== undefined;
  const next = done ? null : nextAttemptAt(attempts, at);
  db.prepare('UPDATE pa_webhook_requests SET automatic_attempts = ?, next_attempt_at = ? WHERE id = ?').run(attempts, next === null ? null : iso(next), id);
}

/** The deliveries an attempt is on its way for, per database: the retries leave them alone. */
const inFlight = new WeakMap<Db, Set<number>>();
const flying = (db: Db): Set<number> => {
  let set = inFlight.get(db);
  if (!set) inFlight.set(db, (set = new Set()));
  return set;
};

/**
 * One attempt of a delivery now: posted to its address, signed with its webhook's secrets (none
 * when the webhook is gone), and kept. The caller has marked it in flight.
 */
async function attempt(deps: DeliveryDeps, id: number, manual: boolean): Promise<void> {
  const row = webhookRequestById(deps.db, id);
  if (!row) return;
  const at = deps.now();
  const answer = await post(row.url, row.payload, headersFor(webhookById(deps.db, row.webhook_id), row.payload, at), deps.ownPort());
  transaction(deps.db, () => recordAttempt(deps.db, id, at, answer, manual));
}

/** Attempts of these deliveries, side by side, each marked in flight until it is kept. */
async function attemptAll(deps: DeliveryDeps, ids: readonly number[], manual: boolean): Promise<void> {
  const set = flying(deps.db);
  for (const id of ids) set.add(id);
  try {
    await Promise.all(ids.map((id) => attempt(deps, id, manual)));
  } finally {
    for (const id of ids) set.delete(id);
  }
}

/**
 * An event delivered (`deliverEvent`): one delivery per webhook of the customer that is on, with the
 * JSON payload `{ id: "evt_<n>", type, createdAt, data }`, and the first attempt of each made before
 * this answers. Answers the deliveries' ids.
 */
export async function deliverEvent(deps: DeliveryDeps, customerId: number, type: WebhookEventType, data: Record<string, unknown>): Promise<number[]> {
  const ids = transaction(deps.db, () => recordEvent(deps.db, customerId, type, data, deps.now()));
  await attemptAll(deps, ids, false);
  return ids;
}

/** The runs of due retries, per database: one after another, never two at once. */
const runs = new WeakMap<Db, { tail: Promise<void>; waiting: number }>();

/**
 * The retries due on the sandbox's clock (next_attempt_at ≤ now) made (`customerId`: that
 * customer's only). Runs after any run still going, so two never overlap. (A webhook turned off or
 * deleted has no retry due: updateWebhook, deleteWebhook.)
 */
export function deliverDue(deps: DeliveryDeps, customerId?: number): Promise<void> {
  const state = runs.get(deps.db) ?? { tail: Promise.resolve(), waiting: 0 };
  runs.set(deps.db, state);
  state.waiting += 1;
  const run = state.tail.then(async () => {
    const due = (
      deps.db
        .prepare(
          `SELECT r.id FROM pa_webhook_requests r JOIN pa_webhooks w ON w.id = r.webhook_id
           WHERE r.next_attempt_at IS NOT NULL AND r.next_attempt_at <= ? ${customerId === undefined ? '' : 'AND r.customer_id = ?'}
           ORDER BY r.next_attempt_at, r.id`,
        )
        .all(...[iso(deps.now()), ...(customerId === undefined ? [] : [customerId])]) as { id: number }[]
    ).map((row) => row.id);
    const set = flying(deps.db);
    await attemptAll(
      deps,
      due.filter((id) => !set.has(id)),
      false,
    );
  });
  const settled = run.finally(() => {
    state.waiting -= 1;
  });
  state.tail = settled.catch(() => undefined);
  return settled;
}

/** The ticker's run: none when one is running or waiting (a slow address must not pile runs up); failures are not the caller's. */
export function deliverDueInBackground(deps: DeliveryDeps): void {
  const state = runs.get(deps.db);
  if (state && state.waiting > 0) return;
  deliverDue(deps).catch(() => undefined);
}

/** A resend by hand: one attempt now, not counted. */
export async function resendDelivery(deps: DeliveryDeps, id: number): Promise<void> {
  await attemptAll(deps, [id], true);
}

/**
 * A test event (`webhook.ping`) posted once to an address: signed when it is the address of one of
 * the customer's webhooks (its secrets), else unsigned; not a delivery, not in the log.
 */
export async function ping(deps: DeliveryDeps, customerId: number, url: string): Promise<PingResult> {
  const now = deps.now();
  const createdAt = iso(now);
  const body = eventPayload({ id: newEvent(deps.db, customerId, 'webhook.ping', createdAt), type: 'webhook.ping', createdAt, data: {} });
  const webhook = webhooksOf(deps.db, customerId).find((hook) => hook.url === url);
  const answer = await post(url, body, headersFor(webhook, body, now), deps.ownPort());
  return { delivered: isDeliveredStatus(answer.status), responseStatus: answer.status, durationMs: answer.durationMs, responseExcerpt: answer.excerpt };
}

// ---- requests made with a key ------------------------------------------------------------------------

export const keyBySecret = (db: Db, secret: string): ApiKeyRow | undefined => db.prepare('SELECT * FROM pa_api_keys WHERE secret_hash = ?').get(hashSecret(secret)) as ApiKeyRow | undefined;

/** How long a request with a key took, as the sandbox tells it: answered, or refused before any work. */
const durationFor = (status: number): number => (status === 200 ? 42 : 3);

/**
 * A request to the public API with a key, as the merchant's own server makes it (POST
 * /__sandbox/public-api/request): an unknown secret is 401 and nothing is logged; a known key's
 * request is 401 while the key is off or expired (keyAccepts), 403 from an address its customer's
 * allowed IP list does not let through (apiAddressAllowed), else 200 (the key's last use now), and
 * is logged either way.
 */
export function checkApiRequest(db: Db, request: { secret: string; method: string; path: string; address: string }, now: number): { status: number; apiRequest?: ApiRequest } {
  const key = keyBySecret(db, request.secret);
  if (!key) return { status: 401 };
  const status = !keyAccepts(keyFacts(key), now) ? 401 : !apiAddressAllowed(allowedIpsOf(db, key.customer_id).map(entryFacts), request.address) ? 403 : 200;
  if (status === 200) db.prepare('UPDATE pa_api_keys SET last_used_at = ? WHERE id = ?').run(iso(now), key.id);
  const id = insertApiRequest(db, {
    customerId: key.customer_id,
    apiKeyId: key.id,
    apiKeyName: key.name,
    method: request.method,
    path: request.path,
    responseStatus: status,
    ipAddress: request.address,
    createdAt: iso(now),
    durationMs: durationFor(status),
  });
  return { status, apiRequest: toApiRequest(db.prepare('SELECT * FROM pa_api_requests WHERE id = ?').get(id) as unknown as ApiRequestRow) };
}

export interface ApiRequestInput {
  id?: number;
  customerId: number;
  apiKeyId: number;
  apiKeyName: string;
  method: string;
  path: string;
  responseStatus: number;
  ipAddress: string;
  createdAt: string;
  durationMs: number;
}

export function insertApiRequest(db: Db, row: ApiRequestInput): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO pa_api_requests (id, customer_id, api_key_id, api_key_name, method, path, response_status, ip_address, created_at, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(row.id ?? null, row.customerId, row.apiKeyId, row.apiKeyName, row.method, row.path, row.responseStatus, row.ipAddress, row.createdAt, row.durationMs);
  return Number(lastInsertRowid);
}

// ---- the seed's writer ---------------------------------------------------------------------------------

export interface SeededDelivery {
  id: number;
  customerId: number;
  webhookId: number;
  webhookName: string;
  url: string;
  type: Exclude<WebhookEventType, 'webhook.ping'>;
  data: Record<string, unknown>;
  createdAt: string;
  nextAttemptAt: string | null;
  attempts: { at: string; status: number | null; durationMs: number; excerpt: string | null; manual: boolean }[];
}

/**
 * The seed's bulk writes, each statement prepared once: API requests, and deliveries with their
 * event and attempts (the event's id is the delivery's).
 */
export function publicApiWriter(db: Db): { apiRequest(row: ApiRequestInput): void; delivery(row: SeededDelivery): void } {
  const request = db.prepare('INSERT INTO pa_api_requests (id, customer_id, api_key_id, api_key_name, method, path, response_status, ip_address, created_at, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const event = db.prepare('INSERT INTO pa_events (id, customer_id, type, created_at) VALUES (?, ?, ?, ?)');
  const delivery = db.prepare(
    'INSERT INTO pa_webhook_requests (id, customer_id, webhook_id, webhook_name, url, event_type, payload, created_at, next_attempt_at, automatic_attempts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const attemptRow = db.prepare('INSERT INTO pa_delivery_attempts (webhook_request_id, at, response_status, duration_ms, response_excerpt, manual) VALUES (?, ?, ?, ?, ?, ?)');
  return {
    apiRequest: (row) =>
      void request.run(row.id ?? null, row.customerId, row.apiKeyId, row.apiKeyName, row.method, row.path, row.responseStatus, row.ipAddress, row.createdAt, row.durationMs),
    delivery: (row) => {
      event.run(row.id, row.customerId, row.type, row.createdAt);
      const text = eventPayload({ id: `evt_${row.id}`, type: row.type, createdAt: row.createdAt, data: row.data });
      const automatic = row.attempts.filter((one) => !one.manual).length;
      delivery.run(row.id, row.customerId, row.webhookId, row.webhookName, row.url, row.type, text, row.createdAt, row.nextAttemptAt, automatic);
      for (const one of row.attempts) attemptRow.run(row.id, one.at, one.status, one.durationMs, one.excerpt, one.manual ? 1 : 0);
    },
  };
}

// ---- a customer's clock and data ------------------------------------------------------------------------

const earlier = (text: string, ms: number): string => iso(Date.parse(text) - ms);

/**
 * Moves a customer's due times `ms` back (POST /__sandbox/public-api/advance): the next attempt of
 * each delivery waiting for one, each key's expiry, each rotated secret's end. What was due in 10
 * minutes is due now.
 */
export function shiftPublicApiClock(db: Db, customerId: number, ms: number): void {
  const shift = (table: string, column: string) => {
    const rows = db.prepare(`SELECT id, ${column} AS at FROM ${table} WHERE customer_id = ? AND ${column} IS NOT NULL`).all(customerId) as { id: number; at: string }[];
    const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`);
    for (const row of rows) update.run(earlier(row.at, ms), row.id);
  };
  shift('pa_webhook_requests', 'next_attempt_at');
  shift('pa_api_keys', 'expires_at');
  shift('pa_webhooks', 'previous_secret_expires_at');
}

/** Forgets a customer's public API data (before the seed's come back: POST /__sandbox/sign-in-state). */
export function removePublicApiData(db: Db, customerId: number): void {
  db.prepare('DELETE FROM pa_delivery_attempts WHERE webhook_request_id IN (SELECT id FROM pa_webhook_requests WHERE customer_id = ?)').run(customerId);
  for (const table of ['pa_webhook_requests', 'pa_events', 'pa_api_requests', 'pa_allowed_ips', 'pa_api_keys', 'pa_webhooks']) db.prepare(`DELETE FROM ${table} WHERE customer_id = ?`).run(customerId);
}

// ---- the webhook sink -------------------------------------------------------------------------------------

export const SINK_MODES = ['ok', 'fail', 'timeout'] as const;
export type SinkMode = (typeof SINK_MODES)[number];
export const isSinkMode = (text: unknown): text is SinkMode => typeof text === 'string' && (SINK_MODES as readonly string[]).includes(text);

/** How a sink answers: `ok` unless switched. */
export const sinkModeOf = (db: Db, name: string): SinkMode => {
  const row = db.prepare('SELECT mode FROM pa_sink_modes WHERE name = ?').get(name) as { mode: string } | undefined;
  return isSinkMode(row?.mode) ? row.mode : 'ok';
};

export const setSinkMode = (db: Db, name: string, mode: SinkMode): void =>
  void db.prepare('INSERT INTO pa_sink_modes (name, mode) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET mode = excluded.mode').run(name, mode);

/** What a sink received, with the status it answered. */
export const keepSinkRequest = (db: Db, row: { name: string; received: number; headers: Record<string, string>; body: string; status: number }): void =>
  void db.prepare('INSERT INTO pa_webhook_sink (name, received, headers, body, status) VALUES (?, ?, ?, ?, ?)').run(row.name, row.received, JSON.stringify(row.headers), row.body, row.status);

/** What a sink received, oldest first. */
export function sinkRequestsOf(db: Db, name: string): { name: string; receivedAt: string; headers: Record<string, string>; body: string; answered: number }[] {
  const rows = db.prepare('SELECT name, received, headers, body, status FROM pa_webhook_sink WHERE name = ? ORDER BY id').all(name) as {
    name: string;
    received: number;
    headers: string;
    body: string;
    status: number;
  }[];
  return rows.map((row) => ({ name: row.name, receivedAt: iso(row.received), headers: JSON.parse(row.headers) as Record<string, string>, body: row.body, answered: row.status }));
}
