// @vitest-environment node
import { contractCreateErrors, contractCreateMessages } from '@machines/contracts/contract-create.form';
import {
  contractCreateProblems,
  CREATE_PROBLEMS,
  INT32_MAX,
  isDay,
  obligationsOf,
  percentageOf,
  toContractCreate,
} from '@machines/contracts/contract-create.rules';

/** PUT /contract's body (000 s3, s5; issue 59): every rule at its edges, and the form's values mapped onto it by the direction. */
const TODAY = '2026-12-01';
const valid = {
  companyId: 7,
  senderId: 501,
  senderSignerName: 'Ana Demo',
  senderObligations: ['Pays the share monthly'],
  beneficiaryId: 502,
  beneficiarySignerName: 'Mia Rossi',
  beneficiaryObligations: ['Streams twice a week'],
  activeFrom: TODAY,
  percentage: '12.5',
  note: 'Spring season',
};
const problems = (over: Record<string, unknown>) => contractCreateProblems({ ...valid, ...over }, TODAY);

describe('the create payload (contractCreateProblems)', () => {
  it('a valid body has no problem; the note may be left out', () => {
    expect(problems({})).toEqual({});
    const { note: _note, ...withoutNote } = valid;
    expect(contractCreateProblems(withoutNote, TODAY)).toEqual({});
  });

  it.each([
    [INT32_MAX, {}],
    [INT32_MAX + 1, { companyId: 'companyRequired' }],
    [0, { companyId: 'companyRequired' }],
    [-1, { companyId: 'companyRequired' }],
    [1, {}],
    [1.5, { companyId: 'companyRequired' }],
    [null, { companyId: 'companyRequired' }],
    ['7', { companyId: 'companyRequired' }],
  ])('companyId %s → %j', (companyId, expected) => expect(problems({ companyId })).toEqual(expected));

  it.each([
    [{ senderId: INT32_MAX }, {}],
    [{ senderId: INT32_MAX + 1 }, { senderId: 'counterpartyRequired' }],
    [{ beneficiaryId: 0 }, { beneficiaryId: 'counterpartyRequired' }],
    [{ beneficiaryId: null }, { beneficiaryId: 'counterpartyRequired' }],
    [{ beneficiaryId: 501 }, { beneficiaryId: 'sameParty' }],
  ])('parties %j → %j', (over, expected) => expect(problems(over)).toEqual(expected));

  it.each([
    ['a'.repeat(256), {}],
    ['a'.repeat(257), { senderSignerName: 'signerTooLong' }],
    [`  ${'a'.repeat(256)}  `, {}],
    ['', { senderSignerName: 'signerRequired' }],
    ['   ', { senderSignerName: 'signerRequired' }],
    [undefined, { senderSignerName: 'signerRequired' }],
  ])('senderSignerName of %j → %j', (senderSignerName, expected) => expect(problems({ senderSignerName })).toEqual(expected));

  it('beneficiarySignerName the same way', () => {
    expect(problems({ beneficiarySignerName: 'b'.repeat(257) })).toEqual({ beneficiarySignerName: 'signerTooLong' });
    expect(problems({ beneficiarySignerName: '' })).toEqual({ beneficiarySignerName: 'signerRequired' });
  });

  it.each([
    [[], { senderObligations: 'obligationsRequired' }],
    [[''], { senderObligations: 'obligationsRequired' }],
    [['ok', '  '], { senderObligations: 'obligationsRequired' }],
    [['x'.repeat(500)], {}],
    [['x'.repeat(501)], { senderObligations: 'obligationTooLong' }],
    [Array.from({ length: 20 }, (_, i) => `Duty ${i}`), {}],
    [Array.from({ length: 21 }, (_, i) => `Duty ${i}`), { senderObligations: 'obligationsTooMany' }],
    ['Pays', { senderObligations: 'obligationsRequired' }],
  ])('senderObligations %j → %j', (senderObligations, expected) => expect(problems({ senderObligations })).toEqual(expected));

  it('beneficiaryObligations need one too', () => expect(problems({ beneficiaryObligations: [] })).toEqual({ beneficiaryObligations: 'obligationsRequired' }));

  it.each([
    ['0', { percentage: 'percentageWrong' }],
    ['0.00', { percentage: 'percentageWrong' }],
    ['0.01', {}],
    ['100', {}],
    ['100.00', {}],
    ['100.01', { percentage: 'percentageWrong' }],
    ['12.345', { percentage: 'percentageWrong' }],
    ['12,5', { percentage: 'percentageWrong' }],
    ['-5', { percentage: 'percentageWrong' }],
    ['', { percentage: 'percentageWrong' }],
    [12.5, { percentage: 'percentageWrong' }],
  ])('percentage %j → %j', (percentage, expected) => expect(problems({ percentage })).toEqual(expected));

  it.each([
    [TODAY, {}],
    ['2026-12-02', {}],
    ['2026-11-30', { activeFrom: 'activeFromPast' }],
    ['2026-02-30', { activeFrom: 'activeFromRequired' }],
    ['', { activeFrom: 'activeFromRequired' }],
    ['01/12/2026', { activeFrom: 'activeFromRequired' }],
    [undefined, { activeFrom: 'activeFromRequired' }],
  ])('activeFrom %j → %j', (activeFrom, expected) => expect(problems({ activeFrom })).toEqual(expected));

  it.each([
    ['n'.repeat(1000), {}],
    ['n'.repeat(1001), { note: 'noteTooLong' }],
    ['', {}],
  ])('note of %#', (note, expected) => expect(problems({ note })).toEqual(expected));

  it('every problem has its words', () => {
    for (const problem of CREATE_PROBLEMS) expect(contractCreateMessages[problem]).toBeDefined();
  });
});

describe('days, shares and obligations as typed', () => {
  it.each([
    ['2026-12-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['', false],
  ])('isDay(%j) → %s', (text, day) => expect(isDay(text)).toBe(day));

  it.each([
    ['12,5', '12.5'],
    [' 33.33 ', '33.33'],
    ['100', '100'],
    ['1,2,3', '1,2,3'],
  ])('percentageOf(%j) → %j', (text, share) => expect(percentageOf(text)).toBe(share));

  it('obligations: one a line, blank lines and spaces left out', () => {
    expect(obligationsOf('  Pays monthly \n\n\r\nReports sales  \n')).toEqual(['Pays monthly', 'Reports sales']);
    expect(obligationsOf('   ')).toEqual([]);
  });
});

describe('the form onto the body (toContractCreate, contractCreateErrors)', () => {
  const form = { direction: 'PAY', ownSigner: 'Ana Demo', ownObligations: 'Pays monthly', otherSigner: 'Mia Rossi', otherObligations: 'Streams\nPromotes', activeFrom: TODAY, percentage: '12,5', note: '  ' };
  const parties = { own: 501, other: 502, companyId: 7 };

  it('paying: the creator is the sender; receiving: the beneficiary; the share with a point; a blank note left out', () => {
    expect(toContractCreate(form, parties)).toEqual({
      companyId: 7,
      senderId: 501,
      senderSignerName: 'Ana Demo',
      senderObligations: ['Pays monthly'],
      beneficiaryId: 502,
      beneficiarySignerName: 'Mia Rossi',
      beneficiaryObligations: ['Streams', 'Promotes'],
      activeFrom: TODAY,
      percentage: '12.5',
    });
    expect(toContractCreate({ ...form, direction: 'RECEIVE', note: ' Hi ' }, parties)).toMatchObject({
      senderId: 502,
      senderSignerName: 'Mia Rossi',
      senderObligations: ['Streams', 'Promotes'],
      beneficiaryId: 501,
      beneficiarySignerName: 'Ana Demo',
      note: 'Hi',
    });
  });

  it('the problems land on the form fields of the side they are about', () => {
    expect(contractCreateErrors(form, parties, TODAY)).toEqual({});
    expect(contractCreateErrors({ ...form, otherSigner: '' }, parties, TODAY)).toEqual({ otherSigner: { descriptor: contractCreateMessages.signerRequired } });
    expect(contractCreateErrors({ ...form, direction: 'RECEIVE', otherSigner: '' }, parties, TODAY)).toEqual({ otherSigner: { descriptor: contractCreateMessages.signerRequired } });
    expect(contractCreateErrors({ ...form, ownObligations: '\n' }, parties, TODAY)).toEqual({ ownObligations: { descriptor: contractCreateMessages.obligationsRequired } });
    expect(contractCreateErrors({ ...form, direction: 'RECEIVE', ownObligations: '' }, parties, TODAY)).toEqual({ ownObligations: { descriptor: contractCreateMessages.obligationsRequired } });
    expect(contractCreateErrors(form, { ...parties, other: null, companyId: null }, TODAY)).toEqual({
      companyId: { descriptor: contractCreateMessages.companyRequired },
      counterparty: { descriptor: contractCreateMessages.counterpartyRequired },
    });
    expect(contractCreateErrors(form, { ...parties, other: 501 }, TODAY)).toEqual({ counterparty: { descriptor: contractCreateMessages.sameParty } });
    expect(contractCreateErrors({ ...form, percentage: '0', activeFrom: '2026-11-01', note: 'x'.repeat(1001) }, parties, TODAY)).toEqual({
      percentage: { descriptor: contractCreateMessages.percentageWrong },
      activeFrom: { descriptor: contractCreateMessages.activeFromPast },
      note: { descriptor: contractCreateMessages.noteTooLong },
    });
  });
});
