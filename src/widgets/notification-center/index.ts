export { NotificationCenter } from './ui/notification-center';
