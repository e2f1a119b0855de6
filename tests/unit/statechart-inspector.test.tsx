import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, createMachine } from 'xstate';
import { activeIds, createInspectorStore, InspectorPanel } from '@/shared/dev';

/** The offline inspector follows the app's actors through XState's inspection API. */
const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'open' } },
    open: { initial: 'wide', states: { wide: { on: { HALF: 'half' } }, half: {} }, on: { CLOSE: 'closed' } },
  },
});

describe('offline inspector', () => {
  it.each([
    ['a flat state', 'closed', ['door', 'door.closed']],
    ['a nested state', { open: 'half' }, ['door', 'door.open', 'door.open.half']],
    ['parallel regions', { left: 'a', right: { inner: 'b' } }, ['door', 'door.left', 'door.left.a', 'door.right', 'door.right.inner', 'door.right.inner.b']],
  ] as const)('the active states of %s', (_name, value, ids) => {
    expect(activeIds('door', value)).toEqual(ids);
  });

  it('lists the running statecharts (not promises), their states now and their last events, newest first', () => {
    const store = createInspectorStore(() => 0);
    const actor = createActor(door, { inspect: store.inspect }).start();
    expect(store.actors().map((a) => [a.name, a.active])).toEqual([['door', ['door', 'door.closed']]]);
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'HALF' });
    const [seen] = store.actors();
    expect(seen!.active).toEqual(['door', 'door.open', 'door.open.half']);
    expect(seen!.events.map((e) => e.type).slice(0, 2)).toEqual(['HALF', 'OPEN']);
    actor.stop();
  });

  it('the panel draws the chosen actor with its current state highlighted, and follows it', async () => {
    const store = createInspectorStore();
    const actor = createActor(door, { inspect: store.inspect }).start();
    render(<InspectorPanel store={store} />);
    const panel = screen.getByRole('region', { name: 'Statechart inspector' });
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: /Running actors/ }), within(panel).getByRole('option', { name: /^door/ }));
    const diagram = await screen.findByRole('group', { name: 'Statechart diagram of door' }, { timeout: 10_000 });
    const highlighted = () => [...diagram.querySelectorAll('[data-state][data-active]')].map((el) => el.getAttribute('data-state'));
    expect(highlighted()).toEqual(['door', 'door.closed']);
    act(() => actor.send({ type: 'OPEN' }));
    expect(highlighted()).toEqual(['door', 'door.open', 'door.open.wide']);
    expect(within(panel).getByRole('status').textContent).toBe('door is in door.open, door.open.wide');
    expect(within(panel).getAllByRole('listitem').map((li) => li.textContent)[0]).toBe('OPEN');
    actor.stop();
  });
});
