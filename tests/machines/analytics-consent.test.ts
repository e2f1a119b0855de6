// @vitest-environment node
import { createActor, type InspectionEvent } from 'xstate';
import { analyticsConsentMachine, type AnalyticsConsentInput } from '@machines/app/analytics-consent.machine';
import { Coverage, expectFullCoverage } from './coverage';

/** Analytics consent (issue 61): asked where the brand must ask, noticed where it may, always withdrawable. */
describe('analytics consent statechart (issue 61)', () => {
  const coverage = new Coverage(analyticsConsentMachine);

  function run(input: AnalyticsConsentInput) {
    const remembered: string[] = [];
    let forgotten = 0;
    const actor = createActor(
      analyticsConsentMachine.provide({
        actions: {
          remember: (_, { choice }) => void remembered.push(choice),
          forget: () => void (forgotten += 1),
        },
      }),
      { input, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const tags = () => (['banner', 'collecting', 'asking', 'reviewing'] as const).filter((tag) => actor.getSnapshot().hasTag(tag));
    return { actor, remembered, forgotten: () => forgotten, tags, state: () => actor.getSnapshot().value };
  }

  it('opt-in, nothing chosen: asked, nothing collected (held); Accept collects and is remembered', () => {
    const { actor, remembered, tags, state, forgotten } = run({ mode: 'opt-in', stored: null });
    expect(state()).toBe('asking');
    expect(tags()).toEqual(['banner', 'asking']);
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('asking');
    actor.send({ type: 'ACCEPT' });
    expect(state()).toBe('on');
    expect(tags()).toEqual(['collecting']);
    expect(remembered).toEqual(['granted']);
    expect(forgotten()).toBe(0);
  });

  it('opt-in, nothing chosen: Reject is one press; it is remembered and what was held is forgotten', () => {
    const { actor, remembered, tags, state, forgotten } = run({ mode: 'opt-in', stored: null });
    actor.send({ type: 'REJECT' });
    expect(state()).toBe('off');
    expect(tags()).toEqual([]);
    expect(remembered).toEqual(['denied']);
    expect(forgotten()).toBe(1);
  });

  it('notice, nothing chosen: collecting with the notice; OK keeps it on; Turn off stops and forgets', () => {
    const ok = run({ mode: 'notice', stored: null });
    expect(ok.state()).toBe('noticed');
    expect(ok.tags()).toEqual(['banner', 'collecting']);
    ok.actor.send({ type: 'ACCEPT' });
    expect(ok.state()).toBe('on');
    expect(ok.remembered).toEqual(['granted']);
    const off = run({ mode: 'notice', stored: null });
    off.actor.send({ type: 'REJECT' });
    expect(off.state()).toBe('off');
    expect(off.remembered).toEqual(['denied']);
    expect(off.forgotten()).toBe(1);
  });

  it('a stored choice decides without a banner, in either mode', () => {
    expect(run({ mode: 'opt-in', stored: 'granted' }).state()).toBe('on');
    expect(run({ mode: 'notice', stored: 'denied' }).state()).toBe('off');
    const { remembered, tags } = run({ mode: 'opt-in', stored: 'denied' });
    expect(tags()).toEqual([]);
    expect(remembered).toEqual([]);
  });

  it('withdrawal from the footer: the banner again while still collecting; Reject stops, is remembered, forgets; Close or Accept change nothing', () => {
    const { actor, remembered, tags, state, forgotten } = run({ mode: 'opt-in', stored: 'granted' });
    actor.send({ type: 'CHANGE' });
    expect(state()).toBe('reviewingOn');
    expect(tags()).toEqual(['banner', 'collecting', 'reviewing']);
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('on');
    actor.send({ type: 'CHANGE' });
    actor.send({ type: 'ACCEPT' });
    expect(state()).toBe('on');
    expect(remembered).toEqual([]);
    actor.send({ type: 'CHANGE' });
    actor.send({ type: 'REJECT' });
    expect(state()).toBe('off');
    expect(remembered).toEqual(['denied']);
    expect(forgotten()).toBe(1);
  });

  it('refused, then changed: Close and Reject leave it off; Accept turns it on and is remembered', () => {
    const { actor, remembered, tags, state, forgotten } = run({ mode: 'notice', stored: 'denied' });
    actor.send({ type: 'CHANGE' });
    expect(state()).toBe('reviewingOff');
    expect(tags()).toEqual(['banner', 'reviewing']);
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('off');
    actor.send({ type: 'CHANGE' });
    actor.send({ type: 'REJECT' });
    expect(state()).toBe('off');
    expect(remembered).toEqual([]);
    actor.send({ type: 'CHANGE' });
    actor.send({ type: 'ACCEPT' });
    expect(state()).toBe('on');
    expect(tags()).toEqual(['collecting']);
    expect(remembered).toEqual(['granted']);
    expect(forgotten()).toBe(0);
  });

  expectFullCoverage(coverage);
});
