export {
  merchantKeys,
  ipnMessagesQuery,
  ipnMessageQuery,
  ipnSettingsQuery,
  pbnSettingsQuery,
  logosQuery,
  logoImageQuery,
  savedButtonsQuery,
  confirmIpnMessage,
  saveIpnSettings,
  savePbnSettings,
  errorsReplyOf,
  refusedSave,
  createLogo,
  updateLogo,
  deleteLogo,
  savedButtonBody,
  saveButton,
  deleteButton,
  buttonValuesOf,
} from './api/merchant';
export type { IpnMessage, IpnSettings, PbnSettings, Logo, SavedButton, IpnPage, IpnSettingsInput } from './api/merchant';
export { LogoImage } from './ui/logo-image';
