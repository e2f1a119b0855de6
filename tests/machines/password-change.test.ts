// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { passwordChangeMachine, type PasswordChangeInput, type PasswordChangeRequest, type PasswordChangeRequested } from '@machines/settings/password-change.machine';
import type { CheckPasswordInput, ReauthenticationOutput } from '@machines/settings/reauthentication.machine';
import { settingsMessages, type SettingsFailure } from '@machines/settings/settings-messages';
import { SMS_SUCCESS_CLOSE_MS } from '@machines/transfers/approval.machine';
import { Coverage, expectFullCoverage, replayPaths } from './coverage';
import { waitingReauthentication } from './settings-fakes';

type Ev = EventFromLogic<typeof passwordChangeMachine>;
type Snap = SnapshotFrom<typeof passwordChangeMachine>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Ev;
const fail = (id: string, error: SettingsFailure | Error) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Ev;
const smsClosed = { type: 'xstate.after.smsClose.passwordChange.succeeded' } as unknown as Ev;

const CURRENT = 'old-Pass1';
const NEW = 'n3w-Password';
const typeAll: Ev[] = [
  { type: 'CHANGE', name: 'password', value: CURRENT },
  { type: 'CHANGE', name: 'passwordNew', value: NEW },
  { type: 'CHANGE', name: 'passwordNewRepeat', value: NEW },
];
const proven: ReauthenticationOutput = { outcome: 'proven', proof: 'proof-1', expiresIn: 300 };
const keyed: PasswordChangeRequested = { requestKey: 'rk-1', approvalSentTo: '+40 7** *** 123', smsIdentifier: '42' };
const wrongPassword: ReauthenticationOutput = { outcome: 'refused', message: { text: 'The password is not right' }, passwordRefused: true };
const unchecked: ReauthenticationOutput = { outcome: 'refused', message: { text: 'The service is not available' }, passwordRefused: false };
const wrongCode: SettingsFailure = { kind: 'refused', message: { text: 'Invalid code' } };
const fieldRefusal: SettingsFailure = { kind: 'refused', message: { text: 'Refused' }, fields: { passwordNew: { text: 'This password was used before' } } };
const plainRefusal: SettingsFailure = { kind: 'refused', message: { text: 'Password change is not allowed now' } };
const noProof: SettingsFailure = { kind: 'proofRefused', message: { text: 'Confirm it is you first' } };
const unreachable: SettingsFailure = { kind: 'failed', message: { text: 'The service is not available' } };

const never = () => new Promise<never>(() => {});

function start(coverage: Coverage, input: PasswordChangeInput = {}) {
  const calls = { check: [] as CheckPasswordInput[], change: [] as PasswordChangeRequest[], confirm: [] as { code: string; requestKey: string }[] };
  const effects: string[] = [];
  const proofs: { proof: string; expiresIn: number }[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    passwordChangeMachine.provide({
      actors: {
        reauthentication: waitingReauthentication(calls.check),
        changePassword: fromPromise<PasswordChangeRequested, PasswordChangeRequest>(({ input: asked }) => {
          calls.change.push(asked);
          return never();
        }),
        confirmPasswordChange: fromPromise<void, { code: string; requestKey: string }>(({ input: asked }) => {
          calls.confirm.push(asked);
          return never();
        }),
      },
      actions: {
        proofGiven: (_, params) => void proofs.push(params),
        passwordChanged: () => void effects.push('passwordChanged'),
      },
    }),
    { input, clock, inspect: coverage.inspect },
  ).start();
  const send = (...events: Ev[]) => events.forEach((event) => actor.send(event));
  const child = () => actor.getSnapshot().children.reauthentication as AnyActorRef | undefined;
  return { actor, clock, calls, effects, proofs, send, child };
}

const noPasswords = (s: Snap) => expect(s.context.values).toEqual({ password: '', passwordNew: '', passwordNewRepeat: '' });

function check(s: Snap) {
  expect(s.hasTag('busy')).toBe(s.matches('submitting') || s.matches('confirming'));
  expect(s.hasTag('editing')).toBe(s.matches('editing'));
  expect(s.hasTag('reauthenticating')).toBe(s.matches('reauthenticating'));
  expect(s.hasTag('codeEntry')).toBe(s.matches('approving') || s.matches('confirming'));
  expect(s.hasTag('popup')).toBe(!s.matches('editing') && !s.matches('submitting'));
  expect(s.hasTag('success')).toBe(s.matches('succeeded'));
  expect(s.hasTag('canceled')).toBe(s.matches('canceled'));
  expect(s.hasTag('failed')).toBe(s.matches('failed'));
  if (s.hasTag('codeEntry')) expect(s.context.requested?.requestKey).toBe('rk-1');
  if (s.matches('succeeded') || s.matches('canceled')) {
    // Ended: no password, no code, no key left; the popup's words.
    noPasswords(s);
    expect(s.context).toMatchObject({ code: '', requested: null, sentValues: null });
    expect(s.context.message).toEqual({ descriptor: s.matches('succeeded') ? settingsMessages.passwordChanged : settingsMessages.confirmationCanceled });
  } else expect(s.context.message).toBeNull();
  // Sent only with values the rule allows.
  if (s.matches('reauthenticating') || s.matches('submitting') || s.matches('approving') || s.matches('failed')) expect(s.context.values).toEqual({ password: CURRENT, passwordNew: NEW, passwordNewRepeat: NEW });
}

describe('password change machine (001 s5, s7; 002 s8)', () => {
  const coverage = new Coverage(passwordChangeMachine);

  const events = (s: Snap): Ev[] => {
    const list: Ev[] = [{ type: 'SUBMIT' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' }, { type: 'CLOSE' }];
    if (s.matches('editing')) list.push(...typeAll, { type: 'CHANGE', name: 'passwordNewRepeat', value: 'other-1234' });
    if (s.matches('reauthenticating')) list.push(done('reauthentication', proven), done('reauthentication', wrongPassword), done('reauthentication', unchecked), done('reauthentication', { outcome: 'cancelled' }));
    if (s.matches('submitting')) list.push(done('changePassword', keyed), fail('changePassword', noProof), fail('changePassword', fieldRefusal), fail('changePassword', plainRefusal), fail('changePassword', unreachable));
    if (s.matches('approving')) list.push({ type: 'CODE', value: '123456' }, { type: 'CODE', value: '1' });
    if (s.matches('confirming')) list.push(done('confirmPasswordChange', undefined), fail('confirmPasswordChange', wrongCode), fail('confirmPasswordChange', unreachable));
    if (s.matches('succeeded')) list.push(smsClosed);
    return list;
  };
  const serializeState = (s: Snap) =>
    JSON.stringify([s.value, s.context.values, s.context.proof !== null, Object.keys(s.context.errors), s.context.formError !== null, s.context.code.length, s.context.codeError !== null, s.context.failure !== null]);

  for (const input of [{}, { proof: 'proof-1' }] as PasswordChangeInput[]) {
    const paths = getShortestPaths(passwordChangeMachine, { events, serializeState, input });
    it(`generates paths (${input.proof ? 'a valid proof given' : 'no proof'})`, () => expect(paths.length).toBeGreaterThan(10));
    replayPaths(`${input.proof ? 'proof' : 'no proof'}: `, paths, () => start(coverage, input).actor, check);
  }

  it('a SUBMIT the rule refuses shows the field errors and sends nothing; what was typed stays', () => {
    const { actor, calls, send } = start(coverage);
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({
      password: { descriptor: settingsMessages.passwordRequired },
      passwordNew: { descriptor: settingsMessages.passwordNewRequired },
      passwordNewRepeat: { descriptor: settingsMessages.passwordNewRepeatRequired },
    });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    send({ type: 'CHANGE', name: 'password', value: CURRENT }, { type: 'CHANGE', name: 'passwordNew', value: CURRENT }, { type: 'CHANGE', name: 'passwordNewRepeat', value: 'x' });
    // A change clears its own field's error only.
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual([]);
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ passwordNew: { descriptor: settingsMessages.passwordNewSame }, passwordNewRepeat: { descriptor: settingsMessages.passwordNewRepeatMismatch } });
    expect(actor.getSnapshot().context.values).toEqual({ password: CURRENT, passwordNew: CURRENT, passwordNewRepeat: 'x' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(calls.check).toEqual([]);
  });

  it('the whole way: the typed current password re-authenticates (typed once), the change is sent with the proof, its code confirmed; the success popup closes after 3 s and the passwords are gone', () => {
    const { actor, clock, calls, effects, proofs, send, child } = start(coverage);
    send(...typeAll, { type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
    // The child checks the form's current password at once, and asks the second factor.
    expect(calls.check).toEqual([{ password: CURRENT }]);
    const reauth = child()!;
    reauth.send(done('checkPassword', { secondFactor: 'sms' }) as never);
    expect(reauth.getSnapshot().hasTag('codeEntry')).toBe(true);
    reauth.send({ type: 'CODE', value: '111111' });
    reauth.send({ type: 'SUBMIT' });
    expect(calls.check[1]).toEqual({ password: CURRENT, code: '111111' });
    reauth.send(done('checkCode', { proof: 'proof-1', expiresIn: 300 }) as never);
    expect(proofs).toEqual([{ proof: 'proof-1', expiresIn: 300 }]);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    const requestId = actor.getSnapshot().context.requestId;
    expect(calls.change).toEqual([{ password: CURRENT, passwordNew: NEW, passwordNewRepeat: NEW, requestId, proof: 'proof-1' }]);
    send(done('changePassword', keyed));
    expect(actor.getSnapshot().context.requested).toEqual(keyed);
    send({ type: 'CONFIRM' });
    expect(calls.confirm).toEqual([]);
    send({ type: 'CODE', value: '123 456' }, { type: 'CONFIRM' });
    expect(calls.confirm).toEqual([{ code: '123456', requestKey: 'rk-1' }]);
    send(done('confirmPasswordChange', undefined));
    const s = actor.getSnapshot();
    expect(s.hasTag('success')).toBe(true);
    expect(effects).toEqual(['passwordChanged']);
    noPasswords(s);
    expect(JSON.stringify(s.context)).not.toContain(CURRENT);
    expect(JSON.stringify(s.context)).not.toContain(NEW);
    expect(s.context.requestId).not.toBe(requestId); // the next change is a new intent
    clock.increment(SMS_SUCCESS_CLOSE_MS - 1);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
    // The proof still serves: the next change goes straight to the service.
    send(...typeAll, { type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
  });

  it('CANCEL in the approval popup: exactly "Confirmation canceled", the passwords and the code forgotten', () => {
    const { actor, send } = start(coverage, { proof: 'proof-1' });
    send(...typeAll, { type: 'SUBMIT' }, done('changePassword', keyed), { type: 'CODE', value: '123' }, { type: 'CANCEL' });
    const s = actor.getSnapshot();
    expect(s.hasTag('canceled')).toBe(true);
    expect(s.context.message).toEqual({ descriptor: settingsMessages.confirmationCanceled });
    expect(settingsMessages.confirmationCanceled.message).toBe('Confirmation canceled');
    noPasswords(s);
    expect(s.context).toMatchObject({ code: '', requested: null });
    send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('a refused code keeps the popup with the reason (the code cleared); a failed confirmation keeps the code', () => {
    const { actor, calls, send } = start(coverage, { proof: 'proof-1' });
    send(...typeAll, { type: 'SUBMIT' }, done('changePassword', keyed), { type: 'CODE', value: '123456' }, { type: 'CONFIRM' }, fail('confirmPasswordChange', wrongCode));
    expect(actor.getSnapshot().matches('approving')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ codeError: wrongCode.message, code: '' });
    send({ type: 'CODE', value: '654321' });
    expect(actor.getSnapshot().context.codeError).toBeNull();
    send({ type: 'CONFIRM' }, fail('confirmPasswordChange', unreachable));
    expect(actor.getSnapshot().context).toMatchObject({ codeError: unreachable.message, code: '654321' });
    send({ type: 'CONFIRM' });
    expect(calls.confirm.map((c) => c.code)).toEqual(['123456', '654321', '654321']);
    // Confirmed at last: the success popup may be closed before its 3 s.
    send(done('confirmPasswordChange', undefined));
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    noPasswords(actor.getSnapshot());
  });

  it('nothing typed is lost on a failure: RETRY sends the same intent again (the same requestId); CLOSE is back on the form', () => {
    const { actor, calls, send } = start(coverage, { proof: 'proof-1' });
    send(...typeAll, { type: 'SUBMIT' }, fail('changePassword', unreachable));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual(unreachable.message);
    send({ type: 'RETRY' });
    expect(calls.change).toHaveLength(2);
    expect(calls.change[1]).toEqual(calls.change[0]);
    send(fail('changePassword', unreachable), { type: 'CLOSE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ password: CURRENT, passwordNew: NEW, passwordNewRepeat: NEW });
    // The same values again: the same intent; changed values: a new one.
    send({ type: 'SUBMIT' });
    expect(calls.change[2]!.requestId).toBe(calls.change[0]!.requestId);
    send(fail('changePassword', unreachable), { type: 'CLOSE' }, { type: 'CHANGE', name: 'passwordNew', value: 'an0ther-Pass' }, { type: 'CHANGE', name: 'passwordNewRepeat', value: 'an0ther-Pass' }, { type: 'SUBMIT' });
    expect(calls.change[3]!.requestId).not.toBe(calls.change[0]!.requestId);
  });

  it('a refusal of the change is back on the form: its field errors, or its message; the values kept', () => {
    const { actor, send } = start(coverage, { proof: 'proof-1' });
    send(...typeAll, { type: 'SUBMIT' }, fail('changePassword', fieldRefusal));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ errors: fieldRefusal.kind === 'refused' ? fieldRefusal.fields : {}, formError: null, attempts: 1 });
    send({ type: 'SUBMIT' }, fail('changePassword', plainRefusal));
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, formError: plainRefusal.message, attempts: 2 });
    expect(actor.getSnapshot().context.values).toEqual({ password: CURRENT, passwordNew: NEW, passwordNewRepeat: NEW });
    send({ type: 'CHANGE', name: 'password', value: CURRENT });
    expect(actor.getSnapshot().context.formError).toBeNull();
  });

  it('a wrong current password comes back on its field; an unchecked one as the form’s message; a cancel changes nothing', () => {
    const { actor, send, child } = start(coverage);
    send(...typeAll, { type: 'SUBMIT' });
    child()!.send(fail('checkPassword', { kind: 'refused', message: { text: 'The password is not right' } }) as never);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ errors: { password: { text: 'The password is not right' } }, attempts: 1 });
    expect(actor.getSnapshot().context.values.passwordNew).toBe(NEW);
    send({ type: 'SUBMIT' });
    child()!.send(fail('checkPassword', unreachable) as never);
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, formError: unreachable.message, attempts: 2 });
    send({ type: 'SUBMIT' });
    child()!.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ password: CURRENT, passwordNew: NEW, passwordNewRepeat: NEW });
  });

  it('a proof refused (403, expired) re-authenticates with the typed password, then the same change goes on', () => {
    const { actor, calls, send } = start(coverage, { proof: 'old-proof' });
    send(...typeAll, { type: 'SUBMIT' }, fail('changePassword', noProof));
    expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
    expect(calls.check).toEqual([{ password: CURRENT }]);
    send(done('reauthentication', proven));
    expect(calls.change[1]).toMatchObject({ proof: 'proof-1', requestId: calls.change[0]!.requestId });
  });

  expectFullCoverage(coverage);
});
