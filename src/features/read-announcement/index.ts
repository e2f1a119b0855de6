export { AnnouncementDialog } from './ui/announcement-dialog';
export { AnnouncementDialogOnDemand } from './ui/open-announcement';
export { announcementLogic } from './model/announcement';
