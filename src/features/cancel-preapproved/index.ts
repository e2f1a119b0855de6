export { PreapprovedCancelDialogs } from './ui/cancel-dialogs';
export type { PreapprovedCancelActor } from './ui/cancel-dialogs';
export { preapprovedCancelLogic, usePreapprovedCancel } from './model/cancel-actors';
export type { PreapprovedCancelLogic } from './model/cancel-actors';
