import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import { refusalOf, type FormErrors, type FormFailure } from '../shared/form.machine';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { feeCovered, identityCheckProblems, type IdentityCheckField, type IdentityCheckProblem, type IdentityCheckValues } from './merchant-checks.rules';
import { identityCheckMessage, merchantCheckMessages as m } from './merchant-checks-messages';

/**
 * An identity verification check started for a person (issue 56; 001 s3 identity verification item
 * with a fee per accountId; s7 identity fee (accountId), identity verification create):
 * - `editing`: the person's details and the paying account live in the machine (nothing typed is
 *   lost by a failure). Choosing an account (CHOOSE_ACCOUNT) asks its fee at once (`editing.fee`:
 *   `loading` → `ready`, or `failed` with why, RETRY_FEE asks again); another account asks again,
 *   and an answer for an account no longer chosen is never shown (the ask is restarted);
 * - SUBMIT checks every field (identityCheckProblems) and that the fee is known and the account's
 *   balance covers it; only then `confirming`: the fee and the person are shown before anything
 *   is charged. BACK returns to the details;
 * - CONFIRM → `creating` (one requestId per intent: the same details and account sent again after a
 *   failure keep it, so the fee is charged once); a refusal by field goes back to `editing` with
 *   the field errors; any other failure waits in `confirming` with its message (CONFIRM tries the
 *   same request again);
 * - `created` is final with the new check's id; CANCEL while editing ends it (`cancelled`).
 * Views read tags: `feeLoading`, `feeReady`, `feeFailed`, `confirming`, `busy`; `attempts` moves
 * the focus to the first problem.
 */
export interface IdentityFeeFact {
  accountId: number;
  amount: string;
  currencyCode: string;
}

export interface IdentityKnown {
  /** The paying accounts: the customer's open payment accounts, with their balances. */
  accounts: readonly { accountId: number; balance: string }[];
  /** The countries offered (empty until known: then any two letters). */
  countries: readonly string[];
}

export interface IdentityCheckContext {
  values: IdentityCheckValues;
  known: IdentityKnown;
  fee: IdentityFeeFact | null;
  feeError: UiMessage | null;
  errors: FormErrors;
  error: UiMessage | null;
  attempts: number;
  requestId: string;
  sent: IdentityCheckValues | null;
  verificationId: number | null;
}

export type IdentityCheckEvent =
  | { type: 'CHANGE'; name: Exclude<IdentityCheckField, 'accountId'>; value: string }
  | { type: 'CHOOSE_ACCOUNT'; accountId: number | null }
  | { type: 'KNOWN'; known: IdentityKnown }
  | { type: 'RETRY_FEE' }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'CANCEL' };

export type IdentityCheckTag = 'feeLoading' | 'feeReady' | 'feeFailed' | 'confirming' | 'busy';

/** What the `create` actor throws: field errors by field and/or a message. */
export type IdentityCreateFailure = FormFailure;

export const EMPTY_IDENTITY_CHECK: IdentityCheckValues = { accountId: null, firstName: '', lastName: '', email: '', countryCode: '', reference: '' };

/** Every problem in words: the fields, then the fee (unknown, or more than the balance). */
export function identityCheckErrors(context: Pick<IdentityCheckContext, 'values' | 'known' | 'fee'>): FormErrors {
  const problems = identityCheckProblems(context.values, { accountIds: context.known.accounts.map((account) => account.accountId), countries: context.known.countries });
  const errors: FormErrors = Object.fromEntries(
    (Object.entries(problems) as [IdentityCheckField, IdentityCheckProblem][]).map(([field, problem]) => [field, identityCheckMessage(field, problem)]),
  );
  if (!errors.accountId) {
    const account = context.known.accounts.find((one) => one.accountId === context.values.accountId);
    if (!context.fee || context.fee.accountId !== context.values.accountId) errors.accountId = { descriptor: m.feeUnknown };
    else if (account && !feeCovered(account.balance, context.fee.amount)) errors.accountId = { descriptor: m.feeNotCovered };
  }
  return errors;
}

const same = (a: IdentityCheckValues, b: IdentityCheckValues) => (Object.keys(a) as IdentityCheckField[]).every((key) => a[key] === b[key]);
const without = (errors: FormErrors, field: string): FormErrors => Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));

export const identityCheckMachine = setup({
  types: {
    context: {} as IdentityCheckContext,
    input: {} as { known: IdentityKnown; values?: Partial<IdentityCheckValues> },
    events: {} as IdentityCheckEvent,
    tags: {} as IdentityCheckTag,
    output: {} as { verificationId: number | null },
  },
  actors: {
    /** identityFee (accountId): what a check costs from that account. Throws a UiMessage. */
    fee: fromPromise<IdentityFeeFact, { accountId: number }>(async () => {
      throw new Error('identityCheck: fee not provided');
    }),
    /** identityVerificationCreate, once per requestId: the new check's id. Throws an IdentityCreateFailure or a UiMessage. */
    create: fromPromise<number, { values: IdentityCheckValues; requestId: string }>(async () => {
      throw new Error('identityCheck: create not provided');
    }),
  },
  actions: {
    /** Provided by the page: the history is read again, the balances too, what happened said. */
    created: () => {},
  },
  guards: {
    hasAccount: ({ context }) => context.values.accountId !== null,
    invalid: ({ context }) => Object.keys(identityCheckErrors(context)).length > 0,
  },
}).createMachine({
  id: 'identityCheck',
  context: ({ input }) => ({
    values: { ...EMPTY_IDENTITY_CHECK, ...input.values },
    known: input.known,
    fee: null,
    feeError: null,
    errors: {},
    error: null,
    attempts: 0,
    requestId: newRequestId(),
    sent: null,
    verificationId: null,
  }),
  output: ({ context }) => ({ verificationId: context.verificationId }),
  on: {
    KNOWN: { actions: assign({ known: ({ event }) => event.known }) },
  },
  initial: 'editing',
  states: {
    editing: {
      initial: 'start',
      on: {
        CHANGE: { actions: assign(({ context, event }) => ({ values: { ...context.values, [event.name]: event.value }, errors: without(context.errors, event.name), error: null })) },
        CHOOSE_ACCOUNT: [
          // Another account: its own fee is asked (an answer for the one before is dropped with its ask).
          { guard: ({ event }) => event.accountId !== null, target: '.fee.loading', reenter: true, actions: assign(({ context, event }) => ({ values: { ...context.values, accountId: event.accountId }, fee: null, feeError: null, errors: without(context.errors, 'accountId'), error: null })) },
          { target: '.fee.none', actions: assign(({ context }) => ({ values: { ...context.values, accountId: null }, fee: null, feeError: null })) },
        ],
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: identityCheckErrors(context), error: null, attempts: context.attempts + 1 })) },
          { target: 'confirming', actions: assign({ errors: {}, error: null }) },
        ],
        CANCEL: { target: 'cancelled' },
      },
      states: {
        start: {
          always: [{ guard: 'hasAccount', target: 'fee.loading' }, { target: 'fee.none' }],
        },
        fee: {
          initial: 'none',
          states: {
            none: {},
            loading: {
              tags: ['feeLoading'],
              invoke: {
                src: 'fee',
                input: ({ context }) => ({ accountId: context.values.accountId! }),
                onDone: { target: 'ready', actions: assign({ fee: ({ event }) => event.output }) },
                onError: { target: 'failed', actions: assign({ feeError: ({ event }) => toFailure(event.error) }) },
              },
            },
            ready: { tags: ['feeReady'] },
            failed: {
              tags: ['feeFailed'],
              on: { RETRY_FEE: { target: 'loading', actions: assign({ feeError: null }) } },
            },
          },
        },
        /** Back from the confirmation: the fee as it was (still for this account). */
        back: { always: { target: 'fee.ready' } },
      },
    },
    confirming: {
      tags: ['confirming', 'feeReady'],
      on: {
        CONFIRM: {
          target: 'creating',
          actions: assign(({ context }) => ({
            error: null,
            // The same details and account again (a retry after a failure) keep the requestId: the fee is charged once.
            requestId: context.sent !== null && !same(context.sent, context.values) ? newRequestId() : context.requestId,
            sent: { ...context.values },
          })),
        },
        BACK: { target: 'editing.back', actions: assign({ error: null }) },
      },
    },
    creating: {
      tags: ['confirming', 'feeReady', 'busy'],
      invoke: {
        src: 'create',
        input: ({ context }) => ({ values: context.values, requestId: context.requestId }),
        onDone: { target: 'created', actions: [assign({ verificationId: ({ event }) => event.output }), 'created'] },
        onError: [
          {
            guard: ({ event }) => refusalOf(event.error).byField,
            target: 'editing.back',
            actions: assign(({ context, event }) => {
              const refusal = refusalOf(event.error);
              return { errors: refusal.errors, error: refusal.error, attempts: context.attempts + 1 };
            }),
          },
          { target: 'confirming', actions: assign({ error: ({ event }) => refusalOf(event.error).error }) },
        ],
      },
    },
    created: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
