import { setup } from 'xstate';

/**
 * The main navigation's menu below the tablet breakpoint: a disclosure that opens from the menu
 * button and closes on Escape, on a second press, when a page is chosen (or the address changes
 * otherwise) and when the window grows to the persistent navigation. Views read the `open` tag.
 */
export type NavigationMenuEvent =
  | { type: 'TOGGLE' }
  | { type: 'CLOSE' }
  | { type: 'NAVIGATED' }
  | { type: 'WIDENED' };

export const navigationMenuMachine = setup({
  types: {
    events: {} as NavigationMenuEvent,
    tags: {} as 'open',
  },
}).createMachine({
  id: 'navigationMenu',
  initial: 'closed',
  states: {
    closed: {
      on: { TOGGLE: 'open' },
    },
    open: {
      tags: ['open'],
      on: {
        TOGGLE: 'closed',
        CLOSE: 'closed',
        NAVIGATED: 'closed',
        WIDENED: 'closed',
      },
    },
  },
});

export const isMenuOpen = (snapshot: { hasTag: (tag: 'open') => boolean }) => snapshot.hasTag('open');
