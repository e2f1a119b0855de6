import { DECIMAL_AMOUNT, normalizeAmount } from '../shared/amount';

/**
 * The preapproved payments' filter as the address keeps it (001 s3), cleaned by the route before
 * any page loads: small and free of messages, as it is part of every page's first load. The other
 * preapproved rules are in preapproved.logic.ts.
 */
export const PREAPPROVED_TYPES = ['p2p', 'betweenAccounts'] as const;
export type PreapprovedType = (typeof PREAPPROVED_TYPES)[number];

export interface PreapprovedSearch {
  beneficiaryEmail?: string;
  type?: PreapprovedType;
  fromAmount?: string;
  toAmount?: string;
}

/** The filter from the address: known fields only, trimmed, a type of the set, amounts as exact decimals. */
export function cleanPreapprovedSearch(raw: Record<string, unknown>): PreapprovedSearch {
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : typeof raw[key] === 'number' ? String(raw[key]) : '');
  const out: PreapprovedSearch = {};
  const email = text('beneficiaryEmail').slice(0, 254);
  if (email) out.beneficiaryEmail = email;
  const type = text('type');
  if ((PREAPPROVED_TYPES as readonly string[]).includes(type)) out.type = type as PreapprovedType;
  const from = normalizeAmount(text('fromAmount'));
  if (DECIMAL_AMOUNT.test(from)) out.fromAmount = from;
  const to = normalizeAmount(text('toAmount'));
  if (DECIMAL_AMOUNT.test(to)) out.toAmount = to;
  return out;
}
