export { RecentTransfers, RecentTransfersView, RecentActivity, RecentActivityView } from './ui/recent-activity';
