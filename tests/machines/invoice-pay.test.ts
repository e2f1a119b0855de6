// @vitest-environment node
import { createActor, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { invoicePayMachine, invoicePayRequest, type InvoiceToPay } from '@machines/invoices/invoice-pay.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const invoice: InvoiceToPay = { invoiceId: 41, amount: '125.50', currencyCode: 'USD', payeeEmail: 'shop@example.com' };

/**
 * Paying an invoice (issue 51): the p2p transfer with the invoice's id, amount, currency and payee;
 * an account chosen, its fee asked, PAY only when the balance covers the total; through the
 * approval once per intent (a retry after a lost reply keeps the requestId), another account a new
 * intent; the statechart ends with the approval's outcome or `cancelled`.
 */
describe('invoice pay statechart', () => {
  const coverage = new Coverage(invoicePayMachine);

  function run(replies: Parameters<typeof scriptedApproval>[0], fees: (string | 'fail')[] = ['1.50'], accountId: number | null = null) {
    const approval = scriptedApproval(replies);
    const quoted: { amount: string; accountId: number }[] = [];
    const moved: string[] = [];
    const actor = createActor(
      invoicePayMachine.provide({
        actors: {
          approval: approval.logic,
          quoteFee: fromPromise(async ({ input }) => {
            quoted.push(input);
            const fee = fees.shift() ?? '1.50';
            if (fee === 'fail') throw { text: 'The fee could not be read' };
            return fee;
          }),
        },
        actions: { moneyMoved: () => void moved.push('moved') },
      }),
      { input: { invoice, accountId }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    return { actor, child, quoted, moved, submitted: approval.submitted, methods: approval.methods, watched: approval.watched };
  }

  it('the transfer that pays it: the invoice fixes amount, currency, payee and its id', () => {
    expect(invoicePayRequest({ invoice, accountId: 7, requestId: 'req-00000001' })).toEqual({
      method: 'p2pTransfer',
      body: { accountId: 7, amount: '125.50', currency: 'USD', toEmail: 'shop@example.com', invoiceId: 41, requestId: 'req-00000001' },
    });
  });

  it('choose an account, its fee is asked; PAY waits until the balance covers the total; paid with SMS, it ends paid', async () => {
    const { actor, child, quoted, submitted, methods, moved } = run([{ approveType: 'sms', operationId: 'op-1' }]);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'CHOOSE', accountId: 7 });
    expect(actor.getSnapshot().hasTag('quoting')).toBe(true);
    // Another account while the fee is asked: asked again for that one.
    actor.send({ type: 'CHOOSE', accountId: 8 });
    await settle();
    expect(quoted).toEqual([
      { amount: '125.50', accountId: 7 },
      { amount: '125.50', accountId: 8 },
    ]);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.fee).toBe('1.50');
    actor.send({ type: 'PAY', enough: false });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    actor.send({ type: 'PAY', enough: true });
    expect(actor.getSnapshot().hasTag('paying')).toBe(true);
    await settle();
    expect(methods).toEqual(['p2pTransfer']);
    expect(submitted[0]).toMatchObject({ accountId: 8, invoiceId: 41, amount: '125.50' });
    child()?.send({ type: 'CODE', value: '123456' });
    child()?.send({ type: 'CONFIRM' });
    await settle();
    child()?.send({ type: 'CLOSE' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'success' });
    expect(moved).toEqual(['moved']);
  });

  it('a 500 on the pay is tried again with the same requestId; rejected on the phone, the popup stays and paying again is a new intent', async () => {
    const approval = run(['fail', { approveType: 'push', operationId: 'op-1' }, { approveType: 'none', status: 'pending' }], ['1.50'], 7);
    const { actor, child, submitted, moved } = approval;
    await settle();
    actor.send({ type: 'PAY', enough: true });
    await settle();
    expect(child()?.getSnapshot().hasTag('submitFailed')).toBe(true);
    child()?.send({ type: 'RETRY' });
    await settle();
    expect((submitted[1] as { requestId: string }).requestId).toBe((submitted[0] as { requestId: string }).requestId);
    approvalResult('rejected');
    child()?.send({ type: 'CLOSE' });
    await settle();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(moved).toEqual([]);
    actor.send({ type: 'PAY', enough: true });
    await settle();
    expect((submitted[2] as { requestId: string }).requestId).not.toBe((submitted[0] as { requestId: string }).requestId);
    child()?.send({ type: 'CLOSE' });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ outcome: 'pending' });

    function approvalResult(result: 'rejected') {
      approval.watched.send?.({ type: 'RESULT', result: { result, operationId: 'op-1' } });
    }
  });

  it('the approval popup closed before confirming: the same intent is kept (paying again cannot pay twice); closed, it ends cancelled', async () => {
    const { actor, child, submitted, moved } = run([{ approveType: 'sms', operationId: 'op-1' }, { approveType: 'sms', operationId: 'op-1' }], ['1.50'], 7);
    await settle();
    actor.send({ type: 'PAY', enough: true });
    await settle();
    child()?.send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(moved).toEqual(['moved']); // it may have moved after all: balances asked again
    actor.send({ type: 'PAY', enough: true });
    await settle();
    expect((submitted[1] as { requestId: string }).requestId).toBe((submitted[0] as { requestId: string }).requestId);
    child()?.send({ type: 'CANCEL' });
    await settle();
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
  });

  it('the fee cannot be read: said, tried again or another account chosen; another account when ready is a new intent', async () => {
    const { actor, quoted } = run([], ['fail', 'fail', '2.00', '0.00']);
    actor.send({ type: 'CHOOSE', accountId: 7 });
    await settle();
    expect(actor.getSnapshot().hasTag('feeFailed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ text: 'The fee could not be read' });
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().hasTag('feeFailed')).toBe(true);
    actor.send({ type: 'CHOOSE', accountId: 9 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ accountId: 9, fee: '2.00', error: null });
    const before = actor.getSnapshot().context.requestId;
    actor.send({ type: 'CHOOSE', accountId: 7 });
    await settle();
    expect(actor.getSnapshot().context.requestId).not.toBe(before);
    expect(quoted.map((q) => q.accountId)).toEqual([7, 7, 9, 7]);
  });

  it('closing at any step ends it cancelled', async () => {
    const choosing = run([]);
    choosing.actor.send({ type: 'CLOSE' });
    expect(choosing.actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });

    const quoting = run([], ['1.00'], 7);
    quoting.actor.send({ type: 'CLOSE' });
    expect(quoting.actor.getSnapshot().status).toBe('done');

    const failed = run([], ['fail'], 7);
    await settle();
    failed.actor.send({ type: 'CLOSE' });
    expect(failed.actor.getSnapshot().status).toBe('done');
  });

  expectFullCoverage(coverage);
});
