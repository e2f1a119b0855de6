export { ContractActions, ContractPdfButton } from './ui/contract-actions';
export type { ContractActionsProps } from './ui/contract-actions';
export { useContractActor } from './model/use-contract-actor';
export type { ContractActor } from './model/use-contract-actor';
export { contractLogicFor } from './model/contract-logic';
export type { ContractLogic } from './model/contract-logic';
