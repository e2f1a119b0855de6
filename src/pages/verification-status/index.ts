export { LimitedAccountPage, UnverifiedAccountPage } from './ui/verification-status-pages';
