import { fn } from 'storybook/test';
import type { Account } from '@/entities/account';
import { merchantKeys, type IpnMessage, type Logo, type SavedButton } from '@/entities/merchant';
import type { IdentityVerification, Installment, ReputationEntry, Subscription } from '@/entities/merchant';
import type { IpnMessagesRead } from '@/pages/merchant';
import { jsonReply, methodOf } from './fake-fetch';
import { fakeQuery } from './fixtures';
import { sampleUpload } from './sample-files';

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

/**
 * The business logos and saved buttons of a shop (issue 55): logos with their image links (the
 * documents service's `/files/{id}`), each image seeded as a real PNG blob under the key the
 * LogoImage query reads (`logoImagesSeed`), and saved buttons of both kinds.
 */
export function sampleLogo(n: number, over: Partial<Logo> = {}): Logo {
  return {
    id: 300 + n,
    name: `Logo ${n}`,
    file: `/files/logo-${n}`,
    isDefault: n === 1,
    mimeType: 'image/png',
    size: 82,
    createdAt: new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 86_400_000).toISOString(),
    ...over,
  };
}

/** Three logos, the first the default. */
export const demoLogos: Logo[] = [sampleLogo(1, { name: 'Roastery mark' }), sampleLogo(2, { name: 'Winter market' }), sampleLogo(3, { name: 'Gift cards' })];

/** `parameters.queryData` entries: each logo's image, a real 1 × 1 PNG, already read. */
export const logoImagesSeed = (logos: readonly Pick<Logo, 'file'>[]): [readonly unknown[], unknown][] => logos.map((logo) => [merchantKeys.logoImage(logo.file), sampleUpload.png(`${logo.file.split('/').pop()}.png`)]);

/** Saved button `n` (id 500 + n), a buy-now one for 24.90 EUR unless told otherwise. */
export function sampleButton(n: number, over: Partial<SavedButton> = {}): SavedButton {
  return {
    id: 500 + n,
    name: `Button ${n}`,
    buttonType: 'buyNow',
    itemName: `Item ${n}`,
    amount: '24.90',
    currencyCode: 'EUR',
    logoId: null,
    returnUrl: null,
    cancelUrl: null,
    createdAt: new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 86_400_000).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 86_400_000).toISOString(),
    ...over,
  };
}

/** A buy-now button with its amount, a donation without one (the payer chooses), and one showing a logo (demoLogos[1]). */
export const demoButtons: SavedButton[] = [
  sampleButton(1, { name: 'Coffee beans 1 kg', itemName: 'Arabica coffee beans, 1 kg', amount: '24.90', returnUrl: 'https://shop.example/thanks', cancelUrl: 'https://shop.example/cart' }),
  sampleButton(2, { name: 'Support the roastery', buttonType: 'donate', itemName: 'A gift to the roastery', amount: null }),
  sampleButton(3, { name: 'Tasting workshop', itemName: 'Tasting workshop ticket', amount: '150', currencyCode: 'RON', logoId: demoLogos[1]!.id }),
];

/**
 * Merchant tools, 2 of 2 (issue 56): subscriptions and their installments, identity checks, the
 * accounts that may (or may not) pay a check's fee, and reputation entries about payers.
 */

/** Subscription `n` (id 800 + n): an active monthly one of 9.99 EUR, 3 paid, running until cancelled, unless told otherwise. */
export function sampleSubscription(n: number, over: Partial<Subscription> = {}): Subscription {
  return {
    subscriptionId: 800 + n,
    payerName: `Payer ${n}`,
    payerEmail: `payer${n}@example.com`,
    itemName: 'Coffee club',
    amount: '9.99',
    currencyCode: 'EUR',
    frequency: 'monthly',
    installmentsPaid: 3,
    installmentsTotal: null,
    paidTotal: '29.97',
    status: 'active',
    startedAt: new Date(Date.UTC(2026, 7, 1, 9, 0) + n * 3_600_000).toISOString(),
    nextPaymentAt: '2026-12-01T09:00:00Z',
    cancelledAt: null,
    ...over,
  };
}

/** An active monthly subscription until cancelled, a completed one of 6, a cancelled weekly one and an active yearly one of 3. */
export const demoSubscriptions: Subscription[] = [
  sampleSubscription(1, { payerName: 'Anna Berg', payerEmail: 'anna.berg@example.com', itemName: 'Coffee club' }),
  sampleSubscription(2, { payerName: 'Radu Ionescu', payerEmail: 'radu@example.com', itemName: 'Tasting course', amount: '25', installmentsPaid: 6, installmentsTotal: 6, paidTotal: '150.00', status: 'completed', nextPaymentAt: null }),
  sampleSubscription(3, { payerName: 'Maria Costa', payerEmail: 'maria.costa@example.com', itemName: 'Weekly beans', amount: '12.50', frequency: 'weekly', installmentsPaid: 2, installmentsTotal: null, paidTotal: '25.00', status: 'cancelled', nextPaymentAt: null, cancelledAt: '2026-11-20T10:00:00Z' }),
  sampleSubscription(4, { payerName: 'Jonas Weber', payerEmail: 'jonas.weber@example.com', itemName: 'Roastery membership', amount: '99', currencyCode: 'RON', frequency: 'yearly', installmentsPaid: 1, installmentsTotal: 3, paidTotal: '99.00', nextPaymentAt: '2027-08-01T09:00:00Z' }),
];

/** Installment `number` of a subscription (id subscriptionId × 100 + number), due on the first of a month of 2026. */
export function sampleInstallment(subscription: Pick<Subscription, 'subscriptionId' | 'amount' | 'currencyCode'>, number: number, status: Installment['status']): Installment {
  const dueDate = `2026-${String(8 + number).padStart(2, '0')}-01`;
  return {
    id: subscription.subscriptionId * 100 + number,
    number,
    dueDate,
    amount: subscription.amount,
    currencyCode: subscription.currencyCode,
    status,
    paidAt: status === 'paid' ? `${dueDate}T09:00:05Z` : null,
  };
}

/** `parameters.queryData` entries: each subscription's installments, already read. */
export const installmentsSeed = (entries: readonly [Subscription, Installment[]][]): [readonly unknown[], unknown][] => entries.map(([subscription, installments]) => [merchantKeys.installments(subscription.subscriptionId), installments]);

/** The installments of demoSubscriptions: Anna Berg's 3 paid and the next scheduled; Maria Costa's 2 paid, one failed and the rest not taken. */
export const demoInstallments: [Subscription, Installment[]][] = [
  [demoSubscriptions[0]!, [1, 2, 3].map((n) => sampleInstallment(demoSubscriptions[0]!, n, 'paid')).concat(sampleInstallment(demoSubscriptions[0]!, 4, 'scheduled'))],
  [demoSubscriptions[2]!, [sampleInstallment(demoSubscriptions[2]!, 1, 'paid'), sampleInstallment(demoSubscriptions[2]!, 2, 'paid'), sampleInstallment(demoSubscriptions[2]!, 3, 'failed'), sampleInstallment(demoSubscriptions[2]!, 4, 'cancelled')]],
];

const merchantAccount = { customerId: 10, accountStatusId: 1 } as const;

/**
 * The accounts a check's fee may come from, and some it may not: open payment accounts in EUR and
 * RON (offered); a USDT payment account (crypto: never offered), a closed EUR payment account and
 * a EUR receiving account (not payment accounts that are open: never offered).
 */
export const identityAccounts: Account[] = [
  { ...merchantAccount, accountId: 1101, type: 1001, currencyCode: 'EUR', balance: '480.00' },
  { ...merchantAccount, accountId: 1102, type: 1001, currencyCode: 'RON', balance: '1250.00' },
  { ...merchantAccount, accountId: 1103, type: 1001, currencyCode: 'USDT', balance: '250.12345678' },
  { ...merchantAccount, accountId: 1104, type: 1001, currencyCode: 'EUR', balance: '75.00', accountStatusId: 11 },
  { ...merchantAccount, accountId: 1105, type: 4002, currencyCode: 'EUR', balance: '30.00' },
];

/** Identity check `n` (id 950 + n) of Anna Berg, invited, with a fee of 2.50 EUR from account 1101, unless told otherwise. */
export function sampleVerification(n: number, over: Partial<IdentityVerification> = {}): IdentityVerification {
  const createdAt = new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 86_400_000).toISOString();
  return {
    id: 950 + n,
    firstName: 'Anna',
    lastName: 'Berg',
    email: 'anna.berg@example.com',
    countryCode: 'DE',
    reference: null,
    status: 'invited',
    accountId: 1101,
    fee: { accountId: 1101, amount: '2.50', currencyCode: 'EUR' },
    createdAt,
    updatedAt: createdAt,
    ...over,
  };
}

/** A check in each status, newest first; two with a reference, one paid from the RON account. */
export const demoVerifications: IdentityVerification[] = [
  sampleVerification(1, { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com', status: 'invited', reference: 'ORDER-1042' }),
  sampleVerification(2, { firstName: 'Radu', lastName: 'Ionescu', email: 'radu@example.com', countryCode: 'RO', status: 'inProgress', accountId: 1102, fee: { accountId: 1102, amount: '12.50', currencyCode: 'RON' } }),
  sampleVerification(3, { firstName: 'Maria', lastName: 'Costa', email: 'maria.costa@example.com', status: 'approved', reference: 'CUST-77' }),
  sampleVerification(4, { firstName: 'Jonas', lastName: 'Weber', email: 'jonas.weber@example.com', status: 'declined' }),
  sampleVerification(5, { firstName: 'Elena', lastName: 'Popa', email: 'elena.popa@example.com', countryCode: 'RO', status: 'expired' }),
];

/** Reputation entry `n` (id 4000 + n) about an e-mail, reported on a day of November 2026. */
export function sampleReputationEntry(n: number, email: string, eventType: ReputationEntry['eventType'], over: Partial<ReputationEntry> = {}): ReputationEntry {
  return {
    id: 4000 + n,
    email,
    eventType,
    amount: null,
    currencyCode: null,
    reportedAt: new Date(Date.UTC(2026, 10, 30, 12, 0) - n * 86_400_000).toISOString(),
    ...over,
  };
}
