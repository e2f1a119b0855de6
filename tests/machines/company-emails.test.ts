// @vitest-environment node
import { createActor, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { companyEmailsMachine, type AddFailure } from '@machines/business/company-emails.machine';
import { companyAccessMessages as m } from '@machines/business/company-access-messages';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const UUID = /^[0-9a-f-]{36}$/;
const billing = { emailId: 5, email: 'billing@example.com' };

/** What a scripted call does next: succeed (with the add's new id) or throw what is given. */
type Outcome = { ok: number } | { throws: unknown };
const next = (outcomes: Outcome[], fallback = 1) => {
  const outcome = outcomes.shift() ?? { ok: fallback };
  if ('throws' in outcome) throw outcome.throws;
  return outcome.ok;
};

/**
 * The company's e-mails (issue 54; 002 s7 Company emails): an address is checked before any call
 * and added once per intent; its code is checked before it is sent; a delete is asked first and
 * sent once per requestId; a new primary goes through the approval. Every success reads the list
 * again and says so.
 */
describe('company e-mails statechart (issue 54)', () => {
  const coverage = new Coverage(companyEmailsMachine);

  function run(options: { known?: string[]; add?: Outcome[]; confirm?: Outcome[]; resend?: Outcome[]; remove?: Outcome[]; replies?: Parameters<typeof scriptedApproval>[0] } = {}) {
    const approval = scriptedApproval(options.replies ?? []);
    const calls = { add: [] as { email: string; requestId: string }[], confirm: [] as { emailId: number; confirmationCode: string }[], resend: [] as { emailId: number }[], remove: [] as { emailId: number; requestId: string }[] };
    const changed: string[] = [];
    const actor = createActor(
      companyEmailsMachine.provide({
        actors: {
          approval: approval.logic,
          add: fromPromise(async ({ input }) => {
            calls.add.push(input);
            return next(options.add ?? [], 31);
          }),
          confirm: fromPromise(async ({ input }) => {
            calls.confirm.push(input);
            next(options.confirm ?? []);
          }),
          resend: fromPromise(async ({ input }) => {
            calls.resend.push(input);
            next(options.resend ?? []);
          }),
          remove: fromPromise(async ({ input }) => {
            calls.remove.push(input);
            next(options.remove ?? []);
          }),
        },
        actions: { changed: () => void changed.push('changed') },
      }),
      { input: options.known ? { known: options.known } : {}, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    const state = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    return { actor, child, state, context, calls, changed, submitted: approval.submitted, methods: approval.methods, watched: approval.watched };
  }

  it('ADD opens the form; an empty, invalid or known address (any case) is refused by field and nothing is called', async () => {
    const { actor, state, context, calls } = run({ known: ['Billing@Example.com'] });
    expect(state()).toBe('idle');
    actor.send({ type: 'ADD' });
    expect(state()).toBe('adding');
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    expect(context()).toMatchObject({ email: '', errors: {}, error: null, notice: null, sentEmail: null });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ email: { descriptor: m.emailRequired } });
    actor.send({ type: 'CHANGE', value: 'a@b.c' });
    expect(context().errors).toEqual({}); // typing clears it
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ email: { descriptor: m.emailInvalid } });
    actor.send({ type: 'CHANGE', value: '  billing@EXAMPLE.com ' });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ email: { descriptor: m.emailDuplicate } });
    // The list read again brings new addresses (KNOWN): they count too.
    actor.send({ type: 'KNOWN', emails: ['sales@example.com'] });
    expect(context().known).toEqual(['sales@example.com']);
    actor.send({ type: 'CHANGE', value: 'SALES@example.com' });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ email: { descriptor: m.emailDuplicate } });
    expect(state()).toBe('adding');
    expect(context().attempts).toBe(4); // each refusal counted: the view moves the focus each time
    await settle();
    expect(calls.add).toEqual([]);
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().errors).toEqual({});
  });

  it('a valid address is added trimmed with its requestId; refusals keep it; the same address keeps the requestId, another gets a new one; success asks for the code', async () => {
    const { actor, state, context, calls, changed } = run({
      add: [{ throws: { fields: { email: { text: 'This address is taken' } } } }, { throws: { text: 'Server is not available' } }, { throws: { fields: {}, message: { text: 'Try later' } } }, { ok: 31 }],
    });
    actor.send({ type: 'ADD' });
    const intent = context().requestId;
    expect(intent).toMatch(UUID);
    actor.send({ type: 'CHANGE', value: ' new@example.com ' });
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('sendingAdd');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls.add).toEqual([{ email: 'new@example.com', requestId: intent }]);
    expect(state()).toBe('adding');
    expect(context()).toMatchObject({ errors: { email: { text: 'This address is taken' } }, error: null, email: ' new@example.com ', attempts: 1 });

    // The same address (trimmed) again: the same intent.
    actor.send({ type: 'CHANGE', value: 'new@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.add[1]).toEqual({ email: 'new@example.com', requestId: intent });
    expect(context()).toMatchObject({ errors: {}, error: { text: 'Server is not available' }, attempts: 1 }); // no field refused: not counted

    // Another address: a new intent.
    actor.send({ type: 'CHANGE', value: 'other@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.add[2]!.email).toBe('other@example.com');
    expect(calls.add[2]!.requestId).toMatch(UUID);
    expect(calls.add[2]!.requestId).not.toBe(intent);
    expect(context()).toMatchObject({ errors: {}, error: { text: 'Try later' } });
    expect(changed).toEqual([]);

    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.add[3]!.requestId).toBe(calls.add[2]!.requestId);
    expect(state()).toBe('entering');
    expect(actor.getSnapshot().hasTag('entering')).toBe(true);
    expect(context()).toMatchObject({ current: { emailId: 31, email: 'other@example.com' }, notice: 'added', code: '', email: '' });
    expect(changed).toEqual(['changed']);
  });

  it('a new ADD is a new intent; a field failure without a message shows none', async () => {
    const failure: AddFailure = { fields: { email: { text: 'Taken' } } };
    const { actor, context, calls } = run({ add: [{ throws: failure }, { throws: new Error('boom') }, { ok: 2 }] });
    actor.send({ type: 'ADD' });
    actor.send({ type: 'CHANGE', value: 'new@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(context().error).toBeNull();
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'ADD' });
    expect(context().email).toBe('');
    actor.send({ type: 'CHANGE', value: 'new@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.add[1]!.requestId).not.toBe(calls.add[0]!.requestId);
    expect(context()).toMatchObject({ errors: {}, error: { descriptor: expect.anything() } }); // a bug is never shown as text
  });

  it('the code: incomplete is refused before sending; spaces are dropped; a refusal keeps the code to correct; success → idle confirmed', async () => {
    const { actor, state, context, calls, changed } = run({ add: [{ ok: 31 }], confirm: [{ throws: { text: 'Wrong code' } }, { ok: 0 }] });
    actor.send({ type: 'ADD' });
    actor.send({ type: 'CHANGE', value: 'new@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state()).toBe('entering');
    actor.send({ type: 'CONFIRM' });
    expect(context().errors).toEqual({ code: { descriptor: m.codeIncomplete } });
    const refused = context().attempts;
    expect(refused).toBe(1);
    actor.send({ type: 'CODE', value: '12 34 5' });
    expect(context().errors).toEqual({});
    actor.send({ type: 'CONFIRM' });
    expect(context().errors).toEqual({ code: { descriptor: m.codeIncomplete } });
    expect(context().attempts).toBe(refused + 1);
    expect(state()).toBe('entering');
    await settle();
    expect(calls.confirm).toEqual([]);

    actor.send({ type: 'CODE', value: '12 34 56' });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('confirming');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls.confirm).toEqual([{ emailId: 31, confirmationCode: '123456' }]);
    expect(state()).toBe('entering');
    expect(context()).toMatchObject({ error: { text: 'Wrong code' }, code: '12 34 56' });
    actor.send({ type: 'CODE', value: '654321' });
    expect(context().error).toBeNull();
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(calls.confirm[1]).toEqual({ emailId: 31, confirmationCode: '654321' });
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ notice: 'confirmed', current: null, code: '' });
    expect(changed).toEqual(['changed', 'changed']);
  });

  it('RESEND asks a new code (codeSent); a refusal says why; CANCEL leaves it unconfirmed', async () => {
    const { actor, state, context, calls, changed } = run({ resend: [{ ok: 0 }, { throws: { text: 'Wait 60 seconds' } }] });
    actor.send({ type: 'CONFIRM_CODE', email: billing });
    expect(state()).toBe('entering');
    expect(context()).toMatchObject({ current: billing, code: '', notice: null });
    actor.send({ type: 'CODE', value: '111' });
    actor.send({ type: 'RESEND' });
    expect(state()).toBe('resending');
    expect(context().code).toBe('');
    await settle();
    expect(calls.resend).toEqual([{ emailId: 5 }]);
    expect(state()).toBe('entering');
    expect(context()).toMatchObject({ notice: 'codeSent', error: null });
    expect(changed).toEqual(['changed']);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(calls.resend).toHaveLength(2);
    expect(state()).toBe('entering');
    expect(context()).toMatchObject({ notice: null, error: { text: 'Wait 60 seconds' } });
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ current: null, code: '', errors: {}, error: null });
  });

  it('RESEND from the list sends a new code first; without an e-mail it is ignored', async () => {
    const { actor, state, context, calls } = run();
    actor.send({ type: 'RESEND' });
    expect(state()).toBe('idle');
    actor.send({ type: 'RESEND', email: billing });
    expect(state()).toBe('resending');
    expect(context().current).toEqual(billing);
    await settle();
    expect(calls.resend).toEqual([{ emailId: 5 }]);
    expect(state()).toBe('entering');
    expect(context().notice).toBe('codeSent');
  });

  it('DELETE asks first: CANCEL sends nothing; CONFIRM deletes once → idle deleted', async () => {
    const { actor, state, context, calls, changed } = run();
    actor.send({ type: 'DELETE', email: billing });
    expect(state()).toBe('confirmingDelete');
    expect(actor.getSnapshot().hasTag('confirmDelete')).toBe(true);
    expect(context().current).toEqual(billing);
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().current).toBeNull();
    await settle();
    expect(calls.remove).toEqual([]);
    const before = context().requestId;
    actor.send({ type: 'DELETE', email: billing });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('deleting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls.remove).toEqual([{ emailId: 5, requestId: expect.stringMatching(UUID) }]);
    expect(calls.remove[0]!.requestId).not.toBe(before);
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ notice: 'deleted', current: null });
    expect(changed).toEqual(['changed']);
  });

  it('a delete that fails waits: RETRY sends the same requestId; CANCEL drops it', async () => {
    const { actor, state, context, calls, changed } = run({ remove: [{ throws: { text: 'Server is not available' } }, { throws: new Error('boom') }] });
    actor.send({ type: 'DELETE', email: billing });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(state()).toBe('deleteFailed');
    expect(actor.getSnapshot().hasTag('deleteFailed')).toBe(true);
    expect(context().error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'RETRY' });
    expect(context().error).toBeNull();
    await settle();
    expect(calls.remove).toHaveLength(2);
    expect(calls.remove[1]).toEqual(calls.remove[0]);
    expect(context().error).toEqual({ descriptor: expect.anything() });
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ current: null, error: null, notice: null });
    expect(changed).toEqual([]);
  });

  it('MAKE_PRIMARY asks first, then goes through the approval: applied or waiting for another user says so; a refusal does not', async () => {
    const { actor, state, context, child, submitted, methods, changed } = run({ replies: [{ approveType: 'none', status: 'completed' }, { approveType: 'none', changeRequestId: 70 }] });
    actor.send({ type: 'MAKE_PRIMARY', email: billing });
    expect(state()).toBe('confirmingPrimary');
    expect(actor.getSnapshot().hasTag('confirmPrimary')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().current).toBeNull();
    await settle();
    expect(submitted).toEqual([]);

    actor.send({ type: 'MAKE_PRIMARY', email: billing });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('makingPrimary');
    await settle();
    expect(methods).toEqual(['companyEmailSetPrimary']);
    expect(submitted).toEqual([{ emailId: 5, requestId: context().requestId }]);
    child()?.send({ type: 'CLOSE' });
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ notice: 'primary', outcome: 'success', current: null });
    expect(changed).toEqual(['changed']);

    const first = context().requestId;
    actor.send({ type: 'MAKE_PRIMARY', email: { emailId: 6, email: 'sales@example.com' } });
    expect(context()).toMatchObject({ notice: null, outcome: null });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(submitted[1]).toEqual({ emailId: 6, requestId: context().requestId });
    expect(context().requestId).not.toBe(first);
    child()?.send({ type: 'CLOSE' });
    expect(context()).toMatchObject({ notice: 'primary', outcome: 'requested', current: null });
    expect(changed).toEqual(['changed', 'changed']);
  });

  it('a new primary rejected on the phone or cancelled: no notice', async () => {
    const rejected = run({ replies: [{ approveType: 'push', operationId: 'op-3' }] });
    rejected.actor.send({ type: 'MAKE_PRIMARY', email: billing });
    rejected.actor.send({ type: 'CONFIRM' });
    await settle();
    rejected.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-3' } });
    rejected.child()?.send({ type: 'CLOSE' });
    expect(rejected.state()).toBe('idle');
    expect(rejected.context()).toMatchObject({ notice: null, outcome: 'rejected', current: null });
    expect(rejected.changed).toEqual([]);

    const cancelled = run({ replies: ['fail'] });
    cancelled.actor.send({ type: 'MAKE_PRIMARY', email: billing });
    cancelled.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(cancelled.child()?.getSnapshot().hasTag('submitFailed')).toBe(true);
    cancelled.child()?.send({ type: 'CANCEL' });
    expect(cancelled.state()).toBe('idle');
    expect(cancelled.context()).toMatchObject({ notice: null, outcome: 'cancelled', current: null });
    // Not known whether it went through: the list is read again.
    expect(cancelled.changed).toEqual(['changed']);
  });

  expectFullCoverage(coverage);
});
