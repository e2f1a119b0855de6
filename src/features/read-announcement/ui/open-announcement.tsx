import { onDemand } from '@/shared/lib';

/** The announcement dialog, loaded when an announcement is hovered, focused or opened. */
export const AnnouncementDialogOnDemand = onDemand(() => import(/* webpackChunkName: "announcement" */ './announcement-dialog').then((m) => m.AnnouncementDialog));
