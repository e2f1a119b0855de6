// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { representativeMachine, type DeleteTarget, type RepresentativeFailure } from '@machines/business/representative.machine';
import { companyAccessMessages as m } from '@machines/business/company-access-messages';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const UUID = /^[0-9a-f-]{36}$/;
const e = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });

/** The facts the page gives with the form: today, the other shareholders' shares, the company's e-mails. */
const facts: FormValues = { '@today': '2026-11-26', '@otherShares': '60', '@emails': 'billing@example.com\nsales@example.com' };
const emptyPerson: FormValues = { ...facts, kind: 'person', firstName: '', lastName: '', companyName: '', birthday: '', email: '', phone: '', director: '', shareholder: '', ultimateOwner: '', share: '' };
const ana: FormValues = { firstName: 'Ana', lastName: 'Pop', birthday: '1985-04-12', email: 'ana@example.com', phone: '+40 721 000 000', director: 'true', ultimateOwner: 'true' };

/** What a scripted call does next: succeed (with the add's new id) or throw what is given. */
type Outcome = { ok: number } | { throws: unknown };

/**
 * The company's representatives (issue 54; 001 s7 Business representative add; 002 s6): every
 * value checked before the call (the wizard's person rules, or a company that holds shares, the
 * 100 % total); added once per intent, the service's field errors by field with nothing lost; a
 * delete (forced by admins) asked first and sent once per requestId.
 */
describe('representative statechart (issue 54)', () => {
  const coverage = new Coverage(representativeMachine);

  function run(options: { add?: Outcome[]; remove?: Outcome[] } = {}) {
    const calls = { add: [] as { values: FormValues; requestId: string }[], remove: [] as { representativeId: number; force: boolean; requestId: string }[] };
    const changed: string[] = [];
    const step = (outcomes: Outcome[] | undefined) => {
      const outcome = outcomes?.shift() ?? { ok: 1 };
      if ('throws' in outcome) throw outcome.throws;
      return outcome.ok;
    };
    const actor = createActor(
      representativeMachine.provide({
        actors: {
          add: fromPromise(async ({ input }) => {
            calls.add.push({ values: { ...input.values }, requestId: input.requestId });
            return step(options.add);
          }),
          remove: fromPromise(async ({ input }) => {
            calls.remove.push(input);
            step(options.remove);
          }),
        },
        actions: { changed: () => void changed.push('changed') },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const type = (changes: FormValues) => Object.entries(changes).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    const state = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    return { actor, state, context, type, calls, changed };
  }

  it('ADD opens the form with its facts; every refusal by field, attempts bumped, nothing sent; CANCEL closes it', async () => {
    const { actor, state, context, type, calls } = run();
    expect(state()).toBe('idle');
    actor.send({ type: 'ADD', values: emptyPerson });
    expect(state()).toBe('adding');
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    expect(context()).toMatchObject({ values: emptyPerson, errors: {}, error: null, attempts: 0, sentValues: null, added: null, notice: null });
    expect(context().requestId).toMatch(UUID);

    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({
      firstName: e(m.firstNameRequired),
      lastName: e(m.lastNameRequired),
      birthday: e(m.birthdayRequired),
      email: e(m.emailRequired),
      roles: e(m.roleRequired),
    });
    expect(context().attempts).toBe(1);

    // A minor (17 on @today), a known e-mail, a share that passes the 100 % total with the others' 60.
    type({ ...ana, birthday: '2008-11-27', email: 'Sales@example.com', director: '', ultimateOwner: '', shareholder: 'true', share: '41' });
    // Each change clears its field's error; ticking a role clears the roles' error.
    expect(context().errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ birthday: e(m.tooYoung), email: e(m.emailDuplicate), share: e(m.sharesTotal) });
    expect(context().attempts).toBe(2);

    // Exactly 18 today and exactly 100 % together pass; no role does not.
    type({ birthday: '2008-11-26', email: 'ana@example.com', shareholder: '', share: '40' });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ roles: e(m.roleRequired) });
    expect(context().attempts).toBe(3);

    // A company that holds shares needs its name (and a share).
    type({ kind: 'company', companyName: ' ', share: '' });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ companyName: e(m.companyNameRequired), share: e(m.shareRequired) });
    expect(context().attempts).toBe(4);
    expect(state()).toBe('adding');
    await settle();
    expect(calls.add).toEqual([]);

    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(calls.add).toEqual([]);
  });

  it('a valid person with two roles is added with the values and the requestId; a refusal by field keeps everything; the same values keep the requestId, other values get a new one; success → idle added', async () => {
    const fieldFailure: RepresentativeFailure = { fields: { email: { text: 'This e-mail belongs to another customer' } } };
    const { actor, state, context, type, calls, changed } = run({
      add: [{ throws: fieldFailure }, { throws: { fields: { phone: { text: 'Unknown number' } }, message: { text: 'Check the phone' } } }, { throws: { text: 'Server is not available' } }, { throws: { message: { text: 'Try later' } } }, { ok: 77 }],
    });
    actor.send({ type: 'ADD', values: { ...emptyPerson, ...ana } });
    const intent = context().requestId;
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('sendingAdd');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' }); // a second press while sending: ignored
    await settle();
    const sentValues = { ...emptyPerson, ...ana };
    expect(calls.add).toEqual([{ values: sentValues, requestId: intent }]);
    expect(state()).toBe('adding');
    expect(context()).toMatchObject({ errors: fieldFailure.fields, error: null, values: sentValues, attempts: 1 });

    // The same values again: the same intent.
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.add[1]).toEqual({ values: sentValues, requestId: intent });
    expect(context()).toMatchObject({ errors: { phone: { text: 'Unknown number' } }, error: { text: 'Check the phone' }, attempts: 2 });

    // Other values: a new intent.
    type({ phone: '+40 721 000 001' });
    expect(context().error).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await settle();
    const renewed = calls.add[2]!.requestId;
    expect(renewed).toMatch(UUID);
    expect(renewed).not.toBe(intent);
    expect(calls.add[2]!.values.phone).toBe('+40 721 000 001');
    expect(context()).toMatchObject({ errors: {}, error: { text: 'Server is not available' }, attempts: 3 });

    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(context()).toMatchObject({ errors: {}, error: { text: 'Try later' } });
    expect(changed).toEqual([]);

    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.add.slice(3).map((call) => call.requestId)).toEqual([renewed, renewed]);
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ added: 77, notice: 'added', errors: {} });
    expect(changed).toEqual(['changed']);

    // The next ADD is a new intent and forgets the last one.
    actor.send({ type: 'ADD', values: emptyPerson });
    expect(context()).toMatchObject({ added: null, notice: null, attempts: 0, sentValues: null });
    expect(context().requestId).not.toBe(renewed);
  });

  // An Error has a `message` too: a bug's text is never shown, the common words are.
  it('a bug in the add is never shown as text', async () => {
    const { actor, context } = run({ add: [{ throws: new Error('boom') }] });
    actor.send({ type: 'ADD', values: { ...emptyPerson, ...ana } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(context().error).toEqual({ descriptor: expect.anything() });
  });

  it('a company that holds shares is added with its name and share', async () => {
    const { actor, state, context, calls } = run({ add: [{ ok: 78 }] });
    const company = { ...facts, kind: 'company', companyName: 'Holding SRL', share: '40' };
    actor.send({ type: 'ADD', values: company });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.add).toEqual([{ values: company, requestId: expect.stringMatching(UUID) }]);
    expect(state()).toBe('idle');
    expect(context().added).toBe(78);
  });

  it.each([
    ['force', true],
    ['delete', false],
  ] as const)('DELETE (%s) asks first: CANCEL sends nothing; CONFIRM removes with force %s → idle deleted', async (mode, force) => {
    const target: DeleteTarget = { representativeId: 12, name: 'Ana Pop', mode };
    const { actor, state, context, calls, changed } = run();
    actor.send({ type: 'DELETE', target });
    expect(state()).toBe('confirmingDelete');
    expect(actor.getSnapshot().hasTag('confirmDelete')).toBe(true);
    expect(context().deleting).toEqual(target);
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().deleting).toBeNull();
    await settle();
    expect(calls.remove).toEqual([]);

    const before = context().requestId;
    actor.send({ type: 'DELETE', target });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('deleting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls.remove).toEqual([{ representativeId: 12, force, requestId: expect.stringMatching(UUID) }]);
    expect(calls.remove[0]!.requestId).not.toBe(before);
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ notice: 'deleted', deleting: null });
    expect(changed).toEqual(['changed']);
  });

  it('a delete that fails waits: RETRY sends the same requestId; CANCEL drops it', async () => {
    const { actor, state, context, calls, changed } = run({ remove: [{ throws: { text: 'The representative holds documents' } }, { throws: { text: 'Still not' } }] });
    actor.send({ type: 'DELETE', target: { representativeId: 12, name: 'Ana Pop', mode: 'delete' } });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(state()).toBe('deleteFailed');
    expect(actor.getSnapshot().hasTag('deleteFailed')).toBe(true);
    expect(context().error).toEqual({ text: 'The representative holds documents' });
    actor.send({ type: 'RETRY' });
    expect(context().error).toBeNull();
    await settle();
    expect(calls.remove).toHaveLength(2);
    expect(calls.remove[1]).toEqual(calls.remove[0]);
    expect(context().error).toEqual({ text: 'Still not' });
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ deleting: null, error: null, notice: null });
    expect(changed).toEqual([]);
  });

  expectFullCoverage(coverage);
});
