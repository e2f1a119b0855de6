import { assign, fromPromise, setup } from 'xstate';
import { approvalMachine, type ApprovalOutcome } from '../transfers/approval.machine';
import { sendForApproval } from '../transfers/send-for-approval';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { refusalOf, type FormErrors } from '../shared/form.machine';
import { codeError, companyEmailErrors } from './company-access-messages';
import { cleanEmailCode } from './company-access.rules';

/**
 * The company's e-mails on /company-emails (issue 54; 002 s7 Company emails), one actor for the
 * page's life, each e-mail through its lifecycle:
 * - ADD opens the form; SUBMIT checks the address first (the 002 s5 rule, not one the company
 *   has: no call otherwise) and adds it once per intent (`adding` → `sendingAdd`); the service
 *   sends a code at once, so the code is asked next (`entering`);
 * - `entering`: the 6-digit code (CODE, CONFIRM: checked before sending; a wrong one says so and
 *   the code stays to correct), RESEND asks a new one (`resending`); CANCEL leaves it unconfirmed
 *   (CONFIRM_CODE from the list comes back to it, RESEND from the list sends a new code first);
 * - DELETE asks first (`confirmingDelete`), then deletes once per requestId (`deleting`; a
 *   failure waits in `deleteFailed`: RETRY the same request, CANCEL);
 * - MAKE_PRIMARY asks first, then sends the new primary through the approval statechart (child
 *   `approval`): another full-access user approves it, or the user's approval mode confirms it.
 * Every success runs `changed` (the page reads the list again) and leaves a `notice`.
 * Views read tags: `adding`, `entering`, `confirmDelete`, `confirmPrimary`, `busy`, `deleteFailed`.
 */
export type CompanyEmailsTag = 'adding' | 'entering' | 'confirmDelete' | 'confirmPrimary' | 'busy' | 'deleteFailed';
export type CompanyEmailsNotice = 'added' | 'confirmed' | 'codeSent' | 'deleted' | 'primary' | null;

export interface EmailRef {
  emailId: number;
  email: string;
}

export interface CompanyEmailsContext {
  /** The company's addresses (for the duplicate rule), kept from the list. */
  known: readonly string[];
  email: string;
  code: string;
  /** The e-mail being confirmed, deleted or made primary. */
  current: EmailRef | null;
  errors: FormErrors;
  /** How many times a form was refused with field errors (the view moves the focus to the first). */
  attempts: number;
  error: UiMessage | null;
  notice: CompanyEmailsNotice;
  outcome: ApprovalOutcome | null;
  requestId: string;
  /** The address last sent to add (the same address again keeps the requestId). */
  sentEmail: string | null;
}

export type CompanyEmailsEvent =
  | { type: 'KNOWN'; emails: readonly string[] }
  | { type: 'ADD' }
  | { type: 'CHANGE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CODE'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CONFIRM_CODE'; email: EmailRef }
  | { type: 'RESEND'; email?: EmailRef }
  | { type: 'DELETE'; email: EmailRef }
  | { type: 'MAKE_PRIMARY'; email: EmailRef }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

/** What a refused add throws: field errors (the address) and/or a message. */
export interface AddFailure {
  fields?: FormErrors;
  message?: UiMessage;
}

const addErrors = (context: Pick<CompanyEmailsContext, 'email' | 'known'>) => companyEmailErrors({ email: context.email, '@emails': context.known.join('\n') });

export const companyEmailsMachine = setup({
  types: {
    context: {} as CompanyEmailsContext,
    input: {} as { known?: readonly string[] },
    events: {} as CompanyEmailsEvent,
    tags: {} as CompanyEmailsTag,
  },
  actors: {
    approval: approvalMachine,
    /** companyEmailAdd (email, requestId): the new e-mail's id. Throws an AddFailure. */
    add: fromPromise<number, { email: string; requestId: string }>(async () => {
      throw new Error('companyEmails: add not provided');
    }),
    /** companyEmailConfirm (emailId, confirmationCode). Throws a UiMessage. */
    confirm: fromPromise<void, { emailId: number; confirmationCode: string }>(async () => {
      throw new Error('companyEmails: confirm not provided');
    }),
    /** companyEmailConfirmRequest (emailId). Throws a UiMessage (a 429 says how long to wait). */
    resend: fromPromise<void, { emailId: number }>(async () => {
      throw new Error('companyEmails: resend not provided');
    }),
    /** companyEmailDelete (emailId, requestId). Throws a UiMessage. */
    remove: fromPromise<void, { emailId: number; requestId: string }>(async () => {
      throw new Error('companyEmails: remove not provided');
    }),
  },
  actions: {
    /** Provided by the page: read the list again. */
    changed: () => {},
    /** The approval's end (a new primary may be applied or waiting). */
    moneyMoved: () => {},
    approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
    primaryAsked: assign(({ context }) => ({ notice: context.outcome === 'success' || context.outcome === 'requested' ? ('primary' as const) : null, current: null })),
  },
  guards: {
    addInvalid: ({ context }) => Object.keys(addErrors(context)).length > 0,
    codeIncomplete: ({ context }) => codeError(context.code) !== undefined,
    hasEmail: ({ context, event }) => (event.type === 'RESEND' && event.email !== undefined) || context.current !== null,
  },
}).createMachine({
  id: 'companyEmails',
  context: ({ input }) => ({
    known: input.known ?? [],
    email: '',
    code: '',
    current: null,
    errors: {},
    attempts: 0,
    error: null,
    notice: null,
    outcome: null,
    requestId: newRequestId(),
    sentEmail: null,
  }),
  on: {
    KNOWN: { actions: assign({ known: ({ event }) => event.emails }) },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ADD: { target: 'adding', actions: assign({ email: '', errors: {}, error: null, notice: null, requestId: () => newRequestId(), sentEmail: null }) },
        CONFIRM_CODE: { target: 'entering', actions: assign({ current: ({ event }) => event.email, code: '', error: null, notice: null }) },
        RESEND: { guard: 'hasEmail', target: 'resending', actions: assign({ current: ({ context, event }) => event.email ?? context.current, code: '', error: null, notice: null }) },
        DELETE: { target: 'confirmingDelete', actions: assign({ current: ({ event }) => event.email, error: null, notice: null }) },
        MAKE_PRIMARY: { target: 'confirmingPrimary', actions: assign({ current: ({ event }) => event.email, error: null, notice: null, outcome: null }) },
      },
    },
    adding: {
      tags: ['adding'],
      on: {
        CHANGE: { actions: assign({ email: ({ event }) => event.value, errors: {}, error: null }) },
        SUBMIT: [
          { guard: 'addInvalid', actions: assign({ errors: ({ context }) => addErrors(context), attempts: ({ context }) => context.attempts + 1 }) },
          {
            target: 'sendingAdd',
            // The same address sent again after a failure keeps its requestId (answered once); another is a new intent.
            actions: assign(({ context }) => ({
              requestId: context.sentEmail !== null && context.sentEmail !== context.email.trim() ? newRequestId() : context.requestId,
              sentEmail: context.email.trim(),
            })),
          },
        ],
        CANCEL: { target: 'idle', actions: assign({ errors: {}, error: null }) },
      },
    },
    sendingAdd: {
      tags: ['adding', 'busy'],
      invoke: {
        src: 'add',
        input: ({ context }) => ({ email: context.email.trim(), requestId: context.requestId }),
        onDone: {
          target: 'entering',
          actions: [assign({ current: ({ context, event }) => ({ emailId: event.output, email: context.email.trim() }), code: '', notice: 'added', email: '' }), 'changed'],
        },
        onError: {
          target: 'adding',
          actions: assign(({ context, event }) => {
            const refusal = refusalOf(event.error);
            return { errors: refusal.errors, error: refusal.error, attempts: context.attempts + (refusal.byField ? 1 : 0) };
          }),
        },
      },
    },
    entering: {
      tags: ['entering'],
      on: {
        CODE: { actions: assign({ code: ({ event }) => event.value, error: null, errors: {} }) },
        CONFIRM: [{ guard: 'codeIncomplete', actions: assign({ errors: ({ context }) => ({ code: codeError(context.code) }), attempts: ({ context }) => context.attempts + 1 }) }, { target: 'confirming' }],
        RESEND: { target: 'resending', actions: assign({ code: '', error: null, errors: {} }) },
        CANCEL: { target: 'idle', actions: assign({ current: null, code: '', errors: {}, error: null }) },
      },
    },
    confirming: {
      tags: ['entering', 'busy'],
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ emailId: context.current!.emailId, confirmationCode: cleanEmailCode(context.code) }),
        onDone: { target: 'idle', actions: [assign({ notice: 'confirmed', current: null, code: '' }), 'changed'] },
        onError: { target: 'entering', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    resending: {
      tags: ['entering', 'busy'],
      invoke: {
        src: 'resend',
        input: ({ context }) => ({ emailId: context.current!.emailId }),
        onDone: { target: 'entering', actions: [assign({ notice: 'codeSent' }), 'changed'] },
        onError: { target: 'entering', actions: assign({ error: ({ event }) => toFailure(event.error), notice: null }) },
      },
    },
    confirmingDelete: {
      tags: ['confirmDelete'],
      on: {
        CONFIRM: { target: 'deleting', actions: assign({ requestId: () => newRequestId() }) },
        CANCEL: { target: 'idle', actions: assign({ current: null }) },
      },
    },
    deleting: {
      tags: ['confirmDelete', 'busy'],
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ emailId: context.current!.emailId, requestId: context.requestId }),
        onDone: { target: 'idle', actions: [assign({ notice: 'deleted', current: null }), 'changed'] },
        onError: { target: 'deleteFailed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    deleteFailed: {
      tags: ['confirmDelete', 'deleteFailed'],
      on: {
        RETRY: { target: 'deleting', actions: assign({ error: null }) },
        CANCEL: { target: 'idle', actions: assign({ current: null, error: null }) },
      },
    },
    confirmingPrimary: {
      tags: ['confirmPrimary'],
      on: {
        CONFIRM: { target: 'makingPrimary', actions: assign({ requestId: () => newRequestId() }) },
        CANCEL: { target: 'idle', actions: assign({ current: null }) },
      },
    },
    makingPrimary: {
      tags: ['busy'],
      ...sendForApproval<CompanyEmailsContext, 'primaryAsked' | 'changed'>({
        request: (context) => ({ method: 'companyEmailSetPrimary', body: { emailId: context.current!.emailId, requestId: context.requestId } }),
        moved: { target: 'idle', actions: ['primaryAsked', 'changed'] },
        notMoved: { target: 'idle', actions: ['primaryAsked'] },
        cancelled: { target: 'idle', actions: ['primaryAsked', 'changed'] },
      }),
    },
  },
});
