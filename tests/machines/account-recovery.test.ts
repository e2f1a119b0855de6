// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { accountRecoveryMachine, type RecoveryAnswer, type RecoveryEvent } from '@machines/auth/account-recovery.machine';
import type { RecoveryRequestValues, StoredRecovery } from '@machines/auth/account-recovery.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const TODAY = '2026-11-26';
const data: RecoveryRequestValues = { email: 'recovery@brand1.test', firstName: 'Ana', lastName: 'Demo 1', dob: '1988-07-14' };
const approved: RecoveryAnswer = { taskId: 't1', emailId: 'e1', verificationStatus: 'approved', rejectReason: null, isRetryable: false, recoveryEmail: 'r***@b***.test' };
const retry: RecoveryAnswer = { taskId: 't0', emailId: null, verificationStatus: 'rejected', rejectReason: 'The name or the date of birth does not match our records.', isRetryable: true, recoveryEmail: null };
const final: RecoveryAnswer = { ...retry, taskId: 't9', isRetryable: false, rejectReason: 'Contact support.' };
const stored = (over: Partial<StoredRecovery> = {}): StoredRecovery => ({ step: 'reset', values: data, ...approved, ...over });

type Script<T> = (T | 'fail' | 'codeGone')[];

describe('account recovery statechart (002 s2, s3, s5)', () => {
  const coverage = new Coverage(accountRecoveryMachine);

  function run(input: { stored?: StoredRecovery | null; asked?: StoredRecovery['step'] } = {}, scripts: { requests?: Script<RecoveryAnswer>; checks?: Script<boolean>; changes?: Script<'ok'> } = {}) {
    const kept: StoredRecovery[] = [];
    const calls = { request: [] as RecoveryRequestValues[], check: [] as { code: string; emailId: string }[], change: [] as { email: string; code: string; password: string }[], forgot: 0 };
    const answer = <T,>(script: Script<T> | undefined): T => {
      const next = script?.shift();
      if (next === undefined || next === 'fail') throw { message: { text: 'Too many attempts. Try again in 15 minutes.' } };
      if (next === 'codeGone') throw { fields: { code: { text: 'The code has expired. Ask for a new code.' } } };
      return next as T;
    };
    const actor = createActor(
      accountRecoveryMachine.provide({
        actors: {
          request: fromPromise(async ({ input }) => {
            calls.request.push(input);
            return answer(scripts.requests);
          }),
          checkCode: fromPromise(async ({ input }) => {
            calls.check.push({ code: input.code, emailId: input.emailId });
            return answer(scripts.checks);
          }),
          changePassword: fromPromise(async ({ input }) => {
            calls.change.push(input);
            answer(scripts.changes);
          }),
        },
        actions: {
          keep: (_, params) => void kept.push(params.recovery),
          forget: () => void (calls.forgot += 1),
        },
      }),
      { input: { today: TODAY, ...input }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const send = (event: RecoveryEvent) => actor.send(event);
    const step = () => {
      const value = actor.getSnapshot().value;
      return typeof value === 'string' ? value : Object.keys(value)[0];
    };
    const fill = (values: Partial<RecoveryRequestValues>) => {
      for (const [field, value] of Object.entries(values)) send({ type: 'CHANGE', field: field as keyof RecoveryRequestValues, value });
    };
    return { actor, send, step, fill, kept, calls };
  }

  it('the whole way: the data asked, a 429 said and nothing lost, the code (a wrong one first), the new password, success; each step kept for a reload without the code or a password', async () => {
    const { actor, send, step, fill, kept, calls } = run({}, { requests: ['fail', approved, approved], checks: [false, true], changes: ['ok'] });
    expect(step()).toBe('email');
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.shown).toBe(true);
    expect(calls.request).toEqual([]);
    fill({ ...data, email: ` ${data.email} `, firstName: ' Ana ' });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(step()).toBe('email');
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Too many attempts. Try again in 15 minutes.' });
    expect(actor.getSnapshot().context.values.firstName).toBe(' Ana ');
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.request.at(-1)).toEqual(data);
    expect(step()).toBe('status');
    expect(actor.getSnapshot().context).toMatchObject({ taskId: 't1', recoveryEmail: 'r***@b***.test', failure: null });
    // No code came (a typo in the data: the answer is the same): back to the data, kept, and again.
    send({ type: 'TRY_AGAIN' });
    expect(step()).toBe('email');
    expect(actor.getSnapshot().context.values.firstName).toBe(' Ana ');
    send({ type: 'SUBMIT' });
    await settle();
    expect(step()).toBe('status');
    send({ type: 'CONTINUE' });
    expect(step()).toBe('reset');
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.shown).toBe(true);
    send({ type: 'CHANGE', field: 'code', value: '000 000' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(step()).toBe('reset');
    expect(actor.getSnapshot().context.emailCodeIsValid).toBe(false);
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    send({ type: 'CHANGE', field: 'code', value: '246 810' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.check).toEqual([
      { code: '000000', emailId: 'e1' },
      { code: '246810', emailId: 'e1' },
    ]);
    expect(step()).toBe('password');
    send({ type: 'CHANGE', field: 'password', value: 'weakpass' });
    send({ type: 'SUBMIT' });
    expect(calls.change).toEqual([]);
    send({ type: 'CHANGE', field: 'password', value: 'New-pass-2026' });
    send({ type: 'CHANGE', field: 'passwordRepeat', value: 'New-pass-2026' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.change).toEqual([{ email: data.email, code: '246810', password: 'New-pass-2026' }]);
    expect(step()).toBe('success');
    expect(actor.getSnapshot().context.password).toBe('');
    expect(kept.map((k) => k.step)).toEqual(['email', 'status', 'email', 'status', 'reset', 'password', 'success']);
    for (const k of kept) {
      expect(k).not.toHaveProperty('code');
      expect(k).not.toHaveProperty('password');
    }
  });

  it('a retryable rejection goes back with what was typed; a final one offers only to start over (which forgets)', async () => {
    const { actor, send, step, fill, calls } = run({}, { requests: [retry, final] });
    fill(data);
    send({ type: 'SUBMIT' });
    await settle();
    expect(step()).toBe('status');
    expect(actor.getSnapshot().context.rejectReason).toBe(retry.rejectReason);
    send({ type: 'CONTINUE' }); // not approved
    expect(step()).toBe('status');
    send({ type: 'TRY_AGAIN' });
    expect(step()).toBe('email');
    expect(actor.getSnapshot().context.values).toEqual(data);
    expect(actor.getSnapshot().context.taskId).toBeNull();
    send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.isRetryable).toBe(false);
    send({ type: 'TRY_AGAIN' });
    expect(step()).toBe('status');
    send({ type: 'START_OVER' });
    expect(step()).toBe('email');
    expect(actor.getSnapshot().context.values).toEqual({ email: '', firstName: '', lastName: '', dob: '' });
    expect(calls.forgot).toBe(1);
  });

  it('a reload: the code step resumes; the password step asks for the code again; nothing kept sends a later step back to the start; success stays', () => {
    expect(run({ stored: stored(), asked: 'reset' }).step()).toBe('reset');
    const again = run({ stored: stored({ step: 'password' }), asked: 'password' });
    expect(again.step()).toBe('reset');
    expect(again.actor.getSnapshot().context.notice).toBe('codeAgain');
    const lost = run({ stored: null, asked: 'status' });
    expect(lost.step()).toBe('email');
    expect(lost.actor.getSnapshot().context.notice).toBe('startAgain');
    expect(run({ stored: stored({ step: 'status' }), asked: 'status' }).step()).toBe('status');
    expect(run({ stored: stored({ step: 'success' }), asked: 'success' }).step()).toBe('success');
    const typed = run({ stored: stored(), asked: 'email' });
    expect(typed.step()).toBe('email');
    expect(typed.actor.getSnapshot().context.values).toEqual(data);
    expect(typed.actor.getSnapshot().context.taskId).toBeNull();
  });

  it('the browser Back reaches the data typed or the answer; a new code asks again with the data kept; an expired code on the password step goes back to the code', async () => {
    const { actor, send, step, calls } = run({ stored: stored(), asked: 'reset' }, { requests: [approved], checks: ['fail', true, true], changes: ['codeGone', 'fail'] });
    send({ type: 'BACK_TO', step: 'status' });
    expect(step()).toBe('status');
    send({ type: 'BACK_TO', step: 'email' });
    expect(step()).toBe('email');
    expect(actor.getSnapshot().context.values).toEqual(data);
    send({ type: 'SUBMIT' });
    await settle();
    send({ type: 'CONTINUE' });
    send({ type: 'NEW_CODE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls.request).toEqual([data, data]);
    // No more answers scripted: this request fails and the e-mail step says why, with the data.
    expect(step()).toBe('email');
    expect(actor.getSnapshot().context.values).toEqual(data);
    const second = run({ stored: stored(), asked: 'reset' }, { checks: ['fail', true, true, true], changes: ['codeGone', 'fail'] });
    second.send({ type: 'CHANGE', field: 'code', value: '246810' });
    second.send({ type: 'SUBMIT' });
    await settle();
    expect(second.step()).toBe('reset');
    expect(second.actor.getSnapshot().context.failure).toEqual({ text: 'Too many attempts. Try again in 15 minutes.' });
    second.send({ type: 'SUBMIT' });
    await settle();
    expect(second.step()).toBe('password');
    second.send({ type: 'CHANGE', field: 'password', value: 'New-pass-2026' });
    second.send({ type: 'CHANGE', field: 'passwordRepeat', value: 'New-pass-2026' });
    second.send({ type: 'SUBMIT' });
    await settle();
    expect(second.step()).toBe('reset');
    expect(second.actor.getSnapshot().context.code).toBe('');
    expect(second.actor.getSnapshot().context.failure).toEqual({ text: 'The code has expired. Ask for a new code.' });
    second.send({ type: 'CHANGE', field: 'code', value: '246810' });
    second.send({ type: 'SUBMIT' });
    await settle();
    second.send({ type: 'SUBMIT' });
    await settle();
    expect(second.step()).toBe('password');
    expect(second.actor.getSnapshot().context.failure).toEqual({ text: 'Too many attempts. Try again in 15 minutes.' });
    second.send({ type: 'BACK_TO', step: 'status' });
    expect(second.step()).toBe('status');
    second.send({ type: 'CONTINUE' });
    second.send({ type: 'CHANGE', field: 'code', value: '246810' });
    second.send({ type: 'SUBMIT' });
    await settle();
    expect(second.step()).toBe('password');
    second.send({ type: 'BACK_TO', step: 'email' });
    expect(second.step()).toBe('email');
    second.send({ type: 'BACK_TO', step: 'success' }); // not a way back
    expect(second.step()).toBe('email');
    const third = run({ stored: stored(), asked: 'reset' });
    third.send({ type: 'BACK_TO', step: 'email' });
    expect(third.step()).toBe('email');
  });

  expectFullCoverage(coverage);
});
