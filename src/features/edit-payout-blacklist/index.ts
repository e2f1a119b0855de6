export { PayoutBlacklistSection } from './ui/payout-blacklist-section';
export type { PayoutBlacklistSectionProps } from './ui/payout-blacklist-section';
export { blacklistAddFormLogic, blacklistRemoveLogic } from './model/blacklist-actors';
export type { BlacklistAddFormLogic, BlacklistRemoveLogic } from './model/blacklist-actors';
