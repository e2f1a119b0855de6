// @vitest-environment node
import { createActor, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import { massP2pMachine } from '@machines/transfers/mass-p2p.machine';
import type { MassSummary } from '@machines/transfers/mass-p2p.logic';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const clean: MassSummary = { count: 2, total: '12.50', fee: '0.50', currencyCode: 'USD', errors: [] };
const withErrors: MassSummary = { ...clean, count: 1, errors: [{ line: 2, message: 'There is no customer with this e-mail' }] };

describe('mass p2p machine (001 s5, s7)', () => {
  const coverage = new Coverage(massP2pMachine);

  function run(script: { summaries: (MassSummary | 'fail')[]; submits: (ApprovalReply | 'fail')[] }) {
    const summarized: Record<string, unknown>[] = [];
    const approval = scriptedApproval(script.submits);
    const { submitted, watched } = approval;
    let sent = 0;
    const actor = createActor(
      massP2pMachine.provide({
        actors: {
          summarize: fromPromise(async ({ input }) => {
            summarized.push(input);
            const next = script.summaries.shift();
            if (next === 'fail' || next === undefined) throw { text: 'Server is not available' };
            return next;
          }),
          approval: approval.logic,
        },
        actions: { moneyMoved: () => void (sent += 1) },
      }),
      { input: { values: { accountId: '1' } }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    return { actor, child, summarized, submitted, methods: approval.methods, watched, sent: () => sent };
  }

  it('refuses an empty text; a failed summary keeps the text; lines with errors go back to be fixed; a clean one is reviewed and sent once', async () => {
    const { actor, child, summarized, submitted, sent } = run({ summaries: ['fail', withErrors, clean], submits: [{ approveType: 'none', status: 'completed', transactionId: 3 }] });
    actor.send({ type: 'PREVIEW' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['text']);
    actor.send({ type: 'CHANGE', name: 'text', value: 'ana@example.com,10\nbob@example.com,2.50' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'PREVIEW' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'PREVIEW' });
    await settle();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.summary?.errors).toHaveLength(1);
    actor.send({ type: 'PREVIEW' });
    await settle();
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
    expect(summarized.every((b) => b.onlySummary === true)).toBe(true);
    // Back to the text: the values are kept; nothing was sent.
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.values.text).toBe('ana@example.com,10\nbob@example.com,2.50');
    expect(child()).toBeUndefined();
    expect(submitted).toHaveLength(0);
    expect(sent()).toBe(0);
  });

  it('the reviewed batch goes through the approval: a success ends sent, NEW starts again; failed, rejected and cancelled come back to the review', async () => {
    const { actor, child, submitted, methods, watched, sent } = run({
      summaries: [clean],
      submits: ['fail', { approveType: 'sms', transactionId: 5 }, { approveType: 'push', operationId: 'op-7', transactionId: 6 }, { approveType: 'none', status: 'pending', transactionId: 7 }],
    });
    actor.send({ type: 'CHANGE', name: 'text', value: 'ana@example.com,10' });
    actor.send({ type: 'PREVIEW' });
    await settle();
    const requestId = actor.getSnapshot().context.requestId;
    actor.send({ type: 'CONFIRM' });
    await settle();
    // A failed submit: cancelled back to the review, the same intent.
    child()?.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
    expect(actor.getSnapshot().context.requestId).toBe(requestId);
    // A code reply without an operation id fails: a new intent.
    actor.send({ type: 'CONFIRM' });
    await settle();
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.outcome).toBe('failed');
    expect(actor.getSnapshot().context.requestId).not.toBe(requestId);
    // Rejected on the phone.
    actor.send({ type: 'CONFIRM' });
    await settle();
    watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-7' } });
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.outcome).toBe('rejected');
    // Pending success: sent.
    actor.send({ type: 'CONFIRM' });
    await settle();
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().hasTag('sent')).toBe(true);
    // Sent, and once for the cancelled approval (the balances asked again: it may have moved after all).
    expect(sent()).toBe(2);
    expect(submitted.map((b) => b.onlySummary)).toEqual([false, false, false, false]);
    expect(submitted[0]?.requestId).toBe(requestId);
    expect(methods).toEqual(['p2pMassTransfer', 'p2pMassTransfer', 'p2pMassTransfer', 'p2pMassTransfer']);
    actor.send({ type: 'NEW' });
    expect(actor.getSnapshot().context.values.text).toBe('');
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
  });

  expectFullCoverage(coverage);
});
