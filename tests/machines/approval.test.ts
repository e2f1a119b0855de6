// @vitest-environment node
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { approvalMachine, type ApprovalEvent } from '@machines/transfers/approval.machine';
import { approvalTexts, type ApprovalReply, type ApprovalStatus, type ApproveType } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { unexpectedFailure } from '@machines/shared/ui-message';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const refused = { text: 'The code is not right' };

type Outcome<T> = T | 'fail';

const request: ApprovalRequest = { method: 'ownAccountsTransfer', body: { fromAccount: 1, toAccount: 2, toAmount: '10.00', requestId: 'req-00000001' } };

/** The approval statechart with scripted calls, started with `request` as its input (or `startReply`); `watched` receives the watch actor's send. */
function run(script: {
  submit?: Outcome<ApprovalReply>[];
  confirm?: Outcome<true>[];
  resend?: Outcome<Partial<ApprovalReply>>[];
  retryTransfer?: Outcome<ApprovalReply>[];
  /** approvalStatus answers, asked after a failed confirmation or resend and by a waiting push. */
  status?: Outcome<ApprovalStatus>[];
  /** How often a waiting push asks the status (ms); by default not within a test. */
  pushCheck?: number;
  coverage: Coverage;
  /** A reply the screen already has (the approval starts from it, without a submit). */
  startReply?: ApprovalReply;
}) {
  const calls: { actor: string; input: unknown }[] = [];
  const watched: { send: ((e: ApprovalEvent) => void) | null; stopped: number } = { send: null, stopped: 0 };
  const next = <T>(name: string, list: Outcome<T>[] | undefined, input: unknown): T => {
    calls.push({ actor: name, input });
    const value = list?.shift();
    if (value === 'fail' || value === undefined) throw refused;
    return value;
  };
  const actor = createActor(
    approvalMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => next('submit', script.submit, input)),
        confirm: fromPromise(async ({ input }) => void next('confirm', script.confirm, input)),
        resend: fromPromise(async ({ input }) => next('resend', script.resend, input)),
        retryTransfer: fromPromise(async ({ input }) => next('retryTransfer', script.retryTransfer, input)),
        status: fromPromise(async ({ input }) => next('status', script.status, input)),
        watch: fromCallback(({ sendBack, input }) => {
          calls.push({ actor: 'watch', input });
          watched.send = sendBack;
          return () => {
            watched.stopped += 1;
          };
        }),
      },
      delays: { smsClose: 20, pushCheck: script.pushCheck ?? 600_000 },
    }),
    { input: script.startReply ? { reply: script.startReply } : { request }, inspect: (e: InspectionEvent) => script.coverage.inspect(e) },
  ).start();
  return { actor, calls, watched };
}

const reply = (approveType: ApproveType, over: Partial<ApprovalReply> = {}): ApprovalReply => ({ approveType, operationId: 'op-1', transactionId: 77, ...over });

describe('approval machine (001 s4, 002 s4)', () => {
  const coverage = new Coverage(approvalMachine);

  it('mode none: a success at once; a pending reply is the pending success', async () => {
    const { actor } = run({ submit: [reply('none', { operationId: undefined, status: 'completed' })], coverage });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'success', reply: reply('none', { operationId: undefined, status: 'completed' }) });

    const pending = run({ submit: [reply('none', { status: 'pending' })], coverage });
    await settle();
    expect(pending.actor.getSnapshot().hasTag('pending')).toBe(true);
    pending.actor.send({ type: 'CLOSE' });
    expect(pending.actor.getSnapshot().output?.outcome).toBe('pending');
  });

  it('an initiate-only user: the transfer waits for an approver (approval transaction created), nothing to confirm', async () => {
    const { actor, calls } = run({ submit: [reply('none', { operationId: undefined, transactionRequestId: 12 })], coverage });
    await settle();
    expect(actor.getSnapshot().hasTag('requested')).toBe(true);
    expect(calls.map((c) => c.actor)).toEqual(['submit']);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output?.outcome).toBe('requested');
  });

  it('starts from a reply the screen already has: no submit, straight where the reply leads', async () => {
    const none = run({ coverage, startReply: reply('none', { operationId: undefined, transactionId: undefined }) });
    expect(none.actor.getSnapshot().hasTag('success')).toBe(true);
    expect(none.calls).toEqual([]);
    const sms = run({ coverage, confirm: [true], startReply: reply('sms', { transactionId: undefined, approvalSentTo: '+40 7•• ••• 012' }) });
    expect(sms.actor.getSnapshot().hasTag('code')).toBe(true);
    sms.actor.send({ type: 'CODE', value: '123456' });
    sms.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(sms.calls.map((c) => c.actor)).toEqual(['confirm']);
    // Polled, not read once: the SMS success closes by itself after its delay (20 ms here), which a loaded machine may already have passed.
    await vi.waitFor(() => expect(sms.actor.getSnapshot().status).toBe('done'));
    expect(sms.actor.getSnapshot().output?.outcome).toBe('success');
    // Without a transfer id the code confirms the operation (approve payment).
    expect(sms.calls[0]?.input).toMatchObject({ reply: { operationId: 'op-1' }, code: '123456' });
  });

  it('a failed submit keeps the screen; RETRY submits again (the screen keeps its requestId); CANCEL ends', async () => {
    const { actor, calls } = run({ submit: ['fail', reply('none')], coverage });
    await settle();
    expect(actor.getSnapshot().hasTag('submitFailed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual(refused);
    actor.send({ type: 'RETRY' });
    await settle();
    // The same request both times: the service answers a repeated requestId once.
    expect(calls.filter((c) => c.actor === 'submit').map((c) => c.input)).toEqual([request, request]);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);

    const cancelled = run({ submit: [], coverage });
    await settle();
    cancelled.actor.send({ type: 'CANCEL' });
    expect(cancelled.actor.getSnapshot().output?.outcome).toBe('cancelled');
  });

  it('a confirmation without an operation id: "Not Operation Id, Fail Operation"', async () => {
    const { actor } = run({ submit: [reply('sms', { operationId: undefined, transactionId: undefined })], coverage });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ descriptor: approvalTexts.notOperationId });
    // Nothing to retry without a transaction.
    actor.send({ type: 'RETRY_TRANSFER' });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output?.outcome).toBe('failed');
  });

  it('sms: an incomplete code is not sent; a refused code keeps the popup; a new code (also by another method); the success closes after 3 s', async () => {
    const { actor, calls } = run({
      submit: [reply('sms', { approvalSentTo: '+40 7** *** 321', availableApprovalMethods: ['sms', 'otp'] })],
      confirm: ['fail', true],
      resend: [{ approvalSentTo: '+40 7** *** 321' }, 'fail'],
      coverage,
    });
    await settle();
    expect(actor.getSnapshot().hasTag('code')).toBe(true);
    actor.send({ type: 'CODE', value: '12' });
    actor.send({ type: 'CONFIRM' });
    expect(calls.some((c) => c.actor === 'confirm')).toBe(false);
    actor.send({ type: 'CODE', value: '123 456' });
    expect(actor.getSnapshot().context.code).toBe('123456');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.codeError).toEqual(refused);
    expect(actor.getSnapshot().context.code).toBe('');
    actor.send({ type: 'RESEND' });
    await settle();
    expect(actor.getSnapshot().context.resent).toBe(true);
    expect(calls.at(-1)).toEqual({ actor: 'resend', input: { reply: expect.objectContaining({ operationId: 'op-1' }), approveType: 'sms' } });
    actor.send({ type: 'RESEND', approveType: 'otp' });
    await settle();
    // A refused resend is followed by the status (the status cannot be asked here: the popup stays as it was).
    expect(calls.at(-2)).toEqual({ actor: 'resend', input: expect.objectContaining({ approveType: 'otp' }) });
    expect(calls.at(-1)?.actor).toBe('status');
    expect(actor.getSnapshot().context.codeError).toEqual(refused);
    actor.send({ type: 'CODE', value: '654321' });
    expect(actor.getSnapshot().context.codeError).toBeNull();
    actor.send({ type: 'CONFIRM' });
    // Polled, not slept: a loaded machine may take longer than a few ticks (the close delay is 20 ms here).
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('success') || actor.getSnapshot().status === 'done').toBe(true));
    expect(calls.at(-1)).toEqual({ actor: 'confirm', input: { reply: expect.objectContaining({ transactionId: 77 }), code: '654321', request } });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output?.outcome).toBe('success');
  });

  it('a code typed while the status is asked after a refused code is kept, and Confirm sends it', async () => {
    let answer: (s: ApprovalStatus) => void = () => {};
    const sent: string[] = [];
    const actor = createActor(
      approvalMachine.provide({
        actors: {
          submit: fromPromise(async () => reply('sms')),
          confirm: fromPromise(async ({ input }) => {
            sent.push(input.code);
            if (input.code === '000000') throw refused;
          }),
          status: fromPromise(() => new Promise<ApprovalStatus>((resolve) => (answer = resolve))),
        },
        delays: { smsClose: 20, pushCheck: 600_000 },
      }),
      { input: { request }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    await settle();
    actor.send({ type: 'CODE', value: '000000' });
    actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ code: 'checking' })).toBe(true));
    expect(actor.getSnapshot().context.codeError).toEqual(refused);
    actor.send({ type: 'CODE', value: '123 456' });
    expect(actor.getSnapshot().context).toMatchObject({ code: '123456', codeError: null });
    answer({ state: 'waiting', reply: reply('sms') });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ code: 'entering' })).toBe(true));
    expect(actor.getSnapshot().context.code).toBe('123456');
    actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output?.outcome).toBe('success');
    expect(sent).toEqual(['000000', '123456']);
  });

  it('otp and approvalCode: the success stays until closed; a code popup can be cancelled', async () => {
    const { actor } = run({ submit: [reply('otp')], confirm: [true], coverage });
    await settle();
    actor.send({ type: 'CODE', value: '111111' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    await wait(40);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');

    const cancelled = run({ submit: [reply('approvalCode')], coverage });
    await settle();
    cancelled.actor.send({ type: 'CANCEL' });
    expect(cancelled.actor.getSnapshot().output?.outcome).toBe('cancelled');
  });

  it('push: the result on the realtime channel decides; a rejection with and without a message', async () => {
    const ok = run({ submit: [reply('push')], coverage });
    await settle();
    expect(ok.actor.getSnapshot().hasTag('push')).toBe(true);
    expect(ok.calls.at(-1)).toEqual({ actor: 'watch', input: { reply: reply('push') } });
    ok.watched.send?.({ type: 'RESULT', result: { result: 'success', operationId: 'op-1' } });
    expect(ok.actor.getSnapshot().hasTag('success')).toBe(true);
    expect(ok.watched.stopped).toBe(1);

    const no = run({ submit: [reply('push')], coverage });
    await settle();
    no.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-1', message: 'Declined on the phone' } });
    expect(no.actor.getSnapshot().hasTag('rejected')).toBe(true);
    expect(no.actor.getSnapshot().context.failure).toEqual({ text: 'Declined on the phone' });
    no.actor.send({ type: 'CLOSE' });
    expect(no.actor.getSnapshot().output?.outcome).toBe('rejected');

    const plain = run({ submit: [reply('push')], coverage });
    await settle();
    plain.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-1' } });
    expect(plain.actor.getSnapshot().context.failure).toEqual({ descriptor: approvalTexts.rejected });
    plain.actor.send({ type: 'CANCEL' }); // not offered once rejected: nothing happens
    expect(plain.actor.getSnapshot().hasTag('rejected')).toBe(true);
  });

  it('push: a failed transaction can be retried (trxid) and is approved again; a failing retry stays failed', async () => {
    const { actor, calls } = run({ submit: [reply('push')], retryTransfer: [reply('none', { transactionId: 78 }), 'fail'], coverage });
    await settle();
    expect(actor.getSnapshot().hasTag('push')).toBe(true);
    actor.send({ type: 'RESULT', result: { result: 'failed', transactionId: 77 } });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ descriptor: approvalTexts.failed });
    actor.send({ type: 'RETRY_TRANSFER' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls.find((c) => c.actor === 'retryTransfer')?.input).toEqual({ transactionId: 77 });
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    expect(actor.getSnapshot().context.reply?.transactionId).toBe(78);

    const again = run({ submit: [reply('push')], retryTransfer: ['fail'], coverage });
    await settle();
    again.actor.send({ type: 'RESULT', result: { result: 'failed', operationId: 'op-1' } });
    again.actor.send({ type: 'RETRY_TRANSFER' });
    await settle();
    expect(again.actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(again.actor.getSnapshot().context.failure).toEqual(refused);
  });

  it('push: switching to a code method sends a code there; a failed switch keeps waiting; cancel leaves the push', async () => {
    const { actor, calls } = run({ submit: [reply('push', { availableApprovalMethods: ['push', 'sms'] })], resend: ['fail', { approveType: 'sms', approvalSentTo: '+40 7** *** 321' }], coverage });
    await settle();
    actor.send({ type: 'RESEND', approveType: 'push' }); // the same method: nothing to switch to
    expect(calls.some((c) => c.actor === 'resend')).toBe(false);
    actor.send({ type: 'RESEND', approveType: 'sms' });
    await settle();
    expect(actor.getSnapshot().hasTag('push')).toBe(true);
    expect(actor.getSnapshot().context.codeError).toEqual(refused);
    actor.send({ type: 'RESEND', approveType: 'sms' });
    await settle();
    expect(actor.getSnapshot().hasTag('code')).toBe(true);
    expect(actor.getSnapshot().context.reply).toMatchObject({ approveType: 'sms', approvalSentTo: '+40 7** *** 321', operationId: 'op-1' });

    const cancelled = run({ submit: [reply('push')], coverage });
    await settle();
    cancelled.actor.send({ type: 'CANCEL' });
    expect(cancelled.actor.getSnapshot().output?.outcome).toBe('cancelled');
    expect(cancelled.watched.stopped).toBe(1);
  });

  it('a confirmation whose reply is lost: the status decides, so a moved transfer is a success, never "nothing moved"', async () => {
    const { actor, calls } = run({ submit: [reply('otp')], confirm: ['fail'], status: [{ state: 'approved', reply: reply('otp') }], coverage });
    await settle();
    actor.send({ type: 'CODE', value: '123456' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(calls.map((c) => c.actor)).toEqual(['submit', 'confirm', 'status']);
    expect(calls.at(-1)?.input).toEqual({ reply: reply('otp') });
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output?.outcome).toBe('success');

    // Approved but processed later: the pending success.
    const later = run({ submit: [reply('otp')], confirm: ['fail'], status: [{ state: 'approved', reply: reply('otp', { status: 'pending' }) }], coverage });
    await settle();
    later.actor.send({ type: 'CODE', value: '123456' });
    later.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(later.actor.getSnapshot().hasTag('pending')).toBe(true);
  });

  it('still waiting after a failed confirmation or resend: back to the code with the failure and the attempts left; a method changed by a lost resend is followed', async () => {
    const { actor } = run({
      submit: [reply('sms', { availableApprovalMethods: ['sms', 'otp', 'approvalCode'] })],
      confirm: ['fail'],
      resend: ['fail', 'fail'],
      status: [
        { state: 'waiting', reply: reply('sms'), attemptsLeft: 2 },
        { state: 'waiting', reply: reply('approvalCode', { approvalSentTo: 'a•••@brand1.test' }), attemptsLeft: 3 },
        { state: 'waiting', reply: reply('push') },
      ],
      coverage,
    });
    await settle();
    actor.send({ type: 'CODE', value: '123456' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('code')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ codeError: refused, attemptsLeft: 2, uncertain: false, code: '' });
    // The new code went by e-mail although its reply was lost: the popup says so.
    actor.send({ type: 'RESEND', approveType: 'approvalCode' });
    await settle();
    expect(actor.getSnapshot().hasTag('code')).toBe(true);
    expect(actor.getSnapshot().context.reply).toMatchObject({ approveType: 'approvalCode', approvalSentTo: 'a•••@brand1.test', operationId: 'op-1' });
    expect(actor.getSnapshot().context.attemptsLeft).toBe(3);
    // Now on the phone (another tab switched it): the push waits.
    actor.send({ type: 'RESEND' });
    await settle();
    expect(actor.getSnapshot().hasTag('push')).toBe(true);
  });

  it('ended while the reply was lost (three wrong codes, a refusal on the phone): the popup ends with the service\'s reason; no code to enter', async () => {
    const { actor } = run({
      submit: [reply('sms')],
      confirm: ['fail'],
      status: [{ state: 'failed', reply: reply('sms'), reason: 'Too many wrong codes: the operation is cancelled' }],
      coverage,
    });
    await settle();
    actor.send({ type: 'CODE', value: '000003' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('code')).toBe(false);
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Too many wrong codes: the operation is cancelled' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output?.outcome).toBe('failed');

    const rejected = run({ submit: [reply('sms')], confirm: ['fail'], status: [{ state: 'rejected', reply: reply('sms') }], coverage });
    await settle();
    rejected.actor.send({ type: 'CODE', value: '123456' });
    rejected.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(rejected.actor.getSnapshot().hasTag('rejected')).toBe(true);
    expect(rejected.actor.getSnapshot().context.failure).toEqual({ descriptor: approvalTexts.rejected });
  });

  it('the status cannot be asked either: the popup stays for another try; closed then, the outcome is unknown, not cancelled', async () => {
    const { actor, calls } = run({ submit: [reply('sms')], confirm: ['fail'], status: ['fail'], coverage });
    await settle();
    actor.send({ type: 'CODE', value: '123456' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('code')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ codeError: refused, uncertain: true });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().output?.outcome).toBe('unknown');
    expect(calls.map((c) => c.actor)).toEqual(['submit', 'confirm', 'status']);
  });

  it('push: the status is asked now and then, so a result missed while the channel reconnected still arrives', async () => {
    const { actor, calls } = run({
      submit: [reply('push', { availableApprovalMethods: ['push', 'sms'] })],
      status: ['fail', { state: 'waiting', reply: reply('push') }, { state: 'approved', reply: reply('push') }],
      pushCheck: 15,
      coverage,
    });
    await settle();
    expect(actor.getSnapshot().hasTag('push')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('success')).toBe(true));
    expect(calls.filter((c) => c.actor === 'status')).toHaveLength(3);
    // Switched to a code elsewhere while waiting: the code popup.
    const switched = run({ submit: [reply('push')], status: [{ state: 'waiting', reply: reply('sms', { approvalSentTo: '+40 7** *** 321' }) }], pushCheck: 15, coverage });
    await vi.waitFor(() => expect(switched.actor.getSnapshot().hasTag('code')).toBe(true));
    // Rejected on the phone while away: the reason.
    const refusedThere = run({ submit: [reply('push')], status: [{ state: 'rejected', reply: reply('push'), reason: 'Not me' }], pushCheck: 15, coverage });
    await vi.waitFor(() => expect(refusedThere.actor.getSnapshot().hasTag('rejected')).toBe(true));
    expect(refusedThere.actor.getSnapshot().context.failure).toEqual({ text: 'Not me' });
    const failedThere = run({ submit: [reply('push')], status: [{ state: 'failed', reply: reply('push') }], pushCheck: 15, coverage });
    await vi.waitFor(() => expect(failedThere.actor.getSnapshot().hasTag('failed')).toBe(true));
    expect(failedThere.actor.getSnapshot().context.failure).toEqual({ descriptor: approvalTexts.failed });
    const pendingThere = run({ submit: [reply('push')], status: [{ state: 'approved', reply: reply('push', { status: 'pending' }) }], pushCheck: 15, coverage });
    await vi.waitFor(() => expect(pendingThere.actor.getSnapshot().hasTag('pending')).toBe(true));
  });

  it('a bug in a call is the generic failure, never its text', async () => {
    const { actor } = run({ submit: [], coverage });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual(refused);
    const buggy = createActor(approvalMachine.provide({ actors: { submit: fromPromise(async () => Promise.reject(new Error('TypeError: x is undefined'))) } }), { input: { request } }).start();
    await settle();
    expect(buggy.getSnapshot().context.failure).toEqual({ descriptor: unexpectedFailure });
  });

  expectFullCoverage(coverage);
});
