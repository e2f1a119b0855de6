export { RevenueSplitNewPage } from './ui/revenue-split-new-page';
