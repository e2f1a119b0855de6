export { ScpPage } from './ui/scp-page';
