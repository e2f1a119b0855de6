import { assign, fromPromise, setup } from 'xstate';
import { msg } from '@lingui/core/macro';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import {
  codeProblem,
  emptyRecoveryRequest,
  normalCode,
  passwordErrors,
  requestErrors,
  resumeAt,
  RECOVERY_STEPS,
  type RecoveryNotice,
  type RecoveryRequestValues,
  type RecoveryStep,
  type StoredRecovery,
} from './account-recovery.rules';

/**
 * Account recovery (spec 002 s2, s3, s5, s7): one statechart over the steps, each its
 * own address (/account-recovery/<step>); the page follows the step tag.
 *
 * - `email`: the e-mail and the person's data (firstName, lastName, dob); SUBMIT sends the
 *   password change request (`request`) once they are right.
 * - `status`: the answer: approved (a code went to recoveryEmail if the data match: the service
 *   answers the same either way, issue 46) → CONTINUE to the code, or TRY_AGAIN to correct the data
 *   typed; rejected with another try (isRetryable) → TRY_AGAIN with what was typed; rejected for
 *   good → what to do (support), START_OVER.
 * - `reset`: the code typed (six digits) and checked (`checkCode`: emailCodeIsValid); a wrong code
 *   stays with a message; NEW_CODE asks again with the data kept (a new e-mail and task).
 * - `password`: the new password twice (the sign-up's rule, shown while typed), set with e-mail,
 *   code and password (`changePassword`); a refused code goes back to `reset`.
 * - `success`: signed in with the new password from the sign-in page.
 *
 * What a reload needs (never the code or a password) is handed to `keep` on every step; START_OVER
 * (any step) and success `forget` the task. BACK_TO lets the browser's Back reach the e-mail step
 * (what was typed kept) or the answer. Failures keep everything typed and say why (a 429: when to
 * try again).
 */
export type RecoveryTag = RecoveryStep | 'busy';

export type RecoveryEvent =
  | { type: 'CHANGE'; field: keyof RecoveryRequestValues | 'code' | 'password' | 'passwordRepeat'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CONTINUE' }
  | { type: 'TRY_AGAIN' }
  | { type: 'NEW_CODE' }
  | { type: 'START_OVER' }
  | { type: 'BACK_TO'; step: RecoveryStep };

export interface RecoveryAnswer {
  taskId: string;
  emailId: string | null;
  verificationStatus: 'approved' | 'rejected';
  rejectReason: string | null;
  isRetryable: boolean;
  recoveryEmail: string | null;
}

export interface RecoveryContext extends Omit<StoredRecovery, 'step'> {
  code: string;
  password: string;
  passwordRepeat: string;
  /** The code check's answer for `code` (002 s3 emailCodeIsValid); null until checked. */
  emailCodeIsValid: boolean | null;
  /** The current step's errors show (SUBMIT was tried). */
  shown: boolean;
  failure: UiMessage | null;
  notice: RecoveryNotice | null;
  today: string;
  /** The step a (re)load opens (resumeAt). */
  resume: RecoveryStep;
}

export interface RecoveryInput {
  stored?: StoredRecovery | null;
  /** The step the address asks for. */
  asked?: RecoveryStep;
  today: string;
}

export const recoveryMessages = {
  wrongCode: msg`This code is not right. Check the latest e-mail and type its code again.`,
};

const noTask = { taskId: null, emailId: null, recoveryEmail: null, verificationStatus: null, rejectReason: null, isRetryable: false } as const;

export const keptOf = (context: RecoveryContext, step: RecoveryStep): StoredRecovery => ({
  step,
  values: context.values,
  taskId: context.taskId,
  emailId: context.emailId,
  recoveryEmail: context.recoveryEmail,
  verificationStatus: context.verificationStatus,
  rejectReason: context.rejectReason,
  isRetryable: context.isRetryable,
});

const keep = (step: RecoveryStep) => ({ type: 'keep' as const, params: ({ context }: { context: RecoveryContext }) => ({ recovery: keptOf(context, step) }) });

/** The Back of the browser from the code or password step: the data typed, or the answer. */
const backToEarlier = [
  { guard: 'backToEmail', target: 'email' },
  { guard: 'backToStatus', target: 'status' },
] as const;

/** A step's form: a field changed, or a submit that goes on when the step's rule says so (else its errors show). */
const editing = <G extends 'requestValid' | 'codeValid' | 'passwordValid', T extends string>(guard: G, target: T) =>
  ({
    on: {
      CHANGE: { actions: 'changeField' },
      SUBMIT: [{ guard, target }, { actions: 'show' }],
    },
  }) as const;

export const accountRecoveryMachine = setup({
  types: {
    context: {} as RecoveryContext,
    events: {} as RecoveryEvent,
    input: {} as RecoveryInput,
    tags: {} as RecoveryTag,
  },
  actors: {
    /** Password change request: the task and its answer. Throws a FormFailure or a UiMessage. */
    request: fromPromise<RecoveryAnswer, RecoveryRequestValues>(async () => {
      throw new Error('request not provided');
    }),
    /** Password change code check: emailCodeIsValid. Throws when the code cannot be used (expired, too many tries). */
    checkCode: fromPromise<boolean, { taskId: string; emailId: string; email: string; code: string }>(async () => {
      throw new Error('checkCode not provided');
    }),
    /** Password change with code. Throws a FormFailure (fields `code` or `password`). */
    changePassword: fromPromise<void, { email: string; code: string; password: string }>(async () => {
      throw new Error('changePassword not provided');
    }),
  },
  actions: {
    /** Provided by the page: what a reload needs, in this tab (sessionStorage). */
    keep: (_, _params: { recovery: StoredRecovery }) => {},
    /** Provided by the page: the tab forgets the recovery. */
    forget: () => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      if (event.field === 'code') return { code: event.value, emailCodeIsValid: null, failure: null };
      if (event.field === 'password' || event.field === 'passwordRepeat') return { [event.field]: event.value, failure: null };
      return { values: { ...context.values, [event.field]: event.value }, failure: null };
    }),
    show: assign({ shown: true }),
    clearTask: assign({ ...noTask, code: '', password: '', passwordRepeat: '', emailCodeIsValid: null, shown: false, failure: null, notice: null }),
  },
  guards: {
    requestValid: ({ context }) => Object.keys(requestErrors(context.values, context.today)).length === 0,
    approved: ({ context }) => context.verificationStatus === 'approved' && !!context.emailId,
    /** Back to the data with what was typed: after a rejection with another try, or after "we sent a code if they match" (no code came: a typo). */
    retryable: ({ context }) => (context.verificationStatus === 'rejected' && context.isRetryable) || context.verificationStatus === 'approved',
    codeValid: ({ context }) => codeProblem(context.code) === null,
    passwordValid: ({ context }) => Object.keys(passwordErrors(context.password, context.passwordRepeat)).length === 0,
    resumesAt: ({ context }, params: { step: RecoveryStep }) => context.resume === params.step,
    backToEmail: ({ event }) => event.type === 'BACK_TO' && event.step === 'email',
    backToStatus: ({ context, event }) => event.type === 'BACK_TO' && event.step === 'status' && context.verificationStatus !== null,
  },
}).createMachine({
  id: 'accountRecovery',
  context: ({ input }) => {
    const stored = input.stored ?? null;
    const { step, notice } = resumeAt(stored, input.asked ?? 'email');
    // What was typed comes back on any step; the task only with the step it belongs to.
    const task = stored && step !== 'email' ? stored : noTask;
    return {
      values: stored?.values ?? emptyRecoveryRequest(),
      taskId: task.taskId,
      emailId: task.emailId,
      recoveryEmail: task.recoveryEmail,
      verificationStatus: task.verificationStatus,
      rejectReason: task.rejectReason,
      isRetryable: task.isRetryable,
      code: '',
      password: '',
      passwordRepeat: '',
      emailCodeIsValid: null,
      shown: false,
      failure: null,
      notice,
      today: input.today,
      resume: step,
    };
  },
  initial: 'resume',
  on: {
    START_OVER: { target: '.email', actions: ['clearTask', assign({ values: emptyRecoveryRequest() }), 'forget'] },
  },
  states: {
    resume: {
      // resumeAt never opens the password step (its code is never kept): the code step asks again.
      always: RECOVERY_STEPS.filter((step) => step !== 'password').map((step) => ({ guard: { type: 'resumesAt' as const, params: { step } }, target: step })),
    },
    email: {
      tags: ['email'],
      entry: keep('email'),
      initial: 'editing',
      states: {
        editing: editing('requestValid', 'requesting'),
        requesting: {
          tags: ['busy'],
          invoke: {
            src: 'request',
            input: ({ context }) => ({ ...context.values, email: context.values.email.trim(), firstName: context.values.firstName.trim(), lastName: context.values.lastName.trim() }),
            onDone: {
              target: '#accountRecovery.status',
              actions: assign(({ event }) => ({ ...event.output, shown: false, failure: null, notice: null, code: '', password: '', passwordRepeat: '', emailCodeIsValid: null })),
            },
            onError: { target: 'editing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
          },
        },
      },
    },
    status: {
      tags: ['status'],
      entry: keep('status'),
      on: {
        CONTINUE: { guard: 'approved', target: 'reset' },
        TRY_AGAIN: { guard: 'retryable', target: 'email', actions: 'clearTask' },
        BACK_TO: { guard: 'backToEmail', target: 'email' },
      },
    },
    reset: {
      tags: ['reset'],
      entry: keep('reset'),
      initial: 'editing',
      on: {
        NEW_CODE: { target: '#accountRecovery.email.requesting', actions: 'clearTask' },
        BACK_TO: backToEarlier,
      },
      states: {
        editing: editing('codeValid', 'checking'),
        checking: {
          tags: ['busy'],
          invoke: {
            src: 'checkCode',
            input: ({ context }) => ({ taskId: context.taskId ?? '', emailId: context.emailId ?? '', email: context.values.email.trim(), code: normalCode(context.code) }),
            onDone: [
              { guard: ({ event }) => event.output, target: '#accountRecovery.password', actions: assign({ emailCodeIsValid: true, shown: false, failure: null, notice: null }) },
              { target: 'editing', actions: assign({ emailCodeIsValid: false, failure: { descriptor: recoveryMessages.wrongCode } }) },
            ],
            onError: { target: 'editing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
          },
        },
      },
    },
    password: {
      tags: ['password'],
      entry: keep('password'),
      initial: 'editing',
      on: {
        BACK_TO: backToEarlier,
      },
      states: {
        editing: editing('passwordValid', 'changing'),
        changing: {
          tags: ['busy'],
          invoke: {
            src: 'changePassword',
            input: ({ context }) => ({ email: context.values.email.trim(), code: normalCode(context.code), password: context.password }),
            onDone: { target: '#accountRecovery.success' },
            // The code can no longer be used (expired meanwhile): back to the code, saying why.
            onError: [
              {
                guard: ({ event }) => codeRefused(event.error),
                target: '#accountRecovery.reset',
                actions: assign({ failure: ({ event }) => formFailureMessage(event.error), code: '', emailCodeIsValid: null }),
              },
              { target: 'editing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
            ],
          },
        },
      },
    },
    success: {
      tags: ['success'],
      // Done: the tab keeps only that it is done (a reload says so), nothing typed.
      entry: [assign({ ...noTask, values: emptyRecoveryRequest(), password: '', passwordRepeat: '', code: '', emailCodeIsValid: null }), keep('success')],
    },
  },
});

/** A refusal that names the code (VF param code): it can no longer be used. */
function codeRefused(error: unknown): boolean {
  const fields = (error as { fields?: Record<string, unknown> } | null)?.fields;
  return !!fields && 'code' in fields;
}
