export { IpnSettingsPanel, IpnSettingsView } from './ui/ipn-settings-panel';
export type { IpnSettingsPanelProps, IpnSettingsRead } from './ui/ipn-settings-panel';
export { PbnSettingsPanel, PbnSettingsView } from './ui/pbn-settings-panel';
export type { PbnSettingsPanelProps, PbnSettingsRead } from './ui/pbn-settings-panel';
export { SecretPanel } from './ui/secret-panel';
export { ipnSettingsFormLogic, ipnSecretLogic, ipnSettingsValues, ipnSettingsFields, pbnSettingsFormLogic, pbnSecretLogic, pbnSettingsValues } from './model/settings-actors';
export type { IpnSettingsFormLogic, PbnSettingsFormLogic, SecretLogic } from './model/settings-actors';
