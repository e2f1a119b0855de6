export {
  historyKeys,
  historyQuery,
  debitHistoryQuery,
  batchHistoryQuery,
  statementsQuery,
  paymentInstructionsQuery,
  markInstructionViewed,
  startExport,
  exportStatus,
  sendExport,
  generatePdf,
} from './api/history';
export type { HistoryTransaction, HistorySummary, HistoryPage, Authorization, BatchTransfer, StatementExport, PaymentInstruction } from './api/history';
