// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import { personalFormErrors, personalRegistrationMachine } from '@machines/registration/personal-registration.machine';
import type { EmailState } from '@machines/registration/registration.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const TODAY = '2026-11-26';
const good = {
  registrationType: 'freelancers',
  firstName: 'Ana',
  lastName: 'Lima',
  birthday: '1990-04-01',
  phone: '+351 912 345 678',
  countryCode: 'PT',
  city: 'Lisboa',
  street: 'Rua Augusta 1',
  postalCode: '1100-048',
  taxId: '',
  sourceOfFunds: 'salary',
  password: 'Lisboa2026',
  passwordRepeat: 'Lisboa2026',
  'agreement.terms': 'true',
};

describe('personal registration statechart (002 s2, s3, s5)', () => {
  const coverage = new Coverage(personalRegistrationMachine);

  function run(scripts: { emails?: (EmailState | 'fail')[]; creates?: ('ok' | 'fail' | 'captcha')[] } = {}, registrationType?: string) {
    const tracked: { event: string; step?: number }[] = [];
    const calls = { checkEmail: [] as string[], createAccount: [] as { values: Record<string, string>; captcha: string; requestId: string }[] };
    const clock = new SimulatedClock();
    const actor = createActor(
      personalRegistrationMachine.provide({
        actors: {
          checkEmail: fromPromise(async ({ input }) => {
            calls.checkEmail.push(input.email);
            const next = scripts.emails?.shift();
            if (next === undefined || next === 'fail') throw new Error('no answer');
            return next;
          }),
          createAccount: fromPromise(async ({ input }) => {
            calls.createAccount.push(input);
            const next = scripts.creates?.shift();
            if (next === 'captcha') throw { fields: { captcha: { text: 'The captcha was not passed' } } };
            if (next !== 'ok') throw { text: 'Server is not available' };
          }),
        },
        actions: { track: (_, params) => void tracked.push(params) },
      }),
      { input: { today: TODAY, agreements: ['terms'], registrationType }, clock, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const fill = (values: Record<string, string>) => Object.entries(values).forEach(([field, value]) => actor.send({ type: 'CHANGE', field, value }));
    return { actor, fill, tracked, calls, clock };
  }

  it('the e-mail is checked after a pause while typed (an invalid one is not sent; a newer value drops the older check); submit waits for a free e-mail, the form and the captcha; a failure keeps everything; success once', async () => {
    const { actor, fill, tracked, calls, clock } = run({ emails: [1, 0], creates: ['fail', 'ok'] });
    expect(tracked).toEqual([{ event: 'Register Personal Step', step: 1 }]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.shown).toBe(true);
    fill(good);
    fill({ email: 'ana@' });
    clock.increment(1000);
    expect(calls.checkEmail).toEqual([]);
    fill({ email: 'ana@example.com' });
    clock.increment(499);
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().context.emailState).toBe(2);
    await settle();
    expect(actor.getSnapshot().context.emailState).toBe(1);
    expect(personalFormErrors(actor.getSnapshot().context.values, actor.getSnapshot().context).email).toBe('emailTaken');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    fill({ email: 'ana.lima@example.com' });
    clock.increment(500);
    await settle();
    expect(actor.getSnapshot().context.emailState).toBe(0);
    // Everything right but the captcha: said, nothing sent.
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    expect(calls.createAccount).toEqual([]);
    actor.send({ type: 'CAPTCHA', token: 'test-token' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    actor.send({ type: 'SUBMIT' }); // a second press while under way: nothing
    await settle();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: { text: 'Server is not available' }, captcha: null });
    expect(actor.getSnapshot().context.values.firstName).toBe('Ana');
    actor.send({ type: 'CAPTCHA', token: 'test-token-2' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().hasTag('completed')).toBe(true);
    expect(calls.createAccount).toHaveLength(2);
    expect(calls.createAccount[1]!.requestId).toBe(calls.createAccount[0]!.requestId);
    expect(calls.createAccount[1]!.values).toMatchObject({ ...good, email: 'ana.lima@example.com' });
    expect(tracked.at(-1)).toEqual({ event: 'Sign Up Complete' });
    // The captcha's events (002 s9): a token handed over, used up by a failure that was not the captcha's, again, then the sign-up.
    expect(tracked.map((t) => t.event).filter((e) => e.startsWith('Turnstile'))).toEqual(['Turnstile success', 'Turnstile reset', 'Turnstile success']);
  });

  it('a refused captcha is "Turnstile failed"; unticking is "Turnstile reset"', async () => {
    const { actor, fill, clock, tracked, calls } = run({ emails: [0], creates: ['captcha'] });
    fill({ ...good, email: 'ana.lima@example.com' });
    clock.increment(500);
    await settle();
    actor.send({ type: 'CAPTCHA', token: 'test-token' });
    actor.send({ type: 'CAPTCHA', token: null });
    actor.send({ type: 'CAPTCHA', token: 'test-token' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.createAccount).toHaveLength(1);
    expect(actor.getSnapshot().context.captcha).toBeNull();
    expect(tracked.map((t) => t.event).filter((e) => e.startsWith('Turnstile'))).toEqual(['Turnstile success', 'Turnstile reset', 'Turnstile success', 'Turnstile failed']);
  });

  it("typing on restarts the pause (one check for the last value); a value that is no e-mail during the pause sends nothing; a new value during a check checks the new one; the funnel's step once", async () => {
    const { actor, fill, clock, calls, tracked } = run({ emails: [0, 0] });
    fill({ email: 'cy@example.co' });
    clock.increment(300);
    fill({ email: 'cy@example.com' }); // still waiting: the pause starts again
    clock.increment(300);
    expect(calls.checkEmail).toEqual([]);
    clock.increment(200);
    expect(calls.checkEmail).toEqual(['cy@example.com']);
    fill({ email: 'cy@example.org' }); // during the check: wait, then check the new value
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(false);
    fill({ email: 'cy@' }); // during the pause, no e-mail: nothing more is sent
    clock.increment(1000);
    await settle();
    expect(calls.checkEmail).toEqual(['cy@example.com']);
    expect(actor.getSnapshot().context.emailState).toBeNull();
    expect(tracked).toEqual([{ event: 'Register Personal Step', step: 1 }]);
  });

  it('a check that fails (-1) blocks; clearing the e-mail drops a check under way', async () => {
    const { actor, fill, clock, calls } = run({ emails: ['fail'] }, 'developers');
    expect(actor.getSnapshot().context.values.registrationType).toBe('developers');
    fill({ email: 'bo@example.com' });
    clock.increment(500);
    await settle();
    expect(actor.getSnapshot().context.emailState).toBe(-1);
    fill({ email: 'bo@example.org' });
    clock.increment(500);
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(true);
    fill({ email: '' });
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(false);
    expect(actor.getSnapshot().context.emailState).toBeNull();
    expect(calls.checkEmail).toEqual(['bo@example.com', 'bo@example.org']);
  });

  it.each([
    ['a complete form with a free e-mail: nothing', { ...good, email: 'a@example.com' }, 0, {}],
    ['nothing filled: every required field', {}, null, { registrationType: 'required', firstName: 'required', lastName: 'required', birthday: 'required', email: 'required', phone: 'required', countryCode: 'required', city: 'required', street: 'required', postalCode: 'required', sourceOfFunds: 'required', password: 'required', passwordRepeat: 'required', 'agreement.terms': 'agreement' }],
    ['a password of 7 characters', { ...good, email: 'a@example.com', password: 'Lisbo26', passwordRepeat: 'Lisbo26' }, 0, { password: 'weakPassword' }],
    ['a password of 8 characters with a letter and a digit', { ...good, email: 'a@example.com', password: 'Lisboa26', passwordRepeat: 'Lisboa26' }, 0, {}],
    ['a password without a digit', { ...good, email: 'a@example.com', password: 'Lisboaaaa', passwordRepeat: 'Lisboaaaa' }, 0, { password: 'weakPassword' }],
    ['a password without a letter', { ...good, email: 'a@example.com', password: '12345678', passwordRepeat: '12345678' }, 0, { password: 'weakPassword' }],
    ['a repeat that differs', { ...good, email: 'a@example.com', passwordRepeat: 'Lisboa2025' }, 0, { passwordRepeat: 'passwordMismatch' }],
    ['an e-mail that is not one', { ...good, email: 'a@b' }, null, { email: 'format' }],
    ['an e-mail not checked yet', { ...good, email: 'a@example.com' }, null, { email: 'emailNotChecked' }],
    ['an e-mail being checked', { ...good, email: 'a@example.com' }, 2, { email: 'emailNotChecked' }],
    ['an e-mail whose check failed', { ...good, email: 'a@example.com' }, -1, { email: 'emailNotChecked' }],
    ['an e-mail that exists', { ...good, email: 'a@example.com' }, 1, { email: 'emailTaken' }],
    ["an employee's e-mail", { ...good, email: 'a@example.com' }, 3, { email: 'emailEmployee' }],
    ['a phone with letters', { ...good, email: 'a@example.com', phone: '+351 abc' }, 0, { phone: 'format' }],
    ['a birthday not a date', { ...good, email: 'a@example.com', birthday: '01.04.1990' }, 0, { birthday: 'format' }],
    ['17 years old the day before their 18th birthday', { ...good, email: 'a@example.com', birthday: '2008-11-27' }, 0, { birthday: 'tooYoung' }],
    ['18 on the day', { ...good, email: 'a@example.com', birthday: '2008-11-26' }, 0, {}],
    ['the agreement not accepted', { ...good, email: 'a@example.com', 'agreement.terms': 'false' }, 0, { 'agreement.terms': 'agreement' }],
    ['the tax id is optional; spaces are blank', { ...good, email: 'a@example.com', city: '  ' }, 0, { city: 'required' }],
  ] as [string, Record<string, string>, EmailState | null, Record<string, string>][])('the form: %s', (_name, values, emailState, expected) => {
    expect(personalFormErrors(values, { today: TODAY, agreements: ['terms'], emailState })).toEqual(expected);
  });

  expectFullCoverage(coverage);
});
