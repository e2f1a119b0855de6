import { onDemandDialog } from '@/shared/ui';

/** The announcement dialog, loaded when an announcement is hovered, focused or opened. */
export const AnnouncementDialogOnDemand = onDemandDialog(() => import(/* webpackChunkName: "announcement" */ './announcement-dialog').then((m) => m.AnnouncementDialog));
