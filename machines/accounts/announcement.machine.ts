import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';

/**
 * One announcement, opened (spec 001 s4): opening it gets it, which marks it read; when it asks
 * for a choice and none is made yet, the customer accepts or declines (the same choice sent
 * again after a lost reply is answered as the first time, so a retry is safe). A failed answer
 * keeps the announcement on screen with the reason and can be sent again.
 *
 * Views read tags: `loading`, `reading`, `choosing` (the choice buttons), `answering`, `answered`,
 * `failed` (with `error`); `loadFailed` when the announcement itself could not be opened.
 */
export type Choice = 'accept' | 'decline';
export type AnnouncementTag = 'loading' | 'loadFailed' | 'reading' | 'choosing' | 'answering' | 'answered' | 'failed';
export type AnnouncementEvent = { type: 'ACCEPT' } | { type: 'DECLINE' } | { type: 'RETRY' };

export interface AnnouncementView {
  id: number;
  title: string;
  body: string;
  created: string;
  isRead: boolean;
  confirmation: boolean;
  choice?: Choice | null | undefined;
}

export const announcementMachine = setup({
  types: {
    input: {} as { id: number },
    context: {} as { id: number; announcement: AnnouncementView | null; pending: Choice | null; error: UiMessage | null },
    events: {} as AnnouncementEvent,
    tags: {} as AnnouncementTag,
  },
  actors: {
    /** announcementGet: the announcement, now read. Throws a UiMessage. */
    open: fromPromise<AnnouncementView, { id: number }>(async () => {
      throw new Error('open not provided');
    }),
    /** announcementConfirm. Throws a UiMessage. */
    answer: fromPromise<AnnouncementView, { id: number; choice: Choice }>(async () => {
      throw new Error('answer not provided');
    }),
  },
  actions: {
    /** Provided by the app: refresh the list and the unread count. */
    changed: () => {},
  },
  guards: {
    asksForChoice: ({ event }) => {
      const a = (event as unknown as { output: AnnouncementView }).output;
      return a.confirmation && !a.choice;
    },
  },
}).createMachine({
  id: 'announcement',
  context: ({ input }) => ({ id: input.id, announcement: null, pending: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'open',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: 'asksForChoice', target: 'choosing', actions: [assign({ announcement: ({ event }) => event.output }), 'changed'] },
          { target: 'reading', actions: [assign({ announcement: ({ event }) => event.output }), 'changed'] },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => event.error as UiMessage }) },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    reading: { tags: ['reading'] },
    choosing: {
      tags: ['reading', 'choosing'],
      on: {
        ACCEPT: { target: 'answering', actions: assign({ pending: 'accept', error: null }) },
        DECLINE: { target: 'answering', actions: assign({ pending: 'decline', error: null }) },
      },
    },
    answering: {
      tags: ['reading', 'answering'],
      invoke: {
        src: 'answer',
        input: ({ context }) => ({ id: context.id, choice: context.pending ?? 'accept' }),
        onDone: { target: 'answered', actions: [assign({ announcement: ({ event }) => event.output }), 'changed'] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as UiMessage }) },
      },
    },
    failed: {
      tags: ['reading', 'choosing', 'failed'],
      on: {
        ACCEPT: { target: 'answering', actions: assign({ pending: 'accept', error: null }) },
        DECLINE: { target: 'answering', actions: assign({ pending: 'decline', error: null }) },
      },
    },
    answered: { tags: ['reading', 'answered'] },
  },
});
