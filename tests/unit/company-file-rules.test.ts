// @vitest-environment node
import {
  ADULT_DECLARATIONS,
  COMPANY_SECTIONS,
  DOCUMENT_SET_STATUS,
  companyActions,
  declarationsShown,
  documentSetStatus,
  limitedToDocuments,
  mayChangeFile,
  sectionAccess,
  sectionOfPath,
  signatureProblems,
  sourceOfWealthList,
  sourceOfWealthNeeded,
  sourceOfWealthStanding,
  visibleSections,
  type CompanyFacts,
  type CompanyFileViewer,
} from '@machines/company/company-file.rules';
import { QUESTIONS_FACT, answersOf, companyFileMessages as m, dueDiligenceFormErrors, financialDetailErrors, questionsOf, signatureErrors } from '@machines/company/company-file-messages';
import { DOCUMENT_STATUS, EXPIRES_SOON_DAYS } from '@machines/verification/verification.rules';

/**
 * The company's own file (issue 53): which section a user may open, the company action flag as a
 * list, the declarations a brand shows, a source-of-wealth document's standing and the forms' rules,
 * each branch and boundary.
 */

const viewer = (over: Partial<CompanyFileViewer> = {}): CompanyFileViewer => ({ isBusiness: true, balanceInfo: null, adultOptions: true, sourceOfWealth: true, ...over });

describe('the section an address names (sectionOfPath)', () => {
  it.each([
    [undefined, 'documents'],
    ['', 'documents'],
    ['documents', 'documents'],
    ['information', 'information'],
    ['representatives', 'representatives'],
    ['financial-details', 'financial-details'],
    ['declarations', 'declarations'],
    ['source-of-wealth', 'source-of-wealth'],
    ['Documents', null],
    ['financial_details', null],
    ['emails', null],
    ['documents/1', null],
  ] as const)('%j → %j', (path, expected) => {
    expect(sectionOfPath(path)).toBe(expected);
  });
});

describe('who opens a section (sectionAccess, limitedToDocuments, visibleSections)', () => {
  it.each([
    ['an unknown section', null, viewer(), 'notFound'],
    ['a personal customer', 'documents', viewer({ isBusiness: false }), 'notFound'],
    ['source of wealth where the brand has it off', 'source-of-wealth', viewer({ sourceOfWealth: false }), 'notFound'],
    ['source of wealth off, another section', 'information', viewer({ sourceOfWealth: false }), 'show'],
    ['the owner (no access list)', 'financial-details', viewer(), 'show'],
    ['a user with read balance info', 'declarations', viewer({ balanceInfo: 1 }), 'show'],
    ['a user without balance info, any section', 'information', viewer({ balanceInfo: 0 }), 'documentsOnly'],
    ['a user without balance info, the documents', 'documents', viewer({ balanceInfo: 0 }), 'documentsOnly'],
    ['a personal customer wins over no balance info', 'documents', viewer({ isBusiness: false, balanceInfo: 0 }), 'notFound'],
  ] as const)('%s', (_, section, who, expected) => {
    expect(sectionAccess(section, who)).toBe(expected);
  });

  it.each([
    [null, false],
    [0, true],
    [-1, true],
    [1, false],
    [2, false],
    [5, false],
  ] as const)('balanceInfo %j → limited to documents: %j', (balanceInfo, expected) => {
    expect(limitedToDocuments({ balanceInfo })).toBe(expected);
  });

  it('the menu lists the sections in order, without those refused', () => {
    expect(visibleSections(viewer())).toEqual([...COMPANY_SECTIONS]);
    expect(visibleSections(viewer({ sourceOfWealth: false }))).toEqual(['documents', 'information', 'representatives', 'financial-details', 'declarations']);
    expect(visibleSections(viewer({ balanceInfo: 0 }))).toEqual([]);
    expect(visibleSections(viewer({ isBusiness: false }))).toEqual([]);
  });

  it.each([
    [null, true],
    [2, true],
    [0, false],
    [1, false],
    [3, false],
    [4, false],
    [5, false],
  ] as const)('balanceInfo %j → may change the file: %j', (balanceInfo, expected) => {
    expect(mayChangeFile({ balanceInfo })).toBe(expected);
  });
});

describe('the statements a brand shows (declarationsShown)', () => {
  it('with adult-industry options: the resolution and the three adult-industry statements', () => {
    expect(declarationsShown(true)).toEqual(['resolution', 'studio', 'streamingPlatform', 'prohibitedEscortStatement']);
  });
  it('without: the resolution alone', () => {
    expect(declarationsShown(false)).toEqual(['resolution']);
    expect(declarationsShown(false).some((kind) => ADULT_DECLARATIONS.includes(kind))).toBe(false);
  });
});

describe('a signature (signatureProblems, signatureErrors)', () => {
  it.each([
    ['', true, ['nameRequired']],
    ['   ', true, ['nameRequired']],
    ['A', true, ['nameLength']],
    [' A ', true, ['nameLength']],
    ['Al', true, []],
    ['x'.repeat(120), true, []],
    ['x'.repeat(121), true, ['nameLength']],
    [`  ${'x'.repeat(120)}  `, true, []],
    ['Ana Pop', false, ['notAccepted']],
    ['', false, ['nameRequired', 'notAccepted']],
  ] as const)('%j accepted %j → %j', (signedName, accepted, expected) => {
    expect(signatureProblems({ signedName, accepted })).toEqual(expected);
  });

  it('in words, by field', () => {
    expect(signatureErrors({ signedName: '', accepted: '' })).toEqual({ signedName: { descriptor: m.nameRequired }, accepted: { descriptor: m.notAccepted } });
    expect(signatureErrors({ signedName: 'A', accepted: 'true' })).toEqual({ signedName: { descriptor: m.nameLength } });
    expect(signatureErrors({ signedName: 'Ana Pop', accepted: 'yes' })).toEqual({ accepted: { descriptor: m.notAccepted } });
    expect(signatureErrors({ signedName: 'Ana Pop', accepted: 'true' })).toEqual({});
    expect(signatureErrors({})).toEqual({ signedName: { descriptor: m.nameRequired }, accepted: { descriptor: m.notAccepted } });
  });
});

describe("a set's status from its documents (documentSetStatus)", () => {
  const docs = (...statusIds: number[]) => statusIds.map((statusId) => ({ statusId }));
  it.each([
    ['none', docs(), DOCUMENT_SET_STATUS.missing],
    ['only canceled and deleted', docs(DOCUMENT_STATUS.canceled, DOCUMENT_STATUS.deleted), DOCUMENT_SET_STATUS.missing],
    ['latest confirmed', docs(DOCUMENT_STATUS.rejected, DOCUMENT_STATUS.confirmed), DOCUMENT_SET_STATUS.confirmed],
    ['latest submitted', docs(DOCUMENT_STATUS.confirmed, DOCUMENT_STATUS.submitted), DOCUMENT_SET_STATUS.submitted],
    ['latest under investigation', docs(DOCUMENT_STATUS.underInvestigation), DOCUMENT_SET_STATUS.submitted],
    ['latest pending', docs(DOCUMENT_STATUS.pending), DOCUMENT_SET_STATUS.submitted],
    ['latest rejected', docs(DOCUMENT_STATUS.confirmed, DOCUMENT_STATUS.rejected), DOCUMENT_SET_STATUS.rejected],
    ['latest name mismatch', docs(DOCUMENT_STATUS.nameMismatch), DOCUMENT_SET_STATUS.rejected],
    ['latest expired', docs(DOCUMENT_STATUS.expired), DOCUMENT_SET_STATUS.expired],
    ['a deleted one after a confirmed one', docs(DOCUMENT_STATUS.confirmed, DOCUMENT_STATUS.deleted), DOCUMENT_SET_STATUS.confirmed],
  ] as const)('%s', (_, documents, expected) => {
    expect(documentSetStatus(documents)).toBe(expected);
  });
});

describe('what the company must do (companyActions: the company action flag of 002 s4)', () => {
  const company = (over: Partial<CompanyFacts> = {}): CompanyFacts => ({
    name: 'Acme SRL',
    registrationCountryCode: 'RO',
    registrationNumber: 'J40/1/2020',
    registrationDate: '2020-01-02',
    corporateDocumentStatus: 2,
    additionalDocumentStatus: 1,
    addresses: [{ addressId: 1, uploadedDocuments: [{ statusId: DOCUMENT_STATUS.confirmed }] }],
    ...over,
  });

  it('nothing when every fact is there, the sets are submitted or confirmed and every address has a proof submitted or confirmed', () => {
    expect(companyActions(company())).toEqual([]);
    expect(companyActions(company({ corporateDocumentStatus: 1, additionalDocumentStatus: 2, addresses: [{ addressId: 1, uploadedDocuments: [{ statusId: DOCUMENT_STATUS.submitted }] }] }))).toEqual([]);
    expect(companyActions(company({ addresses: [] }))).toEqual([]);
  });

  it.each([
    ['a missing date', { registrationDate: null }, ['registrationDate']],
    ['a blank number', { registrationNumber: '  ' }, ['registrationNumber']],
    ['no country, no name', { registrationCountryCode: undefined, name: '' }, ['name', 'registrationCountryCode']],
  ] as const)('registration facts: %s', (_, over, fields) => {
    expect(companyActions(company(over))).toEqual([{ kind: 'registrationFields', fields }]);
  });

  it.each([0, 3, 4, 5])('corporate documents in status %i need action; additional in the same', (status) => {
    expect(companyActions(company({ corporateDocumentStatus: status }))).toEqual([{ kind: 'corporateDocuments', status }]);
    expect(companyActions(company({ additionalDocumentStatus: status }))).toEqual([{ kind: 'additionalDocuments', status }]);
  });

  it.each([
    ['no proof', [], null],
    ['a refused proof', [{ statusId: DOCUMENT_STATUS.rejected }], DOCUMENT_STATUS.rejected],
    ['a proof under investigation (not 0 or 2)', [{ statusId: DOCUMENT_STATUS.underInvestigation }], DOCUMENT_STATUS.underInvestigation],
    ['a confirmed proof, then an expired one', [{ statusId: DOCUMENT_STATUS.confirmed }, { statusId: DOCUMENT_STATUS.expired }], DOCUMENT_STATUS.expired],
  ] as const)('an address with %s', (_, uploadedDocuments, statusId) => {
    expect(companyActions(company({ addresses: [{ addressId: 7, uploadedDocuments }] }))).toEqual([{ kind: 'addressDocument', addressId: 7, statusId }]);
  });

  it('an address whose latest proof is confirmed after a refused one needs nothing', () => {
    expect(companyActions(company({ addresses: [{ addressId: 7, uploadedDocuments: [{ statusId: DOCUMENT_STATUS.rejected }, { statusId: DOCUMENT_STATUS.confirmed }] }] }))).toEqual([]);
  });

  it('every action in order: facts, registration documents, additional documents, each address', () => {
    const all = companyActions(
      company({
        registrationDate: null,
        corporateDocumentStatus: 3,
        additionalDocumentStatus: 0,
        addresses: [
          { addressId: 1, uploadedDocuments: [{ statusId: DOCUMENT_STATUS.confirmed }] },
          { addressId: 2, uploadedDocuments: [] },
          { addressId: 3, uploadedDocuments: [{ statusId: DOCUMENT_STATUS.rejected }] },
        ],
      }),
    );
    expect(all.map((a) => (a.kind === 'addressDocument' ? `${a.kind}:${a.addressId}` : a.kind))).toEqual(['registrationFields', 'corporateDocuments', 'additionalDocuments', 'addressDocument:2', 'addressDocument:3']);
  });
});

describe("a source-of-wealth document's standing (sourceOfWealthStanding, sourceOfWealthList, sourceOfWealthNeeded)", () => {
  const today = '2026-11-30';
  const plus = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['confirmed, no expiration', DOCUMENT_STATUS.confirmed, null, 'valid'],
    ['confirmed, expires after the window', DOCUMENT_STATUS.confirmed, plus(EXPIRES_SOON_DAYS + 1), 'valid'],
    ['confirmed, expires on the window’s last day', DOCUMENT_STATUS.confirmed, plus(EXPIRES_SOON_DAYS), 'expiringSoon'],
    ['confirmed, expires today', DOCUMENT_STATUS.confirmed, today, 'expiringSoon'],
    ['confirmed, expired yesterday', DOCUMENT_STATUS.confirmed, plus(-1), 'expired'],
    ['submitted, expires in 10 days', DOCUMENT_STATUS.submitted, plus(10), 'inReview'],
    ['submitted, expired', DOCUMENT_STATUS.submitted, plus(-3), 'expired'],
    ['under investigation', DOCUMENT_STATUS.underInvestigation, null, 'inReview'],
    ['pending', DOCUMENT_STATUS.pending, null, 'inReview'],
    ['marked expired', DOCUMENT_STATUS.expired, plus(100), 'expired'],
    ['rejected', DOCUMENT_STATUS.rejected, plus(100), 'rejected'],
    ['name mismatch', DOCUMENT_STATUS.nameMismatch, null, 'rejected'],
    ['a date-time expiration counts by its date', DOCUMENT_STATUS.confirmed, `${plus(-1)}T23:59:59Z`, 'expired'],
  ] as const)('%s', (_, statusId, expiration, expected) => {
    expect(sourceOfWealthStanding({ statusId, expiration }, today)).toBe(expected);
  });

  const doc = (id: number, created: string, statusId: number, expiration: string | null) => ({ id, documentTypeId: 110, statusId, created, createdName: 'Ana Pop', expiration });

  it('the map as a list, newest first (then the higher id), each with its standing', () => {
    const list = sourceOfWealthList(
      {
        '1': doc(1, '2026-01-10T10:00:00Z', DOCUMENT_STATUS.confirmed, plus(10)),
        '2': doc(2, '2026-05-01T10:00:00Z', DOCUMENT_STATUS.rejected, null),
        '3': doc(3, '2026-05-01T10:00:00Z', DOCUMENT_STATUS.submitted, null),
      },
      today,
    );
    expect(list.map((d) => [d.id, d.standing])).toEqual([
      [3, 'inReview'],
      [2, 'rejected'],
      [1, 'expiringSoon'],
    ]);
  });

  it.each([
    ['none yet', [], true],
    ['only expired and refused', ['expired', 'rejected'], true],
    ['one valid', ['expired', 'valid'], false],
    ['one expiring soon', ['expiringSoon'], false],
    ['one in review', ['rejected', 'inReview'], false],
  ] as const)('a new one is asked for: %s → %j', (_, standings, expected) => {
    expect(sourceOfWealthNeeded(standings.map((standing) => ({ standing })))).toBe(expected);
  });
});

describe("the file's forms in words", () => {
  it('financial details: every list and choice required (lists one id per line, blank lines ignored)', () => {
    expect(financialDetailErrors({})).toEqual({
      sourcesOfFunds: { descriptor: m.sourcesRequired },
      purposesOfAccount: { descriptor: m.purposesRequired },
      estimatedMonthlyDeposit: { descriptor: m.depositRequired },
      currencies: { descriptor: m.currenciesRequired },
      industry: { descriptor: m.industryRequired },
    });
    expect(financialDetailErrors({ sourcesOfFunds: '\n \n', purposesOfAccount: 'p1', estimatedMonthlyDeposit: ' ', currencies: 'USD\nEUR', industry: 'i1' })).toEqual({
      sourcesOfFunds: { descriptor: m.sourcesRequired },
      estimatedMonthlyDeposit: { descriptor: m.depositRequired },
    });
    expect(financialDetailErrors({ sourcesOfFunds: 's1', purposesOfAccount: 'p1', estimatedMonthlyDeposit: 'd1', currencies: 'USD', industry: 'i1' })).toEqual({});
  });

  const questions = JSON.stringify([
    { id: 'businessAnotherAccount', type: 'select', text: 'Another account?' },
    { id: 'controlAccount', type: 'select', text: 'Who controls it?', options: [{ value: '1', label: 'Me' }, { value: '2', label: 'Someone else' }] },
    { id: 'volume', type: 'text', text: 'Volume' },
  ]);

  it('due diligence: every question shown for the answers given answered; follow-ups only when their answer is given', () => {
    const base = { [QUESTIONS_FACT]: questions };
    expect(Object.keys(dueDiligenceFormErrors(base)).sort()).toEqual(['businessAnotherAccount', 'controlAccount', 'volume']);
    const answered = { ...base, businessAnotherAccount: 'false', controlAccount: '1', volume: '10' };
    expect(dueDiligenceFormErrors(answered)).toEqual({});
    expect(dueDiligenceFormErrors({ ...answered, businessAnotherAccount: 'true' })).toEqual({ businessAnotherAccountDetails: { descriptor: m.answerRequired } });
    expect(dueDiligenceFormErrors({ ...answered, controlAccount: '2' })).toEqual({ controlAccountPerson: { descriptor: m.answerRequired } });
    expect(dueDiligenceFormErrors({ ...answered, controlAccount: '2', controlAccountPerson: JSON.stringify({ name: 'Ana', date: '2026-02-30' }) })).toEqual({ controlAccountPerson: { descriptor: m.answerFormat } });
    expect(dueDiligenceFormErrors({ ...answered, controlAccount: '2', controlAccountPerson: JSON.stringify({ name: 'Ana', date: '1980-02-28' }) })).toEqual({});
  });

  it('the questions fact: missing, not JSON or not a list → no questions; the answers never include it', () => {
    expect(questionsOf({})).toEqual([]);
    expect(questionsOf({ [QUESTIONS_FACT]: '{' })).toEqual([]);
    expect(questionsOf({ [QUESTIONS_FACT]: '{"a":1}' })).toEqual([]);
    expect(questionsOf({ [QUESTIONS_FACT]: questions }).map((q) => q.id)).toEqual(['businessAnotherAccount', 'businessAnotherAccountDetails', 'controlAccount', 'controlAccountPerson', 'volume']);
    expect(answersOf({ [QUESTIONS_FACT]: questions, volume: '10' })).toEqual({ volume: '10' });
    expect(dueDiligenceFormErrors({ volume: '' })).toEqual({});
  });
});
