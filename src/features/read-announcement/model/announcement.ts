import { announcementMachine } from '@machines/accounts/announcement.machine';
import { answerAnnouncement, openAnnouncement } from '@/entities/announcement';
import { uiActor } from '@/shared/api';

/** The announcement statechart with its real calls: announcementGet and announcementConfirm (spec 001 s7). */
export const announcementLogic = announcementMachine.provide({
  actors: {
    open: uiActor((input) => openAnnouncement(input.id)),
    answer: uiActor((input) => answerAnnouncement(input.id, input.choice)),
  },
});
