import { expect, fn, userEvent, within } from 'storybook/test';
import { hasMorePages } from '../machines/public-api/public-api.rules';
import type { AllowedIp, ApiKey, ApiRequest, DeliveryAttempt, LogPage, Webhook, WebhookRequest } from '../src/entities/public-api';
import type { QueryLike } from '../src/shared/ui';
import { fakeQuery } from './fixtures';

/**
 * The public API area's story data (issue 57): a business's API keys, allowed IP addresses and
 * webhooks as the service lists them, the requests made with the keys and the deliveries to the
 * webhooks (newest first, page by page), and the infinite reads the logs take. Every time is
 * measured from one fixed moment, `NOW`, which the stories pass to the views as `now`.
 */
export const CUSTOMER_ID = 10442;

/** The moment the stories' data is measured against: 30 Nov 2026, 12:00 UTC. */
export const NOW = Date.UTC(2026, 10, 30, 12, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

// ---- API keys -------------------------------------------------------------------------------------------

/** One key, on and never rolled (`expiresAt: null`: the service rolls keys, so Roll is offered). */
export function sampleApiKey(id: number, over: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    customerId: CUSTOMER_ID,
    name: `Key ${id}`,
    enabled: true,
    createdAt: at(NOW - 60 * DAY),
    lastUsedAt: at(NOW - 2 * MINUTE),
    expiresAt: null,
    secretLastFour: 'a9Qz',
    ...over,
  };
}

/**
 * Three keys: Production (on, used two minutes ago), Mobile app (rolled: its old secret works for 20
 * hours more, so it is "Expiring" and cannot be rolled again) and Staging (off, never used).
 */
export const demoApiKeys: ApiKey[] = [
  sampleApiKey(301, { name: 'Production' }),
  sampleApiKey(302, { name: 'Mobile app', createdAt: at(NOW - 200 * DAY), lastUsedAt: at(NOW - 20 * MINUTE), expiresAt: at(NOW + 20 * HOUR), secretLastFour: 'k3Lm' }),
  sampleApiKey(303, { name: 'Staging', enabled: false, createdAt: at(NOW - 10 * DAY), lastUsedAt: null, secretLastFour: 'Xw7p' }),
];
export const [PRODUCTION_KEY, ROLLED_KEY, OFF_KEY] = demoApiKeys as [ApiKey, ApiKey, ApiKey];

/** A key rolled three days ago whose old secret stopped working two days ago, and turned off: it cannot be turned back on. */
export const expiredApiKey: ApiKey = sampleApiKey(304, { name: 'Old integration', enabled: false, createdAt: at(NOW - 400 * DAY), lastUsedAt: at(NOW - 3 * DAY), expiresAt: at(NOW - 2 * DAY), secretLastFour: 'Pq2d' });

// ---- allowed IP addresses -------------------------------------------------------------------------------------

export function sampleAllowedIp(id: number, over: Partial<AllowedIp> = {}): AllowedIp {
  return { id, customerId: CUSTOMER_ID, name: `Address ${id}`, enabled: true, ipFrom: '203.0.113.7', ipTo: null, ...over };
}

/** Three entries: one IPv4 address (on), an IPv4 range (on) and one IPv6 address (off). */
export const demoAllowedIps: AllowedIp[] = [
  sampleAllowedIp(401, { name: 'Office', ipFrom: '203.0.113.7' }),
  sampleAllowedIp(402, { name: 'Data centre', ipFrom: '198.51.100.0', ipTo: '198.51.100.255' }),
  sampleAllowedIp(403, { name: 'Home', enabled: false, ipFrom: '2001:db8::1' }),
];

// ---- webhooks -----------------------------------------------------------------------------------------------

/** One webhook, on, with its signing secret's last four (the service rotates secrets, so New signing secret is offered). */
export function sampleWebhook(id: number, over: Partial<Webhook> = {}): Webhook {
  return {
    id,
    customerId: CUSTOMER_ID,
    name: `Webhook ${id}`,
    url: `https://shop.example/hooks/${id}`,
    enabled: true,
    createdAt: at(NOW - 30 * DAY),
    secretLastFour: 'Wq4e',
    previousSecretExpiresAt: null,
    ...over,
  };
}

/** Two webhooks: Orders (on; its secret was replaced and the old one still signs for 6 hours) and Accounting (off). */
export const demoWebhooks: Webhook[] = [
  sampleWebhook(501, { name: 'Orders', url: 'https://shop.example/hooks/orders', previousSecretExpiresAt: at(NOW + 6 * HOUR) }),
  sampleWebhook(502, { name: 'Accounting', url: 'https://books.example/paybank/webhook', enabled: false, secretLastFour: 'Jx7c' }),
];
export const [ORDERS_WEBHOOK, ACCOUNTING_WEBHOOK] = demoWebhooks as [Webhook, Webhook];

// ---- the API log -----------------------------------------------------------------------------------------------

const CALLS = [
  { method: 'POST', path: '/v1/transfers', status: 201 },
  { method: 'GET', path: '/v1/accounts', status: 200 },
  { method: 'GET', path: '/v1/transfers/88120', status: 200 },
  { method: 'POST', path: '/v1/invoices', status: 422 },
  { method: 'GET', path: '/v1/balance', status: 401 },
  { method: 'POST', path: '/v1/transfers', status: 500 },
  { method: 'DELETE', path: '/v1/invoices/4410', status: 204 },
] as const;
const ADDRESSES = ['203.0.113.7', '198.51.100.23', '2001:db8::1'] as const;

/**
 * `count` requests, newest first, the same every time: ids from 880000 down, one every 7 minutes
 * back from NOW, a mix of calls and statuses (2xx, 4xx, 5xx), made with the demo keys from the
 * allowed addresses. Every third names no key name (the view finds it among the keys), every fifth
 * has no duration.
 */
export function demoApiRequests(count: number, firstId = 880_000): ApiRequest[] {
  return Array.from({ length: count }, (_, i) => {
    const call = CALLS[i % CALLS.length]!;
    const key = demoApiKeys[i % demoApiKeys.length]!;
    return {
      id: firstId - i,
      apiKeyId: key.id,
      ...(i % 3 === 2 ? {} : { apiKeyName: key.name }),
      createdAt: at(NOW - (i + 1) * 7 * MINUTE),
      method: call.method,
      path: call.path,
      responseStatus: call.status,
      ipAddress: ADDRESSES[i % ADDRESSES.length]!,
      ...(i % 5 === 4 ? {} : { durationMs: 40 + ((i * 37) % 300) }),
    };
  });
}

// ---- the webhook log ---------------------------------------------------------------------------------------------

const attempt = (ms: number, responseStatus: number | null, over: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  at: at(ms),
  responseStatus,
  durationMs: responseStatus === null ? 3000 : 120,
  responseExcerpt: responseStatus === null ? null : responseStatus < 300 ? '{"ok":true}' : 'Service Unavailable',
  ...over,
});

/** The body posted for an event. */
const payloadOf = (id: number, eventType: WebhookRequest['eventType'], created: number) =>
  JSON.stringify(
    eventType === 'transfer.incoming'
      ? { id: `evt_${id}`, type: eventType, created: Math.floor(created / 1000), data: { transferId: 88000 + id, amount: '125.00', currencyCode: 'EUR', from: 'Anna Berg' } }
      : { id: `evt_${id}`, type: eventType, created: Math.floor(created / 1000), data: { transactionId: 70009000 + id, amount: '24.90', currencyCode: 'EUR', status: 'completed' } },
    null,
    2,
  );

/**
 * Delivery `i` (0 the newest) of the demo webhooks, in a repeating pattern of three:
 * - delivered at the first try (answered 200);
 * - retrying: not answered, then answered 503; the next try 10 minutes after the last;
 * - failed: the four automatic tries not delivered (503, no answer, 500, 503), then sent again by
 *   hand and still answered 503.
 */
export function demoDelivery(i: number, firstId = 7700): WebhookRequest {
  const id = firstId - i;
  const created = NOW - (i + 1) * 25 * MINUTE;
  const webhook = demoWebhooks[i % 2 === 0 ? 0 : 1]!;
  const eventType: WebhookRequest['eventType'] = i % 2 === 0 ? 'transfer.incoming' : 'ipn.created';
  const base = { id, webhookId: webhook.id, webhookName: webhook.name, url: webhook.url, eventType, createdAt: at(created), payload: payloadOf(id, eventType, created) };
  switch (i % 3) {
    case 0:
      return { ...base, status: 'delivered', nextAttemptAt: null, attempts: [attempt(created + 1000, 200)] };
    case 1:
      return { ...base, status: 'pending', nextAttemptAt: at(created + 20 * MINUTE + 1000), attempts: [attempt(created + 1000, null), attempt(created + 10 * MINUTE + 1000, 503)] };
    default:
      return {
        ...base,
        status: 'failed',
        nextAttemptAt: null,
        attempts: [
          attempt(created + 1000, 503),
          attempt(created + 10 * MINUTE + 1000, null),
          attempt(created + 20 * MINUTE + 1000, 500, { responseExcerpt: 'Internal Server Error' }),
          attempt(created + 30 * MINUTE + 1000, 503),
          attempt(created + 40 * MINUTE + 1000, 503, { manual: true }),
        ],
      };
  }
}

/** `count` deliveries, newest first (see demoDelivery). */
export const demoDeliveries = (count: number, firstId = 7700): WebhookRequest[] => Array.from({ length: count }, (_, i) => demoDelivery(i, firstId));

/** A delivery as a service that keeps no attempts answers it (no Resend offered): only the body sent. */
export const deliveryWithoutAttempts = (i: number): WebhookRequest => {
  const { attempts: _attempts, ...rest } = demoDelivery(i);
  return rest;
};

// ---- infinite reads -------------------------------------------------------------------------------------------

/** What the logs' views take: a query's state with its pages, whether more are left, and the next page's read. */
export type InfiniteRead<T> = QueryLike & {
  data?: { pages: LogPage<T>[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** `rows` cut into pages of `size`, the first `loaded` of them read; each but the last names a next cursor. */
export function pagesOf<T>(rows: readonly T[], size: number, loaded = Math.max(1, Math.ceil(rows.length / size))): LogPage<T>[] {
  const count = Math.max(1, Math.ceil(rows.length / size));
  return Array.from({ length: Math.min(loaded, count) }, (_, page) => ({
    items: rows.slice(page * size, (page + 1) * size),
    nextCursor: page < count - 1 ? `cursor-${page + 1}` : null,
  }));
}

/** A read that has these pages: more while the last page names a next cursor; `fetchNextPage` records each press. */
export function infiniteRead<T>(pages: LogPage<T>[], over: Partial<InfiniteRead<T>> = {}): InfiniteRead<T> {
  return { ...fakeQuery({ data: { pages } }), hasNextPage: hasMorePages(pages), isFetchingNextPage: false, fetchNextPage: fn(), ...over };
}

/** The first page still being read. */
export const pendingInfiniteRead = <T>(): InfiniteRead<T> => infiniteRead<T>([], { ...fakeQuery({ isPending: true }), data: undefined, hasNextPage: false });

/** The first read failed. */
export const failedInfiniteRead = <T>(error: unknown = new Error('down')): InfiniteRead<T> => infiniteRead<T>([], { ...fakeQuery({ isError: true, error }), data: undefined, hasNextPage: false });

/**
 * The plays of a list whose read is injected (`args.read`): Loading shows the heading and its
 * progress and no list; a failed read says `title` with Try again, which reads again.
 */
export const loadingPlay =
  (heading: (canvasElement: HTMLElement) => Promise<unknown>) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await heading(canvasElement);
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  };

export const failedReadPlay =
  (title: string) =>
  async ({ canvasElement, args }: { canvasElement: HTMLElement; args: { read: { refetch: () => unknown } } }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(title);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.read.refetch).toHaveBeenCalledTimes(1);
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  };
