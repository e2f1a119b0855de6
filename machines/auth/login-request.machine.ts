import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';

/**
 * A sign-in waiting for approval on another device, seen from a signed-in session (spec 000 s4,
 * "approve or decline a pending login"): the realtime channel delivers `login.request`; the user
 * answers Approve or Decline (PUT /auth/login/{key}/confirm with a boolean). A request not answered
 * within 2 minutes (the waiting side's own limit) is dropped. Several requests queue up.
 */
export interface LoginRequest {
  key: string;
  device?: string | null | undefined;
  location?: string | null | undefined;
  createdAt?: string | null | undefined;
}

export const LOGIN_REQUEST_TTL_MS = 2 * 60 * 1000;

export const loginRequestMessages = {
  failed: msg`The answer could not be sent. The sign-in may have expired.`,
};

export type LoginRequestEvent =
  | { type: 'REQUEST'; request: LoginRequest }
  | { type: 'APPROVE' }
  | { type: 'DECLINE' }
  | { type: 'DISMISS' }
  | { type: 'CLEAR' };

export const loginRequestMachine = setup({
  types: {
    context: {} as { queue: LoginRequest[]; error: UiMessage | null; decision: boolean | null },
    events: {} as LoginRequestEvent,
    /** `open`: the question is on screen (asked, or the answer is being sent); `busy`: the answer is being sent. */
    tags: {} as 'open' | 'busy',
  },
  actors: {
    confirm: fromPromise<void, { key: string; result: boolean }>(async () => {
      throw new Error('confirm actor not provided');
    }),
  },
  actions: {
    /** Provided by the app: tell the user what was done (a notification). */
    answered: (_, _params: { result: boolean }) => {},
  },
  delays: { requestTtl: LOGIN_REQUEST_TTL_MS },
}).createMachine({
  id: 'loginRequest',
  context: { queue: [], error: null, decision: null },
  initial: 'idle',
  on: {
    CLEAR: { target: '.idle', actions: assign({ queue: [], error: null, decision: null }) },
  },
  states: {
    idle: {
      on: { REQUEST: { target: 'asking', actions: assign({ queue: ({ event }) => [event.request] }) } },
    },
    asking: {
      tags: ['open'],
      after: { requestTtl: 'next' },
      on: {
        REQUEST: { actions: assign({ queue: ({ context, event }) => [...context.queue.filter((r) => r.key !== event.request.key), event.request] }) },
        APPROVE: { target: 'sending', actions: assign({ decision: true, error: null }) },
        DECLINE: { target: 'sending', actions: assign({ decision: false, error: null }) },
        DISMISS: 'next',
      },
    },
    sending: {
      tags: ['open', 'busy'],
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ key: context.queue[0]!.key, result: context.decision === true }),
        onDone: { target: 'next', actions: { type: 'answered', params: ({ context }) => ({ result: context.decision === true }) } },
        onError: { target: 'asking', actions: assign({ error: { descriptor: loginRequestMessages.failed } }) },
      },
      on: {
        REQUEST: { actions: assign({ queue: ({ context, event }) => [...context.queue.filter((r) => r.key !== event.request.key), event.request] }) },
      },
    },
    next: {
      entry: assign({ queue: ({ context }) => context.queue.slice(1), error: null, decision: null }),
      always: [{ guard: ({ context }) => context.queue.length > 0, target: 'asking' }, { target: 'idle' }],
    },
  },
});
