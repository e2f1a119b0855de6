// @vitest-environment node
import { createActor, type InspectionEvent } from 'xstate';
import { apiLogFilterMachine, NO_API_LOG_FILTER_VALUES, NO_WEBHOOK_LOG_FILTER_VALUES, webhookLogFilterMachine } from '@machines/public-api/public-api-forms';
import { publicApiMessages as m } from '@machines/public-api/public-api-messages';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

/** The two logs' filters (issue 57): wrong values refused by field, right ones handed on (into the address), Clear hands on nothing, the address brought in. */
describe('webhook log filter', () => {
  const coverage = new Coverage(webhookLogFilterMachine);

  it('refused by field, then handed on; Clear empties; SYNC brings the address in', () => {
    const applied: FormValues[] = [];
    const actor = createActor(webhookLogFilterMachine.provide({ actions: { applied: (_, values) => void applied.push(values) } }), {
      input: { values: { ...NO_WEBHOOK_LOG_FILTER_VALUES } },
      inspect: (event: InspectionEvent) => coverage.inspect(event),
    }).start();
    const change = (values: FormValues) => Object.entries(values).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    change({ query: 'q'.repeat(256), fromDate: '2026-02-30' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ query: { descriptor: m.query }, fromDate: { descriptor: m.date } });
    change({ query: 'transfer', fromDate: '2026-12-02', toDate: '2026-12-01' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toDate: { descriptor: m.range } });
    expect(applied).toEqual([]);
    change({ fromDate: '2026-11-01' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ query: 'transfer', fromDate: '2026-11-01', toDate: '2026-12-01' }]);
    actor.send({ type: 'RESET' });
    expect(applied[1]).toEqual({});
    actor.send({ type: 'SYNC', values: { ...NO_WEBHOOK_LOG_FILTER_VALUES, query: 'ipn' } });
    expect(actor.getSnapshot().context.values.query).toBe('ipn');
  });

  expectFullCoverage(coverage);
});

describe('API log filter', () => {
  const coverage = new Coverage(apiLogFilterMachine);

  it('a key that is not one, and days out of order, are refused; right ones handed on', () => {
    const applied: FormValues[] = [];
    const actor = createActor(apiLogFilterMachine.provide({ actions: { applied: (_, values) => void applied.push(values) } }), {
      input: { values: { ...NO_API_LOG_FILTER_VALUES } },
      inspect: (event: InspectionEvent) => coverage.inspect(event),
    }).start();
    const change = (values: FormValues) => Object.entries(values).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    change({ apiKeyId: 'x', fromDate: '2026-12-02', toDate: '2026-12-01' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ apiKeyId: { descriptor: m.keyId }, toDate: { descriptor: m.range } });
    change({ apiKeyId: '7', toDate: '' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ apiKeyId: '7', fromDate: '2026-12-02', toDate: '' }]);
    actor.send({ type: 'RESET' });
    expect(applied[1]).toEqual({});
    actor.send({ type: 'SYNC', values: { ...NO_API_LOG_FILTER_VALUES, apiKeyId: '3' } });
    expect(actor.getSnapshot().context.values.apiKeyId).toBe('3');
  });

  expectFullCoverage(coverage);
});
