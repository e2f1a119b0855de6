export { LoginRequestDialog } from './ui/login-request-dialog';
