// @vitest-environment node
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { TransferInput } from '@machines/transfers/transfer.machine';
import { emptyOwnTransferValues, ownTransferMachine as transferMachine, type OwnTransferSubmitFacts } from '@machines/transfers/own-transfer.machine';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/** The transfer statechart with the own-account rules (the kind every other kind copies). */
const start: FormValues = { ...emptyOwnTransferValues, fromAccount: '1', toAccount: '2' };

type Outcome<T> = T | 'fail';

function run(script: { submit: Outcome<ApprovalReply>[]; coverage: Coverage; input?: TransferInput }) {
  const effects: string[] = [];
  const kept: { values: FormValues; requestId: string }[] = [];
  const approval = scriptedApproval(script.submit);
  const { watched } = approval;
  const submits = approval.submitted as { toAmount?: unknown; requestId?: unknown }[];
  const actor = createActor(
    transferMachine.provide({
      actors: { approval: approval.logic },
      actions: {
        intentStarted: (_, params) => {
          kept.push(params);
          effects.push('intentStarted');
        },
        intentEnded: () => void effects.push('intentEnded'),
        moneyMoved: () => void effects.push('moneyMoved'),
      },
    }),
    { input: script.input ?? { values: start }, inspect: (e: InspectionEvent) => script.coverage.inspect(e) },
  ).start();
  const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
  return { actor, child, submits, methods: approval.methods, effects, kept, watched };
}

const facts: OwnTransferSubmitFacts = {
  accounts: [
    { accountId: 1, currencyCode: 'USD', balance: '100.00' },
    { accountId: 2, currencyCode: 'USD', balance: '0.00' },
  ],
  rate: '1',
  today: '2026-11-24',
};

describe('transfer machine (a transfer from its form to its approval)', () => {
  const coverage = new Coverage(transferMachine);

  it('refuses a submit the rule does not allow, with the field errors; a change clears its field', () => {
    const { actor, submits } = run({ submit: [], coverage });
    actor.send({ type: 'SUBMIT', facts });
    expect(actor.getSnapshot().context.errors.amount).toMatchObject({ descriptor: { message: expect.stringContaining('above 0') } });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    actor.send({ type: 'CHANGE', name: 'amount', value: '500' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT', facts });
    expect(actor.getSnapshot().context.errors.amount).toMatchObject({ descriptor: { message: expect.stringContaining('not enough money') } });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(submits).toHaveLength(0);
  });

  it('sends through the approval; a success starts a new, empty form with a new requestId', async () => {
    const { actor, child, submits, effects, kept } = run({ submit: [{ approveType: 'none', status: 'completed', transactionId: 5 }], coverage });
    const first = actor.getSnapshot().context.requestId;
    actor.send({ type: 'CHANGE', name: 'amount', value: '25' });
    actor.send({ type: 'SUBMIT', facts });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    expect(kept).toEqual([{ values: { ...start, amount: '25' }, requestId: first }]);
    await settle();
    expect(submits).toEqual([expect.objectContaining({ toAmount: '25.00', requestId: first })]);
    expect(child()?.getSnapshot().hasTag('success')).toBe(true);
    child()?.send({ type: 'CLOSE' });
    const after = actor.getSnapshot();
    expect(after.hasTag('editing')).toBe(true);
    expect(after.context.values).toEqual(start);
    expect(after.context.outcome).toBe('success');
    expect(after.context.requestId).not.toBe(first);
    expect(effects).toEqual(['intentStarted', 'intentEnded', 'moneyMoved']);
    // The next change forgets the outcome.
    actor.send({ type: 'CHANGE', name: 'reference', value: 'x' });
    expect(actor.getSnapshot().context.outcome).toBeNull();
  });

  it('a pending success also starts a new form', async () => {
    const { actor, child, effects } = run({ submit: [{ approveType: 'none', status: 'pending', transactionId: 6 }], coverage });
    actor.send({ type: 'CHANGE', name: 'amount', value: '5' });
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    expect(child()?.getSnapshot().hasTag('pending')).toBe(true);
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.outcome).toBe('pending');
    expect(effects).toContain('moneyMoved');
  });

  it('a failed or rejected transfer keeps the values; the next try is a new intent', async () => {
    // A code reply without an operation id fails ("Not Operation Id, Fail Operation").
    const failed = run({ submit: [{ approveType: 'sms', transactionId: 7 }], coverage });
    failed.actor.send({ type: 'CHANGE', name: 'amount', value: '9' });
    const first = failed.actor.getSnapshot().context.requestId;
    failed.actor.send({ type: 'SUBMIT', facts });
    await settle();
    expect(failed.child()?.getSnapshot().hasTag('failed')).toBe(true);
    failed.child()?.send({ type: 'CLOSE' });
    expect(failed.actor.getSnapshot().context.values.amount).toBe('9');
    expect(failed.actor.getSnapshot().context.outcome).toBe('failed');
    expect(failed.actor.getSnapshot().context.requestId).not.toBe(first);
    expect(failed.effects).toEqual(['intentStarted', 'intentEnded']);

    const rejected = run({ submit: [{ approveType: 'push', operationId: 'op-1', transactionId: 8 }], coverage });
    rejected.actor.send({ type: 'CHANGE', name: 'amount', value: '3' });
    rejected.actor.send({ type: 'SUBMIT', facts });
    await settle();
    expect(rejected.child()?.getSnapshot().hasTag('push')).toBe(true);
    rejected.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-1' } });
    rejected.child()?.send({ type: 'CLOSE' });
    expect(rejected.actor.getSnapshot().context.outcome).toBe('rejected');
    expect(rejected.actor.getSnapshot().context.values.amount).toBe('3');
  });

  it('a failed submit is retried with the same requestId; cancelled, the same values are the same intent, changed values a new one', async () => {
    const { actor, child, submits } = run({ submit: ['fail', 'fail', 'fail', 'fail'], coverage });
    actor.send({ type: 'CHANGE', name: 'amount', value: '10' });
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    expect(child()?.getSnapshot().hasTag('submitFailed')).toBe(true);
    child()?.send({ type: 'RETRY' });
    await settle();
    child()?.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
    expect(actor.getSnapshot().context.values.amount).toBe('10');
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    child()?.send({ type: 'CANCEL' });
    actor.send({ type: 'CHANGE', name: 'amount', value: '11' });
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    const ids = submits.map((s) => s.requestId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[1]).toBe(ids[2]);
    expect(ids[3]).not.toBe(ids[2]);
    expect(submits[3]?.toAmount).toBe('11.00');
  });

  it('a kept intent after a reload: its values and requestId, said until dismissed; a change makes it a new intent', async () => {
    const { actor, submits, methods } = run({ submit: ['fail', 'fail'], coverage, input: { values: { ...start, amount: '42' }, requestId: 'kept-1', restored: true } });
    expect(actor.getSnapshot().context.restored).toBe(true);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.restored).toBe(false);
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    expect(submits[0]).toMatchObject({ toAmount: '42.00', requestId: 'kept-1' });
    expect(methods[0]).toBe('ownAccountsTransfer');
  });

  expectFullCoverage(coverage);
});
