export { announcementKeys, announcementsQuery, unreadCount, openAnnouncement, answerAnnouncement } from './api/announcements';
export type { Announcement } from './api/announcements';
