export { ScpMobilePage } from './ui/scp-mobile-page';
