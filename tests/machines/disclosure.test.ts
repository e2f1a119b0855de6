// @vitest-environment node
import { createActor } from 'xstate';
import { disclosureMachine } from '@machines/shared/disclosure.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('disclosure (the language list)', () => {
  const coverage = new Coverage(disclosureMachine);
  const start = () => createActor(disclosureMachine, { inspect: coverage.inspect }).start();
  const isOpen = (a: ReturnType<typeof start>) => a.getSnapshot().hasTag('open');

  it('opens and closes from its button', () => {
    const a = start();
    expect(isOpen(a)).toBe(false);
    a.send({ type: 'TOGGLE' });
    expect(isOpen(a)).toBe(true);
    a.send({ type: 'TOGGLE' });
    expect(isOpen(a)).toBe(false);
  });

  it('closes on Escape, focus leaving or a choice (CLOSE), and CLOSE while closed changes nothing', () => {
    const a = start();
    a.send({ type: 'CLOSE' });
    expect(isOpen(a)).toBe(false);
    a.send({ type: 'TOGGLE' });
    a.send({ type: 'CLOSE' });
    expect(isOpen(a)).toBe(false);
  });

  expectFullCoverage(coverage);
});
