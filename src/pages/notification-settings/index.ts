export { NotificationSettingsPage } from './ui/notification-settings-page';
