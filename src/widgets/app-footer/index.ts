export { AppFooter } from './ui/app-footer';
