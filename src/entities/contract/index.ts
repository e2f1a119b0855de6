export { contractKeys, contractListQuery, contractStatsQuery, contractQuery, contractSignerQuery, performContractAction, contractSignUrl, contractPdfUrl } from './api/contract';
export type { Contract, ContractStats, ContractListMeta, ContractListQuery } from './api/contract';
