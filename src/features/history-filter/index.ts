export { HistoryFilters } from './ui/history-filters';
export type { HistoryFiltersProps } from './ui/history-filters';
