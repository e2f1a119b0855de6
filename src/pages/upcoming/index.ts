export { TransfersUpcomingPage } from './ui/upcoming-page';
