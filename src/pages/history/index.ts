export { HistoryPage, HistoryPageView } from './ui/history-page';
export type { HistoryView } from './ui/history-page';
