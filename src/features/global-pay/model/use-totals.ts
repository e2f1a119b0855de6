import { useRef } from 'react';
import type { GlobalPayTotal } from '@machines/batches/global-pay-rules';
import type { GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { changedPayments, totalsAfter } from '@machines/batches/global-pay-table';

/**
 * The totals per currency of a draft, carried forward: each new version of the payments (an edit
 * replaces only the payments it changed) moves the totals by those payments alone (totalsAfter:
 * exact decimals), so a keystroke's change in a 10,000-payment batch does not add up 10,000
 * amounts again. A cache of the last answer (not flow: the same payments always give the same totals).
 */
export function useTotals(payments: readonly GlobalPayPaymentFact[]): readonly GlobalPayTotal[] {
  const last = useRef<{ payments: readonly GlobalPayPaymentFact[]; totals: readonly GlobalPayTotal[] }>({ payments: [], totals: [] });
  if (last.current.payments !== payments) {
    const { gone, come } = changedPayments(last.current.payments, payments);
    last.current = { payments, totals: totalsAfter(last.current.totals, gone, come) };
  }
  return last.current.totals;
}
