// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import { businessWizardMachine, linkable, reachableSteps, resumeStep, type BusinessWizardEvent } from '@machines/registration/business-wizard.machine';
import { emptyBusinessDraft, WIZARD_STEPS, type BusinessDraft, type WizardStep } from '@machines/registration/registration-draft';
import { rightsWhenMadeUser, type EmailState } from '@machines/registration/registration.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
import { address, completeDraft, general, person, TODAY } from '../support/registration-draft';

const questions = [
  { id: 'anotherAccount', type: 'select', text: 'Another account?' },
  { id: 'controlAccount', type: 'select', text: 'Who controls the account?', options: [{ value: '1', label: 'me' }, { value: '2', label: 'someone else' }] },
];

describe('business registration wizard statechart (002 s2, s4, s5)', () => {
  const coverage = new Coverage(businessWizardMachine);

  function run(draft: BusinessDraft | null = null, scripts: { emails?: (EmailState | 'fail')[]; creates?: ('ok' | 'fail')[] } = {}) {
    const saved: BusinessDraft[] = [];
    const tracked: { event: string; step?: number }[] = [];
    const calls = { checkEmail: [] as string[], createAccount: [] as { captcha: string; requestId: string }[], cleared: 0 };
    const clock = new SimulatedClock();
    const actor = createActor(
      businessWizardMachine.provide({
        actors: {
          checkEmail: fromPromise(async ({ input }) => {
            calls.checkEmail.push(input.email);
            const next = scripts.emails?.shift();
            if (next === undefined || next === 'fail') throw new Error('no answer');
            return next;
          }),
          createAccount: fromPromise(async ({ input }) => {
            calls.createAccount.push({ captcha: input.captcha, requestId: input.requestId });
            if (scripts.creates?.shift() !== 'ok') throw { text: 'Server is not available' };
          }),
        },
        actions: {
          saveDraft: (_, params) => void saved.push(params.draft),
          clearDraft: () => void (calls.cleared += 1),
          track: (_, params) => void tracked.push(params),
        },
      }),
      { input: { draft, questions, agreements: ['terms'], today: TODAY }, clock, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const send = (event: BusinessWizardEvent) => actor.send(event);
    const at = () => actor.getSnapshot().value;
    const step = () => (actor.getSnapshot().value as { steps?: string }).steps;
    return { actor, send, at, step, saved, tracked, calls, clock };
  }

  it('a draft resumes at its first unfinished step (a new one at generalForm; all finished: the summary)', () => {
    for (const [index, target] of WIZARD_STEPS.entries()) {
      const { step, tracked } = run({ ...emptyBusinessDraft(), finished: WIZARD_STEPS.slice(0, index) });
      expect(step()).toBe(target);
      expect(tracked).toEqual([{ event: 'Register Business Step', step: index + 1 }]);
    }
    expect(resumeStep(completeDraft())).toBe('summary');
    expect(reachableSteps({ ...emptyBusinessDraft(), finished: ['generalForm'] })).toEqual(['generalForm', 'financialInfoForm']);
  });

  it('walks every step: NEXT shows a step\'s errors until it is right, BACK moves back; every change saved; people and a company added on the hubs; a user\'s e-mail checked', async () => {
    const { actor, send, step, saved, tracked, calls, clock } = run(null, { emails: [0] });
    // generalForm: Next with nothing filled shows its errors and stays.
    send({ type: 'NEXT' });
    expect(step()).toBe('generalForm');
    expect(actor.getSnapshot().context.shown).toEqual(['generalForm']);
    for (const [field, value] of Object.entries(general)) send({ type: 'CHANGE', step: 'generalForm', field, value });
    expect(saved.at(-1)!.generalForm.name).toBe('Acme GmbH');
    send({ type: 'NEXT' });
    expect(step()).toBe('financialInfoForm');
    // BACK, then forward again (the step was finished).
    send({ type: 'BACK' });
    expect(step()).toBe('generalForm');
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    expect(step()).toBe('financialInfoForm');
    send({ type: 'CHANGE', step: 'financialInfoForm', field: 'sourcesOfFunds', value: ['revenue'] });
    send({ type: 'CHANGE', step: 'financialInfoForm', field: 'purposesOfAccount', value: ['payroll'] });
    send({ type: 'CHANGE', step: 'financialInfoForm', field: 'estimatedMonthlyDeposit', value: '10k' });
    send({ type: 'CHANGE', step: 'financialInfoForm', field: 'currencies', value: ['EUR'] });
    send({ type: 'NEXT' });
    expect(step()).toBe('dueDilligenceForm');
    send({ type: 'BACK' });
    send({ type: 'NEXT' });
    // dueDilligenceForm: the adjusted questions; 'true' adds its details question, 'false' drops its answer.
    send({ type: 'NEXT' });
    expect(step()).toBe('dueDilligenceForm');
    send({ type: 'CHANGE', step: 'dueDilligenceForm', field: 'anotherAccount', value: 'true' });
    send({ type: 'CHANGE', step: 'dueDilligenceForm', field: 'controlAccount', value: '1' });
    send({ type: 'NEXT' });
    expect(step()).toBe('dueDilligenceForm'); // the details question 'true' added is not answered
    send({ type: 'CHANGE', step: 'dueDilligenceForm', field: 'anotherAccountDetails', value: 'At Bank X' });
    expect(actor.getSnapshot().context.draft.dueDilligenceForm.answers.anotherAccountDetails).toBe('At Bank X');
    send({ type: 'CHANGE', step: 'dueDilligenceForm', field: 'anotherAccount', value: 'false' });
    expect(actor.getSnapshot().context.draft.dueDilligenceForm.answers).toEqual({ anotherAccount: 'false', controlAccount: '1' });
    send({ type: 'NEXT' });
    expect(step()).toBe('legalForm');
    send({ type: 'BACK' });
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    for (const [field, value] of Object.entries(address)) send({ type: 'CHANGE', step: 'legalForm', field: `address.${field}`, value });
    send({ type: 'CHANGE', step: 'legalForm', field: 'agreements', value: ['terms'] });
    send({ type: 'NEXT' });
    expect(step()).toBe('directorsHub');
    send({ type: 'BACK' });
    send({ type: 'NEXT' });
    // directorsHub: a director is needed.
    send({ type: 'NEXT' });
    expect(step()).toBe('directorsHub');
    send({ type: 'ADD_COMPANY', parent: 'root' }); // not here: only on the shareholders hub
    expect(step()).toBe('directorsHub');
    send({ type: 'ADD_PERSON', role: 'director', parent: 'root' });
    expect(actor.getSnapshot().hasTag('personForm')).toBe(true);
    send({ type: 'SAVE' }); // empty: errors shown
    expect(actor.getSnapshot().context.node?.shown).toBe(true);
    for (const [field, value] of Object.entries({ firstName: 'Ana', lastName: 'Director', birthday: '1980-05-05', email: 'ana@acme.example' })) send({ type: 'NODE_CHANGE', field, value });
    send({ type: 'SAVE' });
    expect(step()).toBe('directorsHub');
    const directorId = actor.getSnapshot().context.draft.root.directors[0]!;
    expect(directorId).toBe('p1');
    send({ type: 'NEXT' });
    expect(step()).toBe('shareholdersHub');
    send({ type: 'BACK' });
    send({ type: 'NEXT' });
    // shareholdersHub: the director is also a shareholder at 30 % (source details then needed); a company shareholder with its own director.
    send({ type: 'NEXT' });
    expect(step()).toBe('shareholdersHub');
    send({ type: 'ADD_PERSON', role: 'shareholder', parent: 'root' });
    send({ type: 'CANCEL' });
    expect(step()).toBe('shareholdersHub');
    expect(actor.getSnapshot().context.draft.root.shareholders).toEqual([]);
    send({ type: 'ADD_COMPANY', parent: 'root' });
    expect(actor.getSnapshot().hasTag('companyForm')).toBe(true);
    send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.node?.shown).toBe(true);
    for (const [field, value] of Object.entries({ name: 'Holding Ltd', country: 'GB', number: '123', date: '2019-01-01', 'address.countryCode': 'GB', 'address.city': 'London', 'address.street': '1 Main St', 'address.postalCode': 'E1 1AA' })) send({ type: 'NODE_CHANGE', field, value });
    send({ type: 'SAVE' });
    expect(step()).toBe('shareholdersHub');
    const companyId = actor.getSnapshot().context.draft.root.shareholders[0]!.id;
    send({ type: 'EDIT_COMPANY', id: companyId });
    send({ type: 'CANCEL' });
    send({ type: 'EDIT_COMPANY', id: 'nope' }); // unknown: nothing
    expect(step()).toBe('shareholdersHub');
    send({ type: 'ADD_PERSON', role: 'director', parent: companyId });
    for (const [field, value] of Object.entries({ firstName: 'Bo', lastName: 'Holder', birthday: '1975-01-01', email: 'bo@holding.example' })) send({ type: 'NODE_CHANGE', field, value });
    send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.draft.companies[companyId]!.directors).toHaveLength(1);
    send({ type: 'SET_SHARE', parent: 'root', id: companyId, share: '20' });
    send({ type: 'ADD_PERSON', role: 'shareholder', parent: 'root' });
    for (const [field, value] of Object.entries({ firstName: 'Cy', lastName: 'Small', birthday: '1990-01-01', email: 'cy@acme.example' })) send({ type: 'NODE_CHANGE', field, value });
    send({ type: 'SAVE' });
    const small = actor.getSnapshot().context.draft.root.shareholders.at(-1)!.id;
    send({ type: 'SET_SHARE', parent: 'root', id: small, share: '30' });
    // At 30 % Cy needs source details: the hub says so until they are given.
    send({ type: 'NEXT' });
    expect(step()).toBe('shareholdersHub');
    send({ type: 'EDIT_PERSON', id: small });
    send({ type: 'NODE_CHANGE', field: 'sourceOfFunds', value: ['salary'] });
    send({ type: 'NODE_CHANGE', field: 'sourceDetails', value: { salary: 'Engineer' } });
    send({ type: 'SAVE' });
    expect(step()).toBe('shareholdersHub');
    // Down to 10 %: the details are cleared (below 25 %).
    send({ type: 'SET_SHARE', parent: 'root', id: small, share: '10' });
    expect(actor.getSnapshot().context.draft.persons[small]!.sourceDetails).toEqual({});
    send({ type: 'REMOVE', role: 'shareholder', parent: 'root', id: small });
    expect(actor.getSnapshot().context.draft.root.shareholders.map((h) => h.id)).toEqual([companyId]);
    send({ type: 'EDIT_PERSON', id: 'nobody' }); // unknown: nothing
    send({ type: 'NEXT' });
    expect(step()).toBe('usersHub');
    send({ type: 'BACK' });
    send({ type: 'NEXT' });
    // usersHub: none yet; a user added gets full rights (the first) and their e-mail is checked after a pause.
    send({ type: 'NEXT' });
    expect(step()).toBe('usersHub');
    send({ type: 'ADD_PERSON', role: 'user', parent: 'root' });
    expect(actor.getSnapshot().context.node?.person).toMatchObject({ isUser: true, accessRights: 2 });
    for (const [field, value] of Object.entries({ firstName: 'Di', lastName: 'User', birthday: '1985-01-01' })) send({ type: 'NODE_CHANGE', field, value });
    send({ type: 'NODE_CHANGE', field: 'email', value: 'di@' }); // not an e-mail the rule checks: nothing sent
    send({ type: 'NODE_CHANGE', field: 'email', value: 'di@acme.example' });
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(false);
    clock.increment(500);
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(true);
    expect(actor.getSnapshot().context.node?.person?.emailState).toBe(2);
    await settle();
    expect(calls.checkEmail).toEqual(['di@acme.example']);
    expect(actor.getSnapshot().context.node?.person?.emailState).toBe(0);
    send({ type: 'SAVE' });
    expect(step()).toBe('usersHub');
    send({ type: 'NEXT' });
    expect(step()).toBe('summary');
    send({ type: 'BACK' });
    expect(step()).toBe('usersHub');
    send({ type: 'NEXT' });
    expect(tracked.map((t) => t.step)).toContain(8);
    expect(saved.length).toBeGreaterThan(20);
    expect(actor.getSnapshot().context.draft.finished).toEqual(WIZARD_STEPS.filter((s) => s !== 'summary'));
  });

  it('from the summary every finished step can be opened (and the one left shows its errors); not an unfinished one', () => {
    const { actor, send, step } = run(completeDraft());
    expect(step()).toBe('summary');
    for (const target of WIZARD_STEPS) {
      send({ type: 'GOTO', step: target });
      expect(step()).toBe(target);
    }
    expect(new Set(actor.getSnapshot().context.shown)).toEqual(new Set(WIZARD_STEPS));
    const fresh = run(null);
    fresh.send({ type: 'GOTO', step: 'legalForm' });
    expect(fresh.step()).toBe('generalForm');
  });

  it.each([
    ['generalForm', (d: BusinessDraft) => ({ ...d, generalForm: { ...d.generalForm, name: '' } })],
    ['financialInfoForm', (d: BusinessDraft) => ({ ...d, financialInfoForm: { ...d.financialInfoForm, currencies: [] } })],
    ['dueDilligenceForm', (d: BusinessDraft) => ({ ...d, dueDilligenceForm: { answers: { anotherAccount: 'false' } } })],
    ['legalForm', (d: BusinessDraft) => ({ ...d, legalForm: { ...d.legalForm, agreements: [] } })],
    ['directorsHub', (d: BusinessDraft) => ({ ...d, root: { ...d.root, directors: [] } })],
    ['shareholdersHub', (d: BusinessDraft) => ({ ...d, root: { ...d.root, shareholders: [{ kind: 'person' as const, id: 'p1', share: '5' }] } })],
    ['usersHub', (d: BusinessDraft) => ({ ...d, persons: { p1: { ...d.persons.p1!, isUser: false, accessRights: null } } })],
  ] as [WizardStep, (d: BusinessDraft) => BusinessDraft][])('submit with %s wrong opens it with every error shown; nothing is sent', (target, breakIt) => {
    const { actor, send, step, calls } = run(breakIt(completeDraft()));
    expect(step()).toBe('summary');
    send({ type: 'CAPTCHA', token: 'test-token' });
    send({ type: 'SUBMIT' });
    expect(step()).toBe(target);
    expect(actor.getSnapshot().context.shown).toEqual([...WIZARD_STEPS]);
    expect(calls.createAccount).toEqual([]);
  });

  it('start over forgets the draft (cleared once) and opens the first step empty, its errors hidden', () => {
    const { actor, send, step, calls } = run(completeDraft());
    send({ type: 'GOTO', step: 'legalForm' });
    send({ type: 'START_OVER' });
    expect(step()).toBe('generalForm');
    expect(actor.getSnapshot().context.draft).toEqual(emptyBusinessDraft());
    expect(actor.getSnapshot().context.shown).toEqual([]);
    expect(calls.cleared).toBe(1);
    send({ type: 'GOTO', step: 'summary' });
    expect(step()).toBe('generalForm');
  });

  it('submit asks for the captcha first; a failure keeps everything and says why (the captcha used up); success clears the draft once', async () => {
    const { actor, send, calls, tracked } = run(completeDraft(), { creates: ['fail', 'ok'] });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    expect(calls.createAccount).toEqual([]);
    send({ type: 'CAPTCHA', token: 'test-token' });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('summary')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Server is not available' });
    expect(actor.getSnapshot().context.captcha).toBeNull();
    send({ type: 'CAPTCHA', token: 'test-token-2' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().hasTag('completed')).toBe(true);
    expect(calls.createAccount.map((c) => c.captcha)).toEqual(['test-token', 'test-token-2']);
    expect(calls.createAccount[1]!.requestId).toBe(calls.createAccount[0]!.requestId);
    expect(calls.cleared).toBe(1);
    expect(tracked.at(-1)).toEqual({ event: 'Sign Up Complete' });
  });

  it("a user's e-mail: checked when a person is made a user, again when opened unchecked; a taken one or a failed check blocks saving; a removed user keeps the person", async () => {
    const draft = completeDraft({ persons: { p1: person('p1', { sourceOfFunds: ['salary'], sourceDetails: { salary: 'x' }, isUser: true, accessRights: 2, emailState: 0 }), p2: person('p2') } });
    draft.root.directors.push('p2');
    const { actor, send, step, calls } = run({ ...draft, finished: ['generalForm', 'financialInfoForm', 'dueDilligenceForm', 'legalForm', 'directorsHub', 'shareholdersHub'] }, { emails: [1, 'fail'] });
    expect(step()).toBe('usersHub');
    send({ type: 'EDIT_PERSON', id: 'p2' });
    send({ type: 'NODE_CHANGE', field: 'isUser', value: true });
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(true);
    expect(actor.getSnapshot().context.node?.person?.accessRights).toBeNull(); // not the first user: rights to choose
    await settle();
    expect(actor.getSnapshot().context.node?.person?.emailState).toBe(1);
    send({ type: 'SAVE' });
    expect(actor.getSnapshot().hasTag('personForm')).toBe(true);
    send({ type: 'CANCEL' });
    expect(step()).toBe('usersHub');
    // Opened again with an unchecked e-mail: checked at once; a failed check (-1) blocks too.
    const stored = actor.getSnapshot().context.draft;
    expect(stored.persons.p2!.isUser).toBe(false);
    send({ type: 'REMOVE', role: 'user', parent: 'root', id: 'p1' });
    expect(actor.getSnapshot().context.draft.persons.p1).toMatchObject({ isUser: false, accessRights: null });
    const second = run(completeDraft({ persons: { p1: person('p1', { sourceOfFunds: ['salary'], sourceDetails: { salary: 'x' }, isUser: true, accessRights: 2, emailState: null }) } }), { emails: ['fail'] });
    second.send({ type: 'GOTO', step: 'usersHub' });
    second.send({ type: 'EDIT_PERSON', id: 'p1' });
    expect(second.actor.getSnapshot().hasTag('checkingEmail')).toBe(true);
    await settle();
    expect(second.actor.getSnapshot().context.node?.person?.emailState).toBe(-1);
    second.send({ type: 'SAVE' });
    expect(second.actor.getSnapshot().hasTag('personForm')).toBe(true);
    // Not a user any more: nothing to check; saved back to the users hub.
    second.send({ type: 'NODE_CHANGE', field: 'isUser', value: false });
    second.send({ type: 'SAVE' });
    expect(second.step()).toBe('usersHub');
    expect(calls.checkEmail).toEqual(['p2@acme.example']);
    expect(second.calls.checkEmail).toEqual(['p1@acme.example']);
  });

  it('"Make a user" opens the person already ticked as a user, with the rights a new user gets; an entered node opens with its problems shown (issue 45)', () => {
    const draft = completeDraft({ persons: { ...completeDraft().persons, p2: person('p2', { firstName: '' }) } });
    draft.root.directors.push('p2');
    const { actor, send } = run({ ...draft, finished: ['generalForm', 'financialInfoForm', 'dueDilligenceForm', 'legalForm', 'directorsHub', 'shareholdersHub'] });
    send({ type: 'EDIT_PERSON', id: 'p2', asUser: true });
    const node = () => actor.getSnapshot().context.node!;
    expect(node().person).toMatchObject({ isUser: true });
    expect(node().person!.accessRights).toBe(rightsWhenMadeUser(Object.values(actor.getSnapshot().context.draft.persons)));
    // Its missing first name is shown at once, not only after Save.
    expect(node().shown).toBe(true);
    send({ type: 'CANCEL' });
    // The draft is unchanged until saved; opened plainly, the person is not made a user.
    expect(actor.getSnapshot().context.draft.persons.p2!.isUser).toBe(false);
    send({ type: 'EDIT_PERSON', id: 'p2' });
    expect(node().person!.isUser).toBe(false);
  });

  it('someone already entered is linked in another role (a director who holds shares, as a company\'s director), never twice; not outside a hub', () => {
    const draft = completeDraft({ persons: { ...completeDraft().persons, p2: person('p2') } });
    draft.root.directors.push('p2');
    const { actor, send, saved } = run(draft);
    const root = () => actor.getSnapshot().context.draft.root;
    send({ type: 'LINK_PERSON', role: 'shareholder', parent: 'root', id: 'p2' });
    expect(root().shareholders).toHaveLength(1); // the summary is not a hub
    send({ type: 'GOTO', step: 'shareholdersHub' });
    expect(linkable(actor.getSnapshot().context.draft, 'shareholder', 'root')).toEqual(['p2']);
    send({ type: 'LINK_PERSON', role: 'shareholder', parent: 'root', id: 'p2' });
    expect(root().shareholders.at(-1)).toEqual({ kind: 'person', id: 'p2', share: '' });
    expect(saved.at(-1)!.root.shareholders).toHaveLength(2);
    send({ type: 'LINK_PERSON', role: 'shareholder', parent: 'root', id: 'p2' });
    send({ type: 'LINK_PERSON', role: 'director', parent: 'root', id: 'p1' });
    send({ type: 'LINK_PERSON', role: 'director', parent: 'root', id: 'ghost' });
    expect(root().shareholders).toHaveLength(2);
    expect(root().directors).toEqual(['p1', 'p2']);
    expect(linkable(actor.getSnapshot().context.draft, 'director', 'nobody')).toEqual([]);
  });

  it('a director opened from the directors hub goes back there (saved or cancelled); a person of the shareholders hub too', () => {
    const { send, step } = run(completeDraft());
    send({ type: 'GOTO', step: 'directorsHub' });
    send({ type: 'EDIT_PERSON', id: 'p1' });
    send({ type: 'CANCEL' });
    expect(step()).toBe('directorsHub');
    send({ type: 'EDIT_PERSON', id: 'p1' });
    send({ type: 'NODE_CHANGE', field: 'phone', value: '+49 30 999999' });
    send({ type: 'SAVE' });
    expect(step()).toBe('directorsHub');
    send({ type: 'REMOVE', role: 'director', parent: 'root', id: 'p1' });
    send({ type: 'GOTO', step: 'shareholdersHub' });
    send({ type: 'EDIT_PERSON', id: 'p1' });
    send({ type: 'SAVE' });
    expect(step()).toBe('shareholdersHub');
    send({ type: 'GOTO', step: 'usersHub' });
    send({ type: 'EDIT_PERSON', id: 'p1' });
    send({ type: 'SAVE' });
    expect(step()).toBe('usersHub');
  });

  expectFullCoverage(coverage);
});
