import { assign, setup } from 'xstate';

/**
 * The app's one modal popup (spec 001 s8 response popup, 002 s8 generic error popup).
 * Screens and the API layer send SHOW; the popup host renders the head of the queue. A second
 * popup while one is open waits its turn (nothing the user should read is replaced unseen).
 * `autoClose` popups close themselves after 3 s (001 s9: the SMS success popup) — a machine
 * delay, so tests move time with SimulatedClock. What the popup says is computed from `reply`
 * by the pure functions in src/shared/api/popup-content.ts when it is rendered, so a language
 * switch re-translates the defaults.
 */
/** The reply fields the popup rules read (src/shared/api/popup-content.ts). */
export type { ReplyLike as PopupReply } from '../shared/reply';
import type { ReplyLike as PopupReply } from '../shared/reply';

export type PopupRequest =
  | {
      /** 001 s8: success or failure icon and the first available text of the reply. */
      kind: 'response';
      status: 'success' | 'failure';
      reply?: PopupReply | null | undefined;
      /** Already-translated text used when the reply has none (else the default server error). */
      fallback?: string | undefined;
      /** Offer "Go to home" (clears the OAuth parameters, then navigates home). */
      goHome?: boolean | undefined;
      autoClose?: boolean | undefined;
    }
  | {
      /** 002 s8: header from description/message (≤ 50 characters), lists joined in the body. */
      kind: 'error';
      reply?: PopupReply | null | undefined;
      fallback?: string | undefined;
      goHome?: boolean | undefined;
    };

export type PopupItem = PopupRequest & { id: number };

export type PopupEvent =
  | { type: 'SHOW'; popup: PopupRequest }
  | { type: 'CLOSE' }
  | { type: 'GO_HOME' }
  | { type: 'CLEAR' };

/** At most this many popups wait behind the open one; older waiting ones give way. */
export const MAX_QUEUED_POPUPS = 3;
export const POPUP_AUTO_CLOSE_MS = 3_000;

export const popupMachine = setup({
  types: {
    context: {} as { queue: PopupItem[]; shown: number },
    events: {} as PopupEvent,
    /** `open`: a popup is on screen (the head of the queue). */
    tags: {} as 'open',
  },
  delays: { autoClose: POPUP_AUTO_CLOSE_MS },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'SHOW') return {};
      const [current, ...waiting] = context.queue;
      const item: PopupItem = { ...event.popup, id: context.shown + 1 };
      const kept = [...waiting, item].slice(-MAX_QUEUED_POPUPS);
      return { queue: current ? [current, ...kept] : [item], shown: context.shown + 1 };
    }),
    dequeue: assign(({ context }) => ({ queue: context.queue.slice(1) })),
    clear: assign({ queue: [] }),
    /** Provided by the app: clear the OAuth parameters from the address and storage, go home. */
    goHome: () => {},
  },
  guards: {
    hasNext: ({ context }) => context.queue.length > 1,
    currentAutoCloses: ({ context }) => {
      const current = context.queue[0];
      return current?.kind === 'response' && current.autoClose === true;
    },
  },
}).createMachine({
  id: 'popup',
  context: { queue: [], shown: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: { SHOW: { target: 'open', actions: 'enqueue' } },
    },
    open: {
      tags: ['open'],
      initial: 'showing',
      states: {
        showing: {
          after: { autoClose: { guard: 'currentAutoCloses', target: 'done' } },
          on: {
            CLOSE: 'done',
            GO_HOME: { target: 'done', actions: 'goHome' },
          },
        },
        done: {
          always: [
            { guard: 'hasNext', target: 'showing', actions: 'dequeue' },
            { target: '#popup.closed', actions: 'dequeue' },
          ],
        },
      },
      on: {
        SHOW: { actions: 'enqueue' },
        CLEAR: { target: 'closed', actions: 'clear' },
      },
    },
  },
});
