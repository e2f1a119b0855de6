// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { PHONE_CAMERA_POLL_MAX, PHONE_CAMERA_POLL_MS } from '@machines/shared/constants';
import { phoneProblems, phoneVerificationMachine, smsCodeValid, type PhoneVerificationEvent, type PhoneVerificationType } from '@machines/verification/phone-verification.machine';
import { reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply } from '@machines/settings/reauthentication.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

type Outcome = 'ok' | 'fail' | 'fields' | 'proof';
/** A read of the phone's confirmation: confirmed, not yet, or failed. */
type Check = 'yes' | 'no' | 'fail';

describe('phone verification statechart (002 s3, s5, s7, s8)', () => {
  const coverage = new Coverage(phoneVerificationMachine);

  function run(
    input: { phoneId?: number | null; proof?: string | null; types?: readonly PhoneVerificationType[] } = {},
    scripts: { saves?: Outcome[]; challenges?: Outcome[]; sends?: Outcome[]; confirms?: Outcome[]; checks?: Check[] } = {},
  ) {
    const calls = { save: [] as unknown[], send: [] as unknown[], confirm: [] as unknown[], check: [] as unknown[], confirmed: 0, proofs: [] as unknown[], tracked: [] as string[] };
    const outcome = (list: Outcome[] | undefined, fields: Record<string, unknown> = {}) => {
      const next = list?.shift() ?? 'ok';
      if (next === 'fail') throw { message: { text: 'The service is not available' } };
      if (next === 'fields') throw { fields };
      if (next === 'proof') throw { proofRefused: true, message: { text: 'Confirm it is you first' } };
    };
    const actor = createActor(
      phoneVerificationMachine.provide({
        actors: {
          savePhone: fromPromise(async ({ input }) => {
            calls.save.push(input);
            outcome(scripts.saves, { phone: { text: 'Enter the phone number with digits only' } });
            return input.phoneId ?? 702;
          }),
          makeChallenge: fromPromise(async () => {
            outcome(scripts.challenges);
            return { verifier: 'v'.repeat(43), challenge: 'c'.repeat(43) };
          }),
          sendCode: fromPromise(async ({ input }) => {
            calls.send.push(input);
            outcome(scripts.sends);
          }),
          confirmCode: fromPromise(async ({ input }) => {
            calls.confirm.push(input);
            outcome(scripts.confirms);
          }),
          checkConfirmed: fromPromise(async ({ input }) => {
            calls.check.push(input);
            const next = scripts.checks?.shift() ?? 'no';
            if (next === 'fail') throw { message: { text: 'The service is not available' } };
            return next === 'yes';
          }),
          reauthentication: reauthenticationMachine.provide({
            actors: { checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(async () => ({ proof: 'proof-2', expiresIn: 300 })) },
          }),
        },
        actions: { confirmed: () => void (calls.confirmed += 1), proofGiven: (_, params) => void calls.proofs.push(params), track: (_, params) => void calls.tracked.push(params.event) },
      }),
      { input, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const send = (event: PhoneVerificationEvent) => actor.send(event);
    const tags = () => (['editing', 'captcha', 'code', 'camera', 'stillWaiting', 'busy', 'reauthenticating', 'confirmed', 'cancelled'] as const).filter((t) => actor.getSnapshot().hasTag(t));
    return { actor, send, tags, calls };
  }

  it('a new phone: errors first, a refusal on its fields, then saved, a code sent after the captcha (a failed send asks the captcha again), a wrong code said, the right one confirms', async () => {
    const { actor, send, tags, calls } = run({}, { saves: ['fields', 'ok'], challenges: ['fail', 'ok', 'ok'], sends: ['fail', 'ok'], confirms: ['fail', 'ok'] });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.shown).toBe(true);
    expect(calls.save).toEqual([]);
    send({ type: 'CHANGE', field: 'phoneCountryCode', value: '+351' });
    send({ type: 'CHANGE', field: 'phone', value: '912 345-678' });
    send({ type: 'CHANGE', field: 'code', value: 'ignored' });
    send({ type: 'SUBMIT' });
    expect(tags()).toEqual(['editing', 'busy']);
    await settle();
    expect(actor.getSnapshot().context.fieldErrors.phone).toEqual({ text: 'Enter the phone number with digits only' });
    send({ type: 'CHANGE', field: 'phone', value: '912345678' });
    expect(actor.getSnapshot().context.fieldErrors.phone).toBeUndefined();
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.save.at(-1)).toEqual({ phoneCountryCode: '351', phone: '912345678', phoneId: null, proof: null });
    expect(tags()).toEqual(['captcha']);
    send({ type: 'SEND' }); // no captcha yet
    expect(tags()).toEqual(['captcha']);
    send({ type: 'CAPTCHA', token: 'sandbox-captcha-pass' });
    send({ type: 'SEND' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The service is not available' }); // the challenge could not be made
    send({ type: 'SEND' });
    await settle();
    expect(actor.getSnapshot().context.captcha).toBeNull(); // the send failed: the captcha is used up
    send({ type: 'CAPTCHA', token: 'sandbox-captcha-pass' });
    send({ type: 'SEND' });
    await settle();
    expect(calls.send.at(-1)).toEqual({ phoneId: 702, type: 'sms', captcha: 'sandbox-captcha-pass', codeChallenge: 'c'.repeat(43) });
    expect(tags()).toEqual(['code']);
    // The captcha's events (002 s9), as in registration: passed, used up by the failed send, passed again.
    expect(calls.tracked).toEqual(['Turnstile success', 'Turnstile reset', 'Turnstile success']);
    send({ type: 'CHANGE', field: 'code', value: '12' });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    expect(calls.confirm).toEqual([]);
    send({ type: 'CHANGE', field: 'phone', value: 'ignored' });
    send({ type: 'CHANGE', field: 'code', value: '123 456' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The service is not available' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.confirm.at(-1)).toEqual({ phoneId: 702, codeVerifier: 'v'.repeat(43), code: '123456' });
    expect(tags()).toEqual(['confirmed']);
    expect(calls.confirmed).toBe(1);
  });

  it('replacing a phone keeps its id; another code can be asked for; a failed save says why; cancel leaves', async () => {
    const { actor, send, tags, calls } = run({ phoneId: 701 }, { saves: ['fail', 'ok'] });
    send({ type: 'CHANGE', field: 'phoneCountryCode', value: '40' });
    send({ type: 'CHANGE', field: 'phone', value: '722000111' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The service is not available' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.save.at(-1)).toMatchObject({ phoneId: 701 });
    send({ type: 'CAPTCHA', token: 't' });
    send({ type: 'SEND' });
    await settle();
    expect(tags()).toEqual(['code']);
    send({ type: 'RESEND' });
    expect(tags()).toEqual(['captcha']);
    expect(actor.getSnapshot().context.captcha).toBeNull();
    send({ type: 'CANCEL' });
    expect(tags()).toEqual(['cancelled']);
  });

  it('the service asks the user to confirm it is them (a confirmed phone, issue 49): cancelled, the form again; confirmed, the same phone saved with the proof', async () => {
    const { actor, send, tags, calls } = run({ phoneId: 701, proof: 'proof-1' }, { saves: ['proof', 'proof', 'ok'] });
    send({ type: 'CHANGE', field: 'phoneCountryCode', value: '40' });
    send({ type: 'CHANGE', field: 'phone', value: '722000111' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.save.at(-1)).toMatchObject({ proof: 'proof-1' });
    expect(tags()).toEqual(['editing', 'reauthenticating']);
    expect(actor.getSnapshot().context.proof).toBeNull();
    actor.getSnapshot().children.reauthentication!.send({ type: 'CANCEL' });
    await settle();
    expect(tags()).toEqual(['editing']);
    expect(actor.getSnapshot().context.phone).toBe('722000111');
    send({ type: 'SUBMIT' });
    await settle();
    const child = actor.getSnapshot().children.reauthentication!;
    child.send({ type: 'PASSWORD', value: 'Demo-pass-1' });
    child.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.proofs).toEqual([{ proof: 'proof-2', expiresIn: 300 }]);
    expect(calls.save).toHaveLength(3);
    expect(calls.save.at(-1)).toEqual({ phoneCountryCode: '40', phone: '722000111', phoneId: 701, proof: 'proof-2' });
    expect(tags()).toEqual(['captcha']);
  });

  it('by e-mail: the type chosen among those offered (one not offered is ignored), the code sent to the e-mail, confirmed as an SMS code is; another code keeps the type', async () => {
    const { actor, send, tags, calls } = run({ phoneId: 701, types: ['sms', 'email'] });
    expect(actor.getSnapshot().context.type).toBe('sms');
    send({ type: 'CHANGE', field: 'phoneCountryCode', value: '40' });
    send({ type: 'CHANGE', field: 'phone', value: '722000111' });
    send({ type: 'SUBMIT' });
    await settle();
    send({ type: 'CHOOSE', verification: 'camera' });
    expect(actor.getSnapshot().context.type).toBe('sms');
    send({ type: 'CHOOSE', verification: 'email' });
    expect(actor.getSnapshot().context.type).toBe('email');
    send({ type: 'CAPTCHA', token: 't' });
    send({ type: 'SEND' });
    await settle();
    expect(calls.send.at(-1)).toMatchObject({ phoneId: 701, type: 'email' });
    expect(tags()).toEqual(['code']);
    send({ type: 'RESEND' });
    expect(actor.getSnapshot().context.type).toBe('email');
    send({ type: 'CAPTCHA', token: 't' });
    send({ type: 'SEND' });
    await settle();
    send({ type: 'CHANGE', field: 'code', value: '654321' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.confirm.at(-1)).toEqual({ phoneId: 701, codeVerifier: 'v'.repeat(43), code: '654321' });
    expect(tags()).toEqual(['confirmed']);
  });

  it('with the camera: the link sent, the confirmation read every few seconds until the phone confirms; read enough, the customer asks; a failed read says so; another link on demand', async () => {
    vi.useFakeTimers();
    try {
      const { actor, send, tags, calls } = run({ phoneId: 701 }, { checks: ['no', 'fail', ...Array<Check>(PHONE_CAMERA_POLL_MAX + 1).fill('no'), 'yes'] });
      const tick = async (ms: number) => {
        await vi.advanceTimersByTimeAsync(ms);
      };
      send({ type: 'CHANGE', field: 'phoneCountryCode', value: '40' });
      send({ type: 'CHANGE', field: 'phone', value: '722000111' });
      send({ type: 'SUBMIT' });
      await tick(0);
      send({ type: 'CHOOSE', verification: 'camera' });
      send({ type: 'CAPTCHA', token: 't' });
      send({ type: 'SEND' });
      await tick(0);
      expect(calls.send.at(-1)).toMatchObject({ type: 'camera' });
      expect(tags()).toEqual(['camera']);
      expect(calls.check).toEqual([]);
      await tick(PHONE_CAMERA_POLL_MS);
      expect(calls.check).toEqual([{ phoneId: 701 }]);
      expect(tags()).toEqual(['camera']);
      // The second read fails: it stops with the message, and reads again when asked.
      await tick(PHONE_CAMERA_POLL_MS);
      expect(tags()).toEqual(['camera', 'stillWaiting']);
      expect(actor.getSnapshot().context.failure).toEqual({ text: 'The service is not available' });
      send({ type: 'CHECK' });
      expect(actor.getSnapshot().context.failure).toBeNull();
      await tick(0);
      // Not yet, again and again: after PHONE_CAMERA_POLL_MAX more reads it waits for the customer.
      for (let i = 0; i < PHONE_CAMERA_POLL_MAX; i += 1) await tick(PHONE_CAMERA_POLL_MS);
      expect(calls.check).toHaveLength(PHONE_CAMERA_POLL_MAX + 3);
      expect(tags()).toEqual(['camera', 'stillWaiting']);
      await tick(PHONE_CAMERA_POLL_MS * 3);
      expect(calls.check).toHaveLength(PHONE_CAMERA_POLL_MAX + 3);
      // Another link: the captcha again, the camera still chosen.
      send({ type: 'RESEND' });
      expect(tags()).toEqual(['captcha']);
      expect(actor.getSnapshot().context.type).toBe('camera');
      send({ type: 'CAPTCHA', token: 't' });
      send({ type: 'SEND' });
      await tick(0);
      expect(tags()).toEqual(['camera']);
      await tick(PHONE_CAMERA_POLL_MS);
      expect(tags()).toEqual(['confirmed']);
      expect(calls.confirmed).toBe(1);
      expect(calls.confirm).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['+40', '721 555 010', {}],
    ['40', '7215', {}],
    ['', '', { phoneCountryCode: 'required', phone: 'required' }],
    ['+', '721555010', { phoneCountryCode: 'required' }],
    ['12345', '721555010', { phoneCountryCode: 'format' }],
    ['4a', '721555010', { phoneCountryCode: 'format' }],
    ['40', '721', { phone: 'format' }],
    ['40', '1234567890123456', { phone: 'format' }],
    ['40', '123456789012345', {}],
    ['40', '72x555', { phone: 'format' }],
  ])('the phone rule: %j %j', (code, phone, expected) => {
    expect(phoneProblems(code, phone)).toEqual(expected);
  });

  it.each([
    ['123456', true],
    ['123 456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
  ])('an SMS code %j is %s', (code, valid) => {
    expect(smsCodeValid(code)).toBe(valid);
  });

  expectFullCoverage(coverage);
});
