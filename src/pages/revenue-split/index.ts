export { RevenueSplitPage, RevenueSplitView } from './ui/revenue-split-page';
export type { RevenueSplitViewProps, ContractListRead } from './ui/revenue-split-page';
