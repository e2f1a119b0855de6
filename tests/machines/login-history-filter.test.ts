// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { loginHistoryFilterMachine, loginHistoryFilterMessages, validateLoginHistoryFilter } from '@machines/settings/login-history-filter.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/**
 * The login history's filter form (createFormMachine with dateRangeProblems' rule): dates that are
 * not days and a range that ends before it starts are refused by field, nothing handed on; a right
 * range (or none) ends the form with the values the page puts into the address.
 */
describe('login history filter form', () => {
  const coverage = new Coverage(loginHistoryFilterMachine);

  function start(values: FormValues, handOver: (values: FormValues) => Promise<unknown> = async (v) => v) {
    const handed: FormValues[] = [];
    const actor = createActor(
      loginHistoryFilterMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            handed.push(input.values);
            return handOver(input.values);
          }),
        },
      }),
      { input: { values }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, handed };
  }

  it('the rule in words: format by field, then the order at the end date; empty and one day are right', () => {
    const format = { descriptor: loginHistoryFilterMessages.dateFormat };
    const order = { descriptor: loginHistoryFilterMessages.dateOrder };
    expect(validateLoginHistoryFilter({ fromDate: '', toDate: '' })).toEqual({});
    expect(validateLoginHistoryFilter({})).toEqual({});
    expect(validateLoginHistoryFilter({ fromDate: '2026-03-01', toDate: '2026-03-01' })).toEqual({});
    expect(validateLoginHistoryFilter({ fromDate: ' 2026-03-01 ', toDate: '' })).toEqual({});
    expect(validateLoginHistoryFilter({ fromDate: '2026-02-30', toDate: '03/01/2026' })).toEqual({ fromDate: format, toDate: format });
    expect(validateLoginHistoryFilter({ fromDate: '2026-03-02', toDate: '2026-03-01' })).toEqual({ toDate: order });
    // A wrong format hides the order: the order of a day that is not one is not said.
    expect(validateLoginHistoryFilter({ fromDate: '2026-13-01', toDate: '2026-01-01' })).toEqual({ fromDate: format });
  });

  it('refuses a date that is not a day, then a range out of order (nothing handed on), then ends with the values', async () => {
    const { actor, handed } = start({ fromDate: '2026-02-30', toDate: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ fromDate: { descriptor: loginHistoryFilterMessages.dateFormat } });
    expect(actor.getSnapshot().context.attempts).toBe(1);

    actor.send({ type: 'CHANGE', name: 'fromDate', value: '2026-03-10' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'CHANGE', name: 'toDate', value: '2026-03-01' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toDate: { descriptor: loginHistoryFilterMessages.dateOrder } });
    expect(actor.getSnapshot().context.attempts).toBe(2);
    expect(handed).toEqual([]);

    actor.send({ type: 'CHANGE', name: 'toDate', value: '2026-03-31' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' }); // ignored while handing over
    await settle();
    expect(handed).toEqual([{ fromDate: '2026-03-10', toDate: '2026-03-31' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ fromDate: '2026-03-10', toDate: '2026-03-31' });
  });

  it('no dates at all is a filter too (the whole history)', async () => {
    const { actor, handed } = start({ fromDate: '', toDate: '' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(handed).toEqual([{ fromDate: '', toDate: '' }]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failing hand-over keeps the dates and says something went wrong (never happens with the page; covered for the statechart)', async () => {
    const { actor } = start({ fromDate: '2026-03-01', toDate: '' }, async () => {
      throw new Error('bug');
    });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.fromDate).toBe('2026-03-01');
    expect(actor.getSnapshot().context.formError).toMatchObject({ descriptor: expect.anything() });
  });

  expectFullCoverage(coverage);
});
