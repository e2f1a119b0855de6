// @vitest-environment node
import { createActor, type InspectionEvent } from 'xstate';
import { loginHistoryFilterMachine, loginHistoryFilterMessages, validateLoginHistoryFilter } from '@machines/settings/login-history-filter.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

/**
 * The login history's filter (createFilterMachine with dateRangeProblems' rule): dates that are
 * not days and a range that ends before it starts are refused by field, nothing handed on; a right
 * range (or none) is handed on and the same actor goes on (a second Apply, Clear, the address
 * changing by a link), never ending.
 */
describe('login history filter', () => {
  const coverage = new Coverage(loginHistoryFilterMachine);

  function start(values: FormValues) {
    const applied: FormValues[] = [];
    const actor = createActor(
      loginHistoryFilterMachine.provide({
        actions: { applied: (_, params) => void applied.push(params) },
      }),
      { input: { values }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, applied };
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

  it('refuses a date that is not a day, then a range out of order (nothing handed on), then hands the values on and goes on', () => {
    const { actor, applied } = start({ fromDate: '2026-02-30', toDate: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ fromDate: { descriptor: loginHistoryFilterMessages.dateFormat } });
    expect(actor.getSnapshot().context.attempts).toBe(1);

    actor.send({ type: 'CHANGE', name: 'fromDate', value: '2026-03-10' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'CHANGE', name: 'toDate', value: '2026-03-01' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toDate: { descriptor: loginHistoryFilterMessages.dateOrder } });
    expect(actor.getSnapshot().context.attempts).toBe(2);
    expect(applied).toEqual([]);

    actor.send({ type: 'CHANGE', name: 'toDate', value: '2026-03-31' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ fromDate: '2026-03-10', toDate: '2026-03-31' }]);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('editing');
    // The same dates applied again are handed on again (the first page of them); editing goes on.
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', name: 'fromDate', value: '2026-03-11' });
    expect(actor.getSnapshot().context.values).toEqual({ fromDate: '2026-03-11', toDate: '2026-03-31' });
    expect(applied).toHaveLength(2);
  });

  it('no dates at all is a filter too (the whole history)', () => {
    const { actor, applied } = start({ fromDate: '', toDate: '' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ fromDate: '', toDate: '' }]);
  });

  it('Clear empties the dates and their errors and hands on the empty filter', () => {
    const { actor, applied } = start({ fromDate: '2026-03-05', toDate: '2026-03-01' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).not.toEqual({});
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.values).toEqual({ fromDate: '', toDate: '' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(applied).toEqual([{}]);
  });

  it('the address changing by other means (back, a link) brings its dates in, errors dropped, nothing handed on', () => {
    const { actor, applied } = start({ fromDate: 'x', toDate: '' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SYNC', values: { fromDate: '2026-01-01', toDate: '2026-01-31' } });
    expect(actor.getSnapshot().context.values).toEqual({ fromDate: '2026-01-01', toDate: '2026-01-31' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(applied).toEqual([]);
  });

  expectFullCoverage(coverage);
});
