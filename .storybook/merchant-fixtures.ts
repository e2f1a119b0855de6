import { fn } from 'storybook/test';
import { merchantKeys, type IpnMessage, type Logo, type SavedButton } from '@/entities/merchant';
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
