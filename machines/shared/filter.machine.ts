import { assign, setup } from 'xstate';
import { changeField, type FormErrors, type FormEvent, type FormTag, type FormValues } from './form.machine';
import type { UiMessage } from './ui-message';

/**
 * A list's filter (dates, a search) whose values end up in the address: nothing is sent from it,
 * so it never ends and never waits. It lives as long as its list, the same actor through every
 * apply (no keyed restart):
 * - CHANGE sets a field and clears its own error;
 * - SUBMIT checks the values with the filter's rule: refused by field (attempts bumped, so the view
 *   moves focus to the first wrong field), or handed on with the `applied` action;
 * - RESET clears every field and hands on the empty filter (`applied` with {});
 * - SYNC brings in the values the address holds when it changes by other means (back, a link).
 * Its context has the form's shape, so the form's view hook reads it.
 */
export interface FilterContext {
  values: FormValues;
  errors: FormErrors;
  formError: UiMessage | null;
  attempts: number;
}

export type FilterEvent = FormEvent | { type: 'SYNC'; values: FormValues };

const emptied = (values: FormValues): FormValues => Object.fromEntries(Object.keys(values).map((key) => [key, '']));

export function createFilterMachine(id: string, validate: (values: FormValues) => FormErrors) {
  return setup({
    types: {
      context: {} as FilterContext,
      input: {} as { values: FormValues },
      events: {} as FilterEvent,
      tags: {} as FormTag,
    },
    actions: {
      /** Provided by the view: put the values into the address. */
      applied: (_, _values: FormValues) => {},
    },
    guards: {
      invalid: ({ context }) => Object.keys(validate(context.values)).length > 0,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ values: { ...input.values }, errors: {}, formError: null, attempts: 0 }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: { actions: assign(({ context, event }) => changeField(context, event.name, event.value)) },
          SUBMIT: [
            { guard: 'invalid', actions: assign(({ context }) => ({ errors: validate(context.values), attempts: context.attempts + 1 })) },
            { actions: [assign({ errors: {} }), { type: 'applied', params: ({ context }) => ({ ...context.values }) }] },
          ],
          RESET: { actions: [assign(({ context }) => ({ values: emptied(context.values), errors: {} })), { type: 'applied', params: {} }] },
          SYNC: { actions: assign(({ event }) => ({ values: { ...event.values }, errors: {} })) },
        },
      },
    },
  });
}

export type FilterMachine = ReturnType<typeof createFilterMachine>;
