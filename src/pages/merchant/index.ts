export { MerchantPage, MerchantArea } from './ui/merchant-page';
export { IpnHistoryView } from './ui/ipn-history';
export type { IpnMessagesRead } from './ui/ipn-history';
