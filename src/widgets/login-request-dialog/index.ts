export { LoginRequestDialogGate as LoginRequestDialog, preloadLoginRequestDialog } from './ui/login-request-dialog-gate';
