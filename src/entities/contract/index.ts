export { contractKeys, contractListQuery, contractStatsQuery, contractQuery, contractSignerQuery, performContractAction, contractSignUrl, contractPdfUrl, fetchContractPdf, findCompanies, lookUpCustomer, verifyContractPair, createContract, startSignerIdentification, identificationStarted, pushIdentification } from './api/contract';
export { ContractStatusBadge, contractStatusLabel } from './ui/contract-status';
export type { Contract, ContractStats, ContractListMeta, ContractListQuery, ContractListPage, CompanyItem, CompanyPage, CustomerLookup, ContractCreateBody } from './api/contract';
