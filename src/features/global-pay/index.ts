export { checkGlobalPayText } from './model/parse-global-pay';
export type { GlobalPayFileCheck, GlobalPayFileProblemFact } from './model/parse-global-pay';
export { globalPayFlow, globalPayLogic, useOnGlobalPaySubmitted } from './model/global-pay-flow';
export type { GlobalPayLogic } from './model/global-pay-flow';
export { GlobalPayUpload } from './ui/global-pay-upload';
export type { GlobalPayActor } from './ui/global-pay-upload';
export { GlobalPayEditor, GlobalPayTotals } from './ui/global-pay-editor';
export { GlobalPaySummary } from './ui/global-pay-summary';
