export { HistoryFilters } from './ui/history-filters';
export type { HistoryFiltersProps } from './ui/history-filters';
export { BatchFilters } from './ui/batch-filters';
export type { BatchFiltersProps } from './ui/batch-filters';
