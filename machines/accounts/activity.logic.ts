/**
 * Home's activity rules (spec 001 s5, s9): recent transfers flagged isDisabled are hidden and the
 * list is cut to its limit; transactions are grouped by date, fees left out of the home grouping.
 * Each recent transfer opens its transfer form prefilled. Table-tested in tests/unit/activity-rules.test.ts.
 */
import { memoByKey } from '../shared/memo';

export interface RecentTransferFacts {
  transactionId: number;
  type: string;
  isDisabled: boolean;
}

/** Hidden when isDisabled (s5); at most `limit` (s9: 3 for p2p on home). */
export function visibleRecentTransfers<T extends RecentTransferFacts>(items: readonly T[], limit: number): T[] {
  return items.filter((item) => !item.isDisabled).slice(0, Math.max(0, limit));
}

/** The form a recent transfer opens, prefilled from that transfer (the transfers issues own the forms). */
export function recentTransferTarget(item: RecentTransferFacts): { to: '/transfer/p2p' | '/transfer/external'; search: Record<string, string> } {
  if (item.type === 'p2p') return { to: '/transfer/p2p', search: { transactionId: String(item.transactionId) } };
  return { to: '/transfer/external', search: { type: item.type, transactionId: String(item.transactionId) } };
}

export interface TransactionFacts {
  created: string;
  type: string;
}

export interface DateGroup<T> {
  /** The calendar day, YYYY-MM-DD, in the given time zone. */
  date: string;
  items: T[];
}

/** One formatter per time zone ('' is the browser's): home's activity asked for one per transaction on every render. */
const dayFormat = memoByKey((timeZone) => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }));

/** The calendar day of an instant in a time zone (undefined: the browser's). */
export function calendarDay(instant: string, timeZone?: string): string {
  const parts = dayFormat(timeZone ?? '').formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Grouped by day, newest day first, in the order given within a day; fees are left out (s9). */
export function groupByDate<T extends TransactionFacts>(items: readonly T[], timeZone?: string): DateGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    if (item.type === 'fee') continue;
    const day = calendarDay(item.created, timeZone);
    const group = groups.get(day);
    if (group) group.push(item);
    else groups.set(day, [item]);
  }
  return [...groups].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([date, list]) => ({ date, items: list }));
}
