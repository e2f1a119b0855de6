// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { twoStepModeMachine, type TwoStepConfirmation, type TwoStepConfirmed, type TwoStepInput, type TwoStepRequest, type TwoStepRequested } from '@machines/settings/two-step-mode.machine';
import type { CheckPasswordInput, ReauthenticationOutput } from '@machines/settings/reauthentication.machine';
import type { SettingsFailure } from '@machines/settings/settings-messages';
import { SMS_SUCCESS_CLOSE_MS } from '@machines/transfers/approval.machine';
import { Coverage, expectFullCoverage, replayPaths } from './coverage';
import { waitingReauthentication } from './settings-fakes';
import { NAVIGATION_DELAY_MS } from '@machines/shared/constants';

type Ev = EventFromLogic<typeof twoStepModeMachine>;
type Snap = SnapshotFrom<typeof twoStepModeMachine>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Ev;
const fail = (id: string, error: SettingsFailure | Error) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Ev;
const smsClosed = { type: 'xstate.after.smsClose.twoStepMode.done' } as unknown as Ev;
const navigated = { type: 'xstate.after.navigationDelay.twoStepMode.tokensReplaced' } as unknown as Ev;

const proven: ReauthenticationOutput = { outcome: 'proven', proof: 'proof-1', expiresIn: 300 };
const cancelled: ReauthenticationOutput = { outcome: 'cancelled' };
const requested: TwoStepRequested = { reqId: 'r-1', phoneNumber: '+40 7** *** 123', smsIdentifier: '42' };
const requestedAgain: TwoStepRequested = { reqId: 'r-2', phoneNumber: '+40 7** *** 123', smsIdentifier: '43' };
const rotated: TwoStepConfirmed = { accessToken: 'at-2', refreshToken: 'rt-2' };
const wrongCode: SettingsFailure = { kind: 'refused', message: { text: 'Invalid code' } };
const noProof: SettingsFailure = { kind: 'proofRefused', message: { text: 'Confirm it is you first' } };
const unreachable: SettingsFailure = { kind: 'failed', message: { text: 'The service is not available' } };

const never = () => new Promise<never>(() => {});

/** The statechart with the real re-authentication child; every call records its input and waits for the test to answer. */
function start(coverage: Coverage, input: TwoStepInput = { current: 'no', hasLinkedDevice: true }) {
  const calls = { check: [] as CheckPasswordInput[], request: [] as TwoStepRequest[], confirm: [] as TwoStepConfirmation[] };
  const effects: string[] = [];
  const given = { proofs: [] as { proof: string; expiresIn: number }[], tokens: [] as { accessToken: string; refreshToken: string }[], modes: [] as string[] };
  const clock = new SimulatedClock();
  const actor = createActor(
    twoStepModeMachine.provide({
      actors: {
        reauthentication: waitingReauthentication(calls.check),
        requestTwoStep: fromPromise<TwoStepRequested, TwoStepRequest>(({ input: asked }) => {
          calls.request.push(asked);
          return never();
        }),
        confirmTwoStep: fromPromise<TwoStepConfirmed, TwoStepConfirmation>(({ input: asked }) => {
          calls.confirm.push(asked);
          return never();
        }),
      },
      actions: {
        proofGiven: (_, params) => void given.proofs.push(params),
        replaceTokens: (_, params) => {
          effects.push('replaceTokens');
          given.tokens.push(params);
        },
        goHome: () => void effects.push('goHome'),
        modeChanged: (_, params) => {
          effects.push('modeChanged');
          given.modes.push(params.mode);
        },
      },
    }),
    { input, clock, inspect: coverage.inspect },
  ).start();
  const send = (...events: Ev[]) => events.forEach((event) => actor.send(event));
  const child = () => actor.getSnapshot().children.reauthentication as AnyActorRef | undefined;
  return { actor, clock, calls, effects, given, send, child };
}

function check(s: Snap) {
  const busy = s.matches('requesting') || s.matches('resending') || s.matches('confirming');
  expect(s.hasTag('busy')).toBe(busy);
  expect(s.hasTag('choosing')).toBe(s.matches('choosing'));
  expect(s.hasTag('reauthenticating')).toBe(s.matches('reauthenticating'));
  expect(s.hasTag('codeEntry')).toBe(s.matches('enteringCode') || s.matches('resending') || s.matches('confirming'));
  expect(s.hasTag('popup')).toBe(s.status === 'active' && !s.matches('choosing'));
  expect(s.hasTag('failed')).toBe(s.matches('failed'));
  expect(s.hasTag('success')).toBe(s.matches('done') || s.matches('tokensReplaced'));
  if (s.hasTag('codeEntry')) expect(s.context.requested?.reqId).toMatch(/^r-/);
  if (s.matches('requesting') || s.matches('resending')) expect(s.context.proof).toBe('proof-1');
  if (!s.matches('choosing') && s.status === 'active') expect(s.context.mode).not.toBeNull();
  if (s.matches('choosing') || s.status === 'done') expect(s.context).toMatchObject({ mode: null, requested: null, code: '' });
}

describe('two-step mode machine (001 s7, s8, s9)', () => {
  const coverage = new Coverage(twoStepModeMachine);

  const events = (s: Snap): Ev[] => {
    const list: Ev[] = [{ type: 'CHOOSE', mode: 'sms' }, { type: 'CHOOSE', mode: 'otp' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' }, { type: 'CLOSE' }];
    if (s.matches('choosing')) list.push({ type: 'PROFILE', current: 'no', hasLinkedDevice: false });
    if (s.matches('reauthenticating')) list.push(done('reauthentication', proven), done('reauthentication', cancelled));
    if (s.matches('requesting')) list.push(done('requestTwoStep', requested), fail('requestTwoStep', noProof), fail('requestTwoStep', unreachable));
    if (s.matches('enteringCode')) list.push({ type: 'CODE', value: '123456' }, { type: 'CODE', value: '12' }, { type: 'RESEND' });
    if (s.matches('resending')) list.push(done('resendTwoStep', requestedAgain), fail('resendTwoStep', noProof), fail('resendTwoStep', unreachable));
    if (s.matches('confirming')) list.push(done('confirmTwoStep', rotated), done('confirmTwoStep', {}), fail('confirmTwoStep', wrongCode), fail('confirmTwoStep', unreachable));
    if (s.matches('done')) list.push(smsClosed);
    if (s.matches('tokensReplaced')) list.push(navigated);
    return list;
  };
  const serializeState = (s: Snap) =>
    JSON.stringify([s.value, s.status, s.context.current, s.context.hasLinkedDevice, s.context.proof !== null, s.context.requested?.reqId ?? null, s.context.code.length, s.context.failedAt, s.context.codeError !== null]);

  for (const input of [{ current: 'no', hasLinkedDevice: true }, { current: 'push', hasLinkedDevice: true, proof: 'proof-1' }] as TwoStepInput[]) {
    const paths = getShortestPaths(twoStepModeMachine, { events, serializeState, input });
    it(`generates paths (${input.proof ? 'a valid proof given' : 'no proof'})`, () => expect(paths.length).toBeGreaterThan(10));
    replayPaths(`${input.proof ? 'proof' : 'no proof'}: `, paths, () => start(coverage, input).actor, check);
  }

  it('the whole way with the real re-authentication: password, SMS code, proof; the code requested and confirmed; the success popup closes after 3 s', () => {
    const { actor, clock, calls, effects, given, send, child } = start(coverage);
    send({ type: 'CHOOSE', mode: 'sms' });
    expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
    const reauth = child()!;
    expect(reauth.getSnapshot().hasTag('password')).toBe(true);
    reauth.send({ type: 'PASSWORD', value: 'secret12' });
    reauth.send({ type: 'SUBMIT' });
    expect(calls.check).toEqual([{ password: 'secret12' }]);
    reauth.send(done('checkPassword', { secondFactor: 'sms' }) as never);
    reauth.send({ type: 'CODE', value: '111111' });
    reauth.send({ type: 'SUBMIT' });
    expect(calls.check[1]).toEqual({ password: 'secret12', code: '111111' });
    reauth.send(done('checkCode', { proof: 'proof-1', expiresIn: 300 }) as never);

    // The proof is handed to the app and sent with the request.
    expect(given.proofs).toEqual([{ proof: 'proof-1', expiresIn: 300 }]);
    expect(actor.getSnapshot().matches('requesting')).toBe(true);
    const requestId = actor.getSnapshot().context.requestId;
    expect(calls.request).toEqual([{ mode: 'sms', requestId, proof: 'proof-1' }]);
    send(done('requestTwoStep', requested));
    expect(actor.getSnapshot().context.requested).toEqual(requested);
    send({ type: 'CODE', value: '12' }, { type: 'CONFIRM' });
    expect(calls.confirm).toEqual([]); // incomplete: not sent
    send({ type: 'CODE', value: '123 456' }, { type: 'CONFIRM' });
    expect(calls.confirm).toEqual([{ reqId: 'r-1', code: '123456' }]);
    send(done('confirmTwoStep', {}));
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    expect(effects).toEqual(['modeChanged']);
    expect(given.modes).toEqual(['sms']);
    clock.increment(SMS_SUCCESS_CLOSE_MS - 1);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.current).toBe('sms');
    // The proof still serves the next change: no re-authentication.
    send({ type: 'CHOOSE', mode: 'no' });
    expect(actor.getSnapshot().matches('requesting')).toBe(true);
    expect(calls.request[1]).toMatchObject({ mode: 'no', proof: 'proof-1' });
    expect(calls.request[1]!.requestId).not.toBe(requestId);
  });

  it('tokens are replaced only when both came: then the session takes them and the user goes home', () => {
    const both = start(coverage, { current: 'no', hasLinkedDevice: false, proof: 'proof-1' });
    both.send({ type: 'CHOOSE', mode: 'sms' }, done('requestTwoStep', requested), { type: 'CODE', value: '123456' }, { type: 'CONFIRM' }, done('confirmTwoStep', rotated));
    // The success is shown first; home NAVIGATION_DELAY_MS later (002 s9), not before.
    expect(both.actor.getSnapshot().hasTag('success')).toBe(true);
    expect(both.actor.getSnapshot().context.current).toBe('sms');
    expect(both.effects).toEqual(['replaceTokens']);
    both.clock.increment(NAVIGATION_DELAY_MS - 1);
    expect(both.effects).toEqual(['replaceTokens']);
    both.clock.increment(1);
    expect(both.actor.getSnapshot().status).toBe('done');
    expect(both.effects).toEqual(['replaceTokens', 'goHome']);
    expect(both.given.tokens).toEqual([{ accessToken: 'at-2', refreshToken: 'rt-2' }]);
    // Closed at once: home at once.
    const closed = start(coverage, { current: 'no', hasLinkedDevice: false, proof: 'proof-1' });
    closed.send({ type: 'CHOOSE', mode: 'sms' }, done('requestTwoStep', requested), { type: 'CODE', value: '123456' }, { type: 'CONFIRM' }, done('confirmTwoStep', rotated), { type: 'CLOSE' });
    expect(closed.actor.getSnapshot().status).toBe('done');
    expect(closed.effects).toEqual(['replaceTokens', 'goHome']);

    for (const reply of [{}, { accessToken: 'at-2' }, { refreshToken: 'rt-2' }, { accessToken: 'at-2', refreshToken: null }, { accessToken: '', refreshToken: 'rt-2' }] as TwoStepConfirmed[]) {
      const one = start(coverage, { current: 'no', hasLinkedDevice: false, proof: 'proof-1' });
      one.send({ type: 'CHOOSE', mode: 'sms' }, done('requestTwoStep', requested), { type: 'CODE', value: '123456' }, { type: 'CONFIRM' }, done('confirmTwoStep', reply));
      expect(one.actor.getSnapshot().hasTag('success')).toBe(true);
      expect(one.effects).toEqual(['modeChanged']);
      expect(one.given.tokens).toEqual([]);
      one.send({ type: 'CLOSE' });
      expect(one.actor.getSnapshot().matches('choosing')).toBe(true);
    }
  });

  it('a 400 keeps the popup open with the service’s message; another failure opens the response popup; RETRY asks a new code', () => {
    const { actor, calls, send } = start(coverage, { current: 'sms', hasLinkedDevice: false, proof: 'proof-1' });
    send({ type: 'CHOOSE', mode: 'no' }, done('requestTwoStep', requested), { type: 'CODE', value: '123456' }, { type: 'CONFIRM' }, fail('confirmTwoStep', wrongCode));
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ codeError: wrongCode.message, code: '' });
    send({ type: 'CODE', value: '6' });
    expect(actor.getSnapshot().context.codeError).toBeNull();
    const first = actor.getSnapshot().context.requestId;
    send({ type: 'CODE', value: '654321' }, { type: 'CONFIRM' }, fail('confirmTwoStep', unreachable));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual(unreachable.message);
    send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches('requesting')).toBe(true);
    // A code was already asked with that requestId: the new request is a new intent.
    expect(calls.request[1]!.requestId).not.toBe(first);
  });

  it('a failed request: the response popup; RETRY sends the same intent (the same requestId); CLOSE ends it', () => {
    const { actor, calls, send } = start(coverage, { current: 'no', hasLinkedDevice: true, proof: 'proof-1' });
    send({ type: 'CHOOSE', mode: 'push' }, fail('requestTwoStep', unreachable));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    send({ type: 'RETRY' });
    expect(calls.request).toHaveLength(2);
    expect(calls.request[1]).toEqual(calls.request[0]);
    send(fail('requestTwoStep', unreachable), { type: 'CLOSE' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.current).toBe('no');
  });

  it('RESEND is the same request again as a new intent: a new requestId, a new reqId; a failed resend keeps the popup with the reason', () => {
    const { actor, calls, send } = start(coverage, { current: 'no', hasLinkedDevice: false, proof: 'proof-1' });
    send({ type: 'CHOOSE', mode: 'sms' }, done('requestTwoStep', requested), { type: 'CODE', value: '123' }, { type: 'RESEND' });
    expect(actor.getSnapshot().matches('resending')).toBe(true);
    expect(calls.request).toHaveLength(2);
    expect(calls.request[1]).toMatchObject({ mode: 'sms', proof: 'proof-1' });
    expect(calls.request[1]!.requestId).not.toBe(calls.request[0]!.requestId);
    send(done('resendTwoStep', requestedAgain));
    expect(actor.getSnapshot().context).toMatchObject({ requested: requestedAgain, resent: true, code: '' });
    send({ type: 'CODE', value: '123456' }, { type: 'CONFIRM' });
    expect(calls.confirm).toEqual([{ reqId: 'r-2', code: '123456' }]);
    send(fail('confirmTwoStep', wrongCode), { type: 'RESEND' }, fail('resendTwoStep', unreachable));
    expect(actor.getSnapshot().matches('enteringCode')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ codeError: unreachable.message, requested: requestedAgain });
  });

  it('a proof refused (403, expired) re-authenticates, then the request goes on; a cancelled re-authentication changes nothing', () => {
    const { actor, calls, send, child } = start(coverage, { current: 'no', hasLinkedDevice: false, proof: 'old-proof' });
    send({ type: 'CHOOSE', mode: 'sms' });
    expect(calls.request[0]).toMatchObject({ proof: 'old-proof' });
    send(fail('requestTwoStep', noProof));
    expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
    expect(actor.getSnapshot().context.proof).toBeNull();
    child()!.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ current: 'no', mode: null });
    expect(calls.request).toHaveLength(1);
  });

  it('only a mode offered and not already on can be chosen; the profile read again changes what is offered', () => {
    const { actor, send } = start(coverage, { current: 'sms', hasLinkedDevice: false });
    for (const mode of ['sms', 'push', 'otp'] as const) {
      send({ type: 'CHOOSE', mode });
      expect(actor.getSnapshot().matches('choosing')).toBe(true);
    }
    send({ type: 'PROFILE', current: 'sms', hasLinkedDevice: true }, { type: 'CHOOSE', mode: 'push' });
    expect(actor.getSnapshot().context.mode).toBe('push');
    expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
  });

  expectFullCoverage(coverage);
});
