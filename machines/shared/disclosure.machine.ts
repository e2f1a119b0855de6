import { setup } from 'xstate';

/**
 * A disclosure (a button that shows and hides a panel: the header's language list). Opens and
 * closes from its button; closes on Escape, when focus or a click leaves it, and after a choice.
 * Views read the `open` tag.
 */
export type DisclosureEvent = { type: 'TOGGLE' } | { type: 'CLOSE' };

export const disclosureMachine = setup({
  types: {
    events: {} as DisclosureEvent,
    tags: {} as 'open',
  },
}).createMachine({
  id: 'disclosure',
  initial: 'closed',
  states: {
    closed: { on: { TOGGLE: 'open' } },
    open: {
      tags: ['open'],
      on: { TOGGLE: 'closed', CLOSE: 'closed' },
    },
  },
});
