// @vitest-environment node
import { createActor } from 'xstate';
import { globalPayTableMachine, type GlobalPayTableEvent } from '@machines/batches/global-pay-table.machine';
import { Coverage, expectFullCoverage } from './coverage';

/** How a draft's payments table is looked at: the view (words, kind, order) and the payments ticked. */
describe('global pay table machine (filter, sort, selection)', () => {
  const coverage = new Coverage(globalPayTableMachine);
  const start = () => createActor(globalPayTableMachine, { inspect: coverage.inspect }).start();
  type Actor = ReturnType<typeof start>;
  const state = (a: Actor) => a.getSnapshot().value;
  const selecting = (a: Actor) => a.getSnapshot().hasTag('selecting');
  const selected = (a: Actor) => [...a.getSnapshot().context.selected].sort((x, y) => x - y);
  const view = (a: Actor) => a.getSnapshot().context.view;
  const initialView = { query: '', show: 'all', sort: 'line', descending: false };

  it('starts with the default view and nothing ticked', () => {
    const a = start();
    expect(state(a)).toBe('none');
    expect(selecting(a)).toBe(false);
    expect(view(a)).toEqual(initialView);
    expect(selected(a)).toEqual([]);
  });

  it('the view changes one field at a time, with or without payments ticked, and keeps the selection', () => {
    const a = start();
    a.send({ type: 'QUERY', query: 'anna eur' });
    expect(view(a)).toEqual({ ...initialView, query: 'anna eur' });
    a.send({ type: 'SHOW', show: 'removed' });
    expect(view(a)).toEqual({ ...initialView, query: 'anna eur', show: 'removed' });
    a.send({ type: 'SORT', sort: 'amount' });
    expect(view(a)).toEqual({ query: 'anna eur', show: 'removed', sort: 'amount', descending: false });
    a.send({ type: 'DIRECTION', descending: true });
    expect(view(a)).toEqual({ query: 'anna eur', show: 'removed', sort: 'amount', descending: true });
    expect(state(a)).toBe('none');
    expect(selected(a)).toEqual([]);

    a.send({ type: 'SELECT', ids: [4, 2] });
    a.send({ type: 'QUERY', query: ' anna  ' });
    expect(view(a).query).toBe(' anna  '); // as typed: the words are read by visiblePayments
    a.send({ type: 'QUERY', query: '' });
    a.send({ type: 'SHOW', show: 'failed' });
    a.send({ type: 'SORT', sort: 'recipient' });
    a.send({ type: 'DIRECTION', descending: false });
    expect(view(a)).toEqual({ query: '', show: 'failed', sort: 'recipient', descending: false });
    expect(state(a)).toBe('some');
    expect(selecting(a)).toBe(true);
    expect(selected(a)).toEqual([2, 4]);
  });

  it('TOGGLE ticks a payment, ticks another, unticks them; the last untick leaves nothing ticked', () => {
    const a = start();
    a.send({ type: 'TOGGLE', id: 5 });
    expect(state(a)).toBe('some');
    expect(selecting(a)).toBe(true);
    expect(selected(a)).toEqual([5]);
    a.send({ type: 'TOGGLE', id: -7 });
    expect(selected(a)).toEqual([-7, 5]);
    a.send({ type: 'TOGGLE', id: 5 });
    expect(state(a)).toBe('some');
    expect(selected(a)).toEqual([-7]);
    a.send({ type: 'TOGGLE', id: -7 });
    expect(state(a)).toBe('none');
    expect(selecting(a)).toBe(false);
    expect(selected(a)).toEqual([]);
  });

  it('SELECT ticks every payment shown (nothing shown: nothing happens); SELECT again adds to the ticked', () => {
    const a = start();
    a.send({ type: 'SELECT', ids: [] });
    expect(state(a)).toBe('none');
    expect(selecting(a)).toBe(false);
    expect(selected(a)).toEqual([]);
    a.send({ type: 'SELECT', ids: [3, 1, 2] });
    expect(state(a)).toBe('some');
    expect(selecting(a)).toBe(true);
    expect(selected(a)).toEqual([1, 2, 3]);
    a.send({ type: 'SELECT', ids: [3, 4] });
    expect(selected(a)).toEqual([1, 2, 3, 4]);
    a.send({ type: 'SELECT', ids: [] });
    expect(state(a)).toBe('some');
    expect(selected(a)).toEqual([1, 2, 3, 4]);
  });

  it('UNSELECT unticks many: some left stays selecting, none left goes back (ids never ticked are ignored)', () => {
    const a = start();
    a.send({ type: 'SELECT', ids: [1, 2, 3, 4] });
    a.send({ type: 'UNSELECT', ids: [1, 2, 99] });
    expect(state(a)).toBe('some');
    expect(selected(a)).toEqual([3, 4]);
    a.send({ type: 'UNSELECT', ids: [] });
    expect(state(a)).toBe('some');
    expect(selected(a)).toEqual([3, 4]);
    a.send({ type: 'UNSELECT', ids: [3, 4, 5] });
    expect(state(a)).toBe('none');
    expect(selecting(a)).toBe(false);
    expect(selected(a)).toEqual([]);
  });

  it('CLEAR unticks all after the ticked payments were removed or restored', () => {
    const a = start();
    a.send({ type: 'TOGGLE', id: 1 });
    a.send({ type: 'SELECT', ids: [2, 3] });
    a.send({ type: 'CLEAR' });
    expect(state(a)).toBe('none');
    expect(selecting(a)).toBe(false);
    expect(selected(a)).toEqual([]);
  });

  it('with nothing ticked, UNSELECT and CLEAR change nothing', () => {
    const a = start();
    a.send({ type: 'QUERY', query: 'x' });
    const before = a.getSnapshot().context;
    a.send({ type: 'UNSELECT', ids: [1] });
    a.send({ type: 'CLEAR' });
    expect(state(a)).toBe('none');
    expect(a.getSnapshot().context).toBe(before);
  });

  it('each table starts with its own selection', () => {
    const a = start();
    a.send({ type: 'SELECT', ids: [1, 2] });
    const b = start();
    expect(selected(b)).toEqual([]);
    expect(view(b)).toEqual(initialView);
    b.send({ type: 'TOGGLE', id: 9 });
    expect(selected(a)).toEqual([1, 2]);
    expect(selected(b)).toEqual([9]);
  });

  it('a seeded walk of 2,000 events agrees with a plain model of the view and the ticked set', () => {
    let seed = 24;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const someIds = () => Array.from({ length: Math.floor(random() * 4) }, () => 1 + Math.floor(random() * 6));
    const a = start();
    const model = { view: { ...initialView }, selected: new Set<number>() };
    const seen = new Set<string>();
    for (let step = 0; step < 2_000; step += 1) {
      const kind = pick(['QUERY', 'SHOW', 'SORT', 'DIRECTION', 'TOGGLE', 'TOGGLE', 'SELECT', 'UNSELECT', 'UNSELECT', 'CLEAR'] as const);
      let event: GlobalPayTableEvent;
      switch (kind) {
        case 'QUERY':
          event = { type: 'QUERY', query: pick(['', 'anna', 'eur usd']) };
          model.view.query = event.query;
          break;
        case 'SHOW':
          event = { type: 'SHOW', show: pick(['all', 'active', 'removed', 'failed'] as const) };
          model.view.show = event.show;
          break;
        case 'SORT':
          event = { type: 'SORT', sort: pick(['line', 'recipient', 'amount', 'currency'] as const) };
          model.view.sort = event.sort;
          break;
        case 'DIRECTION':
          event = { type: 'DIRECTION', descending: random() < 0.5 };
          model.view.descending = event.descending;
          break;
        case 'TOGGLE': {
          const id = 1 + Math.floor(random() * 6);
          event = { type: 'TOGGLE', id };
          if (model.selected.has(id)) model.selected.delete(id);
          else model.selected.add(id);
          break;
        }
        case 'SELECT':
          event = { type: 'SELECT', ids: someIds() };
          for (const id of event.ids) model.selected.add(id);
          break;
        case 'UNSELECT':
          event = { type: 'UNSELECT', ids: someIds() };
          for (const id of event.ids) model.selected.delete(id);
          break;
        case 'CLEAR':
          event = { type: 'CLEAR' };
          model.selected.clear();
          break;
      }
      const was = state(a);
      a.send(event);
      seen.add(`${String(was)} ${kind} ${String(state(a))}`);
      expect(view(a), `step ${step}`).toEqual(model.view);
      expect(selected(a), `step ${step}`).toEqual([...model.selected].sort((x, y) => x - y));
      expect(state(a)).toBe(model.selected.size > 0 ? 'some' : 'none');
      expect(selecting(a)).toBe(model.selected.size > 0);
    }
    // The walk went every way: into and out of `some` by each event that can.
    for (const step of ['none TOGGLE some', 'some TOGGLE some', 'some TOGGLE none', 'none SELECT some', 'none SELECT none', 'some SELECT some', 'some UNSELECT some', 'some UNSELECT none', 'none UNSELECT none', 'some CLEAR none', 'none CLEAR none']) {
      expect(seen).toContain(step);
    }
  });

  expectFullCoverage(coverage);
});
