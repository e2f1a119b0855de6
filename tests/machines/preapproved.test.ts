// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { preapprovedCancelMachine } from '@machines/transfers/preapproved-cancel.machine';
import { preapprovedFilterMachine } from '@machines/transfers/preapproved-filter.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const refused = { text: 'This payment cannot be cancelled online: contact support' };

describe('preapproved cancel machine (001 s4, s8)', () => {
  const coverage = new Coverage(preapprovedCancelMachine);
  function start(outcomes: ('ok' | 'fail')[]) {
    const asked: number[] = [];
    const cancelled: number[] = [];
    const actor = createActor(
      preapprovedCancelMachine.provide({
        actors: {
          cancel: fromPromise(async ({ input }) => {
            asked.push(input.id);
            if (outcomes.shift() !== 'ok') throw refused;
          }),
        },
        actions: { cancelled: (_, params) => void cancelled.push(params.paymentId) },
      }),
      { inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, asked, cancelled };
  }

  it('asks first; No changes nothing; Yes cancels and the page is told', async () => {
    const { actor, asked, cancelled } = start(['ok']);
    actor.send({ type: 'CANCEL', paymentId: 7 });
    expect(actor.getSnapshot().hasTag('asking')).toBe(true);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(asked).toEqual([]);
    actor.send({ type: 'CANCEL', paymentId: 8 });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(asked).toEqual([8]);
    expect(cancelled).toEqual([8]);
    expect(actor.getSnapshot().context.paymentId).toBeNull();
  });

  it('a refusal opens the action-confirmation popup with the reason: try again, or close', async () => {
    const { actor, asked, cancelled } = start(['fail', 'fail']);
    actor.send({ type: 'CANCEL', paymentId: 9 });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(refused);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(asked).toEqual([9, 9]);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(cancelled).toEqual([]);
  });

  expectFullCoverage(coverage);
});

describe('preapproved filter machine', () => {
  const coverage = new Coverage(preapprovedFilterMachine);
  it('refuses amounts out of order; applies a valid filter; a new entry starts again', async () => {
    const applied: Record<string, string>[] = [];
    const actor = createActor(
      preapprovedFilterMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            applied.push(input.values);
            if (input.values.beneficiaryEmail === 'fail') throw { message: refused };
            return null;
          }),
        },
      }),
      { input: { values: { beneficiaryEmail: '', type: '', fromAmount: '', toAmount: '' } }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    actor.send({ type: 'CHANGE', name: 'fromAmount', value: '100' });
    actor.send({ type: 'CHANGE', name: 'toAmount', value: '25' });
    actor.send({ type: 'SUBMIT' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['toAmount']);
    actor.send({ type: 'CHANGE', name: 'toAmount', value: '500' });
    actor.send({ type: 'CHANGE', name: 'beneficiaryEmail', value: 'fail' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual(refused);
    actor.send({ type: 'CHANGE', name: 'beneficiaryEmail', value: 'maria' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(applied.at(-1)).toEqual({ beneficiaryEmail: 'maria', type: '', fromAmount: '100', toAmount: '500' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().hasTag('submitted')).toBe(false);
  });
  expectFullCoverage(coverage);
});
