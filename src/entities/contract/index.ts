export { contractKeys, contractListQuery, contractStatsQuery, contractQuery, contractSignerQuery, performContractAction, contractSignUrl, contractPdfUrl, fetchContractPdf } from './api/contract';
export { ContractStatusBadge, contractStatusLabel } from './ui/contract-status';
export type { Contract, ContractStats, ContractListMeta, ContractListQuery, ContractListPage } from './api/contract';
