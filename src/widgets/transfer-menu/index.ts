export { TransferMenu, TransferMenuView } from './ui/transfer-menu';
