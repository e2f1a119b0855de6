import { assign, setup } from 'xstate';
import { DEFAULT_TABLE_VIEW, type GlobalPayShow, type GlobalPaySort, type GlobalPayTableView } from './global-pay-table';

/**
 * How a draft's payments table is looked at: the words to find, which payments are
 * shown, the order, and the payments ticked to remove or restore together. `none` or `some`
 * ticked (tag `selecting`: the selection's buttons show). TOGGLE ticks or unticks one payment,
 * SELECT ticks many (every payment shown), UNSELECT unticks many, CLEAR unticks all (after the
 * ticked payments were removed or restored). Which payments `visiblePayments` shows follows
 * `context.view`. Views read the tag and the context.
 */
export type GlobalPayTableEvent =
  | { type: 'QUERY'; query: string }
  | { type: 'SHOW'; show: GlobalPayShow }
  | { type: 'SORT'; sort: GlobalPaySort }
  | { type: 'DIRECTION'; descending: boolean }
  | { type: 'TOGGLE'; id: number }
  | { type: 'SELECT'; ids: readonly number[] }
  | { type: 'UNSELECT'; ids: readonly number[] }
  | { type: 'CLEAR' };

export interface GlobalPayTableContext {
  view: GlobalPayTableView;
  selected: ReadonlySet<number>;
}

const toggled = (selected: ReadonlySet<number>, id: number) => {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
};
const withIds = (selected: ReadonlySet<number>, ids: readonly number[]) => new Set([...selected, ...ids]);
const withoutIds = (selected: ReadonlySet<number>, ids: readonly number[]) => {
  const gone = new Set(ids);
  return new Set([...selected].filter((id) => !gone.has(id)));
};

export const globalPayTableMachine = setup({
  types: {
    context: {} as GlobalPayTableContext,
    events: {} as GlobalPayTableEvent,
    tags: {} as 'selecting',
  },
  guards: {
    /** What is left ticked after the event: something. */
    leavesSome: ({ context, event }) => {
      if (event.type === 'TOGGLE') return toggled(context.selected, event.id).size > 0;
      if (event.type === 'SELECT') return withIds(context.selected, event.ids).size > 0;
      if (event.type === 'UNSELECT') return withoutIds(context.selected, event.ids).size > 0;
      return false;
    },
  },
  actions: {
    tick: assign({
      selected: ({ context, event }) => {
        if (event.type === 'TOGGLE') return toggled(context.selected, event.id);
        if (event.type === 'SELECT') return withIds(context.selected, event.ids);
        if (event.type === 'UNSELECT') return withoutIds(context.selected, event.ids);
        return context.selected;
      },
    }),
  },
}).createMachine({
  id: 'globalPayTable',
  context: { view: DEFAULT_TABLE_VIEW, selected: new Set() },
  on: {
    QUERY: { actions: assign({ view: ({ context, event }) => ({ ...context.view, query: event.query }) }) },
    SHOW: { actions: assign({ view: ({ context, event }) => ({ ...context.view, show: event.show }) }) },
    SORT: { actions: assign({ view: ({ context, event }) => ({ ...context.view, sort: event.sort }) }) },
    DIRECTION: { actions: assign({ view: ({ context, event }) => ({ ...context.view, descending: event.descending }) }) },
  },
  initial: 'none',
  states: {
    none: {
      on: {
        TOGGLE: { target: 'some', actions: 'tick' },
        SELECT: { guard: 'leavesSome', target: 'some', actions: 'tick' },
      },
    },
    some: {
      tags: ['selecting'],
      on: {
        TOGGLE: [{ guard: 'leavesSome', actions: 'tick' }, { target: 'none', actions: assign({ selected: () => new Set<number>() }) }],
        SELECT: { actions: 'tick' },
        UNSELECT: [{ guard: 'leavesSome', actions: 'tick' }, { target: 'none', actions: assign({ selected: () => new Set<number>() }) }],
        CLEAR: { target: 'none', actions: assign({ selected: () => new Set<number>() }) },
      },
    },
  },
});
