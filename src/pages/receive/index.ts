export { ReceivePage, ReceivePageView } from './ui/receive-page';
