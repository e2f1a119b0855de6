export { TransferP2pPage, TransferP2pPageView } from './ui/transfer-p2p-page';
