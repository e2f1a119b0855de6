export { accountRecoveryLogic, readStoredRecovery } from './model/recovery-actors';
export { AccountRecoveryView, recoveryStepOf } from './ui/account-recovery-view';
export type { AccountRecoveryActor, AccountRecoveryViewProps } from './ui/account-recovery-view';
export { RECOVERY_TITLES } from './ui/recovery-texts';
