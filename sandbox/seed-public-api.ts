import type { DatabaseSync } from 'node:sqlite';
import { RETRY_DELAY_MS } from '../machines/public-api/public-api.rules.ts';
import { customerById } from './kernel/customers.ts';
import { API_KEY_PREFIX, insertAllowedIp, insertApiKey, insertWebhook, publicApiWriter, removePublicApiData, WEBHOOK_SECRET_PREFIX, type SeededDelivery } from './public-api-store.ts';
import { mulberry32 } from './seed-history.ts';
import { MERCHANT_LOCAL } from './seed-merchant.ts';

/**
 * The public API area as seeded (sandbox/public-api-store.ts), relative to the seed's clock (`now`)
 * and drawn from a seeded PRNG (mulberry32 of the customer id), so a fresh seed is always the same
 * for the same clock. In every brand, merchant@ ("Copper Kettle <n> Ltd") has:
 *   - API keys, oldest first: "Old production" (made 120 days ago, rolled 6 days 4 hours ago with
 *     7 days' overlap: it expires in 20 hours, rolled to "Production"), "Staging" (off since 12
 *     days ago), "Production" (on, the roll's new key, used 7 minutes ago). Their secrets are
 *     known (seededKeySecret: the "Production" key's is sk_sandbox_demoProductionbrand1000000000000
 *     in brand1), so a test can call the public API with them.
 *   - webhooks: "Orders" (https://shop.example.com/hooks/orders, on) and "Accounting"
 *     (https://books.example.com/hooks, off), both addresses the sandbox never contacts.
 *   - allowed IPs: "Office" 198.51.100.0 to 198.51.100.255 (on), "Sandbox host" 127.0.0.1 (on), "Old
 *     office" 203.0.113.7 (off).
 *   - the API request log: 1,000 requests in brand1, 120 in the other brands (SEEDED_API_REQUESTS),
 *     over the last 30 days with the key of the time (Old production before the roll, mostly
 *     Production after it, Staging now and then: 401 once it was off); mostly 200, some 400, 404,
 *     429 and 500, and 403 from addresses outside the allowed ranges (203.0.113.x, 192.0.2.x);
 *     the others from the office range or 127.0.0.1.
 *   - the webhook request log: 300 deliveries in brand1, 45 in the others (SEEDED_DELIVERIES),
 *     over the last 30 days (transfer.incoming and ipn.created, to Orders, and to Accounting while
 *     it was on): 80 % delivered at the first attempt, 10 % after 1 to 3 failed ones (500, 502,
 *     503 or no answer in 3 s), the rest failed after 1 + 3 attempts (a quarter of those resent by
 *     hand a day later and delivered); the newest few (SEEDED_PENDING) pending, each with 1 to 3
 *     failed attempts and its next one due within 10 minutes of the seed.
 *   - merchant-new@ and everyone else: nothing.
 * Ids are the customer's id × 10 + n (keys, webhooks, allowed IPs), × 10,000 + n (API requests),
 * × 1,000 + n (deliveries and their events): the same in every seed and again after POST
 * /__sandbox/sign-in-state of merchant@ (restorePublicApi); rows made later take ids after them.
 */

export const SEEDED_API_REQUESTS: Readonly<Record<string, number>> = { brand1: 1000 };
export const OTHER_BRANDS_API_REQUESTS = 120;
export const SEEDED_DELIVERIES: Readonly<Record<string, number>> = { brand1: 300 };
export const OTHER_BRANDS_DELIVERIES = 45;
export const SEEDED_PENDING: Readonly<Record<string, number>> = { brand1: 6 };
export const OTHER_BRANDS_PENDING = 2;

export const apiRequestCountOf = (brand: string): number => SEEDED_API_REQUESTS[brand] ?? OTHER_BRANDS_API_REQUESTS;
export const deliveryCountOf = (brand: string): number => SEEDED_DELIVERIES[brand] ?? OTHER_BRANDS_DELIVERIES;
export const pendingCountOf = (brand: string): number => SEEDED_PENDING[brand] ?? OTHER_BRANDS_PENDING;

export type SeededKey = 'production' | 'staging' | 'oldProduction';
const KEY_WORDS: Record<SeededKey, string> = { production: 'demoProduction', staging: 'demoStaging', oldProduction: 'demoOldProduction' };
/** merchant@'s key secrets in a brand: the format's 32 base62 characters after the prefix, padded with zeros. */
export const seededKeySecret = (brand: string, key: SeededKey): string => `${API_KEY_PREFIX}${`${KEY_WORDS[key]}${brand}`.padEnd(32, '0')}`;
/** merchant@'s webhooks' signing secrets in a brand. */
export const seededWebhookSecret = (brand: string, hook: 'orders' | 'accounting'): string => `${WEBHOOK_SECRET_PREFIX}${`demo${hook === 'orders' ? 'Orders' : 'Accounting'}${brand}`.padEnd(32, '0')}`;

export const ORDERS_URL = 'https://shop.example.com/hooks/orders';
export const ACCOUNTING_URL = 'https://books.example.com/hooks';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number): string => new Date(ms).toISOString();

/** When the old production key was rolled (7 days' overlap: it expires 20 hours after the seed). */
const ROLLED_AGO = 6 * DAY + 4 * HOUR;
const STAGING_OFF_AGO = 12 * DAY;

const PATHS: readonly (readonly [string, (n: number) => string])[] = [
  ['GET', () => '/v1/balance'],
  ['GET', () => '/v1/accounts'],
  ['GET', () => '/v1/transactions'],
  ['GET', (n) => `/v1/transactions/${70_000_000 + n}`],
  ['POST', () => '/v1/transfers'],
  ['GET', (n) => `/v1/transfers/${40_000_000 + n}`],
  ['POST', () => '/v1/payouts'],
];
const OUTSIDE = ['203.0.113.24', '203.0.113.87', '192.0.2.15'] as const;
const FAILED_STATUSES = [500, 502, 503, null, 500, null] as const;
const CURRENCIES = ['USD', 'EUR', 'RON'] as const;

function writeSeeded(db: DatabaseSync, customerId: number, brand: string, now: number): void {
  const random = mulberry32(customerId * 48_271 + 57);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

  // Keys: the old production key, staging, and production (the roll's new key).
  const keyId = (n: number) => customerId * 10 + n;
  insertApiKey(db, customerId, {
    id: keyId(1),
    name: 'Old production',
    enabled: true,
    secret: seededKeySecret(brand, 'oldProduction'),
    createdAt: at(now - 120 * DAY),
    expiresAt: at(now - ROLLED_AGO + 7 * DAY),
    lastUsedAt: at(now - 2 * HOUR),
    rolledToId: keyId(3),
  });
  insertApiKey(db, customerId, { id: keyId(2), name: 'Staging', enabled: false, secret: seededKeySecret(brand, 'staging'), createdAt: at(now - 45 * DAY), lastUsedAt: at(now - STAGING_OFF_AGO - 3 * HOUR) });
  insertApiKey(db, customerId, { id: keyId(3), name: 'Production', enabled: true, secret: seededKeySecret(brand, 'production'), createdAt: at(now - ROLLED_AGO), lastUsedAt: at(now - 7 * MINUTE) });

  insertWebhook(db, customerId, { name: 'Orders', enabled: true, url: ORDERS_URL }, seededWebhookSecret(brand, 'orders'), at(now - 60 * DAY), keyId(1));
  insertWebhook(db, customerId, { name: 'Accounting', enabled: false, url: ACCOUNTING_URL }, seededWebhookSecret(brand, 'accounting'), at(now - 25 * DAY), keyId(2));

  insertAllowedIp(db, customerId, { name: 'Office', enabled: true, ipFrom: '198.51.100.0', ipTo: '198.51.100.255' }, at(now - 100 * DAY), keyId(1));
  insertAllowedIp(db, customerId, { name: 'Sandbox host', enabled: true, ipFrom: '127.0.0.1', ipTo: null }, at(now - 99 * DAY), keyId(2));
  insertAllowedIp(db, customerId, { name: 'Old office', enabled: false, ipFrom: '203.0.113.7', ipTo: null }, at(now - 30 * DAY), keyId(3));

  const write = publicApiWriter(db);
  const keys = { old: { id: keyId(1), name: 'Old production' }, staging: { id: keyId(2), name: 'Staging' }, production: { id: keyId(3), name: 'Production' } };

  // The API request log, oldest first over the last 30 days.
  const requests = apiRequestCountOf(brand);
  for (let n = 1; n <= requests; n += 1) {
    const created = now - 30 * DAY + Math.floor(((n - 0.5) / requests) * (30 * DAY - 10 * MINUTE)) + between(0, 59_000);
    const r = random();
    const key = r < 0.08 ? keys.staging : created < now - ROLLED_AGO || r < 0.2 ? keys.old : keys.production;
    const roll = random();
    const status = key === keys.staging && created >= now - STAGING_OFF_AGO ? 401 : roll < 0.86 ? 200 : roll < 0.9 ? 400 : roll < 0.93 ? 404 : roll < 0.95 ? 429 : roll < 0.96 ? 500 : 403;
    const [method, path] = pick(PATHS);
    write.apiRequest({
      id: customerId * 10_000 + n,
      customerId,
      apiKeyId: key.id,
      apiKeyName: key.name,
      method,
      path: path(n),
      responseStatus: status,
      ipAddress: status === 403 ? pick(OUTSIDE) : random() < 0.8 ? `198.51.100.${between(1, 254)}` : '127.0.0.1',
      createdAt: at(created),
      durationMs: status === 200 ? between(20, 380) : status === 500 ? between(100, 1500) : between(2, 30),
    });
  }

  // The webhook request log, oldest first; the newest few pending.
  const hooks = { orders: { id: keyId(1), name: 'Orders', url: ORDERS_URL }, accounting: { id: keyId(2), name: 'Accounting', url: ACCOUNTING_URL } };
  const deliveries = deliveryCountOf(brand);
  const pending = pendingCountOf(brand);
  const settled = deliveries - pending;
  for (let n = 1; n <= deliveries; n += 1) {
    const j = n - settled - 1;
    // A pending one: 1 to 3 failed attempts 10 minutes apart, the last 3 + j minutes ago (the next one due within 10 minutes).
    const failedSoFar = 1 + (j % 3);
    const created = j >= 0 ? now - ((failedSoFar - 1) * 10 + 3 + j) * MINUTE : now - 30 * DAY + Math.floor(((n - 0.5) / settled) * (30 * DAY - 2 * HOUR)) + between(0, 59_000);
    const hook = created > now - 25 * DAY && created < now - 5 * DAY && random() < 0.35 ? hooks.accounting : hooks.orders;
    const type = random() < 0.6 ? 'transfer.incoming' : 'ipn.created';
    const data = {
      amount: `${between(5, 900)}.${String(between(0, 99)).padStart(2, '0')}`,
      currencyCode: pick(CURRENCIES),
      payerEmail: `payer${n}@example.com`,
      ...(type === 'ipn.created' ? { paymentStatus: 'completed' } : {}),
    };
    const attempts: SeededDelivery['attempts'] = [];
    const fail = (i: number) => {
      const status = pick(FAILED_STATUSES);
      attempts.push({ at: at(created + 400 + i * RETRY_DELAY_MS), status, durationMs: status === null ? 3_000 : between(30, 900), excerpt: status === null ? null : status === 500 ? 'Internal Server Error' : status === 502 ? 'Bad Gateway' : 'Service Unavailable', manual: false });
    };
    const deliver = (i: number, manual = false, ms = created + 400 + i * RETRY_DELAY_MS) => {
      attempts.push({ at: at(ms), status: 200, durationMs: between(40, 600), excerpt: '{"ok":true}', manual });
    };
    let nextAttemptAt: string | null = null;
    if (j >= 0) {
      for (let i = 0; i < failedSoFar; i += 1) fail(i);
      nextAttemptAt = at(created + 400 + failedSoFar * RETRY_DELAY_MS);
    } else {
      const outcome = random();
      if (outcome < 0.8) deliver(0);
      else if (outcome < 0.9) {
        const failures = between(1, 3);
        for (let i = 0; i < failures; i += 1) fail(i);
        deliver(failures);
      } else {
        for (let i = 0; i < 4; i += 1) fail(i);
        if (random() < 0.25 && created < now - 2 * DAY) deliver(0, true, created + DAY);
      }
    }
    write.delivery({ id: customerId * 1000 + n, customerId, webhookId: hook.id, webhookName: hook.name, url: hook.url, type, data, createdAt: at(created), nextAttemptAt, attempts });
  }
}

const isMerchant = (login: string, brand: string): boolean => login === `${MERCHANT_LOCAL}@${brand}.test`;

/** merchant@'s public API area in every brand; ids of rows made later start after the seeded ones. */
export function seedPublicApi(db: DatabaseSync, now: number): void {
  db.prepare("DELETE FROM sqlite_sequence WHERE name IN ('pa_webhooks', 'pa_api_keys', 'pa_allowed_ips', 'pa_api_requests', 'pa_events', 'pa_webhook_requests', 'pa_delivery_attempts')").run();
  const rows = db.prepare('SELECT id, brand, login FROM customers ORDER BY id').all() as { id: number; brand: string; login: string }[];
  for (const row of rows) if (isMerchant(row.login, row.brand)) writeSeeded(db, row.id, row.brand, now);
}

/** A customer's public API area as seeded (POST /__sandbox/sign-in-state): theirs goes; merchant@'s comes back. */
export function restorePublicApi(db: DatabaseSync, customerId: number, now: number): void {
  const row = customerById(db, customerId);
  if (!row) return;
  removePublicApiData(db, customerId);
  if (isMerchant(row.login, row.brand)) writeSeeded(db, customerId, row.brand, now);
}
