// @vitest-environment node
import { createActor, type InspectionEvent } from 'xstate';
import { adminCustomerFilterMachine, adminCustomerFilterMessages, validateAdminCustomerFilter } from '@machines/company/admin-customer-filter.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

/**
 * The admin overview's search (createFilterMachine with adminCustomerSearchProblems' rule): a search
 * longer than the contract takes is refused at the field, nothing handed on; any other (none too)
 * is handed on and the same actor goes on (Search again, Clear, the address changing by a link).
 */
describe('admin customer filter', () => {
  const coverage = new Coverage(adminCustomerFilterMachine);

  function start(values: FormValues) {
    const applied: FormValues[] = [];
    const actor = createActor(adminCustomerFilterMachine.provide({ actions: { applied: (_, params) => void applied.push(params) } }), {
      input: { values },
      inspect: (e: InspectionEvent) => coverage.inspect(e),
    }).start();
    return { actor, applied };
  }

  it('the rule in words: at most 100 characters once trimmed', () => {
    expect(validateAdminCustomerFilter({ search: '' })).toEqual({});
    expect(validateAdminCustomerFilter({})).toEqual({});
    expect(validateAdminCustomerFilter({ search: 'a'.repeat(100) })).toEqual({});
    expect(validateAdminCustomerFilter({ search: 'a'.repeat(101) })).toEqual({ search: { descriptor: adminCustomerFilterMessages.searchTooLong } });
  });

  it('refuses a search too long (nothing handed on), then hands the search on and goes on', () => {
    const { actor, applied } = start({ search: '' });
    actor.send({ type: 'CHANGE', name: 'search', value: 'x'.repeat(101) });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ search: { descriptor: adminCustomerFilterMessages.searchTooLong } });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    expect(applied).toEqual([]);
    actor.send({ type: 'CHANGE', name: 'search', value: 'harbour' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ search: 'harbour' }, { search: 'harbour' }]);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('Clear empties the search and hands on the empty filter; the address brings its search in', () => {
    const { actor, applied } = start({ search: 'acme' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.values).toEqual({ search: '' });
    expect(applied).toEqual([{}]);
    actor.send({ type: 'SYNC', values: { search: 'demo' } });
    expect(actor.getSnapshot().context.values).toEqual({ search: 'demo' });
    expect(applied).toEqual([{}]);
  });

  expectFullCoverage(coverage);
});
