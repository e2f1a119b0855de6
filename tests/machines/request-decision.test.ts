// @vitest-environment node
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { decisionRequest, requestDecisionMachine } from '@machines/business/request-decision.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/** Deciding transaction requests: ticks, a decline asked first, every decision through the approval. */
describe('request decision machine (001 s4 Business approver)', () => {
  const coverage = new Coverage(requestDecisionMachine);

  function run(replies: Parameters<typeof scriptedApproval>[0]) {
    const approval = scriptedApproval(replies);
    const decided: string[] = [];
    const actor = createActor(requestDecisionMachine.provide({ actors: { approval: approval.logic }, actions: { moneyMoved: () => void decided.push('decided') } }), {
      inspect: (e: InspectionEvent) => coverage.inspect(e),
    }).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    return { actor, child, decided, submitted: approval.submitted, methods: approval.methods, watched: approval.watched };
  }

  it('ticks: toggle, all, clear', () => {
    const { actor } = run([]);
    actor.send({ type: 'TOGGLE', id: 3 });
    actor.send({ type: 'TOGGLE', id: 5 });
    actor.send({ type: 'TOGGLE', id: 3 });
    expect(actor.getSnapshot().context.selected).toEqual([5]);
    actor.send({ type: 'SELECT_ALL', ids: [1, 5, 7] });
    expect(actor.getSnapshot().context.selected).toEqual([1, 5, 7]);
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('approving the ticked requests confirms through the approval; on success the list refreshes and the ticks clear', async () => {
    const { actor, child, decided, submitted, methods } = run([{ approveType: 'sms', operationId: 'op-1' }]);
    actor.send({ type: 'SELECT_ALL', ids: [1, 5] });
    actor.send({ type: 'DECIDE', decision: { target: { transactionIds: [1, 5] }, declined: false } });
    expect(actor.getSnapshot().hasTag('deciding')).toBe(true);
    await settle();
    expect(submitted[0]).toEqual({ transactionIds: [1, 5], declined: false, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(methods).toEqual(['transactionRequestApprove']);
    child()?.send({ type: 'CODE', value: '123456' });
    child()?.send({ type: 'CONFIRM' });
    await settle();
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context).toMatchObject({ outcome: 'success', selected: [], decided: { target: { transactionIds: [1, 5] }, declined: false } });
    expect(decided).toEqual(['decided']);
  });

  it('a decline is asked first: cancel keeps everything; confirm declines (mass requests by their batch)', async () => {
    const { actor, child, submitted, decided, methods } = run([{ approveType: 'none', status: 'completed' }]);
    actor.send({ type: 'DECIDE', decision: { target: { batchId: 9 }, declined: true } });
    expect(actor.getSnapshot().hasTag('confirmDecline')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.decision).toBeNull();
    actor.send({ type: 'DECIDE', decision: { target: { batchId: 9 }, declined: true } });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(submitted[0]).toEqual({ batchId: 9, declined: true, requestId: expect.any(String) });
    expect(methods).toEqual(['massTransactionRequestApprove']);
    child()?.send({ type: 'CLOSE' });
    expect(decided).toHaveLength(1);
  });

  it('refused or not confirmed: the ticks stay for another try', async () => {
    const { actor, child, decided } = run(['fail']);
    actor.send({ type: 'TOGGLE', id: 4 });
    actor.send({ type: 'DECIDE', decision: { target: { transactionIds: [4] }, declined: false } });
    await settle();
    child()?.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context).toMatchObject({ outcome: 'cancelled', selected: [4], decision: null });
    // Cancelled: the lists are asked again (a decision may have gone through after all), the ticks stay.
    expect(decided).toEqual(['decided']);

    // Rejected on the approver's phone: nothing moved, the ticks stay.
    const rejected = run([{ approveType: 'push', operationId: 'op-2' }]);
    rejected.actor.send({ type: 'TOGGLE', id: 6 });
    rejected.actor.send({ type: 'DECIDE', decision: { target: { transactionIds: [6] }, declined: false } });
    await settle();
    rejected.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-2' } });
    rejected.child()?.send({ type: 'CLOSE' });
    expect(rejected.actor.getSnapshot().context).toMatchObject({ outcome: 'rejected', selected: [6], decision: null, decided: null });
    expect(rejected.decided).toEqual([]);
  });

  it('a decision whose reply is lost: Try again sends the same decision (same requestId); the next decision is a new one', async () => {
    const { actor, child, submitted } = run(['fail', { approveType: 'none', status: 'completed' }, { approveType: 'none', status: 'completed' }]);
    actor.send({ type: 'DECIDE', decision: { target: { transactionIds: [4] }, declined: false } });
    await settle();
    expect(child()?.getSnapshot().hasTag('submitFailed')).toBe(true);
    child()?.send({ type: 'RETRY' });
    await settle();
    const [first, retried] = submitted as { requestId: string }[];
    expect(retried!.requestId).toBe(first!.requestId);
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.outcome).toBe('success');
    actor.send({ type: 'DECIDE', decision: { target: { transactionIds: [6] }, declined: false } });
    await settle();
    expect((submitted[2] as { requestId: string }).requestId).not.toBe(first!.requestId);
  });

  it('the call bodies (001 s7)', () => {
    expect(decisionRequest({ target: { transactionIds: [2] }, declined: false, requestId: 'decision-0001' })).toEqual({ method: 'transactionRequestApprove', body: { transactionIds: [2], declined: false, requestId: 'decision-0001' } });
    expect(decisionRequest({ target: { batchId: 4 }, declined: false, requestId: 'decision-0002' })).toEqual({ method: 'massTransactionRequestApprove', body: { batchId: 4, declined: false, requestId: 'decision-0002' } });
    expect(decisionRequest({ target: { batchId: 4 }, declined: true, requestId: 'decision-0003' })).toEqual({ method: 'massTransactionRequestApprove', body: { batchId: 4, declined: true, requestId: 'decision-0003' } });
  });

  expectFullCoverage(coverage);
});
