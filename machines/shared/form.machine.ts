import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from './request-id';
import { formFailureMessage, type UiMessage } from './ui-message';

export const formMessages = {
  unexpected: msg`Something went wrong. What you entered is kept; please try again.`,
};

/**
 * The form statechart every form copies (created per form with `createFormMachine`):
 * - the values live in the machine, so a failed submit, a server error or a re-render never
 *   loses what the user typed;
 * - SUBMIT validates first (the form's pure `validate`, the same rule the server applies) and
 *   only valid values reach the `submit` actor;
 * - while `submitting`, further SUBMITs are ignored: no double submission of anything that
 *   moves money or changes security settings;
 * - a failed submit goes back to `editing` with the server's field errors (by `param`) and a
 *   form-level message; `submitted` waits for RESET (a new entry) or keeps the result on screen;
 * - each submit carries a `requestId` (docs/decisions.md "Idempotent submits"): sending the same
 *   values again after a failure (a lost reply, a 500) reuses it, so a write the service already
 *   made is answered, not made twice; changed values, or RESET, are a new intent with a new one.
 */
export type FormValues = Record<string, string>;
export type FormErrors = Partial<Record<string, UiMessage>>;

/** What a `submit` actor throws: field errors by name and/or one message for the whole form. */
export interface FormFailure {
  fields?: FormErrors;
  message?: UiMessage;
  /**
   * The change needs a proof of re-authentication the call did not carry (or no longer valid: a
   * 403 with code REAUTH, issue 49): a statechart that can ask for one does so and sends again.
   */
  proofRefused?: true;
}

/** The failure is the service asking the user to confirm it is them first (FormFailure.proofRefused). */
export const isProofRefusal = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as FormFailure).proofRefused === true;

/**
 * A refused submit read for a form kept in its own statechart: the service's field errors (a
 * FormFailure with fields) and its message beside them, or no field errors and the failure's
 * message (formFailureMessage). `byField` says whether a field was refused (the view then moves
 * the focus to it: bump `attempts`).
 */
export function refusalOf(error: unknown): { errors: FormErrors; error: UiMessage | null; byField: boolean } {
  const failure = error && typeof error === 'object' && !(error instanceof Error) ? (error as FormFailure) : null;
  if (failure?.fields) return { errors: failure.fields, error: failure.message ?? null, byField: true };
  return { errors: {}, error: formFailureMessage(error), byField: false };
}

/** A field changed: its value set and its own error cleared (the others stay until the next submit). */
export function changeField<V extends object, K extends keyof V & string>(context: { values: V; errors: FormErrors }, name: K, value: V[K]): { values: V; errors: FormErrors } {
  const { [name]: _cleared, ...errors } = context.errors;
  return { values: { ...context.values, [name]: value }, errors };
}

export interface FormContext {
  values: FormValues;
  initial: FormValues;
  errors: FormErrors;
  formError: UiMessage | null;
  /** Bumped on every rejected SUBMIT, so the UI can move focus to the first invalid field. */
  attempts: number;
  result: unknown;
  /** The submit's idempotency key: kept while the same values are sent again, new for other values. */
  requestId: string;
  /** The values last sent (null before the first submit of an intent). */
  sentValues: FormValues | null;
}

const sameValues = (a: FormValues, b: FormValues) => Object.keys({ ...a, ...b }).every((key) => a[key] === b[key]);

/** The context of a submit that passed the form's rule: the same requestId for the same values, a new one for others. */
export function intentOf(context: Pick<FormContext, 'values' | 'requestId' | 'sentValues'>): Pick<FormContext, 'requestId' | 'sentValues'> {
  const renewed = context.sentValues !== null && !sameValues(context.sentValues, context.values);
  return { requestId: renewed ? newRequestId() : context.requestId, sentValues: { ...context.values } };
}

/** A form's first context: the values given, nothing sent yet. */
export const initialFormContext = (values: FormValues) => ({
  values: { ...values },
  initial: { ...values },
  errors: {},
  formError: null,
  attempts: 0,
  result: null,
  requestId: newRequestId(),
  sentValues: null,
});

/** RESET: the first values again and a new intent. */
export const resetFormContext = (context: FormContext) => ({ values: { ...context.initial }, errors: {}, formError: null, result: null, requestId: newRequestId(), sentValues: null });

/** What the views read: `busy` while the submit is in flight, `submitted` once it succeeded. */
export type FormTag = 'busy' | 'submitted';

export type FormEvent =
  | { type: 'CHANGE'; name: string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RESET' };

/**
 * `final: true` makes `submitted` a final state whose output is the submit's result: a form that a
 * larger statechart invokes (a card action's PIN form) ends, and its parent moves on with `onDone`.
 */
export function createFormMachine(id: string, validate: (values: FormValues) => FormErrors, options: { final?: boolean } = {}) {
  const hasErrors = (values: FormValues) => Object.keys(validate(values)).length > 0;
  return setup({
    types: {
      context: {} as FormContext,
      input: {} as { values: FormValues },
      events: {} as FormEvent,
      tags: {} as FormTag,
    },
    actors: {
      // requestId is always sent; optional in the type so a submit that ignores it (no write) still fits.
      submit: fromPromise<unknown, { values: FormValues; requestId?: string }>(async () => {
        throw new Error(`${id}: submit actor not provided`);
      }),
    },
    actions: {
      /** Provided by the screen (refresh a list, notify). */
      submitted: () => {},
    },
    guards: {
      invalid: ({ context }) => hasErrors(context.values),
    },
  }).createMachine({
    id,
    output: ({ context }) => context.result,
    context: ({ input }) => initialFormContext(input.values),
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: {
            // Editing a field clears its own error (the others stay until the next submit).
            actions: assign(({ context, event }) => changeField(context, event.name, event.value)),
          },
          SUBMIT: [
            {
              guard: 'invalid',
              actions: assign(({ context }) => ({ errors: validate(context.values), formError: null, attempts: context.attempts + 1 })),
            },
            { target: 'submitting', actions: assign(({ context }) => ({ errors: {}, formError: null, ...intentOf(context) })) },
          ],
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ values: context.values, requestId: context.requestId }),
          onDone: { target: 'submitted', actions: [assign({ result: ({ event }) => event.output }), 'submitted'] },
          onError: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              // A FormFailure is a plain object; an Error is a bug and never shown as text.
              const failure = (event.error instanceof Error || !event.error ? {} : event.error) as FormFailure;
              return {
                errors: failure.fields ?? {},
                formError: failure.message ?? (failure.fields ? null : { descriptor: formMessages.unexpected }),
                attempts: context.attempts + 1,
              };
            }),
          },
        },
      },
      submitted: options.final
        ? { tags: ['submitted'], type: 'final' as const }
        : {
            tags: ['submitted'],
            on: {
              RESET: { target: 'editing', actions: assign(({ context }) => resetFormContext(context)) },
            },
          },
    },
  });
}

/** Any form statechart made by `createFormMachine` (with or without its actors provided). */
export type FormMachine = ReturnType<typeof createFormMachine>;
