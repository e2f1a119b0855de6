export { SettingsDevicesPage } from './ui/settings-devices-page';
