import { fn } from 'storybook/test';
import type { IpnMessage } from '@/entities/merchant';
import type { IpnMessagesRead } from '@/pages/merchant';
import { jsonReply, methodOf } from './fake-fetch';
import { fakeQuery } from './fixtures';

/**
 * The merchant area's story data (issue 55): IPN messages of a shop, the messages' read as the IPN
 * history takes it (pages of 25, "more" while pageSize × pageNumber is at most the total), and a
 * fake merchant service answering a message's details and its confirmation.
 */
const STATUSES: IpnMessage['paymentStatus'][] = ['completed', 'completed', 'pending', 'failed', 'refunded'];

/** Message `n` (1 the newest): a payment, where it went and what it answered. */
export function ipnMessage(n: number, over: Partial<IpnMessage> = {}): IpnMessage {
  const delivered = n % 4 !== 0;
  return {
    id: 9000 + n,
    transactionId: 70009000 + n,
    createdAt: new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 3_600_000).toISOString(),
    amount: `${(n * 7) % 200}.${String((n * 13) % 100).padStart(2, '0')}`,
    currencyCode: n % 3 === 0 ? 'USD' : 'EUR',
    payerEmail: `buyer${n}@example.com`,
    paymentStatus: STATUSES[n % STATUSES.length]!,
    notifyUrl: 'https://shop.example/ipn',
    deliveryStatus: delivered ? 'delivered' : 'failed',
    attempts: 1,
    lastAttemptAt: new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 3_600_000 + 2000).toISOString(),
    responseStatus: delivered ? 200 : 503,
    confirmed: n % 5 === 0,
    confirmedAt: n % 5 === 0 ? new Date(Date.UTC(2026, 10, 30, 13, 0) - n * 3_600_000).toISOString() : null,
    ...over,
  };
}

/** Pages of 25 of `total` messages, `loaded` of them read. */
export function ipnRead(total: number, loaded: number, over: Partial<IpnMessagesRead> = {}): IpnMessagesRead {
  const pages = Array.from({ length: loaded }, (_, page) => ({
    total,
    messages: Array.from({ length: Math.max(0, Math.min(25, total - page * 25)) }, (_, i) => ipnMessage(page * 25 + i + 1)),
  }));
  return {
    ...fakeQuery({ data: { pages } }),
    hasNextPage: 25 * loaded <= total,
    isFetchingNextPage: false,
    fetchNextPage: fn(),
    ...over,
  };
}

/** The fake merchant service: a message's details (its posted body) and confirmations, recorded. */
export const merchantService = {
  confirms: [] as number[],
  failConfirm: false,
  reset() {
    merchantService.confirms = [];
    merchantService.failConfirm = false;
  },
};

const bodyOf = async (input: RequestInfo | URL): Promise<Record<string, unknown>> => {
  if (!(input instanceof Request)) return {};
  const text = await input.clone().text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

export const merchantServiceFetch: typeof fetch = async (input) => {
  const method = methodOf(input);
  const body = await bodyOf(input);
  const id = Number(body.id);
  const n = id - 9000;
  switch (method) {
    case 'ipnMessageGet':
      return jsonReply({ responseCode: '00', ipnMessage: { ...ipnMessage(n), payload: JSON.stringify({ transactionId: 70009000 + n, amount: ipnMessage(n).amount, currencyCode: ipnMessage(n).currencyCode, status: ipnMessage(n).paymentStatus }, null, 2) } });
    case 'ipnMessageConfirm':
      merchantService.confirms.push(id);
      if (merchantService.failConfirm) return jsonReply({ responseCode: 'UE', responseDescription: 'The service is not available' }, 500);
      return jsonReply({ responseCode: '00', ipnMessage: { ...ipnMessage(n), confirmed: true, confirmedAt: '2026-11-30T14:00:00Z' } });
    default:
      return jsonReply({ responseCode: 'UE', responseDescription: 'Not in this story' }, 500);
  }
};
