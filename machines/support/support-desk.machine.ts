import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * The help desk, as the support pages reach it (issue 60; spec 002 s7 "Help desk, with remote
 * token auth via jwt_token", s8 "401 triggers a support token refresh and one retry" and "429
 * from the help desk marks tickets failed and aborts later requests"; 000 s4):
 * - `authorising`: the bank's service gives a support token (GET zoho/jwt), the help desk names
 *   its contact with it (POST /me); then `ready`. A failure: `unavailable` with its reason (RETRY
 *   authorises again); calls asked for meanwhile wait, and are refused with that reason.
 * - `ready`: every help desk call (CALL, a job: its kind, the call made with the token, and how
 *   to answer the one who asked) waits in one queue and runs in turn (`running`). A 401 asks for
 *   a new token once (`refreshing`) and sends the call again once (`retrying`); a second 401 is
 *   refused with `sessionLost` (`aborted`, said as it is). Any other refusal goes back to the one who asked, as it is.
 * - A 429 wherever it comes: `limited` (tag `limited`): the call and every call still queued are
 *   refused with `tooMany` (`aborted`), and so is every call asked for until RETRY.
 * Reading, creating and replying are the pages' own statecharts (ticket-compose, ticket-reply)
 * and reads; all of their help desk calls are jobs of this one, so the rules above hold for all.
 * Views read the state, the tags `busy`, `limited`, `unavailable`, and context.contact and .error.
 */
export const supportDeskMessages = {
  tooMany: msg`The help desk is receiving too many requests. Wait a moment, then try again.`,
  sessionLost: msg`Your support session could not be renewed. Please try again.`,
};

/** What a help desk call is for (analytics and the inspector name it). */
export type DeskCallKind = 'list' | 'ticket' | 'conversations' | 'thread' | 'read' | 'fields' | 'compose' | 'create' | 'reply' | 'upload' | 'attachment';

export interface DeskJob {
  id: string;
  kind: DeskCallKind;
  /** The call with the support token (`jwt_token`). Throws the service's refusal (with its `status`). */
  run: (token: string) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The refusal a job gets when the desk drops it (a 429, or the desk unavailable). */
export interface DeskAborted {
  aborted: true;
  message: UiMessage;
}

export interface SupportContact {
  id: string;
  name: string;
  email: string;
}

export interface SupportDeskContext {
  token: string | null;
  contact: SupportContact | null;
  queue: DeskJob[];
  error: UiMessage | null;
}

export type SupportDeskEvent = { type: 'CALL'; job: DeskJob } | { type: 'RETRY' };

/** After a call or a renewal failed: a 429 limits the desk; anything else goes back to the one who asked. */
const limitedOrRefused = [
  { guard: 'tooMany', target: '#supportDesk.limited', actions: ['abortAll', 'limited'] },
  { target: '#supportDesk.ready.next', actions: ['refuse', 'dequeue'] },
] as const;

const statusOf = (error: unknown): number | null => (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : null);
const aborted = (message: UiMessage): DeskAborted => ({ aborted: true, message });
const tooMany: DeskAborted = aborted({ descriptor: supportDeskMessages.tooMany });

/** Each queued job refused with `error`. */
const refuseAll = (queue: readonly DeskJob[], error: unknown) => {
  for (const job of queue) job.reject(error);
};

export const supportDeskMachine = setup({
  types: {
    context: {} as SupportDeskContext,
    events: {} as SupportDeskEvent,
    tags: {} as 'busy' | 'limited' | 'unavailable',
  },
  actors: {
    /** GET zoho/jwt, then POST /me with it. Throws the refusal (with its `status`). */
    authorise: fromPromise<{ token: string; contact: SupportContact }, void>(async () => {
      throw new Error('supportDesk: authorise not provided');
    }),
    /** GET zoho/jwt: a new support token. Throws the refusal. */
    refresh: fromPromise<string, void>(async () => {
      throw new Error('supportDesk: refresh not provided');
    }),
    /** The job's call with the token. */
    run: fromPromise<unknown, { job: DeskJob; token: string }>(async ({ input }) => input.job.run(input.token)),
  },
  guards: {
    queued: ({ context }) => context.queue.length > 0,
    hasToken: ({ context }) => context.token !== null,
    expired: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
    tooMany: ({ event }) => statusOf((event as { error?: unknown }).error) === 429,
  },
  actions: {
    enqueue: assign({ queue: ({ context, event }) => (event.type === 'CALL' ? [...context.queue, event.job] : context.queue) }),
    /** The job asked for now refused at once (the desk is limited or unavailable). */
    refuseNow: ({ context, event }) => {
      if (event.type === 'CALL') event.job.reject(context.error ? aborted(context.error) : tooMany);
    },
    /** The job in hand answered with the call's result. */
    answer: ({ context, event }) => context.queue[0]?.resolve((event as { output?: unknown }).output),
    /** The job in hand refused with the call's refusal. */
    refuse: ({ context, event }) => context.queue[0]?.reject((event as { error?: unknown }).error),
    /** The job in hand refused: the support token could not be renewed (a second 401). */
    sessionLost: ({ context }) => context.queue[0]?.reject(aborted({ descriptor: supportDeskMessages.sessionLost })),
    /** The job in hand gone from the queue (after it was answered or refused). */
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** A 429: every job in hand or queued refused as aborted. */
    abortAll: ({ context }) => refuseAll(context.queue, tooMany),
    limited: assign({ queue: [], error: { descriptor: supportDeskMessages.tooMany } }),
    /** The desk could not be reached: every queued job refused with the reason. */
    refuseQueued: ({ context, event }) => refuseAll(context.queue, aborted(toFailure((event as { error?: unknown }).error))),
    unavailable: assign({ error: ({ event }) => toFailure((event as { error?: unknown }).error), queue: [] }),
  },
}).createMachine({
  id: 'supportDesk',
  context: { token: null, contact: null, queue: [], error: null },
  initial: 'authorising',
  states: {
    authorising: {
      tags: ['busy'],
      on: { CALL: { actions: 'enqueue' } },
      invoke: {
        src: 'authorise',
        onDone: { target: 'ready', actions: assign({ token: ({ event }) => event.output.token, contact: ({ event }) => event.output.contact, error: null }) },
        onError: [
          { guard: 'tooMany', target: 'limited', actions: ['abortAll', 'limited'] },
          { target: 'unavailable', actions: ['refuseQueued', 'unavailable'] },
        ],
      },
    },
    unavailable: {
      tags: ['unavailable'],
      on: {
        CALL: { actions: 'refuseNow' },
        RETRY: { target: 'authorising', actions: assign({ error: null }) },
      },
    },
    ready: {
      initial: 'next',
      on: { CALL: { actions: 'enqueue' } },
      states: {
        next: {
          always: [{ guard: 'queued', target: 'running' }, { target: 'idle' }],
        },
        idle: {
          on: { CALL: { target: 'next', actions: 'enqueue' } },
        },
        running: {
          tags: ['busy'],
          invoke: {
            src: 'run',
            input: ({ context }) => ({ job: context.queue[0]!, token: context.token! }),
            onDone: { target: 'next', actions: ['answer', 'dequeue'] },
            onError: [{ guard: 'expired', target: 'refreshing' }, ...limitedOrRefused],
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: {
            src: 'refresh',
            onDone: { target: 'retrying', actions: assign({ token: ({ event }) => event.output }) },
            onError: limitedOrRefused,
          },
        },
        retrying: {
          tags: ['busy'],
          invoke: {
            src: 'run',
            input: ({ context }) => ({ job: context.queue[0]!, token: context.token! }),
            onDone: { target: 'next', actions: ['answer', 'dequeue'] },
            onError: [{ guard: 'expired', target: 'next', actions: ['sessionLost', 'dequeue'] }, ...limitedOrRefused],
          },
        },
      },
    },
    /** A 429: nothing is sent until the user tries again. */
    limited: {
      tags: ['limited'],
      on: {
        CALL: { actions: 'refuseNow' },
        RETRY: [
          { guard: 'hasToken', target: 'ready', actions: assign({ error: null }) },
          { target: 'authorising', actions: assign({ error: null }) },
        ],
      },
    },
  },
});

/** Whether a refusal is the desk's own drop (a 429 or unavailable), not the help desk's answer to the call. */
export const isDeskAborted = (error: unknown): error is DeskAborted => typeof error === 'object' && error !== null && (error as DeskAborted).aborted === true;
