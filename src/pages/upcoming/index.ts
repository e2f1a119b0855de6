export { HistoryUpcomingPage, StatementsUpcomingPage, CardsUpcomingPage, TransfersUpcomingPage } from './ui/upcoming-page';
