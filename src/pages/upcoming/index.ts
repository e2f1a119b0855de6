export { HistoryUpcomingPage, StatementsUpcomingPage, TransfersUpcomingPage } from './ui/upcoming-page';
