// @vitest-environment node
import { createActor, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import { emptyP2pValues, p2pTransferMachine } from '@machines/transfers/p2p-transfer.machine';
import { lookupMachine } from '@machines/shared/lookup.machine';
import { payeeQuery, type P2pFacts, type PayeeFacts } from '@machines/transfers/p2p.logic';
import type { TransferInput } from '@machines/transfers/transfer.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failure = { text: 'The service is not available' };

describe('lookup machine as the payee check (001 s5, s7: the query is the e-mail, or null when it may not be asked)', () => {
  const coverage = new Coverage(lookupMachine);
  const ana: PayeeFacts = { email: 'ana@example.com', exist: true, name: 'Ana D.' };

  function start(outcomes: (PayeeFacts | 'fail')[], email?: string) {
    const asked: unknown[] = [];
    const actor = createActor(
      lookupMachine.provide({
        actors: {
          lookUp: fromPromise(async ({ input }) => {
            asked.push(input.query);
            const next = outcomes.shift();
            if (next === 'fail' || next === undefined) throw failure;
            return next;
          }),
        },
        delays: { settle: 10 },
      }),
      { input: email === undefined ? undefined : { query: payeeQuery(email) }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const type = (email: string) => actor.send({ type: 'QUERY', query: payeeQuery(email) });
    return { actor, asked, type };
  }

  it('checks a valid e-mail once it settles, not again for the same one (any case); an invalid one skips the check', async () => {
    const { actor, asked, type } = start([ana]);
    type('ana@ex');
    expect(actor.getSnapshot().value).toBe('empty');
    type('ana@example.co');
    type('ana@example.com');
    expect(actor.getSnapshot().value).toBe('waiting');
    await wait(25);
    await settle();
    expect(asked).toEqual(['ana@example.com']);
    expect(actor.getSnapshot().hasTag('known')).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual(ana);
    type(' ANA@example.com ');
    expect(actor.getSnapshot().hasTag('known')).toBe(true);
    type('');
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it('a form that opens with an e-mail has it checked; with an invalid one nothing is asked', async () => {
    const { actor, asked } = start([ana], 'Ana@Example.com');
    expect(actor.getSnapshot().value).toBe('waiting');
    await wait(25);
    await settle();
    expect(asked).toEqual(['ana@example.com']);
    expect(start([], 'ana@x').actor.getSnapshot().value).toBe('empty');
  });

  it('a newer query replaces an older one before it is asked; a failure can be retried', async () => {
    const { actor, asked, type } = start(['fail', ana]);
    type('old@example.com');
    type('ana@example.com');
    await wait(25);
    await settle();
    expect(asked).toEqual(['ana@example.com']);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('looking')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.result).toEqual(ana);
  });

  it('queries are data: an object query (an instant key with its kind) is the same query when its JSON is', async () => {
    const { actor, asked } = start([ana, ana]);
    actor.send({ type: 'QUERY', query: { instantKeyType: 'email', instantKey: 'a@b.cd' } });
    await wait(25);
    await settle();
    actor.send({ type: 'QUERY', query: { instantKeyType: 'email', instantKey: 'a@b.cd' } });
    expect(actor.getSnapshot().hasTag('known')).toBe(true);
    actor.send({ type: 'QUERY', query: { instantKeyType: 'phone', instantKey: '+5511987654321' } });
    expect(actor.getSnapshot().value).toBe('waiting');
    await wait(25);
    await settle();
    expect(asked).toHaveLength(2);
  });

  expectFullCoverage(coverage);
});

describe('p2p transfer machine (the transfer statechart with the p2p rules)', () => {
  const coverage = new Coverage(p2pTransferMachine);
  const facts: P2pFacts = {
    accounts: [{ accountId: 1, currencyCode: 'USD', balance: '100.00' }],
    payee: { email: 'ana@example.com', exist: true },
    emails: [{ id: 1, email: 'me@example.com' }],
    fee: '0.25',
    today: '2026-11-24',
  };
  const filled = { ...emptyP2pValues, accountId: '1', toEmail: 'ana@example.com', amount: '10' };

  function run(submit: (ApprovalReply | 'fail')[], input: TransferInput = { values: filled }) {
    const approval = scriptedApproval(submit);
    const { submitted: sent, watched } = approval;
    const effects: string[] = [];
    const actor = createActor(
      p2pTransferMachine.provide({
        actors: {
          approval: approval.logic,
        },
        actions: { intentStarted: () => void effects.push('kept'), intentEnded: () => void effects.push('ended'), moneyMoved: () => void effects.push('moneyMoved') },
      }),
      { input, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    return { actor, child, sent, methods: approval.methods, watched, effects };
  }

  it('refuses an unknown payee with its field error; a change clears it; a valid transfer is sent with its body and a success starts again', async () => {
    const { actor, child, sent, methods, effects } = run([{ approveType: 'none', status: 'completed', transactionId: 9 }], { values: { ...filled, toEmail: 'nobody@example.com' } });
    actor.send({ type: 'SUBMIT', facts: { ...facts, payee: { email: 'nobody@example.com', exist: false } } });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['toEmail']);
    actor.send({ type: 'CHANGE', name: 'toEmail', value: 'ana@example.com' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    expect(sent[0]).toMatchObject({ accountId: 1, amount: '10.00', currency: 'USD', toEmail: 'ana@example.com', platform: 'web' });
    expect(methods[0]).toBe('p2pTransfer');
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.outcome).toBe('success');
    // A new form starts from the first values the screen gave.
    expect(actor.getSnapshot().context.values).toEqual({ ...filled, toEmail: 'nobody@example.com' });
    expect(effects).toEqual(['kept', 'ended', 'moneyMoved']);
  });

  it('pending, failed and rejected outcomes', async () => {
    const pending = run([{ approveType: 'none', status: 'pending', transactionId: 10 }]);
    pending.actor.send({ type: 'SUBMIT', facts });
    await settle();
    pending.child()?.send({ type: 'CLOSE' });
    expect(pending.actor.getSnapshot().context.outcome).toBe('pending');

    const failed = run([{ approveType: 'sms', transactionId: 11 }]);
    failed.actor.send({ type: 'SUBMIT', facts });
    await settle();
    failed.child()?.send({ type: 'CLOSE' });
    expect(failed.actor.getSnapshot().context.outcome).toBe('failed');
    expect(failed.actor.getSnapshot().context.values.toEmail).toBe('ana@example.com');

    const rejected = run([{ approveType: 'push', operationId: 'op-9', transactionId: 12 }]);
    rejected.actor.send({ type: 'SUBMIT', facts });
    await settle();
    rejected.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-9' } });
    rejected.child()?.send({ type: 'CLOSE' });
    expect(rejected.actor.getSnapshot().context.outcome).toBe('rejected');
  });

  it('a failed submit is cancelled back to the form; a kept intent says so until dismissed', async () => {
    const { actor, child, sent } = run(['fail'], { values: filled, requestId: 'kept-p2p-1', restored: true });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.restored).toBe(false);
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    expect(sent[0]?.requestId).toBe('kept-p2p-1');
    child()?.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
  });

  expectFullCoverage(coverage);
});
