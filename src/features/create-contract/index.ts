export { CreateContractFlow, companySearchLogic } from './ui/create-contract-flow';
export type { CreateContractFlowProps } from './ui/create-contract-flow';
export { createContractLogicFor, readContractDraft, clearContractDraft } from './model/create-logic';
export type { CreateContractLogic } from './model/create-logic';
