/**
 * The queries whose answer changes when money moves (balances, the latest activity, the history,
 * the maximum amount and limits, the people paid before, a company's waiting requests) carry
 * `meta: MONEY_QUERY`; `moneyMoved` (`@/entities/account`) asks exactly those again. A new money
 * query marks itself here instead of every sender listing its keys.
 */
export const MONEY_QUERY = { movesWithMoney: true } as const;

export const isMoneyQuery = (meta: Readonly<Record<string, unknown>> | undefined): boolean => meta?.movesWithMoney === true;
