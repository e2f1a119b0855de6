import type { TransferKind } from '@/entities/transfer';
import { track } from '@/shared/analytics';

/**
 * The transfer forms' analytics events (002 s9 "Click max amount, Input transfer amount"): which
 * form only, never the amount (docs/decisions.md "Analytics": no amounts in any event).
 */
export const trackMaxAmount = (transfer: TransferKind) => void track('Click max amount', { transfer });

/** The amount field left with an amount in it (not every keystroke). */
export function trackAmountInput(transfer: TransferKind, value: string): void {
  if (value.trim() !== '') track('Input transfer amount', { transfer });
}
