import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import type { UiMessage } from '../shared/ui-message';
import { refusalOf, type FormErrors, type FormFailure } from '../shared/form.machine';
import { buttonProblems, type ButtonField, type ButtonValues } from './merchant.rules';
import { buttonMessage } from './merchant-messages';

/**
 * A saved payment button made or changed (issue 55; 001 s7 Merchant: saved button create, update):
 * - the values live in the machine (a preview and the snippet are drawn from them; a failure loses
 *   nothing); CHANGE sets a field, SET_LOGO the logo; KNOWN brings what the rules need from the
 *   page's reads (the currencies of the open accounts, the logos);
 * - SUBMIT checks every field first (buttonProblems) and only a right button is sent (`saving`,
 *   the `save` actor: create without an id, update with it; one requestId per intent, kept when the
 *   same values are sent again after a failure);
 * - a refusal goes back to `editing` with the service's field errors, or its message (a reply's
 *   `errors` of 001 s8, which the page shows in the response popup); `saved` is final with the
 *   button's id. CANCEL while editing ends it (`cancelled`).
 * Views read tags (`busy`) and `attempts` (the focus to the first problem).
 */
export interface ButtonKnown {
  currencies: readonly string[];
  logoIds: readonly number[];
}

export interface ButtonEditContext {
  /** The button's id when it is changed; null for a new one. */
  id: number | null;
  values: ButtonValues;
  known: ButtonKnown;
  insecureHosts: readonly string[];
  errors: FormErrors;
  error: UiMessage | null;
  attempts: number;
  requestId: string;
  sent: ButtonValues | null;
  savedId: number | null;
}

export type ButtonEditEvent =
  | { type: 'CHANGE'; name: Exclude<keyof ButtonValues, 'logoId'>; value: string }
  | { type: 'SET_LOGO'; logoId: number | null }
  | { type: 'KNOWN'; known: ButtonKnown }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

export type ButtonEditTag = 'busy';

/** What the `save` actor throws: field errors by field and/or a message. */
export type ButtonSaveFailure = FormFailure;

export const EMPTY_BUTTON: ButtonValues = { name: '', buttonType: 'buyNow', itemName: '', amount: '', currencyCode: '', logoId: null, returnUrl: '', cancelUrl: '' };

/** The problems in words, by field. */
export function buttonErrors(values: ButtonValues, known: ButtonKnown, insecureHosts: readonly string[] = []): FormErrors {
  const problems = buttonProblems(values, { ...known, insecureHosts });
  return Object.fromEntries((Object.entries(problems) as [ButtonField, NonNullable<(typeof problems)[ButtonField]>][]).map(([field, problem]) => [field, buttonMessage(field, problem)]));
}

const same = (a: ButtonValues, b: ButtonValues) => (Object.keys(a) as (keyof ButtonValues)[]).every((key) => a[key] === b[key]);
const without = (errors: FormErrors, field: string): FormErrors => Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));

export const buttonEditMachine = setup({
  types: {
    context: {} as ButtonEditContext,
    input: {} as { id?: number | null; values?: ButtonValues; known: ButtonKnown; insecureHosts?: readonly string[] },
    events: {} as ButtonEditEvent,
    tags: {} as ButtonEditTag,
    output: {} as { buttonId: number | null },
  },
  actors: {
    /** savedButtonCreate (id null) or savedButtonUpdate, once per requestId: the button's id. Throws a ButtonSaveFailure or a UiMessage. */
    save: fromPromise<number, { id: number | null; values: ButtonValues; requestId: string }>(async () => {
      throw new Error('buttonEdit: save not provided');
    }),
  },
  actions: {
    /** Provided by the page: the list is read again, what happened said. */
    saved: () => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(buttonErrors(context.values, context.known, context.insecureHosts)).length > 0,
  },
}).createMachine({
  id: 'buttonEdit',
  context: ({ input }) => ({
    id: input.id ?? null,
    values: { ...(input.values ?? EMPTY_BUTTON) },
    known: input.known,
    insecureHosts: input.insecureHosts ?? [],
    errors: {},
    error: null,
    attempts: 0,
    requestId: newRequestId(),
    sent: null,
    savedId: null,
  }),
  output: ({ context }) => ({ buttonId: context.savedId }),
  on: {
    KNOWN: { actions: assign({ known: ({ event }) => event.known }) },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: assign(({ context, event }) => ({ values: { ...context.values, [event.name]: event.value }, errors: without(context.errors, event.name), error: null })) },
        SET_LOGO: { actions: assign(({ context, event }) => ({ values: { ...context.values, logoId: event.logoId }, errors: without(context.errors, 'logoId'), error: null })) },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: buttonErrors(context.values, context.known, context.insecureHosts), error: null, attempts: context.attempts + 1 })) },
          {
            target: 'saving',
            actions: assign(({ context }) => ({
              errors: {},
              error: null,
              requestId: context.sent !== null && !same(context.sent, context.values) ? newRequestId() : context.requestId,
              sent: { ...context.values },
            })),
          },
        ],
        CANCEL: { target: 'cancelled' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => ({ id: context.id, values: context.values, requestId: context.requestId }),
        onDone: { target: 'saved', actions: [assign({ savedId: ({ event }) => event.output }), 'saved'] },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const refusal = refusalOf(event.error);
            return { errors: refusal.errors, error: refusal.error, attempts: context.attempts + (refusal.byField ? 1 : 0) };
          }),
        },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
