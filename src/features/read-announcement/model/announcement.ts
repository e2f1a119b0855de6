import { fromPromise } from 'xstate';
import { announcementMachine } from '@machines/accounts/announcement.machine';
import { answerAnnouncement, openAnnouncement } from '@/entities/announcement';
import { toUiMessage } from '@/shared/api';

/** The announcement statechart with its real calls: announcementGet and announcementConfirm (spec 001 s7). */
export const announcementLogic = announcementMachine.provide({
  actors: {
    open: fromPromise(async ({ input }) => {
      try {
        return await openAnnouncement(input.id);
      } catch (error) {
        throw toUiMessage(error);
      }
    }),
    answer: fromPromise(async ({ input }) => {
      try {
        return await answerAnnouncement(input.id, input.choice);
      } catch (error) {
        throw toUiMessage(error);
      }
    }),
  },
});
