// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { notificationToggleMachine } from '@machines/settings/notification-toggle.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { deferred } from '../support/deferred';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/** A deferred answer the test gives when it wants (the switch is seen while saving). */

/**
 * One notification setting's switch (issue 50): optimistic, one save at a time, rolled back to
 * the confirmed value on a failure, synced with the list when not saving.
 */
describe('notification toggle statechart', () => {
  const coverage = new Coverage(notificationToggleMachine);

  function run(value = false) {
    const sent: { identified: string; value: boolean; requestId: string }[] = [];
    const answers: ReturnType<typeof deferred<{ value: boolean }>>[] = [];
    const saved: { identified: string; value: boolean }[] = [];
    const actor = createActor(
      notificationToggleMachine.provide({
        actors: {
          save: fromPromise(({ input }) => {
            sent.push(input);
            const answer = deferred<{ value: boolean }>();
            answers.push(answer);
            return answer.promise;
          }),
        },
        actions: { saved: (_, params) => void saved.push(params) },
      }),
      { input: { identified: 'newSignIn', value }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, sent, answers, saved, context: () => actor.getSnapshot().context };
  }

  it('TOGGLE shows the value at once and saves it; presses while saving are ignored; saved: confirmed and `saved`', async () => {
    const { actor, sent, answers, saved, context } = run(false);
    expect(context()).toMatchObject({ identified: 'newSignIn', value: false, confirmed: false, error: null });
    actor.send({ type: 'TOGGLE', value: true });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(context()).toMatchObject({ value: true, confirmed: false });
    actor.send({ type: 'TOGGLE', value: false });
    actor.send({ type: 'SYNC', value: false });
    await settle();
    expect(sent).toEqual([{ identified: 'newSignIn', value: true, requestId: expect.any(String) }]);
    expect(context().value).toBe(true);
    answers[0]!.resolve({ value: true });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(context()).toMatchObject({ value: true, confirmed: true });
    expect(saved).toEqual([{ identified: 'newSignIn', value: true }]);
    // The next save is its own request.
    actor.send({ type: 'TOGGLE', value: false });
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
  });

  it('the service keeps another value than asked: the switch shows what it kept', async () => {
    const { actor, answers, saved, context } = run(false);
    actor.send({ type: 'TOGGLE', value: true });
    await settle();
    answers[0]!.resolve({ value: false });
    await settle();
    expect(context()).toMatchObject({ value: false, confirmed: false });
    expect(saved).toEqual([{ identified: 'newSignIn', value: false }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a failure rolls back to the confirmed value with its message; TOGGLE from failed saves again; DISMISS', async () => {
    const { actor, sent, answers, saved, context } = run(true);
    actor.send({ type: 'TOGGLE', value: false });
    await settle();
    answers[0]!.reject({ text: 'Settings are not available' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(context()).toMatchObject({ value: true, confirmed: true, error: { text: 'Settings are not available' } });
    expect(saved).toEqual([]);

    actor.send({ type: 'TOGGLE', value: false });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(context()).toMatchObject({ value: false, error: null });
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    answers[1]!.reject(new Error('bug'));
    await settle();
    expect(context().value).toBe(true);
    expect(context().error).toEqual({ descriptor: expect.anything() });

    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context()).toMatchObject({ value: true, confirmed: true, error: null });
  });

  it('SYNC brings the list value in idle and in failed (the error stays until dismissed)', async () => {
    const { actor, answers, context } = run(false);
    actor.send({ type: 'SYNC', value: true });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context()).toMatchObject({ value: true, confirmed: true });
    actor.send({ type: 'TOGGLE', value: false });
    await settle();
    answers[0]!.reject({ text: 'No' });
    await settle();
    expect(context().value).toBe(true);
    actor.send({ type: 'SYNC', value: false });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(context()).toMatchObject({ value: false, confirmed: false, error: { text: 'No' } });
  });

  expectFullCoverage(coverage);
});
