export { RegisterBusinessPage, RegisterPage, RegisterPersonalPage } from './ui/register-page';
