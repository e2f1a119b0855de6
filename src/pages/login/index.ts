export { LoginPage } from './ui/login-page';
