export { LoginHistoryPage } from './ui/login-history-page';
