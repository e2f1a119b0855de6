export { Announcements, AnnouncementsView } from './ui/announcement-list';
export { NewsLink } from './ui/news-link';
