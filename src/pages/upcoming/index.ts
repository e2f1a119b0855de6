export { HistoryUpcomingPage, TransfersUpcomingPage } from './ui/upcoming-page';
