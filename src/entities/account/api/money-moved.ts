import type { QueryClient } from '@tanstack/react-query';
import { isMoneyQuery } from '@/shared/api';

/**
 * Money moved (or will: a pending transfer, a request waiting for an approver): every query marked
 * `MONEY_QUERY` is asked again (balances, activity, history, maximum amount and limits, people paid
 * before, waiting requests), and nothing else.
 */
export function moneyMoved(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isMoneyQuery(query.meta) });
}
