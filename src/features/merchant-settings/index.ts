export { IpnSettingsPanel, IpnSettingsView } from './ui/ipn-settings-panel';
export type { IpnSettingsPanelProps, IpnSettingsRead } from './ui/ipn-settings-panel';
export { SecretPanel } from './ui/secret-panel';
export { ipnSettingsFormLogic, ipnSecretLogic, ipnSettingsValues, ipnSettingsFields, insecureHosts } from './model/settings-actors';
export type { IpnSettingsFormLogic, SecretLogic } from './model/settings-actors';
