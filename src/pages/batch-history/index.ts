export { BatchHistoryPage, BatchHistoryView } from './ui/batch-history-page';
export type { BatchesView } from './ui/batch-history-page';
