export { LoginHistoryFilter } from './ui/login-history-filter';
export type { LoginHistoryFilterProps } from './ui/login-history-filter';
