export { WalletButton } from './ui/wallet-button';
export { WalletDialog } from './ui/wallet-dialog';
export { walletLogic } from './model/wallet';
