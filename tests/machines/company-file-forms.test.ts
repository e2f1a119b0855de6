// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { declarationSignFormMachine, dueDiligenceFormMachine, financialDetailFormMachine, representativeAddressFormMachine } from '@machines/company/company-file-forms';
import { QUESTIONS_FACT, STATES_FACT, companyFileMessages as m, representativeAddressMessages as r } from '@machines/company/company-file-messages';
import { addressMessages as a } from '@machines/verification/address-edit.machine';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const e = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });

/**
 * The company file's forms (issue 53): only valid values are sent; a refusal or a lost reply keeps
 * what was typed and the same values sent again keep their requestId (the file changes once); other
 * values are a new intent; a successful submit ends the form with the reply, and the section starts
 * a new one from what the service kept.
 */
describe('company file forms', () => {
  const financial = new Coverage(financialDetailFormMachine);
  const dueDiligence = new Coverage(dueDiligenceFormMachine);
  const signature = new Coverage(declarationSignFormMachine);
  const address = new Coverage(representativeAddressFormMachine);

  function start(machine: typeof financialDetailFormMachine, coverage: Coverage, values: FormValues, outcomes: ('ok' | FormFailure)[] = []) {
    const sent: { values: FormValues; requestId?: string }[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.shift() ?? 'ok';
            if (next !== 'ok') throw next;
            return { saved: true };
          }),
        },
      }),
      { input: { values }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const type = (changes: FormValues) => Object.entries(changes).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    return { actor, sent, type };
  }

  it('financial details: each list and choice required; a 500 keeps the choices and the retry keeps the requestId; other values are a new intent', async () => {
    const { actor, sent, type } = start(financialDetailFormMachine, financial, { sourcesOfFunds: '', purposesOfAccount: '', estimatedMonthlyDeposit: '', currencies: '', industry: '' }, [
      { message: { text: 'Server is not available' } },
      { fields: { industry: { text: 'Choose an industry from the list' } } },
    ]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({
      sourcesOfFunds: e(m.sourcesRequired),
      purposesOfAccount: e(m.purposesRequired),
      estimatedMonthlyDeposit: e(m.depositRequired),
      currencies: e(m.currenciesRequired),
      industry: e(m.industryRequired),
    });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    type({ sourcesOfFunds: 'salesRevenue\ninvestments', purposesOfAccount: 'payments', estimatedMonthlyDeposit: 'upTo10k', currencies: 'USD', industry: 'software' });
    expect(actor.getSnapshot().context.errors.industry).toBeUndefined();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'Server is not available' });
    expect(actor.getSnapshot().context.values.sourcesOfFunds).toBe('salesRevenue\ninvestments');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().context.errors).toEqual({ industry: { text: 'Choose an industry from the list' } });
    type({ industry: 'consulting' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.requestId).not.toBe(sent[1]!.requestId);
    expect(sent[2]!.values.industry).toBe('consulting');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ saved: true });
  });

  it('due diligence: the questions shown for the answers given, follow-ups included; a lost reply sent again once', async () => {
    const questions = JSON.stringify([
      { id: 'businessAnotherAccount', type: 'select', text: 'Another account?' },
      { id: 'volume', type: 'text', text: 'Volume' },
    ]);
    const { actor, sent, type } = start(dueDiligenceFormMachine, dueDiligence, { [QUESTIONS_FACT]: questions, businessAnotherAccount: '', volume: '' }, [{ message: { text: 'The connection was lost' } }]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ businessAnotherAccount: e(m.answerRequired), volume: e(m.answerRequired) });
    type({ businessAnotherAccount: 'true', volume: '100' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ businessAnotherAccountDetails: e(m.answerRequired) });
    type({ businessAnotherAccountDetails: 'At Bank B' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'The connection was lost' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a signature: the full name and the statement accepted; a refusal by field keeps them; success ends it', async () => {
    const { actor, sent, type } = start(declarationSignFormMachine, signature, { signedName: '', accepted: '' }, [{ fields: { signedName: { text: 'This statement is signed already' } } }]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ signedName: e(m.nameRequired), accepted: e(m.notAccepted) });
    type({ signedName: 'A', accepted: 'true' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ signedName: e(m.nameLength) });
    type({ signedName: 'Ana Pop' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({ signedName: { text: 'This statement is signed already' } });
    expect(actor.getSnapshot().context.values).toEqual({ signedName: 'Ana Pop', accepted: 'true' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent.map((s) => s.values.signedName)).toEqual(['Ana Pop', 'Ana Pop']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("the representative's address: the address, the proof's type and its file checked before sending; a 500 keeps them and the retry keeps the requestId", async () => {
    const empty = { address1: '', address2: '', city: '', postalCode: '', countryCode: '', stateCode: '', [STATES_FACT]: '', documentTypeId: '', fileName: '', fileType: '', fileSize: '' };
    const { actor, sent, type } = start(representativeAddressFormMachine, address, empty, [{ message: { text: 'Server is not available' } }]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({
      address1: { descriptor: a.address1Required },
      city: { descriptor: a.cityRequired },
      postalCode: { descriptor: a.postalCodeRequired },
      countryCode: { descriptor: a.countryRequired },
      documentTypeId: { descriptor: r.proofTypeRequired },
      file: { descriptor: r.proofRequired },
    });
    type({ address1: 'Strada Academiei 35', city: 'Bucharest', postalCode: '010013', countryCode: 'US', [STATES_FACT]: 'CA\nNY', documentTypeId: '20', fileName: 'bill.gif', fileType: 'image/gif', fileSize: '100' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ stateCode: { descriptor: a.stateRequired }, file: { descriptor: r.proofType } });
    type({ stateCode: 'NY', fileName: 'bill.pdf', fileType: 'application/pdf', fileSize: '10000001' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ file: { descriptor: r.proofSize } });
    type({ fileSize: '0' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ file: { descriptor: r.proofEmpty } });
    expect(sent).toEqual([]);
    type({ fileSize: '10000000' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'Server is not available' });
    expect(actor.getSnapshot().context.values.address1).toBe('Strada Academiei 35');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('covers every state and transition of each form', () => {
    expectFullCoverage(financial);
    expectFullCoverage(dueDiligence);
    expectFullCoverage(signature);
    expectFullCoverage(address);
  });
});
