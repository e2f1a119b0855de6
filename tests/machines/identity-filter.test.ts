// @vitest-environment node
import { createActor, type InspectionEvent } from 'xstate';
import { identityFilterMachine, NO_IDENTITY_FILTER_VALUES } from '@machines/merchant/identity-filter';
import { merchantCheckMessages as m } from '@machines/merchant/merchant-checks-messages';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

/** The identity history's filter (issue 56): a wrong status or day, or days out of order, are refused by field; right ones are handed on; Clear hands on nothing; the address is brought in. */
describe('identity history filter', () => {
  const coverage = new Coverage(identityFilterMachine);

  it('refused by field, then handed on; Clear empties; SYNC brings the address in', () => {
    const applied: FormValues[] = [];
    const actor = createActor(identityFilterMachine.provide({ actions: { applied: (_, values) => void applied.push(values) } }), {
      input: { values: { ...NO_IDENTITY_FILTER_VALUES } },
      inspect: (event: InspectionEvent) => coverage.inspect(event),
    }).start();
    const change = (values: FormValues) => Object.entries(values).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    change({ status: 'pending', fromDate: '2026-02-30', toDate: '2026-11-30' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ status: { descriptor: m.status }, fromDate: { descriptor: m.date } });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    change({ status: 'approved', fromDate: '2026-12-01' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toDate: { descriptor: m.range } });
    expect(applied).toEqual([]);
    change({ fromDate: '2026-11-01', email: ' anna ' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ status: 'approved', email: ' anna ', fromDate: '2026-11-01', toDate: '2026-11-30' }]);
    actor.send({ type: 'RESET' });
    expect(applied[1]).toEqual({});
    expect(actor.getSnapshot().context.values).toEqual(NO_IDENTITY_FILTER_VALUES);
    actor.send({ type: 'SYNC', values: { ...NO_IDENTITY_FILTER_VALUES, status: 'expired' } });
    expect(actor.getSnapshot().context.values.status).toBe('expired');
  });

  expectFullCoverage(coverage);
});
