// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { contractCreateFlowMessages, contractCreateMachine, type ContractDraft, type Counterparty } from '@machines/contracts/contract-create.machine';
import { contractCreateMessages } from '@machines/contracts/contract-create.form';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const TODAY = '2026-12-01';
const MIA: Counterparty = { id: 502, type: 'PERSONAL', email: 'mia@example.com' };
const AURORA = { id: 7, title: 'Aurora Media', logo: null };
type Outcome<T> = { ok: T } | { throws: unknown };

/**
 * /revenue-split/new (issue 59): four steps whose values survive Back, failures and a reload (the
 * draft), each step's own check, the whole payload checked before verify, verify's no said, one
 * PUT per requestId (sent again after a failure with the same one; a change makes a new one).
 */
describe('contract create statechart (issue 59)', () => {
  const coverage = new Coverage(contractCreateMachine);

  function run(options: { draft?: ContractDraft; lookup?: Outcome<Counterparty>[]; verify?: Outcome<boolean>[]; create?: Outcome<number>[] } = {}) {
    const calls: { lookup: string[]; verify: unknown[]; create: { body: Record<string, unknown>; requestId: string }[] } = { lookup: [], verify: [], create: [] };
    const drafts: ContractDraft[] = [];
    const created: number[] = [];
    const next = <T>(list: Outcome<T>[] | undefined, fallback: T): T => {
      const outcome = list?.shift() ?? { ok: fallback };
      if ('throws' in outcome) throw outcome.throws;
      return outcome.ok;
    };
    const actor = createActor(
      contractCreateMachine.provide({
        actors: {
          lookup: fromPromise(async ({ input }) => {
            calls.lookup.push(input.email);
            return next(options.lookup, MIA);
          }),
          verify: fromPromise(async ({ input }) => {
            calls.verify.push(input);
            return next(options.verify, true);
          }),
          create: fromPromise(async ({ input }) => {
            calls.create.push(input);
            return next(options.create, 901);
          }),
        },
        actions: {
          saveDraft: (_, draft) => void drafts.push(draft),
          created: (_, { id }) => void created.push(id),
        },
      }),
      { input: { ownId: 501, today: TODAY, draft: options.draft ?? null }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const snapshot = () => actor.getSnapshot();
    return {
      actor,
      calls,
      drafts,
      created,
      send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
      value: () => snapshot().value,
      context: () => snapshot().context,
    };
  }

  const terms = (send: (event: { type: 'CHANGE'; name: string; value: string }) => void) => {
    for (const [name, value] of Object.entries({ ownSigner: 'Ana Demo', ownObligations: 'Pays monthly', otherSigner: 'Mia Rossi', otherObligations: 'Streams', percentage: '12,5', activeFrom: TODAY })) send({ type: 'CHANGE', name, value });
  };

  it('starts at the party step, or where a draft left off with its values', () => {
    expect(run().value()).toEqual({ party: 'editing' });
    for (const step of ['company', 'terms', 'review'] as const) {
      const { value, context } = run({ draft: { step, values: { percentage: '7' }, counterparty: MIA, company: AURORA } });
      expect(value()).toEqual(step === 'review' ? { review: 'idle' } : step);
      expect(context()).toMatchObject({ values: { percentage: '7', direction: 'PAY' }, counterparty: MIA, company: AURORA });
    }
  });

  it('the party: an e-mail is needed to look up; a 404 says why; found, Next goes on; a new e-mail forgets the party found', async () => {
    const { send, value, context, calls } = run({ lookup: [{ throws: { text: 'There is no customer with this e-mail' } }, { ok: MIA }] });
    send({ type: 'LOOKUP' });
    expect(context().errors.email).toEqual({ descriptor: contractCreateFlowMessages.findFirst });
    send({ type: 'NEXT' });
    expect(context().errors).toMatchObject({ counterparty: { descriptor: contractCreateMessages.counterpartyRequired } });
    expect(value()).toEqual({ party: 'editing' });
    send({ type: 'CHANGE', name: 'email', value: ' Nobody@example.com ' });
    send({ type: 'LOOKUP' });
    expect(value()).toEqual({ party: 'lookingUp' });
    expect(context().errors.email).toBeUndefined();
    await settle();
    expect(context()).toMatchObject({ counterparty: null, errors: { email: { text: 'There is no customer with this e-mail' } } });
    send({ type: 'CHANGE', name: 'email', value: 'Mia@example.com' });
    send({ type: 'LOOKUP' });
    await settle();
    expect(calls.lookup).toEqual(['Nobody@example.com', 'Mia@example.com']);
    expect(context().counterparty).toEqual({ ...MIA, email: 'mia@example.com' });
    send({ type: 'CHANGE', name: 'email', value: 'MIA@example.com ' });
    expect(context().counterparty).not.toBeNull();
    send({ type: 'CHANGE', name: 'email', value: 'luca@example.com' });
    expect(context().counterparty).toBeNull();
    send({ type: 'CHANGE', name: 'email', value: 'mia@example.com' });
    send({ type: 'LOOKUP' });
    await settle();
    send({ type: 'NEXT' });
    expect(value()).toBe('company');
  });

  it('the company: Next needs one; a new party found drops the company chosen for the last one', async () => {
    const { send, value, context } = run({ draft: { step: 'company', values: { email: 'mia@example.com' }, counterparty: MIA, company: null }, lookup: [{ ok: MIA }, { ok: { id: 503, type: 'BUSINESS', email: 'x' } }] });
    send({ type: 'NEXT' });
    expect(context().errors).toEqual({ companyId: { descriptor: contractCreateMessages.companyRequired } });
    send({ type: 'CHOOSE_COMPANY', company: AURORA });
    expect(context().errors).toEqual({});
    send({ type: 'BACK' });
    expect(value()).toEqual({ party: 'editing' });
    send({ type: 'LOOKUP' });
    await settle();
    expect(context().company).toEqual(AURORA); // the same party again
    send({ type: 'CHANGE', name: 'email', value: 'luca@example.com' });
    send({ type: 'LOOKUP' });
    await settle();
    expect(context().company).toBeNull();
  });

  it('the terms: each problem on its field; Back and Next keep every value; the review checks the whole', () => {
    const { send, value, context, drafts } = run({ draft: { step: 'terms', values: {}, counterparty: MIA, company: AURORA } });
    send({ type: 'NEXT' });
    expect(Object.keys(context().errors).sort()).toEqual(['activeFrom', 'otherObligations', 'otherSigner', 'ownObligations', 'ownSigner', 'percentage']);
    const attempts = context().attempts;
    terms(send);
    expect(context().errors).toEqual({});
    send({ type: 'BACK' });
    expect(value()).toBe('company');
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    expect(value()).toEqual({ review: 'idle' });
    expect(context().values).toMatchObject({ ownSigner: 'Ana Demo', percentage: '12,5' });
    expect(context().attempts).toBe(attempts);
    expect(drafts.at(-1)).toMatchObject({ step: 'review', values: { ownSigner: 'Ana Demo' }, counterparty: MIA, company: AURORA });
    send({ type: 'GO', step: 'party' });
    expect(value()).toEqual({ party: 'editing' });
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    send({ type: 'GO', step: 'company' });
    expect(value()).toBe('company');
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    send({ type: 'GO', step: 'terms' });
    expect(value()).toBe('terms');
    send({ type: 'NEXT' });
    send({ type: 'BACK' });
    expect(value()).toBe('terms');
  });

  it('submit: a payload problem stays on the review; verify says no; a failed PUT keeps the values and its requestId; sent again, once more with the same; done opens it', async () => {
    const draft: ContractDraft = { step: 'review', values: { ownSigner: 'Ana Demo', ownObligations: 'Pays', otherSigner: 'Mia Rossi', otherObligations: 'Streams', percentage: '0', activeFrom: TODAY }, counterparty: MIA, company: AURORA };
    const { send, value, context, calls, created } = run({
      draft,
      verify: [{ ok: false }, { throws: { text: 'Too many requests' } }, { ok: true }, { ok: true }, { ok: true }],
      create: [{ throws: { message: { text: 'The service is not available' } } }, { throws: { fields: { percentage: { text: 'Too high' } } } }, { ok: 901 }],
    });
    send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ percentage: { descriptor: contractCreateMessages.percentageWrong } });
    expect(calls.verify).toEqual([]);
    send({ type: 'CHANGE', name: 'percentage', value: '30' });
    send({ type: 'SUBMIT' });
    expect(value()).toEqual({ review: 'verifying' });
    expect(context().requestId).toMatch(/^[0-9a-f-]{36}$/);
    await settle();
    expect(context().error).toEqual({ descriptor: contractCreateFlowMessages.notAllowed });
    expect(calls.create).toEqual([]);
    send({ type: 'SUBMIT' });
    await settle();
    expect(context().error).toEqual({ text: 'Too many requests' });
    send({ type: 'SUBMIT' });
    send({ type: 'SUBMIT' }); // taken only once
    await settle();
    expect(context().error).toEqual({ text: 'The service is not available' });
    expect(calls.create).toHaveLength(1);
    const first = calls.create[0]!;
    expect(first.body).toMatchObject({ companyId: 7, senderId: 501, beneficiaryId: 502, percentage: '30', requestId: first.requestId });
    send({ type: 'SUBMIT' });
    await settle();
    expect(context().errors).toEqual({ percentage: { text: 'Too high' } });
    expect(calls.create[1]!.requestId).toBe(first.requestId);
    send({ type: 'CHANGE', name: 'percentage', value: '25' });
    expect(context().requestId).toBeNull();
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.create[2]!.requestId).not.toBe(first.requestId);
    expect(value()).toBe('done');
    expect(created).toEqual([901]);
  });

  it('receiving: the other party is the sender', async () => {
    const { send, calls } = run({ draft: { step: 'review', values: { direction: 'RECEIVE', ownSigner: 'Ana', ownObligations: 'Streams', otherSigner: 'Mia', otherObligations: 'Pays', percentage: '10', activeFrom: TODAY }, counterparty: MIA, company: AURORA } });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.create[0]!.body).toMatchObject({ senderId: 502, senderSignerName: 'Mia', beneficiaryId: 501, beneficiaryObligations: ['Streams'] });
  });

  expectFullCoverage(coverage);
});
