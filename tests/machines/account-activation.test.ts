// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { activationFormErrors, accountActivationMachine, type ActivationFormEvent } from '@machines/auth/account-activation.machine';
import type { ActivationRequest } from '@machines/auth/activation.logic';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

describe('activation by hand statechart (002 s2, s7)', () => {
  const coverage = new Coverage(accountActivationMachine);

  function run(scripts: { activations?: ('ok' | 'fail')[]; resends?: ('ok' | 'fail')[] } = {}) {
    const calls = { activate: [] as ActivationRequest[], resend: [] as string[], signedIn: [] as string[] };
    const actor = createActor(
      accountActivationMachine.provide({
        actors: {
          activate: fromPromise(async ({ input }) => {
            calls.activate.push(input);
            if (scripts.activations?.shift() !== 'ok') throw { fields: { activationCode: { text: 'The activation code is not correct or has expired' } } };
            return { accessToken: 'a', refreshToken: 'r' };
          }),
          resend: fromPromise(async ({ input }) => {
            calls.resend.push(input.email);
            if (scripts.resends?.shift() !== 'ok') throw { message: { text: 'Too many attempts. Try again in 15 minutes.' } };
          }),
        },
        actions: { signIn: (_, params) => void calls.signedIn.push(params.username) },
      }),
      { input: {}, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const send = (event: ActivationFormEvent) => actor.send(event);
    return { actor, send, calls };
  }

  it('each kind of account: a wrong code keeps everything and says why; the right one signs in as the e-mail typed', async () => {
    const { actor, send, calls } = run({ activations: ['fail', 'ok'] });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.shown).toBe('all');
    expect(calls.activate).toEqual([]);
    send({ type: 'CHANGE', field: 'action', value: 'activationBusiness' });
    send({ type: 'CHANGE', field: 'action', value: 'somethingElse' });
    expect(actor.getSnapshot().context.values.action).toBe('activationBusiness');
    send({ type: 'CHANGE', field: 'user', value: ' Inactive-Business@brand1.test ' });
    send({ type: 'CHANGE', field: 'code', value: '111111' });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('activating')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The activation code is not correct or has expired' });
    expect(actor.getSnapshot().context.values.code).toBe('111111');
    send({ type: 'CHANGE', field: 'code', value: ' 246810 ' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.activate.at(-1)).toEqual({ action: 'activationBusiness', user: 'Inactive-Business@brand1.test', code: '246810' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.signedIn).toEqual(['Inactive-Business@brand1.test']);
  });

  it('send the code again: the e-mail asked for first; a 429 says when; then where the new code went (a new e-mail typed forgets it)', async () => {
    const { actor, send, calls } = run({ resends: ['fail', 'ok'] });
    send({ type: 'RESEND' });
    expect(actor.getSnapshot().context.shown).toBe('email');
    send({ type: 'CHANGE', field: 'user', value: 'inactive@brand2.test' });
    send({ type: 'RESEND' });
    expect(actor.getSnapshot().hasTag('resending')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Too many attempts. Try again in 15 minutes.' });
    send({ type: 'RESEND' });
    await settle();
    expect(actor.getSnapshot().context.resentTo).toBe('inactive@brand2.test');
    expect(calls.resend).toEqual(['inactive@brand2.test', 'inactive@brand2.test']);
    send({ type: 'SUBMIT' }); // no code yet
    expect(actor.getSnapshot().context.shown).toBe('all');
    send({ type: 'RESEND' }); // errors already all shown: they stay so
    await settle();
    expect(actor.getSnapshot().context.shown).toBe('all');
    send({ type: 'CHANGE', field: 'user', value: 'x' });
    expect(actor.getSnapshot().context.resentTo).toBeNull();
    send({ type: 'RESEND' });
    expect(actor.getSnapshot().context.shown).toBe('all');
  });

  it.each([
    ['nothing typed', { user: '', code: '' }, { user: 'required', code: 'required' }],
    ['spaces only', { user: '  ', code: '  ' }, { user: 'required', code: 'required' }],
    ['an e-mail without a dot', { user: 'a@b', code: '1' }, { user: 'format' }],
    ['a 1-letter top-level domain', { user: 'a@b.c', code: '1' }, { user: 'format' }],
    ['a right e-mail, spaces around', { user: ' a@b.co ', code: ' 1 ' }, {}],
    ['a code of 64 characters', { user: 'a@b.co', code: 'x'.repeat(64) }, {}],
    ['a code of 65 characters', { user: 'a@b.co', code: 'x'.repeat(65) }, { code: 'format' }],
    ['an e-mail of 254 characters', { user: `${'a'.repeat(248)}@b.com`, code: '1' }, {}],
    ['an e-mail of 255 characters', { user: `${'a'.repeat(249)}@b.com`, code: '1' }, { user: 'format' }],
  ])('the form rule: %s', (_name, values, expected) => {
    expect(activationFormErrors({ action: 'activation', ...values })).toEqual(expected);
  });

  expectFullCoverage(coverage);
});
