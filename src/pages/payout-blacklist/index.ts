export { PayoutBlacklistPage } from './ui/payout-blacklist-page';
