export { checkPassword, requestTwoStep, confirmTwoStep, changePassword, confirmPasswordChange, requestDeeplink } from './api/security-calls';
export { toSettingsFailure, asSettingsCall } from './model/settings-failure';
export { reauthenticationLogic } from './model/reauthentication-logic';
export { useCountryPreselection } from './model/country-preselection';
export type { CountryPreselection } from './model/country-preselection';
export { ReauthenticationForm } from './ui/reauthentication-form';
export type { ReauthenticationActor } from './ui/reauthentication-form';
export { ReauthenticationPopup } from './ui/reauthentication-popup';
export { SmsCodeForm, SettingsResult } from './ui/sms-code-form';
export type { SmsCodeFormProps } from './ui/sms-code-form';
export {
  securityListKeys,
  accessIpListQuery,
  ipInfoQuery,
  IP_INFO_STALE_MS,
  blacklistQuery,
  notificationSettingsQuery,
  addAccessIp,
  deleteAccessIp,
  setAccessIpMode,
  addToBlacklist,
  removeFromBlacklist,
  setNotificationSetting,
  loginHistoryQuery,
  legalInfoQuery,
  downloadAgreement,
} from './api/security-lists';
export type { AccessIpList, WhitelistedIp, BlacklistUser, NotificationSetting, LoginHistoryItem, LoginHistoryPageData, AcceptedAgreement } from './api/security-lists';
