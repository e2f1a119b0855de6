export { NotificationSettingRow } from './ui/notification-setting-row';
export { notificationToggleLogic } from './model/notification-toggle-actors';
export type { NotificationToggleLogic } from './model/notification-toggle-actors';
export { groupName } from './model/notification-texts';
