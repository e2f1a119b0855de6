export { BusinessLogosPanel, BusinessLogosView } from './ui/business-logos';
export type { BusinessLogosPanelProps, LogosRead } from './ui/business-logos';
export { LogoUploadForm } from './ui/logo-upload-form';
export { logoUploadLogic, logoDeleteLogic, makeDefaultLogic, readLogoKind } from './model/logo-actors';
export type { LogoUploadLogic, LogoDeleteLogic, MakeDefaultLogic } from './model/logo-actors';
