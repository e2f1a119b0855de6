import { assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  loginMessages,
  nextStep,
  validateCode,
  validateCredentials,
  type AuthFlowReply,
  type FieldErrors,
  type LoginFailure,
  type Terms,
  type Tokens,
  type UiMessage,
} from './login.logic';

/**
 * Signing in (spec 000 s4). Step one creates a flow; each flow has its own state and screen:
 * simple (tokens at once), direct (code exchanged), otp and sms (code entry), push (waits on the
 * realtime channel, can re-send, can show a QR deeplink), verifyDevice (devices list, waits for
 * approval from one of them). Migration to push two-factor (soft: continue with days left;
 * strict: cannot continue) and terms acceptance (accept, then the request is made again) come
 * before the flow. The typed username survives every failure.
 * Analytics (002 s9, the `track` action): "Login click" when a valid form is sent, "Login failed"
 * with its reason (refused, wrongCode, declined, expired, error; never a field check), "Token
 * receive" when the tokens come, then "Login success" with the flow and "Login Completed" with the
 * login method (email: the form; link: a sign-in link).
 */
export interface LoginContext {
  username: string;
  password: string;
  code: string;
  fieldErrors: FieldErrors;
  error: UiMessage | null;
  pkce: { verifier: string; challenge: string } | null;
  reply: AuthFlowReply | null;
  terms: Terms | null;
  acceptedTermsId: string | null;
  deeplink: string | null;
  tokens: Tokens | null;
  /** Whose sign-in a link's code is (the auth service says), asked before the link signs anyone in (issue 47). */
  linkUser: string | null;
  /**
   * Bumped on every rejected submit (the form's own check, a refused sign-in or code), so the
   * view can move focus to the first invalid field, else to the message (as `createFormMachine` does).
   */
  attempts: number;
}

export type LoginEvent =
  | { type: 'CHANGE'; field: 'username' | 'password' | 'code'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'SUBMIT_CODE' }
  | { type: 'ACCEPT_TERMS' }
  | { type: 'DECLINE_TERMS' }
  | { type: 'CONTINUE' }
  /** The migration step's "Get the mobile app" was followed (only told to analytics). */
  | { type: 'GET_APP' }
  | { type: 'BACK' }
  | { type: 'RESEND_PUSH' }
  | { type: 'REQUEST_QR' }
  | { type: 'PUSH_APPROVED'; code?: string | undefined }
  | { type: 'PUSH_DECLINED' }
  | { type: 'CHANNEL_LOST' };

/**
 * What the views read instead of state names (views never call `matches`):
 * - `step:<screen>`: the screen the user is on (`loginStep` picks it);
 * - `busy`: a call is in flight (PKCE, sign-in, code exchange, re-sending the push, fetching the QR,
 *   asking whose a link's code is);
 * - `busy:resendPush`, `busy:requestQr`: which of the push screen's calls is in flight;
 * - `migration:strict`: the migration cannot be postponed (no "Continue for now");
 * - `approvalExpired`: the push approval timed out or the channel was lost (the push screen offers to try again).
 */
export type LoginTag =
  | 'step:link'
  | 'step:credentials'
  | 'step:terms'
  | 'step:migration'
  | 'step:otp'
  | 'step:sms'
  | 'step:push'
  | 'step:verifyDevice'
  | 'busy'
  | 'busy:resendPush'
  | 'busy:requestQr'
  | 'migration:strict'
  | 'approvalExpired';

const failureMessage = (failure: LoginFailure): UiMessage => {
  if (failure.kind === 'rateLimited') return failure.message ?? { descriptor: loginMessages.rateLimited };
  if (failure.kind === 'failed' || failure.kind === 'wrongCode') return failure.message;
  return { descriptor: loginMessages.unknown };
};

const asFailure = (error: unknown): LoginFailure =>
  error && typeof error === 'object' && 'kind' in error
    ? (error as LoginFailure)
    : { kind: 'failed', message: { descriptor: loginMessages.unknown } };

/** Why a sign-in failed, for its analytics event: the service refused, a wrong code, the other device declined, the approval expired, anything else. */
export type LoginFailedReason = 'refused' | 'wrongCode' | 'declined' | 'expired' | 'error';
const failed = (reason: LoginFailedReason) => ({ type: 'track' as const, params: { event: 'Login failed' as const, reason } });
/**
 * The migration step's events (000 s3; docs/decisions.md "Analytics events"): soft or strict, migrate
 * or enable, and the days left of a soft one; nothing of the user.
 */
type MigrationEvent = 'SCP migration show' | 'SCP migration postpone' | 'SCP migration get app' | 'SCP migration back';
const migrationTrack = (event: MigrationEvent) => ({
  type: 'track' as const,
  params: ({ context }: { context: LoginContext }) => {
    const migration = context.reply?.migration;
    return {
      event,
      requirement: migration?.req ?? 'none',
      strategy: migration?.strat ?? 'none',
      ...(migration?.req === 'soft' && typeof migration.daysLeft === 'number' ? { daysLeft: migration.daysLeft } : {}),
    };
  },
});

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    /**
     * `exchange`: sign in from a code (spec 000 s2 query behaviour "code plus codeVerifier"): the
     * machine starts by asking whose sign-in it is and lets the user continue as that account, or
     * not, before it exchanges (issue 47: a link never signs anyone in unasked).
     */
    input: {} as { username?: string; exchange?: { code: string; codeVerifier: string } | undefined } | undefined,
    output: {} as { tokens: Tokens; username: string },
    tags: {} as LoginTag,
  },
  actors: {
    createPkce: fromPromise<{ verifier: string; challenge: string }>(async () => {
      throw new Error('createPkce not provided');
    }),
    login: fromPromise<AuthFlowReply, { username: string; password: string; codeChallenge: string; acceptTerms: string | null }>(
      async () => {
        throw new Error('login not provided');
      },
    ),
    exchangeToken: fromPromise<Tokens, { code: string; codeVerifier: string; otp: string | null }>(async () => {
      throw new Error('exchangeToken not provided');
    }),
    /** Whose sign-in a link's code is (its login), without using the code up. */
    codeOwner: fromPromise<string, { code: string; codeVerifier: string }>(async () => {
      throw new Error('codeOwner not provided');
    }),
    /** Subscribes to the realtime channel with the pending login's tmpJwt; sends PUSH_APPROVED/DECLINED/CHANNEL_LOST. */
    waitForApproval: fromCallback<LoginEvent, { tmpJwt: string | null }>(() => () => {}),
    resendPush: fromPromise<void, { tmpJwt: string | null }>(async () => {
      throw new Error('resendPush not provided');
    }),
    requestDeeplink: fromPromise<string, { tmpJwt: string | null }>(async () => {
      throw new Error('requestDeeplink not provided');
    }),
  },
  actions: {
    /** The approval screens (push, device verification) live at /scp; the app navigates there. */
    showApproval: () => {},
    /** Back to the form at /login (after BACK, a declined push, a failure). */
    showForm: () => {},
    showCodeErrors: assign({ fieldErrors: ({ context }) => validateCode(context.code) }),
    /** Back to the form: the password and code are cleared, the username stays. */
    clearSecrets: assign({ code: '', password: '', error: null }),
    /** The other device approved: the code to exchange comes with the approval, or was in the reply. */
    takeApproval: assign({
      reply: ({ context, event }) => {
        assertEvent(event, 'PUSH_APPROVED');
        return { ...context.reply!, code: event.code ?? context.reply?.code };
      },
    }),
    /** The other device declined: back to the form without the password. */
    approvalDeclined: assign({ error: { descriptor: loginMessages.pushDeclined }, password: '' }),
    /** The approval channel could not be kept open. */
    approvalChannelLost: assign({ error: { descriptor: loginMessages.channelLost } }),
    /** A submit was refused (field errors or a message): the view moves focus to what to fix. */
    rejected: assign({ attempts: ({ context }) => context.attempts + 1 }),
    /** Sign-in's analytics events (002 s9): the event and its properties, no login or text. */
    track: (
      _,
      _params: {
        event: 'Login click' | 'Login failed' | 'Token receive' | 'Login success' | 'Login Completed' | MigrationEvent;
        reason?: LoginFailedReason;
        flow?: string;
        loginMethod?: 'email' | 'link';
        requirement?: string;
        strategy?: string;
        daysLeft?: number;
      },
    ) => {},
  },
  guards: {
    credentialsValid: ({ context }) => Object.keys(validateCredentials(context)).length === 0,
    codeValid: ({ context }) => Object.keys(validateCode(context.code)).length === 0,
    isTermsFailure: ({ event }) => asFailure((event as { error?: unknown }).error).kind === 'terms',
    isWrongCode: ({ event }) => asFailure((event as { error?: unknown }).error).kind === 'wrongCode',
    stepIs: ({ context }, step: ReturnType<typeof nextStep>) => context.reply !== null && nextStep(context.reply) === step,
    flowIs: ({ context }, flow: AuthFlowReply['authFlow']) => context.reply?.authFlow === flow,
    hasAccessToken: ({ context }) => Boolean(context.reply?.accessToken),
    hasCodeToExchange: ({ context }) => Boolean(context.reply?.authFlow === 'direct' && context.reply.code && context.pkce?.verifier),
  },
  delays: {
    /** How long a push approval request stays valid on the other device. */
    approvalTimeout: 120_000,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    username: input?.username ?? '',
    password: '',
    code: '',
    fieldErrors: {},
    error: null,
    pkce: input?.exchange ? { verifier: input.exchange.codeVerifier, challenge: '' } : null,
    reply: input?.exchange ? { authFlow: 'direct', code: input.exchange.code } : null,
    terms: null,
    acceptedTermsId: null,
    deeplink: null,
    tokens: null,
    linkUser: null,
    attempts: 0,
  }),
  initial: 'starting',
  on: {
    CHANGE: {
      actions: assign(({ context, event }) => ({
        ...context,
        [event.field]: event.value,
        fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
      })),
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasCodeToExchange', target: 'identifyingLink' }, { target: 'editing' }],
    },
    // A sign-in link (code and verifier): whose sign-in it is, first (issue 47).
    identifyingLink: {
      tags: ['step:link', 'busy'],
      invoke: {
        id: 'codeOwner',
        src: 'codeOwner',
        input: ({ context }) => ({ code: context.reply?.code ?? '', codeVerifier: context.pkce?.verifier ?? '' }),
        onDone: { target: 'confirmingLink', actions: assign({ linkUser: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: [assign({ error: ({ event }) => failureMessage(asFailure(event.error)), reply: null, pkce: null }), 'rejected', failed('refused')] },
      },
    },
    // "Continue as <login>?": only the user's yes exchanges the code; "Not me" drops the link.
    confirmingLink: {
      tags: ['step:link'],
      on: {
        CONTINUE: { target: 'exchanging', actions: assign({ username: ({ context }) => context.linkUser ?? context.username }) },
        BACK: { target: 'editing', actions: assign({ linkUser: null, reply: null, pkce: null, error: null }) },
      },
    },
    editing: {
      tags: ['step:credentials'],
      entry: 'showForm',
      on: {
        SUBMIT: [
          { guard: 'credentialsValid', target: 'preparing', actions: [assign({ fieldErrors: {}, error: null }), { type: 'track', params: { event: 'Login click' } }] },
          { actions: [assign({ fieldErrors: ({ context }) => validateCredentials(context) }), 'rejected'] },
        ],
      },
    },
    preparing: {
      tags: ['step:credentials', 'busy'],
      invoke: {
        id: 'createPkce',
        src: 'createPkce',
        onDone: { target: 'submitting', actions: assign({ pkce: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: [assign({ error: { descriptor: loginMessages.unknown } }), 'rejected', failed('error')] },
      },
    },
    submitting: {
      tags: ['step:credentials', 'busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          username: context.username.trim(),
          password: context.password,
          codeChallenge: context.pkce!.challenge,
          acceptTerms: context.acceptedTermsId,
        }),
        onDone: { target: 'routing', actions: assign({ reply: ({ event }) => event.output, acceptedTermsId: null, deeplink: null }) },
        onError: [
          {
            guard: 'isTermsFailure',
            target: 'termsRequired',
            actions: assign({ terms: ({ event }) => (asFailure(event.error) as { terms: Terms }).terms }),
          },
          {
            target: 'editing',
            actions: [assign({ error: ({ event }) => failureMessage(asFailure(event.error)), password: '' }), 'rejected', failed('refused')],
          },
        ],
      },
    },
    termsRequired: {
      tags: ['step:terms'],
      on: {
        ACCEPT_TERMS: { target: 'submitting', actions: assign({ acceptedTermsId: ({ context }) => context.terms?.id ?? null }) },
        DECLINE_TERMS: { target: 'editing', actions: assign({ terms: null, password: '' }) },
      },
    },
    routing: {
      always: [
        { guard: { type: 'stepIs', params: 'migrationStrict' }, target: 'migrationStrict' },
        { guard: { type: 'stepIs', params: 'migrationSoft' }, target: 'migrationSoft' },
        { target: 'flow' },
      ],
    },
    migrationSoft: {
      tags: ['step:migration'],
      entry: migrationTrack('SCP migration show'),
      on: {
        CONTINUE: { target: 'flow', actions: migrationTrack('SCP migration postpone') },
        GET_APP: { actions: migrationTrack('SCP migration get app') },
        BACK: { target: 'editing', actions: [assign({ password: '' }), migrationTrack('SCP migration back')] },
      },
    },
    migrationStrict: {
      tags: ['step:migration', 'migration:strict'],
      entry: migrationTrack('SCP migration show'),
      on: {
        GET_APP: { actions: migrationTrack('SCP migration get app') },
        BACK: { target: 'editing', actions: [assign({ password: '' }), migrationTrack('SCP migration back')] },
      },
    },
    flow: {
      always: [
        { guard: { type: 'flowIs', params: 'simple' }, target: 'simple' },
        { guard: { type: 'flowIs', params: 'direct' }, target: 'exchanging' },
        { guard: { type: 'flowIs', params: 'otp' }, target: 'enteringOtp' },
        { guard: { type: 'flowIs', params: 'sms' }, target: 'enteringSms' },
        { guard: { type: 'flowIs', params: 'push' }, target: 'awaitingPush' },
        { guard: { type: 'flowIs', params: 'verifyDevice' }, target: 'verifyingDevice' },
        { target: 'editing', actions: [assign({ error: { descriptor: loginMessages.unknown } }), 'rejected', failed('error')] },
      ],
    },
    simple: {
      always: [
        {
          guard: 'hasAccessToken',
          target: 'loggedIn',
          actions: [
            assign({
              tokens: ({ context }) => ({
                accessToken: context.reply!.accessToken!,
                refreshToken: context.reply!.refreshToken ?? null,
              }),
            }),
            { type: 'track', params: { event: 'Token receive' } },
          ],
        },
        { target: 'editing', actions: [assign({ error: { descriptor: loginMessages.getTokenStrange } }), 'rejected', failed('error')] },
      ],
    },
    // OTP and SMS: the same code entry; the screens differ (SMS shows phone and identifier).
    enteringOtp: {
      tags: ['step:otp'],
      on: {
        SUBMIT_CODE: [{ guard: 'codeValid', target: 'exchanging' }, { actions: ['showCodeErrors', 'rejected'] }],
        BACK: { target: 'editing', actions: 'clearSecrets' },
      },
    },
    enteringSms: {
      tags: ['step:sms'],
      on: {
        SUBMIT_CODE: [{ guard: 'codeValid', target: 'exchanging' }, { actions: ['showCodeErrors', 'rejected'] }],
        BACK: { target: 'editing', actions: 'clearSecrets' },
      },
    },
    awaitingPush: {
      tags: ['step:push'],
      entry: 'showApproval',
      invoke: { id: 'waitForApproval', src: 'waitForApproval', input: ({ context }) => ({ tmpJwt: context.reply?.tmpJwt ?? null }) },
      after: { approvalTimeout: { target: 'approvalExpired' } },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            RESEND_PUSH: 'resending',
            REQUEST_QR: 'requestingQr',
          },
        },
        resending: {
          tags: ['busy', 'busy:resendPush'],
          invoke: {
            id: 'resendPush',
            src: 'resendPush',
            input: ({ context }) => ({ tmpJwt: context.reply?.tmpJwt ?? null }),
            onDone: { target: 'waiting', actions: assign({ error: null }) },
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => failureMessage(asFailure(event.error)) }) },
          },
        },
        requestingQr: {
          tags: ['busy', 'busy:requestQr'],
          invoke: {
            id: 'requestDeeplink',
            src: 'requestDeeplink',
            input: ({ context }) => ({ tmpJwt: context.reply?.tmpJwt ?? null }),
            onDone: { target: 'waiting', actions: assign({ deeplink: ({ event }) => event.output }) },
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => failureMessage(asFailure(event.error)) }) },
          },
        },
      },
      on: {
        PUSH_APPROVED: { target: 'exchanging', actions: 'takeApproval' },
        PUSH_DECLINED: { target: 'editing', actions: ['approvalDeclined', failed('declined')] },
        CHANNEL_LOST: { target: 'approvalExpired', actions: 'approvalChannelLost' },
        BACK: { target: 'editing', actions: assign({ password: '', error: null, deeplink: null }) },
      },
    },
    verifyingDevice: {
      tags: ['step:verifyDevice'],
      entry: 'showApproval',
      invoke: { id: 'waitForDeviceApproval', src: 'waitForApproval', input: ({ context }) => ({ tmpJwt: context.reply?.tmpJwt ?? null }) },
      after: { approvalTimeout: { target: 'approvalExpired' } },
      on: {
        PUSH_APPROVED: { target: 'exchanging', actions: 'takeApproval' },
        PUSH_DECLINED: { target: 'editing', actions: ['approvalDeclined', failed('declined')] },
        CHANNEL_LOST: { target: 'approvalExpired', actions: 'approvalChannelLost' },
        BACK: { target: 'editing', actions: assign({ password: '', error: null }) },
      },
    },
    // Shown as the push screen (whichever approval expired), with "Try again" instead of waiting.
    approvalExpired: {
      tags: ['step:push', 'approvalExpired'],
      entry: [assign({ error: ({ context }) => context.error ?? { descriptor: loginMessages.pushExpired } }), failed('expired')],
      on: {
        SUBMIT: { target: 'preparing', actions: assign({ error: null }) },
        BACK: { target: 'editing', actions: assign({ password: '', error: null }) },
      },
    },
    // No screen of its own: the user stays where the exchange started (see `loginStep`).
    exchanging: {
      tags: ['busy'],
      invoke: {
        id: 'exchangeToken',
        src: 'exchangeToken',
        input: ({ context }) => ({
          code: context.reply?.code ?? '',
          codeVerifier: context.pkce?.verifier ?? '',
          otp: context.reply?.authFlow === 'otp' || context.reply?.authFlow === 'sms' ? context.code.trim() : null,
        }),
        onDone: { target: 'loggedIn', actions: [assign({ tokens: ({ event }) => event.output }), { type: 'track', params: { event: 'Token receive' } }] },
        onError: [
          {
            guard: 'isWrongCode',
            target: 'returnToCode',
            actions: [assign({ error: ({ event }) => failureMessage(asFailure(event.error)), code: '' }), 'rejected', failed('wrongCode')],
          },
          { target: 'editing', actions: [assign({ error: ({ event }) => failureMessage(asFailure(event.error)), password: '', code: '', linkUser: null }), 'rejected', failed('refused')] },
        ],
      },
    },
    returnToCode: {
      always: [
        { guard: { type: 'flowIs', params: 'sms' }, target: 'enteringSms' },
        { target: 'enteringOtp' },
      ],
    },
    loggedIn: {
      type: 'final',
      entry: [
        { type: 'track', params: ({ context }) => ({ event: 'Login success' as const, flow: context.reply?.authFlow ?? 'direct' }) },
        { type: 'track', params: ({ context }) => ({ event: 'Login Completed' as const, loginMethod: context.linkUser ? ('link' as const) : ('email' as const) }) },
      ],
    },
  },
  output: ({ context }) => ({ tokens: context.tokens!, username: context.username.trim() }),
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The screens of the sign-in form, one view each. */
export type LoginStep = 'link' | 'credentials' | 'terms' | 'migration' | 'otp' | 'sms' | 'push' | 'verifyDevice';

const stepOrder = ['link', 'terms', 'migration', 'otp', 'sms', 'push', 'verifyDevice', 'credentials'] as const satisfies readonly LoginStep[];

/**
 * The screen to show, from the `step:*` tags. Terms are shown only with terms to show. The code
 * exchange after a typed code (OTP or SMS) stays on the code screen, and the exchange of a link's
 * code on the link's question, their buttons pending; any other exchange (an approved push) and
 * the transient states show the credentials form.
 */
export function loginStep(s: LoginSnapshot): LoginStep {
  for (const step of stepOrder) {
    if (!s.hasTag(`step:${step}`)) continue;
    if (step === 'terms' && !s.context.terms) return 'credentials';
    return step;
  }
  if (s.hasTag('busy') && s.context.code) return s.context.reply?.authFlow === 'sms' ? 'sms' : 'otp';
  if (s.hasTag('busy') && s.context.linkUser) return 'link';
  return 'credentials';
}
