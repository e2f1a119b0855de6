// @vitest-environment node
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { dueDiligenceProblems, kycMachine, kycStep, type KycEvent, type KycLoaded, type KycUploadInput } from '@machines/verification/kyc.machine';
import type { DueDiligenceDocument, KycCustomerInfo, KycLists, KycQuestionValues, KycRequest, KycStepKind, PersonalInfoPayload } from '@machines/verification/kyc.rules';
import { Coverage, expectFullCoverage } from './coverage';

/**
 * The KYC wizard (spec 002 s2 /kyc, s7), walked through every state and transition:
 * loading and its failure, nothing to do, each step (questions, personal data, due diligence
 * uploads, the identity check done elsewhere), refusals, BACK with the values kept, finishing
 * with steps left or a failure, and done.
 */
const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const TODAY = '2026-11-24';
const lists: KycLists = {
  occupations: [{ id: 'employee', name: 'Employee' }],
  sourcesOfFunds: [{ id: 'salary', name: 'Salary' }],
  purposesOfAccount: [{ id: 'savings', name: 'Savings' }],
  estimatedMonthlyDeposits: [{ id: 'upTo1k', name: 'Up to 1,000 USD' }],
};
const info: KycCustomerInfo = {
  firstName: 'Ana',
  lastName: 'Demo',
  birthDay: '1990-04-12',
  residenceCountryCode: 'RO',
  address: { countryCode: 'RO', stateCode: null, city: 'Bucharest', street: 'Strada Lipscani 12', postalCode: '030031' },
  occupationId: null,
  sourceOfFundsId: null,
  purposeOfAccountId: null,
  estimatedMonthlyDepositId: null,
};
const request = (steps: [KycStepKind, boolean][], status: KycRequest['status'] = 'open'): KycRequest => ({
  id: 7,
  status,
  steps: steps.map(([kind, done]) => ({ kind, done })),
  dueDiligenceLevel: 1,
  comment: null,
});
const docs = (...ids: number[]): DueDiligenceDocument[] => ids.map((documentTypeId) => ({ documentTypeId, name: `Document ${documentTypeId}`, required: true, statusId: null }));
const loaded = (req: KycRequest | null, documents: DueDiligenceDocument[] = []): KycLoaded => ({ request: req, info, documents, lists });
const pdf = (name: string, size = 2048) => ({ name, type: 'application/pdf', size });

type Outcome<T> = { ok: T } | { fail: unknown };
type UploadScript = 'ok' | 'fail' | 'hang';

describe('KYC statechart (002 s2, s7)', () => {
  const coverage = new Coverage(kycMachine);

  function run(script: { load: Outcome<KycLoaded>[]; read?: Outcome<KycRequest | null>[]; questions?: Outcome<unknown>[]; personal?: Outcome<unknown>[]; uploads?: UploadScript[] }) {
    const sent = { questions: [] as KycQuestionValues[], personal: [] as PersonalInfoPayload[], uploads: [] as { input: KycUploadInput; aborted: boolean }[] };
    let done = 0;
    const next = <T>(queue: Outcome<T>[] | undefined): Promise<T> => {
      const outcome = queue?.shift();
      if (!outcome) return new Promise<T>(() => {});
      return 'ok' in outcome ? Promise.resolve(outcome.ok) : Promise.reject(outcome.fail);
    };
    const actor = createActor(
      kycMachine.provide({
        actors: {
          load: fromPromise<KycLoaded>(() => next(script.load)),
          readRequest: fromPromise<KycRequest | null>(() => next(script.read)),
          saveQuestions: fromPromise<unknown, KycQuestionValues>(({ input }) => {
            sent.questions.push(input);
            return next(script.questions);
          }),
          savePersonalInfo: fromPromise<unknown, PersonalInfoPayload>(({ input }) => {
            sent.personal.push(input);
            return next(script.personal);
          }),
          upload: fromCallback<KycEvent, KycUploadInput>(({ sendBack, input }) => {
            const call = { input, aborted: false };
            sent.uploads.push(call);
            const step = script.uploads?.shift() ?? 'hang';
            const timer = setTimeout(() => {
              if (step === 'hang') return;
              sendBack({ type: 'PROGRESS', percent: 57.6 });
              sendBack(step === 'ok' ? { type: 'UPLOADED', documentId: 9500 + sent.uploads.length } : { type: 'UPLOAD_FAILED', error: { message: { text: 'The upload was interrupted' } } });
            }, 0);
            return () => {
              clearTimeout(timer);
              call.aborted = true;
            };
          }),
        },
        actions: { kycDone: () => void (done += 1) },
      }),
      { input: { today: TODAY }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const send = (event: KycEvent) => actor.send(event);
    const snap = () => actor.getSnapshot();
    return { actor, send, snap, sent, done: () => done };
  }

  it('a load failure offers a retry; no open request: nothing to do, the page moves on', async () => {
    const { snap, send, done } = run({ load: [{ fail: { text: 'The service is not available' } }, { ok: loaded(request([['questions', false]], 'submitted')) }] });
    await settle();
    expect(snap().hasTag('loadFailed')).toBe(true);
    expect(snap().context.failure).toEqual({ text: 'The service is not available' });
    send({ type: 'RETRY' });
    expect(snap().hasTag('loading')).toBe(true);
    expect(snap().context.failure).toBeNull();
    await settle();
    expect(snap().hasTag('done')).toBe(true);
    expect(snap().hasTag('nothingToDo')).toBe(true);
    expect(kycStep(snap())).toBeNull();
    expect(done()).toBe(1);
  });

  it('questions, then personal data, then due diligence: each checked, refused by param, BACK keeping values; uploads one by one; finishing reads the request: done', async () => {
    const req = request([
      ['questions', false],
      ['personalInfo', false],
      ['dueDiligence', false],
    ]);
    const { snap, send, sent, done } = run({
      load: [{ ok: loaded(req, docs(110, 112)) }],
      questions: [{ fail: { fields: { occupationId: { text: 'Choose one of the occupations' } }, message: { text: 'Choose one of the occupations' } } }, { ok: {} }, { ok: {} }],
      personal: [{ fail: { message: { text: 'The service is busy' } } }, { ok: {} }],
      uploads: ['fail', 'ok', 'ok'],
      read: [
        {
          ok: request(
            [
              ['questions', true],
              ['personalInfo', true],
              ['dueDiligence', true],
            ],
            'submitted',
          ),
        },
      ],
    });
    await settle();
    expect(snap().hasTag('step:questions')).toBe(true);
    expect(snap().context.steps).toEqual(['questions', 'personalInfo', 'dueDiligence']);
    expect(kycStep(snap())).toBe('questions');
    expect(snap().context.personal.firstName).toBe('Ana');

    // Nothing answered: refused before anything is sent.
    send({ type: 'SUBMIT' });
    expect(snap().context.shown).toBe(true);
    expect(snap().context.attempts).toBe(1);
    expect(sent.questions).toEqual([]);
    // The first step has no previous one.
    send({ type: 'BACK' });
    expect(kycStep(snap())).toBe('questions');
    send({ type: 'CHANGE_QUESTION', field: 'occupationId', value: 'employee' });
    send({ type: 'CHANGE_QUESTION', field: 'sourceOfFundsId', value: 'salary' });
    send({ type: 'CHANGE_QUESTION', field: 'purposeOfAccountId', value: 'savings' });
    send({ type: 'CHANGE_QUESTION', field: 'estimatedMonthlyDepositId', value: 'upTo1k' });
    send({ type: 'SUBMIT' });
    expect(snap().hasTag('busy')).toBe(true);
    await settle();
    // Refused by param: on the field, the values kept, no form message besides.
    expect(snap().hasTag('step:questions')).toBe(true);
    expect(snap().context.serverErrors).toEqual({ occupationId: { text: 'Choose one of the occupations' } });
    expect(snap().context.failure).toBeNull();
    expect(snap().context.questions.occupationId).toBe('employee');
    send({ type: 'CHANGE_QUESTION', field: 'occupationId', value: 'employee' });
    expect(snap().context.serverErrors).toEqual({});
    send({ type: 'SUBMIT' });
    await settle();
    expect(sent.questions).toHaveLength(2);
    expect(sent.questions[1]).toEqual({ occupationId: 'employee', sourceOfFundsId: 'salary', purposeOfAccountId: 'savings', estimatedMonthlyDepositId: 'upTo1k' });

    // Step 2: the personal data, prefilled.
    expect(snap().hasTag('step:personalInfo')).toBe(true);
    expect(snap().context.index).toBe(1);
    expect(snap().context.shown).toBe(false);
    send({ type: 'STATES', codes: [] });
    send({ type: 'CHANGE_PERSONAL', field: 'birthDay', value: '2010-01-01' });
    send({ type: 'SUBMIT' });
    expect(snap().context.shown).toBe(true);
    expect(sent.personal).toEqual([]);
    // BACK keeps what was typed on both steps.
    send({ type: 'BACK' });
    expect(snap().hasTag('step:questions')).toBe(true);
    expect(snap().context.questions.sourceOfFundsId).toBe('salary');
    send({ type: 'SUBMIT' });
    await settle();
    expect(snap().hasTag('step:personalInfo')).toBe(true);
    expect(snap().context.personal.birthDay).toBe('2010-01-01');
    send({ type: 'CHANGE_PERSONAL', field: 'birthDay', value: '1990-04-12' });
    send({ type: 'SUBMIT' });
    await settle();
    // A failure without fields: its message, the values kept.
    expect(snap().hasTag('step:personalInfo')).toBe(true);
    expect(snap().context.failure).toEqual({ text: 'The service is busy' });
    expect(snap().context.personal.birthDay).toBe('1990-04-12');
    send({ type: 'SUBMIT' });
    await settle();
    expect(sent.personal.at(-1)).toMatchObject({ firstName: 'Ana', birthDay: '1990-04-12', address: { countryCode: 'RO', stateCode: null, city: 'Bucharest' } });

    // Step 3: due diligence, two documents.
    expect(snap().hasTag('step:dueDiligence')).toBe(true);
    send({ type: 'SUBMIT' });
    expect(Object.keys(dueDiligenceProblems(snap().context))).toEqual(['110', '112']);
    expect(sent.uploads).toEqual([]);
    send({ type: 'CHOOSE_FILE', documentTypeId: 999, file: pdf('not-asked.pdf') }); // not asked for
    send({ type: 'CHOOSE_FILE', documentTypeId: 110, file: pdf('payslip.pdf') });
    send({ type: 'CHOOSE_FILE', documentTypeId: 112, file: { name: 'notes.txt', type: 'text/plain', size: 10 } });
    expect(Object.keys(snap().context.files)).toEqual(['110', '112']);
    send({ type: 'SUBMIT' });
    expect(Object.keys(dueDiligenceProblems(snap().context))).toEqual(['112']);
    send({ type: 'REMOVE_FILE', documentTypeId: 112 });
    send({ type: 'CHOOSE_FILE', documentTypeId: 112, file: pdf('savings.pdf') });
    send({ type: 'SUBMIT' });
    expect(snap().hasTag('uploading')).toBe(true);
    expect(snap().context.uploading).toBe(110);
    await settle();
    // The first fails: the files kept, its message.
    expect(snap().hasTag('uploading')).toBe(false);
    expect(snap().context.failure).toEqual({ text: 'The upload was interrupted' });
    expect(Object.keys(snap().context.files)).toEqual(['110', '112']);
    send({ type: 'SUBMIT' });
    await settle(12);
    expect(sent.uploads.map((u) => [u.input.documentTypeId, u.input.file.name])).toEqual([
      [110, 'payslip.pdf'],
      [110, 'payslip.pdf'],
      [112, 'savings.pdf'],
    ]);
    // After the last step: the request read again, nothing left: done.
    expect(snap().hasTag('done')).toBe(true);
    expect(snap().hasTag('nothingToDo')).toBe(false);
    expect(snap().context.documents.map((d) => d.statusId)).toEqual([0, 0]);
    expect(snap().status).toBe('done');
    expect(done()).toBe(1);
  });

  it('an upload shows its progress and can be cancelled (aborted, files kept); all given already: straight on; BACK from due diligence', async () => {
    const { snap, send, sent } = run({
      load: [
        {
          ok: loaded(
            request([
              ['questions', true],
              ['personalInfo', false],
              ['dueDiligence', false],
            ]),
            docs(110),
          ),
        },
      ],
      personal: [{ ok: {} }, { ok: {} }],
      uploads: ['hang', 'ok'],
      read: [],
    });
    await settle();
    expect(snap().context.steps).toEqual(['personalInfo', 'dueDiligence']);
    send({ type: 'SUBMIT' });
    await settle();
    expect(snap().hasTag('step:dueDiligence')).toBe(true);
    send({ type: 'CHOOSE_FILE', documentTypeId: 110, file: pdf('payslip.pdf') });
    send({ type: 'SUBMIT' });
    send({ type: 'PROGRESS', percent: 42.4 });
    expect(snap().context.progress).toBe(42);
    send({ type: 'PROGRESS', percent: 140 });
    expect(snap().context.progress).toBe(100);
    send({ type: 'CANCEL' });
    await settle();
    expect(snap().hasTag('step:dueDiligence')).toBe(true);
    expect(sent.uploads[0]!.aborted).toBe(true);
    expect(Object.keys(snap().context.files)).toEqual(['110']);
    // BACK to the personal data and forward again.
    send({ type: 'BACK' });
    expect(snap().hasTag('step:personalInfo')).toBe(true);
    send({ type: 'SUBMIT' });
    await settle();
    send({ type: 'SUBMIT' });
    await settle();
    // Given now: finishing (the request read, still waiting).
    expect(snap().hasTag('finishing')).toBe(true);
    expect(snap().hasTag('busy')).toBe(true);
  });

  it('due diligence already given: SUBMIT goes on; the identity check is done elsewhere: REFRESH reads the request, steps left shown again; a failed read offers a retry', async () => {
    const given = docs(110).map((d) => ({ ...d, statusId: 0 }));
    const { snap, send, done } = run({
      load: [
        {
          ok: loaded(
            request([
              ['dueDiligence', false],
              ['identity', false],
            ]),
            given,
          ),
        },
      ],
      read: [
        {
          ok: request([
            ['dueDiligence', true],
            ['identity', false],
          ]),
        },
        { fail: new Error('offline') },
        {
          ok: request(
            [
              ['dueDiligence', true],
              ['identity', true],
            ],
            'submitted',
          ),
        },
      ],
    });
    await settle();
    expect(snap().hasTag('step:dueDiligence')).toBe(true);
    send({ type: 'SUBMIT' });
    expect(snap().hasTag('step:identity')).toBe(true);
    expect(kycStep(snap())).toBe('identity');
    send({ type: 'BACK' });
    expect(snap().hasTag('step:dueDiligence')).toBe(true);
    send({ type: 'SUBMIT' });
    send({ type: 'REFRESH' });
    expect(snap().hasTag('finishing')).toBe(true);
    await settle();
    // Still waiting for the provider: only the identity step left.
    expect(snap().context.steps).toEqual(['identity']);
    expect(snap().hasTag('step:identity')).toBe(true);
    send({ type: 'REFRESH' });
    await settle();
    expect(snap().hasTag('finishFailed')).toBe(true);
    expect(snap().context.failure).toEqual({ descriptor: expect.anything() });
    send({ type: 'RETRY' });
    await settle();
    expect(snap().hasTag('done')).toBe(true);
    expect(done()).toBe(1);
  });

  it('in the request’s order: the questions after the personal data, BACK from them', async () => {
    const { snap, send } = run({
      load: [
        {
          ok: loaded(
            request([
              ['personalInfo', false],
              ['questions', false],
            ]),
          ),
        },
      ],
      personal: [{ ok: {} }],
    });
    await settle();
    expect(snap().hasTag('step:personalInfo')).toBe(true);
    send({ type: 'SUBMIT' });
    await settle();
    expect(snap().hasTag('step:questions')).toBe(true);
    send({ type: 'BACK' });
    expect(snap().hasTag('step:personalInfo')).toBe(true);
    expect(snap().context.index).toBe(0);
  });

  expectFullCoverage(coverage);
});
