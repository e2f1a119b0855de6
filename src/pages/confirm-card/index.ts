export { ConfirmCardPage, ConfirmCardPageView, backTarget } from './ui/confirm-card-page';
