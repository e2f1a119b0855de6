export { HistoryExport } from './ui/history-export';
export { DownloadButton } from './ui/download-button';
export { exportLogic, documentLogic } from './model/export-actors';
export type { DocumentRequest } from './model/export-actors';
