export {
  companyFileKeys,
  businessInfoQuery,
  representativeInfoQuery,
  declarationQuery,
  signDeclaration,
  updateFinancialDetail,
  updateDueDiligence,
  createRepresentativeAddress,
  useCompanyFileNews,
} from './api/company-file';
export type { Business, SourceOfWealthDocument, FinancialDetail, RepresentativeInfo, Declaration } from './api/company-file';
