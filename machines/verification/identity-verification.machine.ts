import { assign, fromPromise, setup } from 'xstate';
import { IDENTITY_VERIFY_POLL_MAX, IDENTITY_VERIFY_POLL_MS } from '../shared/constants';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * Identity verification with the external provider (spec 002 s2 /identity-verification/{workflowRunId}/{token}
 * and /video-identity-job/{id}, s7 REST; 000 s1 wrapper's identity-verification start).
 * Two entry modes:
 *
 * - `start` (the button of /kyc and /profile): `idle` → START → `starting` (`start`: a workflow
 *   run and its SDK token) → `redirecting` (`goToProvider`: a full-page move to the provider; RETURNED
 *   when the browser's Back brings the page back from its cache), or in
 *   the mobile wrapper `sentToApp` (`sendToWrapper`: the app runs the provider's SDK; the page
 *   says "Continue in the app"). A failure is `startFailed`, where START tries again.
 * - `result` (the pages the provider sends the browser back to): signed out, `notSignedIn`
 *   (nothing is called: the check finished on this device, continue where it started); signed in,
 *   `verifying` (`verify`) → `approved` (`verified`: the app reads its verification again),
 *   `rejected` (the reason; START begins a new run), `pending` (asked again after `pollDelay`,
 *   at most IDENTITY_VERIFY_POLL_MAX times, then `stillChecking`), or `verifyFailed` (RETRY).
 */
export type IdentityVerificationTag =
  | 'idle'
  | 'busy'
  | 'starting'
  | 'redirecting'
  | 'inApp'
  | 'startFailed'
  | 'notSignedIn'
  | 'verifying'
  | 'pending'
  | 'stillChecking'
  | 'approved'
  | 'rejected'
  | 'verifyFailed';

/** What the provider sent the browser back with: a workflow run and its SDK token, or a video identity job. */
export type IdentityCheck = { workflowRunId: string; token: string } | { videoIdentityJobId: string };

/** A started run (POST /identity-verification): the provider's page to open, or the run and token for the wrapper's SDK. */
export interface IdentityStart {
  workflowRunId: string;
  token: string;
  providerUrl: string;
}

/** The verification's answer (POST verification/customer/{id}/verify). */
export interface IdentityVerdict {
  status: 'approved' | 'rejected' | 'pending';
  reason?: string | null;
}

/** The button (start) or a page the provider sent the browser back to (result). */
export type IdentityVerificationMode = { mode: 'start' } | ({ mode: 'result' } & IdentityCheck);

export type IdentityVerificationInput = IdentityVerificationMode & {
  /** Signed in on this device (the result pages call nothing otherwise). */
  signedIn: boolean;
  /** Inside the mobile app's wrapper: the app starts the provider's SDK instead of a page move. */
  wrapper: boolean;
};

export interface IdentityVerificationContext {
  check: IdentityCheck | null;
  signedIn: boolean;
  wrapper: boolean;
  started: IdentityStart | null;
  /** Why the provider refused (the service's text), when it did. */
  reason: string | null;
  /** How many times a pending check was asked again. */
  polls: number;
  failure: UiMessage | null;
}

export type IdentityVerificationEvent =
  | { type: 'START' }
  | { type: 'RETRY' }
  /** The page was shown again from the browser's back/forward cache after leaving for the provider (Back pressed there). */
  | { type: 'RETURNED' };

const checkOf = (input: IdentityVerificationInput): IdentityCheck | null => {
  if (input.mode === 'start') return null;
  return 'videoIdentityJobId' in input ? { videoIdentityJobId: input.videoIdentityJobId } : { workflowRunId: input.workflowRunId, token: input.token };
};

export const identityVerificationMachine = setup({
  types: {
    context: {} as IdentityVerificationContext,
    events: {} as IdentityVerificationEvent,
    input: {} as IdentityVerificationInput,
    tags: {} as IdentityVerificationTag,
  },
  actors: {
    /** POST /identity-verification (or for the acting customer). Throws a UiMessage. */
    start: fromPromise<IdentityStart>(async () => {
      throw new Error('start not provided');
    }),
    /** POST verification/customer/{id}/verify. Throws a UiMessage. */
    verify: fromPromise<IdentityVerdict, IdentityCheck>(async () => {
      throw new Error('verify not provided');
    }),
  },
  actions: {
    /** A full-page move to the provider's page. */
    goToProvider: (_, _params: { providerUrl: string }) => {},
    /** The wrapper message identityVerificationStart (000 s1). */
    sendToWrapper: (_, _params: { workflowRunId: string; token: string }) => {},
    /** Approved: the app's verification status and profile are read again. */
    verified: () => {},
  },
  guards: {
    startMode: ({ context }) => context.check === null,
    signedOut: ({ context }) => !context.signedIn,
    inWrapper: ({ context }) => context.wrapper,
    approved: (_, params: { verdict: IdentityVerdict }) => params.verdict.status === 'approved',
    rejected: (_, params: { verdict: IdentityVerdict }) => params.verdict.status === 'rejected',
    mayAskAgain: ({ context }) => context.polls < IDENTITY_VERIFY_POLL_MAX,
  },
  delays: { pollDelay: IDENTITY_VERIFY_POLL_MS },
}).createMachine({
  id: 'identityVerification',
  context: ({ input }) => ({ check: checkOf(input), signedIn: input.signedIn, wrapper: input.wrapper, started: null, reason: null, polls: 0, failure: null }),
  initial: 'entering',
  states: {
    entering: {
      always: [{ guard: 'startMode', target: 'idle' }, { guard: 'signedOut', target: 'notSignedIn' }, { target: 'verifying' }],
    },
    idle: { tags: ['idle'], on: { START: 'starting' } },
    starting: {
      tags: ['busy', 'starting'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'start',
        onDone: [
          {
            guard: 'inWrapper',
            target: 'sentToApp',
            actions: [assign({ started: ({ event }) => event.output }), { type: 'sendToWrapper', params: ({ event }) => ({ workflowRunId: event.output.workflowRunId, token: event.output.token }) }],
          },
          { target: 'redirecting', actions: [assign({ started: ({ event }) => event.output }), { type: 'goToProvider', params: ({ event }) => ({ providerUrl: event.output.providerUrl }) }] },
        ],
        onError: { target: 'startFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** The browser is leaving for the provider's page (the button stays busy); back from it (RETURNED), the button is offered again. */
    redirecting: { tags: ['busy', 'redirecting'], on: { RETURNED: [{ guard: 'startMode', target: 'idle' }, { target: 'rejected' }] } },
    /** The app runs the provider's SDK; START sends the run again if the app did not open it. */
    sentToApp: { tags: ['redirecting', 'inApp'], on: { START: 'starting' } },
    startFailed: { tags: ['startFailed'], on: { START: 'starting' } },
    notSignedIn: { tags: ['notSignedIn'], type: 'final' },
    verifying: {
      tags: ['busy', 'verifying'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'verify',
        input: ({ context }) => context.check!,
        onDone: [
          { guard: { type: 'approved', params: ({ event }) => ({ verdict: event.output }) }, target: 'approved', actions: 'verified' },
          { guard: { type: 'rejected', params: ({ event }) => ({ verdict: event.output }) }, target: 'rejected', actions: assign({ reason: ({ event }) => event.output.reason ?? null }) },
          { guard: 'mayAskAgain', target: 'pending', actions: assign({ polls: ({ context }) => context.polls + 1 }) },
          { target: 'stillChecking' },
        ],
        onError: { target: 'verifyFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    pending: { tags: ['pending'], after: { pollDelay: 'verifying' } },
    /** Asked often enough: the customer is told when the check is finished; RETRY asks once more. */
    stillChecking: { tags: ['stillChecking'], on: { RETRY: { target: 'verifying', actions: assign({ polls: IDENTITY_VERIFY_POLL_MAX }) } } },
    approved: { tags: ['approved'], type: 'final' },
    /** START: a new run with the provider. */
    rejected: { tags: ['rejected'], on: { START: 'starting' } },
    verifyFailed: { tags: ['verifyFailed'], on: { RETRY: 'verifying' } },
  },
});
