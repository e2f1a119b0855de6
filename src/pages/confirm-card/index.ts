export { ConfirmCardPage, ConfirmCardPageView, ConfirmCardView, backTarget, confirmLogic } from './ui/confirm-card-page';
