import type { MainSchemas } from '@/shared/api';
import type { CardOffer } from '@/entities/card';

/** An offer as one choice: network|applyType|currency|virtual. */
export const offerKey = (o: CardOffer): string => `${o.cardNetwork}|${o.applyType}|${o.currencyCode}|${o.cardIsVirtual ? 1 : 0}`;

export function offerFromKey(key: string): { cardNetwork: MainSchemas['CardNetwork']; applyType: 1 | 2; currencyCode: string; cardIsVirtual: boolean } | null {
  const [network, type, currencyCode, virtual] = key.split('|');
  if (!network || !currencyCode || (type !== '1' && type !== '2')) return null;
  return { cardNetwork: network as MainSchemas['CardNetwork'], applyType: type === '2' ? 2 : 1, currencyCode, cardIsVirtual: virtual === '1' };
}

export const NETWORK_NAMES: Record<string, string> = { MC: 'Mastercard', UPI: 'UnionPay', VISA: 'Visa' };
