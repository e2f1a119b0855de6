export { RevenueSplitContractPage, ContractDetailView } from './ui/revenue-split-contract-page';
export type { ContractDetailViewProps, ContractRead } from './ui/revenue-split-contract-page';
