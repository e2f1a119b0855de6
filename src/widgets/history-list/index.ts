export { HistoryList } from './ui/history-list';
export type { HistoryListProps } from './ui/history-list';
export { HistorySummaryView } from './ui/history-summary';
