export { ContractFilter, ContractOrder } from './ui/contract-filter';
export type { ContractFilterProps } from './ui/contract-filter';
