export { announceMoneyMoved, moneyMoved, refreshMoneyQueriesOf } from './api/money-moved';
export {
  accountKeys,
  accountsQuery,
  homeAccountsQuery,
  exchangeRatesQuery,
  recentTransfersQuery,
  homeActivityQuery,
  addCurrency,
  createWallet,
  mobileAppRequired,
  withTimeout,
} from './api/accounts';
export type { Account, ExchangeRate, RecentTransfer, Transaction } from './api/accounts';
export { AccountSelect, useAccountOption } from './ui/account-select';
