export { RegisterPage, RegisterPersonalPage } from './ui/register-page';
