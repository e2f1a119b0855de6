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

const clients = new Set<QueryClient>();

/**
 * The `moneyMoved` action of every statechart that moves money (through `sendForApproval`): the
 * query cache of the signed-in pages refreshes its money queries. A statechart kept outside React
 * (a flow across pages) needs no query client of its own.
 */
export function announceMoneyMoved(): void {
  clients.forEach((client) => void moneyMoved(client));
}

/** The signed-in pages' query cache hears `announceMoneyMoved` while it is in use; returns the unsubscribe. */
export function refreshMoneyQueriesOf(queryClient: QueryClient): () => void {
  clients.add(queryClient);
  return () => void clients.delete(queryClient);
}
