import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DECIMAL_AMOUNT, normalizeAmount } from '../shared/amount';
import type { PreapprovedSearch, PreapprovedType } from './preapproved-search';

export { PREAPPROVED_TYPES, cleanPreapprovedSearch, type PreapprovedSearch, type PreapprovedType } from './preapproved-search';

/**
 * Preapproved (recurring) payments (/transfer/preapproved-payments; 001 s3: filters
 * beneficiaryEmail, type, fromAmount, toAmount; s4: list and cancel) as pure rules: the filter as
 * the address keeps it (cleaned on the way in, so a stale or hand-edited address never sends a
 * value the service refuses), the filter form's rule, and the list request without empty values.
 * Table-tested in tests/unit/preapproved-rules.test.ts.
 */
export const PREAPPROVED_TYPE_LABELS: Readonly<Record<PreapprovedType, MessageDescriptor>> = {
  p2p: msg`To a person`,
  betweenAccounts: msg`Between your accounts`,
};

export const preapprovedFilterMessages = {
  amount: msg`Type an amount, for example 25.50.`,
  order: msg`The smallest amount is above the largest.`,
} satisfies Record<string, MessageDescriptor>;

/** The filter form's rule: amounts are amounts, and the smallest is not above the largest. */
export function validatePreapprovedFilter(values: Record<string, string>): Partial<Record<'fromAmount' | 'toAmount', MessageDescriptor>> {
  const errors: Partial<Record<'fromAmount' | 'toAmount', MessageDescriptor>> = {};
  const from = normalizeAmount(values.fromAmount ?? '');
  const to = normalizeAmount(values.toAmount ?? '');
  if (from && !DECIMAL_AMOUNT.test(from)) errors.fromAmount = preapprovedFilterMessages.amount;
  if (to && !DECIMAL_AMOUNT.test(to)) errors.toAmount = preapprovedFilterMessages.amount;
  if (!errors.fromAmount && !errors.toAmount && from && to && new Big(from).gt(to)) errors.toAmount = preapprovedFilterMessages.order;
  return errors;
}

/** The preapproved list body (001 s7): the filter without empty values (001 s5). */
export function preapprovedRequest(search: PreapprovedSearch): Record<string, string> {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<string, string>;
}
