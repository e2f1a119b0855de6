export { AccountRecoveryPage } from './ui/account-recovery-page';
