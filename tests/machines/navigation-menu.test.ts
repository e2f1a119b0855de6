// @vitest-environment node
import { createActor } from 'xstate';
import { isMenuOpen, navigationMenuMachine, type NavigationMenuEvent } from '@machines/app/navigation-menu.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('navigation menu (small screens)', () => {
  const coverage = new Coverage(navigationMenuMachine);
  const start = () => createActor(navigationMenuMachine, { inspect: coverage.inspect }).start();

  it('starts closed and opens from the menu button', () => {
    const a = start();
    expect(isMenuOpen(a.getSnapshot())).toBe(false);
    a.send({ type: 'TOGGLE' });
    expect(isMenuOpen(a.getSnapshot())).toBe(true);
  });

  it.each<NavigationMenuEvent['type']>(['TOGGLE', 'CLOSE', 'NAVIGATED', 'WIDENED'])('closes on %s', (type) => {
    const a = start();
    a.send({ type: 'TOGGLE' });
    a.send({ type } as NavigationMenuEvent);
    expect(isMenuOpen(a.getSnapshot())).toBe(false);
  });

  it.each<NavigationMenuEvent['type']>(['CLOSE', 'NAVIGATED', 'WIDENED'])('stays closed on %s', (type) => {
    const a = start();
    a.send({ type } as NavigationMenuEvent);
    expect(isMenuOpen(a.getSnapshot())).toBe(false);
  });

  expectFullCoverage(coverage);
});
