// @vitest-environment node
import { createActor, type InspectionEvent } from 'xstate';
import { contractFilterMachine, contractSearchMessages } from '@machines/contracts/contract-search';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

/** The contract list's filter (issue 58): a name too long refused by field; right ones handed on; Clear; the address brought in. */
describe('contract filter', () => {
  const coverage = new Coverage(contractFilterMachine);

  it('refused by field, then handed on; Clear empties; SYNC brings the address in', () => {
    const applied: FormValues[] = [];
    const actor = createActor(contractFilterMachine.provide({ actions: { applied: (_, values) => void applied.push(values) } }), {
      input: { values: { companyName: '', counterpartyName: '' } },
      inspect: (event: InspectionEvent) => coverage.inspect(event),
    }).start();
    actor.send({ type: 'CHANGE', name: 'companyName', value: 'a'.repeat(256) });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ companyName: { descriptor: contractSearchMessages.nameTooLong } });
    expect(applied).toEqual([]);
    actor.send({ type: 'CHANGE', name: 'companyName', value: 'Aurora' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ companyName: 'Aurora', counterpartyName: '' }]);
    actor.send({ type: 'RESET' });
    expect(applied[1]).toEqual({});
    actor.send({ type: 'SYNC', values: { companyName: '', counterpartyName: 'Mia' } });
    expect(actor.getSnapshot().context.values.counterpartyName).toBe('Mia');
  });

  expectFullCoverage(coverage);
});
