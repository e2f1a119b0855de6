import { assign, setup } from 'xstate';

/**
 * Which one item of a list is open (the announcement shown in a dialog): nothing or one id.
 * Choosing another replaces it; CLEAR closes. Views read the `open` tag and `context.selected`.
 */
export type SelectionEvent = { type: 'SELECT'; id: number } | { type: 'CLEAR' };

export const selectionMachine = setup({
  types: {
    context: {} as { selected: number | null },
    events: {} as SelectionEvent,
    tags: {} as 'open',
  },
}).createMachine({
  id: 'selection',
  context: { selected: null },
  initial: 'none',
  states: {
    none: {
      on: { SELECT: { target: 'one', actions: assign({ selected: ({ event }) => event.id }) } },
    },
    one: {
      tags: ['open'],
      on: {
        SELECT: { target: 'one', actions: assign({ selected: ({ event }) => event.id }) },
        CLEAR: { target: 'none', actions: assign({ selected: null }) },
      },
    },
  },
});
