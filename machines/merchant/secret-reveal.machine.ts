import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * A new signing secret, shown once (issue 55: the IPN settings' secret regeneration flag, the PBN
 * setting's secret; 001 s3), as Stripe shows a new key:
 * - REGENERATE asks first (`confirming`: the old secret stops working at once, or when the user
 *   chooses: CONFIRM's `choice`) → CONFIRM sends it (`requesting`, one requestId per intent; a
 *   failure waits in `failed`, RETRY sends the same id, so a lost reply is answered, not a second
 *   secret issued); a page with several secrets names whose with REGENERATE's `subject`; CHOOSE
 *   changes the choice while asked;
 * - `revealed`: the secret is in the context (never anywhere else) until the user says they kept
 *   it (ACKNOWLEDGE → `idle`, the secret dropped; from then on only its last four characters);
 *   COPIED marks it copied;
 * - leaving while it is shown (LEAVE, sent by the page when the user navigates away) asks first
 *   (`confirmingLeave`): STAY goes back to it (`stay`: the page cancels the navigation),
 *   LEAVE_ANYWAY drops it (`proceed`: the page lets the navigation go on); LEAVE elsewhere is
 *   let through at once (`proceed`).
 * - ISSUED brings a secret the service issued with a save of the settings (turned on with none
 *   yet): shown once the same way (`revealed`), whatever else was going on.
 * Views read tags: `confirming`, `busy`, `failed`, `revealed`, `confirmingLeave`.
 */
export type SecretRevealTag = 'confirming' | 'busy' | 'failed' | 'revealed' | 'confirmingLeave';

export interface SecretRevealContext {
  /** What the secret belongs to when a page has several (an API key's or a webhook's id); null for the page's one. */
  subject: number | null;
  /** How long the old secret keeps working, when the page asks (an API key's roll: now, 1h, 24h, 7d); null otherwise. */
  choice: string | null;
  secret: string | null;
  copied: boolean;
  requestId: string;
  error: UiMessage | null;
}

export type SecretRevealEvent =
  | { type: 'REGENERATE'; subject?: number }
  | { type: 'ISSUED'; secret: string }
  | { type: 'CHOOSE'; choice: string }
  | { type: 'CONFIRM'; choice?: string }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'COPIED' }
  | { type: 'ACKNOWLEDGE' }
  | { type: 'LEAVE' }
  | { type: 'STAY' }
  | { type: 'LEAVE_ANYWAY' };

export const secretRevealMachine = setup({
  types: {
    context: {} as SecretRevealContext,
    events: {} as SecretRevealEvent,
    tags: {} as SecretRevealTag,
  },
  actors: {
    /** Issues a new secret once per requestId and answers it. Throws a UiMessage. */
    regenerate: fromPromise<string, { requestId: string; subject: number | null; choice: string | null }>(async () => {
      throw new Error('secretReveal: regenerate not provided');
    }),
  },
  actions: {
    /** Provided by the page: the settings were saved with a new secret (read them again). */
    regenerated: () => {},
    /** Provided by the page: the navigation asked for goes on. */
    proceed: () => {},
    /** Provided by the page: the navigation asked for is cancelled. */
    stay: () => {},
  },
}).createMachine({
  id: 'secretReveal',
  context: { subject: null, choice: null, secret: null, copied: false, requestId: '', error: null },
  initial: 'idle',
  // Leaving while nothing is shown: nothing to lose.
  on: {
    LEAVE: { actions: 'proceed' },
    // A secret issued by a save of the settings: shown once, as a regenerated one.
    ISSUED: { target: '.revealed', actions: assign({ secret: ({ event }) => event.secret, copied: false, error: null }) },
  },
  states: {
    idle: {
      on: { REGENERATE: { target: 'confirming', actions: assign(({ event }) => ({ error: null, subject: event.subject ?? null, choice: null })) } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        CHOOSE: { actions: assign({ choice: ({ event }) => event.choice }) },
        CONFIRM: { target: 'requesting', actions: assign(({ context, event }) => ({ requestId: newRequestId(), choice: event.choice ?? context.choice })) },
        CANCEL: { target: 'idle' },
      },
    },
    requesting: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'regenerate',
        input: ({ context }) => ({ requestId: context.requestId, subject: context.subject, choice: context.choice }),
        onDone: { target: 'revealed', actions: [assign({ secret: ({ event }) => event.output, copied: false }), 'regenerated'] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: { target: 'requesting' },
        CANCEL: { target: 'idle', actions: assign({ error: null }) },
      },
    },
    revealed: {
      tags: ['revealed'],
      on: {
        COPIED: { actions: assign({ copied: true }) },
        ACKNOWLEDGE: { target: 'idle', actions: assign({ secret: null, copied: false }) },
        LEAVE: { target: 'confirmingLeave' },
      },
    },
    confirmingLeave: {
      tags: ['revealed', 'confirmingLeave'],
      on: {
        STAY: { target: 'revealed', actions: 'stay' },
        LEAVE_ANYWAY: { target: 'idle', actions: [assign({ secret: null, copied: false }), 'proceed'] },
        // A second attempt while asked: still asked.
        LEAVE: {},
      },
    },
  },
});
