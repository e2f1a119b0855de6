export { AppHeader } from './ui/app-header';
