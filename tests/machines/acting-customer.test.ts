// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import type { ActingChoice } from '@machines/business/acting-customer.logic';
import { actingCustomerMachine } from '@machines/business/acting-customer.machine';
import { deferred, type Deferred } from '../support/deferred';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const acme: ActingChoice = { id: 10, name: 'Acme S.L.' };
const harbour: ActingChoice = { id: 20, name: 'Harbour Freight Ltd' };

/**
 * Acting for a company (issue 52): the list of customers, a choice checked against it, the new
 * customer's access info first (the old one stays when it fails), then the caches of the old one
 * dropped, the list read again and the start page run again; never two switches at once.
 */
describe('acting customer statechart', () => {
  const coverage = new Coverage(actingCustomerMachine);

  function run(lists: (readonly ActingChoice[] | 'fail' | Deferred<readonly ActingChoice[]>)[], accesses: (unknown | 'fail' | Deferred<unknown>)[], current: number | null = 10) {
    const log: string[] = [];
    const asked: number[] = [];
    const actor = createActor(
      actingCustomerMachine.provide({
        actors: {
          loadChoices: fromPromise(async () => {
            const next = lists.shift() ?? [acme, harbour];
            if (next === 'fail') throw { text: 'The list could not be read' };
            return 'promise' in next ? next.promise : next;
          }),
          loadAccess: fromPromise(async ({ input }) => {
            asked.push(input.customerId);
            const next = accesses.shift() ?? { customer: { id: input.customerId } };
            if (next === 'fail') throw { text: 'You cannot act for this customer' };
            return typeof next === 'object' && next !== null && 'promise' in next ? (next as Deferred<unknown>).promise : next;
          }),
        },
        actions: {
          refused: (_, params) => void log.push(`refused ${params.customerId}`),
          switchFailed: (_, params) => void log.push(`failed ${'text' in params.error ? params.error.text : 'descriptor'}`),
          leave: (_, params) => void log.push(`leave ${params.from} for ${params.to}`),
          accessLoaded: (_, params) => void log.push(`access ${JSON.stringify(params.access)}`),
          chosen: (_, params) => void log.push(`chosen ${params.customerId}`),
          land: () => void log.push('land'),
        },
      }),
      { input: { current }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, log, asked };
  }

  it('lists the customers, then switches: access info first, the old caches dropped, the list again, the start page again', async () => {
    const { actor, log, asked } = run([[acme, harbour], [acme, harbour]], [{ customer: { id: 20 } }]);
    expect(actor.getSnapshot().hasTag('listing')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.choices).toEqual([acme, harbour]);
    actor.send({ type: 'CHOOSE', customerId: 20 });
    expect(actor.getSnapshot().hasTag('switching')).toBe(true);
    // Nothing of the new customer yet: the old one is still the one acted for.
    expect(actor.getSnapshot().context.current).toBe(10);
    expect(log).toEqual([]);
    await settle();
    expect(asked).toEqual([20]);
    expect(log).toEqual(['leave 10 for 20', 'access {"customer":{"id":20}}', 'chosen 20', 'land']);
    expect(actor.getSnapshot().context).toMatchObject({ current: 20, target: null, switchError: null });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it('the customer acted for already: nothing asked, nothing dropped', async () => {
    const { actor, log, asked } = run([[acme, harbour]], []);
    actor.send({ type: 'CHOOSE', customerId: 10 }); // while listing
    await settle();
    actor.send({ type: 'CHOOSE', customerId: 10 }); // ready
    await settle();
    expect(asked).toEqual([]);
    expect(log).toEqual([]);
  });

  it('a customer the list does not hold (a link to another company): refused and said, nothing asked', async () => {
    const { actor, log, asked } = run([[acme, harbour]], []);
    await settle();
    actor.send({ type: 'CHOOSE', customerId: 99 });
    await settle();
    expect(asked).toEqual([]);
    expect(log).toEqual(['refused 99']);
    expect(actor.getSnapshot().context.current).toBe(10);
  });

  it('while the list is read, a link\'s customer goes to the service; a known list refuses before asking', async () => {
    const list = deferred<readonly ActingChoice[]>();
    const { actor, log, asked } = run([list, [harbour]], [{ customer: { id: 20 } }]);
    actor.send({ type: 'CHOOSE', customerId: 20 });
    expect(actor.getSnapshot().hasTag('switching')).toBe(true);
    await settle();
    expect(asked).toEqual([20]);
    expect(log.at(-1)).toBe('land');
    expect(actor.getSnapshot().context.choices).toEqual([harbour]);
    // And a refusal while listing: the list is not known, so only an invalid id is refused there.
    const second = run([deferred<readonly ActingChoice[]>()], []);
    second.actor.send({ type: 'CHOOSE', customerId: -1 });
    expect(second.log).toEqual(['refused -1']);
    expect(second.actor.getSnapshot().hasTag('listing')).toBe(true);
  });

  it('the access info refused or failing (a right removed, a 429, a 500): the customer before stays and it is said', async () => {
    const { actor, log } = run([[acme, harbour]], ['fail']);
    await settle();
    actor.send({ type: 'CHOOSE', customerId: 20 });
    await settle();
    expect(log).toEqual(['failed You cannot act for this customer']);
    expect(actor.getSnapshot().context).toMatchObject({ current: 10, target: null, switchError: { text: 'You cannot act for this customer' } });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it('a second choice while switching waits: one switch at a time', async () => {
    const access = deferred<unknown>();
    const { actor, asked } = run([[acme, harbour], [acme, harbour]], [access]);
    await settle();
    actor.send({ type: 'CHOOSE', customerId: 20 });
    await settle();
    actor.send({ type: 'CHOOSE', customerId: 10 });
    await settle();
    expect(asked).toEqual([20]);
    access.resolve({ customer: { id: 20 } });
    await settle();
    expect(actor.getSnapshot().context.current).toBe(20);
  });

  it('a list that fails says so and can be read again; after a switch a failed list keeps the one before', async () => {
    const { actor } = run(['fail', [acme, harbour], 'fail'], [{ customer: { id: 20 } }]);
    await settle();
    expect(actor.getSnapshot().context.listError).toEqual({ text: 'The list could not be read' });
    expect(actor.getSnapshot().context.choices).toBeNull();
    actor.send({ type: 'RETRY_LIST' });
    expect(actor.getSnapshot().context.listError).toBeNull();
    await settle();
    expect(actor.getSnapshot().context.choices).toEqual([acme, harbour]);
    actor.send({ type: 'CHOOSE', customerId: 20 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ current: 20, choices: [acme, harbour], listError: null });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  expectFullCoverage(coverage);
});
