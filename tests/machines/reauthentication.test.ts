// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { DEFAULT_LOCKOUT_SECONDS, reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply, type ReauthenticationInput } from '@machines/settings/reauthentication.machine';
import { settingsMessages, type SettingsFailure } from '@machines/settings/settings-messages';
import { unexpectedFailure } from '@machines/shared/ui-message';
import { Coverage, expectFullCoverage, replayPaths } from './coverage';

type Ev = EventFromLogic<typeof reauthenticationMachine>;
type Snap = SnapshotFrom<typeof reauthenticationMachine>;

const done = (id: 'checkPassword' | 'checkCode', output: CheckPasswordReply) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Ev;
const fail = (id: 'checkPassword' | 'checkCode', error: SettingsFailure | Error) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Ev;
const lockOver = { type: 'xstate.after.lockout.reauthentication.lockedOut' } as unknown as Ev;

const proof: CheckPasswordReply = { proof: 'proof-1', expiresIn: 300 };
const sms: CheckPasswordReply = { secondFactor: 'sms' };
const wrongPassword: SettingsFailure = { kind: 'refused', message: { text: 'The password is not right' } };
const wrongCode: SettingsFailure = { kind: 'refused', message: { text: 'The code is not right' } };
const tooMany: SettingsFailure = { kind: 'rateLimited', retryAfterSeconds: 30, message: { text: 'Too many attempts. Try again in 30 seconds.' } };
const unreachable: SettingsFailure = { kind: 'failed', message: { text: 'The service is not available' } };

/** The statechart with a check-password that records its input and never answers (the test sends the outcome). */
function start(coverage: Coverage, input: ReauthenticationInput = {}, clock = new SimulatedClock()) {
  const calls: CheckPasswordInput[] = [];
  const actor = createActor(
    reauthenticationMachine.provide({
      actors: {
        checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input: asked }) => {
          calls.push(asked);
          return new Promise(() => {});
        }),
      },
    }),
    { input, clock, inspect: coverage.inspect },
  ).start();
  const send = (...events: Ev[]) => events.forEach((event) => actor.send(event));
  return { actor, clock, calls, send };
}

/** What every state shows, whatever the path. */
function check(s: Snap) {
  const busy = s.matches('checking') || s.matches('checkingCode');
  expect(s.hasTag('busy')).toBe(busy);
  expect(s.hasTag('password')).toBe(s.matches('enteringPassword') || s.matches('checking'));
  expect(s.hasTag('codeEntry')).toBe(s.matches('enteringCode') || s.matches('checkingCode'));
  expect(s.hasTag('lockedOut')).toBe(s.matches('lockedOut'));
  expect(s.hasTag('popup')).toBe(s.status === 'active');
  if (s.matches('enteringCode') || s.matches('checkingCode')) expect(s.context.secondFactor).not.toBeNull();
  if (s.matches('lockedOut')) expect(s.context.retryAfterSeconds).toBeGreaterThan(0);
  if (s.status === 'done') {
    // Ended: nothing typed stays, and the output never holds the password.
    expect(s.context.password).toBe('');
    expect(s.context.code).toBe('');
    expect(JSON.stringify(s.output)).not.toMatch(/secret|typed-in-form/);
  }
}

describe('reauthentication machine (check-password, an extension)', () => {
  const coverage = new Coverage(reauthenticationMachine);

  const events = (s: Snap): Ev[] => {
    const list: Ev[] = [{ type: 'CANCEL' }, { type: 'SUBMIT' }];
    if (s.matches('enteringPassword')) list.push({ type: 'PASSWORD', value: 'secret12' }, { type: 'PASSWORD', value: '' });
    if (s.matches('checking')) list.push(done('checkPassword', proof), done('checkPassword', sms), fail('checkPassword', wrongPassword), fail('checkPassword', tooMany), fail('checkPassword', unreachable));
    if (s.matches('enteringCode')) list.push({ type: 'CODE', value: '123 456' }, { type: 'CODE', value: '12' });
    if (s.matches('checkingCode')) list.push(done('checkCode', proof), done('checkCode', { secondFactor: 'push' }), fail('checkCode', wrongCode), fail('checkCode', tooMany), fail('checkCode', unreachable));
    if (s.matches('lockedOut')) list.push(lockOver);
    return list;
  };
  const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.given, s.context.password !== '', s.context.code.length, s.context.secondFactor, s.context.lockedAt, s.context.failure !== null, s.context.outcome]);

  for (const input of [{}, { password: 'typed-in-form1' }] as ReauthenticationInput[]) {
    const paths = getShortestPaths(reauthenticationMachine, { events, serializeState, input });
    it(`generates paths (${input.password ? 'a given password' : 'typed here'})`, () => expect(paths.length).toBeGreaterThan(8));
    replayPaths(`${input.password ? 'given' : 'typed'}: `, paths, () => start(coverage, input).actor, check);
  }

  it('the password typed here gives the proof; the output is the proof and its lifetime, never the password', () => {
    const { actor, calls, send } = start(coverage);
    expect(actor.getSnapshot().matches('enteringPassword')).toBe(true);
    send({ type: 'SUBMIT' });
    expect(calls).toEqual([]); // nothing typed, nothing sent
    send({ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' });
    expect(calls).toEqual([{ password: 'secret12' }]);
    send(done('checkPassword', proof));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'proven', proof: 'proof-1', expiresIn: 300 });
  });

  it('two-step on: the second factor asked, the code checked with the password, then the proof', () => {
    const { actor, calls, send } = start(coverage);
    send({ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }, done('checkPassword', sms));
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(actor.getSnapshot().context.secondFactor).toBe('sms');
    send({ type: 'CODE', value: '12' }, { type: 'SUBMIT' });
    expect(calls).toHaveLength(1); // an incomplete code is not sent
    send({ type: 'CODE', value: '123 456' }, { type: 'SUBMIT' });
    expect(calls[1]).toEqual({ password: 'secret12', code: '123456' });
    // Asked again (a new code went out, here to the linked device): the code is typed again.
    send(done('checkCode', { secondFactor: 'push' }));
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ secondFactor: 'push', code: '' });
    send({ type: 'CODE', value: '777777' }, { type: 'SUBMIT' }, done('checkCode', proof));
    expect(actor.getSnapshot().output).toEqual({ outcome: 'proven', proof: 'proof-1', expiresIn: 300 });
  });

  it('a wrong password stays with the service’s reason (cleared); a call that failed keeps it typed; typing clears the reason', () => {
    const { actor, send } = start(coverage);
    send({ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }, fail('checkPassword', wrongPassword));
    expect(actor.getSnapshot().matches('enteringPassword')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: wrongPassword.message, password: '' });
    send({ type: 'PASSWORD', value: 'secret13' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    send({ type: 'SUBMIT' }, fail('checkPassword', unreachable));
    expect(actor.getSnapshot().context).toMatchObject({ failure: unreachable.message, password: 'secret13' });
    send({ type: 'SUBMIT' }, fail('checkPassword', new Error('bug')));
    expect(actor.getSnapshot().context.failure).toEqual({ descriptor: unexpectedFailure });
  });

  it('a wrong code stays in the code entry with the reason (cleared); a failure keeps the code', () => {
    const { actor, send } = start(coverage);
    send({ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }, done('checkPassword', sms), { type: 'CODE', value: '123456' }, { type: 'SUBMIT' }, fail('checkCode', wrongCode));
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: wrongCode.message, code: '' });
    send({ type: 'CODE', value: '654321' }, { type: 'SUBMIT' }, fail('checkCode', unreachable));
    expect(actor.getSnapshot().context).toMatchObject({ failure: unreachable.message, code: '654321' });
  });

  it('a 429 locks out for the Retry-After seconds (shown), then back to the step refused', () => {
    const { actor, clock, send } = start(coverage);
    send({ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }, fail('checkPassword', tooMany));
    expect(actor.getSnapshot().matches('lockedOut')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ retryAfterSeconds: 30, failure: tooMany.message });
    send({ type: 'SUBMIT' }, { type: 'PASSWORD', value: 'x' });
    expect(actor.getSnapshot().matches('lockedOut')).toBe(true);
    clock.increment(29_999);
    expect(actor.getSnapshot().matches('lockedOut')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('enteringPassword')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ retryAfterSeconds: null, failure: null, password: '' });

    // The code's lockout returns to the code; without a Retry-After the wait is the default.
    send({ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }, done('checkPassword', sms), { type: 'CODE', value: '123456' }, { type: 'SUBMIT' });
    send(fail('checkCode', { kind: 'rateLimited', retryAfterSeconds: null }));
    expect(actor.getSnapshot().context).toMatchObject({ retryAfterSeconds: DEFAULT_LOCKOUT_SECONDS, failure: { descriptor: settingsMessages.tooManyAttempts } });
    clock.increment(DEFAULT_LOCKOUT_SECONDS * 1000);
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ secondFactor: 'sms', code: '' });
  });

  it('a given password is checked at once; the second factor only when the service asks', () => {
    const direct = start(coverage, { password: 'typed-in-form1' });
    expect(direct.calls).toEqual([{ password: 'typed-in-form1' }]);
    expect(direct.actor.getSnapshot().matches('checking')).toBe(true);
    direct.send(done('checkPassword', proof));
    expect(direct.actor.getSnapshot().output).toEqual({ outcome: 'proven', proof: 'proof-1', expiresIn: 300 });

    const twoStep = start(coverage, { password: 'typed-in-form1' });
    twoStep.send(done('checkPassword', { secondFactor: 'otp' }), { type: 'CODE', value: '123456' }, { type: 'SUBMIT' });
    expect(twoStep.calls[1]).toEqual({ password: 'typed-in-form1', code: '123456' });
  });

  it('a given password refused, unchecked or locked out ends the statechart: the form that holds it says why', () => {
    const wrong = start(coverage, { password: 'typed-in-form1' });
    wrong.send(fail('checkPassword', wrongPassword));
    expect(wrong.actor.getSnapshot().output).toEqual({ outcome: 'refused', message: wrongPassword.message, passwordRefused: true });

    const down = start(coverage, { password: 'typed-in-form1' });
    down.send(fail('checkPassword', unreachable));
    expect(down.actor.getSnapshot().output).toEqual({ outcome: 'refused', message: unreachable.message, passwordRefused: false });

    const locked = start(coverage, { password: 'typed-in-form1' });
    locked.send(fail('checkPassword', tooMany));
    expect(locked.actor.getSnapshot().matches('lockedOut')).toBe(true);
    locked.clock.increment(30_000);
    expect(locked.actor.getSnapshot().output).toEqual({ outcome: 'refused', message: { descriptor: settingsMessages.lockOver }, passwordRefused: false });
  });

  it('CANCEL ends as cancelled from every step', () => {
    for (const events of [[], [{ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }], [{ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }, done('checkPassword', sms)], [{ type: 'PASSWORD', value: 'secret12' }, { type: 'SUBMIT' }, fail('checkPassword', tooMany)]] as Ev[][]) {
      const { actor, send } = start(coverage);
      send(...events, { type: 'CANCEL' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
      expect(actor.getSnapshot().context.password).toBe('');
    }
  });

  expectFullCoverage(coverage);
});
