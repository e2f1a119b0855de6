// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { receiveMachine, type ReceiveFact } from '@machines/batches/receive.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const open: ReceiveFact = { meta: { status: 'open', amount: '100.00', currency: 'EUR' }, methods: [{ name: 'wallet', fields: [] }] };
const used: ReceiveFact = { meta: { ...open.meta, status: 'used', receivedBy: 'wallet' }, methods: open.methods };

/** The recipient's page (/receive/{id}): each call answers the next item ('missing': an unknown link; 'fail': not reached). */
describe('receive machine (000 s2 /receive/{id}; 001 s7 p2p global pay meta, methods)', () => {
  const coverage = new Coverage(receiveMachine);
  function run(answers: (ReceiveFact | 'missing' | 'fail')[]) {
    const ids: string[] = [];
    const actor = createActor(
      receiveMachine.provide({
        actors: {
          load: fromPromise(async ({ input }) => {
            ids.push(input.id);
            const next = answers.shift();
            if (next === 'missing') throw { missing: true };
            if (next === 'fail' || next === undefined) throw { text: 'No connection' };
            return next;
          }),
        },
      }),
      { input: { id: 'rAbc' }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, ids };
  }

  it('a link that cannot be loaded is tried again; then it is shown, and read again once received (a failed read keeps what is shown)', async () => {
    const { actor, ids } = run(['fail', open, used, 'fail']);
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'No connection' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual(open);
    actor.send({ type: 'RECEIVED' });
    await settle();
    expect(actor.getSnapshot().context.data?.meta.status).toBe('used');
    actor.send({ type: 'RECEIVED' });
    await settle();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.data?.meta.status).toBe('used');
    expect(ids).toEqual(['rAbc', 'rAbc', 'rAbc', 'rAbc']);
  });

  it('an unknown link says so and asks nothing more', async () => {
    const { actor, ids } = run(['missing']);
    await settle();
    expect(actor.getSnapshot().hasTag('missing')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(ids).toHaveLength(1);
  });

  expectFullCoverage(coverage);
});
