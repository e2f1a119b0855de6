import { isDate } from '../merchant/merchant-checks.rules.ts';
import { nameProblem, urlProblem, type NameProblem, type UrlProblem } from '../merchant/merchant.rules.ts';
import { entryCovers, ipEntryProblems, parseIp, type IpProblem } from '../settings/ip-rules.ts';

/**
 * The public API area (spec 001 s2 internal/api_key, internal/api_log, internal/webhook_log; s3
 * webhook, API key, allowed IP, API request log filter; s6 the acting customer's own id; s7 Public
 * API; issue 57) as pure rules shared by the pages, the statecharts and the sandbox. Decisions:
 * docs/decisions.md "The public API area (issue 57)".
 */

export const NAME_MAX = 100;
export const WEBHOOKS_MAX = 10;
export const API_KEYS_MAX = 20;
export const ALLOWED_IPS_MAX = 50;

// ---- the forms ------------------------------------------------------------------------------------

/** A switch as a form holds it (form values are text). */
export const isOn = (text: string | undefined): boolean => text === 'true';
export const onText = (on: boolean): 'true' | 'false' => (on ? 'true' : 'false');

export interface WebhookValues {
  name: string;
  enabled: string;
  url: string;
}
export interface ApiKeyValues {
  name: string;
  enabled: string;
}
export interface AllowedIpValues {
  name: string;
  enabled: string;
  ipFrom: string;
  /** Empty: the one address ipFrom. */
  ipTo: string;
}

export type WebhookProblems = { name?: NameProblem; url?: UrlProblem };
export type ApiKeyProblems = { name?: NameProblem };
export type AllowedIpProblems = { name?: NameProblem; ipFrom?: IpProblem; ipTo?: IpProblem };

const nameOnly = (name: string): { name?: NameProblem } => {
  const problem = nameProblem(name, NAME_MAX);
  return problem ? { name: problem } : {};
};

/**
 * A webhook: a name (1 to 100 characters, trimmed) and an address the service posts to: absolute
 * https, http only for a host in `insecureHosts` (the sandbox's own), at most 255 characters, no
 * user name or password (the merchant area's urlProblem).
 */
export function webhookProblems(values: Pick<WebhookValues, 'name' | 'url'>, insecureHosts: readonly string[] = []): WebhookProblems {
  const url = urlProblem(values.url, { required: true, insecureHosts });
  return { ...nameOnly(values.name), ...(url ? { url } : {}) };
}

/** An API key: its name. */
export const apiKeyProblems = (values: Pick<ApiKeyValues, 'name'>): ApiKeyProblems => nameOnly(values.name);

/**
 * An allowed IP entry: a name, and one address or a range by the settings' allowed IP rules
 * (ip-rules: IPv4 or IPv6 as typed, the end of the same family and not before the start).
 */
export function allowedIpProblems(values: Pick<AllowedIpValues, 'name' | 'ipFrom' | 'ipTo'>): AllowedIpProblems {
  const entry = ipEntryProblems({ ip: values.ipFrom, toIp: values.ipTo });
  return { ...nameOnly(values.name), ...(entry.ip ? { ipFrom: entry.ip } : {}), ...(entry.toIp ? { ipTo: entry.toIp } : {}) };
}

/** The body's range end: null for one address (an empty end). */
export const ipToOrNull = (ipTo: string | null | undefined): string | null => ((ipTo ?? '').trim() ? (ipTo ?? '').trim() : null);

/** Whether two entries share an address (same family, their ranges meet). A malformed entry meets nothing. */
export function rangesOverlap(a: { ipFrom: string; ipTo?: string | null }, b: { ipFrom: string; ipTo?: string | null }): boolean {
  const aFrom = parseIp(a.ipFrom);
  const bFrom = parseIp(b.ipFrom);
  if (!aFrom || !bFrom || aFrom.family !== bFrom.family) return false;
  const aEnd = ipToOrNull(a.ipTo) ?? a.ipFrom;
  const bEnd = ipToOrNull(b.ipTo) ?? b.ipFrom;
  return entryCovers({ ip: a.ipFrom, toIp: aEnd }, b.ipFrom) || entryCovers({ ip: a.ipFrom, toIp: aEnd }, bEnd) || entryCovers({ ip: b.ipFrom, toIp: bEnd }, a.ipFrom);
}

/**
 * Whether a request with an API key from `address` is let through: with no entry on, from
 * anywhere; else only from an address an entry that is on covers.
 */
export function apiAddressAllowed(entries: readonly { enabled: boolean; ipFrom: string; ipTo?: string | null }[], address: string): boolean {
  if (anyAddressAllowed(entries)) return true;
  return entries.some((entry) => entry.enabled && entryCovers({ ip: entry.ipFrom, toIp: ipToOrNull(entry.ipTo) }, address));
}

/** With no entry on, the keys work from any address (the page says so). */
export const anyAddressAllowed = (entries: readonly { enabled: boolean }[]): boolean => !entries.some((entry) => entry.enabled);

// ---- keys: roll and expiry ---------------------------------------------------------------------------

/** How long an old key (or a rotated webhook secret) keeps working, in the order offered. */
export const EXPIRY_CHOICES = ['now', '1h', '24h', '7d'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
export const isExpiryChoice = (text: string): text is ExpiryChoice => (EXPIRY_CHOICES as readonly string[]).includes(text);

const HOUR_MS = 3_600_000;
export const EXPIRY_MS: Readonly<Record<ExpiryChoice, number>> = { now: 0, '1h': HOUR_MS, '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS };

/** When the old one stops: now plus the choice. */
export const expiresAtFor = (choice: ExpiryChoice, nowMs: number): number => nowMs + EXPIRY_MS[choice];

/** A rolled key is listed until it has been expired this long. */
export const EXPIRED_KEY_KEPT_MS = 7 * 24 * HOUR_MS;

export type KeyState = 'active' | 'disabled' | 'expiring' | 'expired';

/**
 * A key as the list shows it: expired once its expiry has come (whether on or off), else off
 * (`disabled`), else `expiring` while a roll's expiry is ahead, else `active`.
 */
export function keyState(key: { enabled: boolean; expiresAt?: string | null }, nowMs: number): KeyState {
  const expires = key.expiresAt ? Date.parse(key.expiresAt) : null;
  if (expires !== null && expires <= nowMs) return 'expired';
  if (!key.enabled) return 'disabled';
  return expires !== null ? 'expiring' : 'active';
}

/** Requests with the key are accepted: on and not expired. */
export const keyAccepts = (key: { enabled: boolean; expiresAt?: string | null }, nowMs: number): boolean => {
  const state = keyState(key, nowMs);
  return state === 'active' || state === 'expiring';
};

/** A key may be rolled once: not rolled yet (no expiry), and so not expired. */
export const mayRoll = (key: { expiresAt?: string | null }): boolean => !key.expiresAt;

/**
 * The extensions a server may lack are offered only where its replies carry them: Roll where keys
 * answer their expiry (and only once: mayRoll), a new signing secret where webhooks answer its last
 * four characters, Resend where deliveries answer their attempts.
 */
export const offersRoll = (key: { expiresAt?: string | null }): boolean => 'expiresAt' in key && mayRoll(key);
export const offersSecretRotation = (webhook: { secretLastFour?: string }): boolean => 'secretLastFour' in webhook;
export const offersResend = (delivery: { attempts?: readonly unknown[] }): boolean => Array.isArray(delivery.attempts);

/** Until when a rotated webhook secret still signs beside the new one; null once it has stopped (or there is none). */
export const overlapUntil = (webhook: { previousSecretExpiresAt?: string | null }, nowMs: number): string | null =>
  webhook.previousSecretExpiresAt && Date.parse(webhook.previousSecretExpiresAt) > nowMs ? webhook.previousSecretExpiresAt : null;

/** An expired key cannot be turned back on (a roll replaced it). */
export const mayTurnOn = (key: { expiresAt?: string | null }, nowMs: number): boolean => !key.expiresAt || Date.parse(key.expiresAt) > nowMs;

// ---- the logs' filters and paging ----------------------------------------------------------------------

export const WEBHOOK_LOG_LIMIT = 20;
export const API_LOG_LIMIT = 50;
export const LOG_QUERY_MAX = 255;

export interface WebhookLogFilters {
  query: string;
  fromDate: string;
  toDate: string;
}
export interface ApiLogFilters {
  /** A key's id as text; empty for every key. */
  apiKeyId: string;
  fromDate: string;
  toDate: string;
}
export const NO_WEBHOOK_LOG_FILTERS: WebhookLogFilters = { query: '', fromDate: '', toDate: '' };
export const NO_API_LOG_FILTERS: ApiLogFilters = { apiKeyId: '', fromDate: '', toDate: '' };

export type LogFilterProblem = 'apiKeyId' | 'query' | 'fromDate' | 'toDate' | 'range';

const isKeyId = (text: string): boolean => /^[1-9]\d{0,9}$/.test(text);

function dateProblems(fromDate: string, toDate: string): { fromDate?: LogFilterProblem; toDate?: LogFilterProblem } {
  const from = fromDate.trim();
  const to = toDate.trim();
  const problems: { fromDate?: LogFilterProblem; toDate?: LogFilterProblem } = {};
  if (from !== '' && !isDate(from)) problems.fromDate = 'fromDate';
  if (to !== '' && !isDate(to)) problems.toDate = 'toDate';
  if (!problems.fromDate && !problems.toDate && from !== '' && to !== '' && from > to) problems.toDate = 'range';
  return problems;
}

/** The webhook log's filters: the query at most 255 characters, days that are days, the first not after the last. Empty values are right. */
export function webhookLogFilterProblems(filters: WebhookLogFilters): Partial<Record<keyof WebhookLogFilters, LogFilterProblem>> {
  return { ...(filters.query.trim().length > LOG_QUERY_MAX ? { query: 'query' as const } : {}), ...dateProblems(filters.fromDate, filters.toDate) };
}

/** The API log's filters: a key's id (a positive whole number) or none, and the days as the webhook log's. */
export function apiLogFilterProblems(filters: ApiLogFilters): Partial<Record<keyof ApiLogFilters, LogFilterProblem>> {
  const key = filters.apiKeyId.trim();
  return { ...(key !== '' && !isKeyId(key) ? { apiKeyId: 'apiKeyId' as const } : {}), ...dateProblems(filters.fromDate, filters.toDate) };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The days of the address, each kept only when it is a day (an old or typed address). The last day before the first is dropped. */
function readDays(search: Record<string, unknown>): { fromDate?: string; toDate?: string } {
  const fromDate = text(search.fromDate);
  const toDate = text(search.toDate);
  const from = isDate(fromDate) ? fromDate : '';
  const to = isDate(toDate) ? toDate : '';
  return { ...(from ? { fromDate: from } : {}), ...(to && !(from && from > to) ? { toDate: to } : {}) };
}

/** The webhook log's filters as the address holds them (…/internal/webhook_log?query=…), cleaned: empty and wrong ones left out. */
export function readWebhookLogFilters(search: Record<string, unknown>): Partial<WebhookLogFilters> {
  const query = text(search.query).slice(0, LOG_QUERY_MAX);
  return { ...(query ? { query } : {}), ...readDays(search) };
}

/** The API log's filters as the address holds them (…/internal/api_log?apiKeyId=…), cleaned. */
export function readApiLogFilters(search: Record<string, unknown>): Partial<ApiLogFilters> {
  const apiKeyId = text(search.apiKeyId);
  return { ...(isKeyId(apiKeyId) ? { apiKeyId } : {}), ...readDays(search) };
}

/** GET /public-api/webhookRequest's query (001 s7: customerId, limit 20, query, fromDate, toDate, cursor): empty values dropped. */
export function webhookLogRequest(customerId: number, filters: Partial<WebhookLogFilters>, cursor: string | null): { customerId: number; limit: number; query?: string; fromDate?: string; toDate?: string; cursor?: string } {
  const query = (filters.query ?? '').trim();
  return {
    customerId,
    limit: WEBHOOK_LOG_LIMIT,
    ...(query ? { query } : {}),
    ...(filters.fromDate ? { fromDate: filters.fromDate } : {}),
    ...(filters.toDate ? { toDate: filters.toDate } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** GET /public-api/apirequest's query (001 s7: customerId, apiKeyId, fromDate, toDate; limit and cursor beyond it): empty values dropped. */
export function apiLogRequest(customerId: number, filters: Partial<ApiLogFilters>, cursor: string | null): { customerId: number; limit: number; apiKeyId?: number; fromDate?: string; toDate?: string; cursor?: string } {
  const key = (filters.apiKeyId ?? '').trim();
  return {
    customerId,
    limit: API_LOG_LIMIT,
    ...(isKeyId(key) ? { apiKeyId: Number(key) } : {}),
    ...(filters.fromDate ? { fromDate: filters.fromDate } : {}),
    ...(filters.toDate ? { toDate: filters.toDate } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/**
 * Cursor paging, newest first (the service makes the cursor, the app only follows it): a cursor
 * names the last row given (its time and id, so rows of the same second keep their order) and the
 * filters it was made for; a cursor for other filters is refused, so changing a filter starts again.
 */
export interface CursorPosition {
  createdAt: string;
  id: number;
}

/** The filters as one text (the order of keys and empty values do not matter). */
export function filtersKey(filters: Readonly<Record<string, string | number | undefined>>): string {
  const kept = Object.entries(filters)
    .map(([key, value]) => [key, value === undefined ? '' : String(value).trim()] as const)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

const toBase64Url = (textValue: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(textValue))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (textValue: string): string | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(textValue)) return null;
  try {
    const binary = atob(textValue.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
};

/** The next page's cursor: after this row, for these filters. */
export const makeCursor = (last: CursorPosition, filters: Readonly<Record<string, string | number | undefined>>): string =>
  toBase64Url(JSON.stringify({ t: last.createdAt, i: last.id, f: filtersKey(filters) }));

/** A cursor read back: the row it follows, or why it cannot be followed (not a cursor; made for other filters). */
export function readCursor(cursor: string, filters: Readonly<Record<string, string | number | undefined>>): CursorPosition | 'invalid' | 'otherFilters' {
  const decoded = fromBase64Url(cursor);
  if (decoded === null) return 'invalid';
  let value: unknown;
  try {
    value = JSON.parse(decoded);
  } catch {
    return 'invalid';
  }
  if (typeof value !== 'object' || value === null) return 'invalid';
  const { t, i, f } = value as { t?: unknown; i?: unknown; f?: unknown };
  if (typeof t !== 'string' || Number.isNaN(Date.parse(t)) || typeof i !== 'number' || !Number.isInteger(i) || i < 1 || typeof f !== 'string') return 'invalid';
  if (f !== filtersKey(filters)) return 'otherFilters';
  return { createdAt: t, id: i };
}

/** Whether a row comes after the cursor's row, newest first (older, or as old with a smaller id). */
export const isAfter = (row: CursorPosition, position: CursorPosition): boolean => row.createdAt < position.createdAt || (row.createdAt === position.createdAt && row.id < position.id);

/** A page of rows sorted newest first: the rows after the cursor (all from the start), at most `limit`, and the next cursor when more are left. */
export function pageAfter<T extends CursorPosition>(rows: readonly T[], position: CursorPosition | null, limit: number, filters: Readonly<Record<string, string | number | undefined>>): { items: T[]; nextCursor: string | null } {
  const rest = position ? rows.filter((row) => isAfter(row, position)) : [...rows];
  const items = rest.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rest.length > limit && last ? makeCursor(last, filters) : null };
}

/** The pages read so far as one list: each row once (a row that moved to a later page while reading is not shown twice). */
export function joinPages<T extends { id: number }>(pages: readonly { items: readonly T[] }[]): T[] {
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const row of page.items) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

/** More pages while the last page read named a next cursor. */
export const hasMorePages = (pages: readonly { nextCursor?: string | null }[]): boolean => {
  const last = pages[pages.length - 1];
  return !!last?.nextCursor;
};

// ---- deliveries -----------------------------------------------------------------------------------

export const WEBHOOK_EVENT_TYPES = ['transfer.incoming', 'ipn.created', 'webhook.ping'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** After the first attempt, 3 retries 10 minutes apart. */
export const RETRIES = 3;
export const RETRY_DELAY_MS = 10 * 60_000;
/** How long an address has to answer. */
export const DELIVERY_TIMEOUT_MS = 3_000;
/** How much of an answer is kept. */
export const EXCERPT_MAX = 500;

export type DeliveryStatus = 'delivered' | 'pending' | 'failed';

/** A 2xx answer delivers; no answer (null) or any other status does not. */
export const isDeliveredStatus = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/**
 * When the next automatic attempt is due after one that failed: 10 minutes after it while fewer than
 * 1 + 3 automatic attempts were made, else never (null). A resend by hand is not counted.
 */
export const nextAttemptAt = (automaticAttempts: number, lastAttemptMs: number): number | null => (automaticAttempts < 1 + RETRIES ? lastAttemptMs + RETRY_DELAY_MS : null);

/** A delivery's status: delivered once any attempt was answered 2xx; else pending while a retry is due; else failed. */
export function deliveryStatus(attempts: readonly { responseStatus: number | null }[], next: string | number | null): DeliveryStatus {
  if (attempts.some((attempt) => isDeliveredStatus(attempt.responseStatus))) return 'delivered';
  return next !== null ? 'pending' : 'failed';
}

/** The start of an answer kept with an attempt (at most 500 characters), null when there was none. */
export const excerptOf = (body: string | null | undefined): string | null => (body ? (body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX - 1)}…` : body) : null);

// ---- the signature ------------------------------------------------------------------------------

/**
 * Each delivery is signed as Stripe signs its webhooks: the header `X-Webhook-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`, one v1 per secret that
 * signs (two while a rotated secret overlaps). A receiver computes the HMAC with its secret and
 * compares it with each v1 in constant time, and refuses a timestamp more than 5 minutes away.
 */
export const SIGNATURE_HEADER = 'X-Webhook-Signature';
export const SIGNATURE_TOLERANCE_S = 300;

/** What is signed: the timestamp, a point, the body as sent. */
export const signedPayload = (timestamp: number, body: string): string => `${timestamp}.${body}`;

/** The header's value for a timestamp and the hex signatures (newest secret first). */
export const signatureHeader = (timestamp: number, signatures: readonly string[]): string => [`t=${timestamp}`, ...signatures.map((s) => `v1=${s}`)].join(',');

/** The header read back: its timestamp and v1 signatures; null when it is not one (no t, no v1, a part that is not key=value). */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return null;
      signatures.push(value);
    }
  }
  return timestamp !== null && signatures.length > 0 ? { timestamp, signatures } : null;
}

/** The timestamp is within the tolerance of the receiver's clock (either way). */
export const isTimestampFresh = (timestamp: number, nowSeconds: number, toleranceSeconds = SIGNATURE_TOLERANCE_S): boolean => Math.abs(nowSeconds - timestamp) <= toleranceSeconds;

/** What the webhook page gives to copy: a receiver's check in Node.js (no dependency). */
export const VERIFICATION_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the webhook's signing secret; header: the request's ${SIGNATURE_HEADER}; body: the raw body text.
export function verifyWebhook(secret, header, body, toleranceSeconds = ${SIGNATURE_TOLERANCE_S}) {
  const parts = Object.groupBy(header.split(','), (part) => part.split('=')[0]);
  const timestamp = Number(parts.t?.[0]?.slice(2));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${body}\`).digest();
  return (parts.v1 ?? []).some((part) => {
    const signature = Buffer.from(part.slice(3), 'hex');
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  });
}
`;
