export {
  companyPeopleKeys,
  shareholdersQuery,
  directorsQuery,
  ultimateOwnersQuery,
  usersQuery,
  accessRightsQuery,
  potentialUsersQuery,
  permissionChangesQuery,
  companyEmailsQuery,
  representativeBody,
  addRepresentative,
  deleteRepresentative,
  decidePermissionChange,
  addCompanyEmail,
  confirmCompanyEmail,
  resendCompanyEmailCode,
  deleteCompanyEmail,
  useCompanyPeopleNews,
  editorOf,
  useCompanyEditor,
} from './api/company-person';
export type { BusinessPerson, BusinessShareholder, BusinessUser, UserAccessEntry, PotentialUser, PermissionChange, CompanyEmail } from './api/company-person';
export { LEVEL_TEXTS, AREA_TEXTS, PRESET_TEXTS, PRESET_NOTES, ROLE_TEXTS, CHANGE_KIND_TEXTS, CHANGE_STATUS_TEXTS } from './ui/access-texts';
