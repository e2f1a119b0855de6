// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import {
  businessCertificationMachine,
  businessCertificationPayload,
  businessFormsForValues,
  emptyBusinessCertification,
  personFrom,
  type BusinessCertificationValues,
  type BusinessLoaded,
  type CompanyPerson,
} from '@machines/certification/business-certification.machine';
import { MAX_CONTROLLING_PERSONS, MAX_PERSON_RESIDENCES, emptyQuestions, type BusinessUsForm } from '@machines/certification/business.rules';
import { emptyResidence } from '@machines/certification/residences';
import type { TaxReferenceTable } from '@machines/certification/tax.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const TODAY = '2026-11-26';
const table: TaxReferenceTable = {
  RO: { tinPersonal: { name: 'Cod numeric personal', shortName: 'CNP', required: true }, tinBusiness: { name: 'Cod de identificare fiscală', shortName: 'CIF', required: true }, crs: true },
  DE: { tinPersonal: { name: 'Steuerliche Identifikationsnummer', shortName: 'IdNr', required: true }, tinBusiness: { name: 'Steuernummer', shortName: 'StNr', required: true }, crs: true },
};
const people: CompanyPerson[] = [
  { id: 1, firstName: 'Ioana', lastName: 'Marin', dateOfBirth: '1979-04-02', countryOfBirth: 'RO', role: 'shareholder', share: '60' },
  { id: 2, firstName: 'Andrei', lastName: 'Popescu', dateOfBirth: '1975-06-30', countryOfBirth: 'RO', role: 'director', share: null },
];
const passiveAnswers = [
  ['isFinancialInstitution', false],
  ['isUsingClientFunds', false],
  ['isManagedByFinancialInstitution', false],
  ['isPubliclyTraded', false],
  ['isOwnPubliclyTradedCompany', false],
  ['isEarnPassiveIncome', true],
] as const;

type Outcome = BusinessUsForm[] | { fields?: Record<string, { text: string }>; message?: { text: string } } | Error;

describe('business certification helpers', () => {
  it('a controlling person from a shareholder owns, from a director manages; a new one is blank', () => {
    expect(personFrom(people[0])).toEqual({ firstName: 'Ioana', lastName: 'Marin', dateOfBirth: '1979-04-02', countryOfBirth: 'RO', controlType: 'ownership', taxIds: [emptyResidence()] });
    expect(personFrom(people[1]).controlType).toBe('seniorManagingOfficial');
    expect(personFrom({ ...people[1]!, dateOfBirth: null, countryOfBirth: null })).toMatchObject({ dateOfBirth: '', countryOfBirth: '' });
    expect(personFrom(undefined)).toEqual({ firstName: '', lastName: '', dateOfBirth: '', countryOfBirth: '', controlType: null, taxIds: [emptyResidence()] });
  });

  it('sent: the entity type, the disregarded entity only for a US taxpayer, controlling persons only for a passive NFE', () => {
    const values: BusinessCertificationValues = {
      ...emptyBusinessCertification(),
      questions: { ...emptyQuestions(), isFinancialInstitution: true, giinMissingReason: 'applied' },
      isDisregardedEntity: true,
      taxIds: [{ countryCode: 'RO', taxId: 'RO123', tinMissingReason: null, tinMissingExplanation: '' }],
      controllingPersons: [personFrom(people[0])],
    };
    expect(businessCertificationPayload(values)).toEqual({
      entityType: 'financialInstitution',
      questions: { isFinancialInstitution: true, giinMissingReason: 'applied' },
      isUSTaxPayer: false,
      isDisregardedEntity: false,
      taxIds: [{ countryCode: 'RO', taxId: 'RO123' }],
      controllingPersons: [],
    });
    expect(businessCertificationPayload({ ...values, isUSTaxPayer: true }).isDisregardedEntity).toBe(true);
    expect(businessFormsForValues(values)).toEqual(['w8bene']);
    expect(businessFormsForValues({ ...values, isUSTaxPayer: true })).toEqual(['w9']);
  });
});

describe('business certification statechart', () => {
  const coverage = new Coverage(businessCertificationMachine);

  function run(loads: (BusinessLoaded | 'fail')[], submits: Outcome[]) {
    const sent: ReturnType<typeof businessCertificationPayload>[] = [];
    const tracked: string[] = [];
    let certified = 0;
    const actor = createActor(
      businessCertificationMachine.provide({
        actors: {
          load: fromPromise(async () => {
            const next = loads.shift();
            if (!next || next === 'fail') throw { text: 'Server is not available' };
            return next;
          }),
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = submits.shift() ?? [];
            if (!Array.isArray(next)) throw next;
            return next;
          }),
        },
        actions: { track: (_, params) => void tracked.push(params.event), certified: () => void (certified += 1) },
      }),
      { input: { today: TODAY }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, sent, tracked, certified: () => certified };
  }

  it('a failed load offers a retry; a passive NFE names a shareholder and a new person as controlling persons; refused before sending, then certified with a W-8BEN-E', async () => {
    const { actor, sent, tracked, certified } = run(['fail', { table, values: null, people }], [['w8bene']]);
    await settle();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.people).toEqual(people);

    actor.send({ type: 'SUBMIT' });
    expect(tracked).toEqual(['Tax ID not valid']); // the empty residence
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'countryCode', value: 'RO' });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'taxId', value: 'RO12345678' });
    actor.send({ type: 'SUBMIT' });
    expect(tracked).toEqual(['Tax ID not valid']); // the questions are unanswered: not a tax id problem
    expect(actor.getSnapshot().context.attempts).toBe(2);
    for (const [question, value] of passiveAnswers) actor.send({ type: 'ANSWER', question, value });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true); // no controlling person yet

    actor.send({ type: 'ADD_PERSON', fromId: 1 });
    actor.send({ type: 'ADD_PERSON' });
    expect(actor.getSnapshot().context.values.controllingPersons.map((p) => p.firstName)).toEqual(['Ioana', '']);
    actor.send({ type: 'CHANGE_PERSON', index: 1, field: 'firstName', value: 'Daniel' });
    actor.send({ type: 'CHANGE_PERSON', index: 1, field: 'lastName', value: 'Weber' });
    actor.send({ type: 'CHANGE_PERSON', index: 1, field: 'dateOfBirth', value: '1983-11-20' });
    actor.send({ type: 'CHANGE_PERSON', index: 1, field: 'countryOfBirth', value: 'DE' });
    actor.send({ type: 'CHANGE_PERSON', index: 1, field: 'controlType', value: 'ownership' });
    actor.send({ type: 'CHANGE_PERSON', index: 5, field: 'firstName', value: 'Nobody' }); // no such person: ignored
    expect(actor.getSnapshot().context.values.controllingPersons).toHaveLength(2);
    actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index: 0, row: 0, field: 'countryCode', value: 'RO' });
    actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index: 0, row: 0, field: 'taxId', value: '2790402123456' });
    actor.send({ type: 'ADD_PERSON_RESIDENCE', index: 1 });
    actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index: 1, row: 0, field: 'countryCode', value: 'DE' });
    actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index: 1, row: 0, field: 'taxId', value: '12345678901' });
    actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index: 1, row: 1, field: 'countryCode', value: 'RO' });
    actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index: 1, row: 1, field: 'tinMissingReason', value: 'cannotObtain' });
    actor.send({ type: 'SUBMIT' });
    expect(tracked).toEqual(['Tax ID not valid', 'Tax ID not valid']); // the second person's second residence: no explanation
    actor.send({ type: 'REMOVE_PERSON_RESIDENCE', index: 1, row: 1 });
    actor.send({ type: 'REMOVE_PERSON_RESIDENCE', index: 1, row: 0 }); // the last one stays
    expect(actor.getSnapshot().context.values.controllingPersons[1]!.taxIds).toHaveLength(1);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' }); // ignored while sending
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ entityType: 'passiveNfe', taxIds: [{ countryCode: 'RO', taxId: 'RO12345678' }] });
    expect(sent[0]!.controllingPersons.map((p) => [p.lastName, p.controlType, p.taxIds])).toEqual([
      ['Marin', 'ownership', [{ countryCode: 'RO', taxId: '2790402123456' }]],
      ['Weber', 'ownership', [{ countryCode: 'DE', taxId: '12345678901' }]],
    ]);
    expect(tracked).toEqual(['Tax ID not valid', 'Tax ID not valid', 'Sign Declaration']);
    expect(actor.getSnapshot().hasTag('certified')).toBe(true);
    expect(actor.getSnapshot().context.forms).toEqual(['w8bene']);
    expect(certified()).toBe(1);
    actor.send({ type: 'FORM_GIVEN', form: 'w9' });
    expect(actor.getSnapshot().context.forms).toEqual(['w8bene']);
    actor.send({ type: 'FORM_GIVEN', form: 'w8bene' });
    expect(actor.getSnapshot().context.forms).toEqual([]);
  });

  it('an earlier certification loads; the service refuses a controlling person’s tax id (tracked), then a message, then a bug; certified with a W-9; EDIT goes back', async () => {
    const before: BusinessCertificationValues = {
      questions: { ...emptyQuestions(), isFinancialInstitution: true, giin: 'ABC123.00000.LE.642' },
      isUSTaxPayer: false,
      isDisregardedEntity: false,
      taxIds: [{ countryCode: 'RO', taxId: 'RO12345678', tinMissingReason: null, tinMissingExplanation: '' }],
      controllingPersons: [],
    };
    const { actor, sent, tracked } = run(
      [{ table, values: before, people: [] }],
      [{ fields: { 'questions.giin': { text: 'Unknown GIIN' }, 'taxIds[0].taxId': { text: 'Not a valid CIF' } } }, { message: { text: 'The service is busy' } }, new Error('bug'), ['w9']],
    );
    await settle();
    expect(actor.getSnapshot().context.values).toEqual(before);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(tracked).toEqual(['Sign Declaration', 'Tax ID validation failed']);
    expect(Object.keys(actor.getSnapshot().context.serverErrors)).toEqual(['questions.giin', 'taxIds[0].taxId']);
    actor.send({ type: 'CHANGE', question: 'giin', value: 'ABC123.00000.LE.643' });
    expect(Object.keys(actor.getSnapshot().context.serverErrors)).toEqual(['taxIds[0].taxId']);
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'taxId', value: 'RO87654321' });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
    actor.send({ type: 'SET_FLAG', flag: 'isUSTaxPayer', value: true });
    actor.send({ type: 'SET_FLAG', flag: 'isDisregardedEntity', value: true });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The service is busy' });
    expect(tracked).toEqual(['Sign Declaration', 'Tax ID validation failed', 'Sign Declaration']);
    actor.send({ type: 'ANSWER', question: 'isFinancialInstitution', value: true });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ descriptor: expect.anything() });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toMatchObject({ isUSTaxPayer: true, isDisregardedEntity: true, questions: { giin: 'ABC123.00000.LE.643' } });
    expect(actor.getSnapshot().context.forms).toEqual(['w9']);
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.shown).toBe(false);
  });

  it('lists: residences 1–10, controlling persons up to ten with 1–5 residences each; removals drop the service’s errors under them', async () => {
    const { actor } = run([{ table, values: null, people }], [{ fields: { 'taxIds[1].taxId': { text: 'Not valid' }, 'controllingPersons[0].taxIds[0].taxId': { text: 'Not valid' }, 'controllingPersons[1].firstName': { text: 'Unknown' } } }]);
    await settle();
    actor.send({ type: 'REMOVE_RESIDENCE', index: 0 }); // the only one stays
    expect(actor.getSnapshot().context.values.taxIds).toHaveLength(1);
    for (let i = 0; i < 12; i += 1) actor.send({ type: 'ADD_RESIDENCE' });
    expect(actor.getSnapshot().context.values.taxIds).toHaveLength(10);
    for (let i = 0; i < 12; i += 1) actor.send({ type: 'ADD_PERSON', fromId: 2 });
    expect(actor.getSnapshot().context.values.controllingPersons).toHaveLength(MAX_CONTROLLING_PERSONS);
    for (let i = 0; i < 7; i += 1) actor.send({ type: 'ADD_PERSON_RESIDENCE', index: 0 });
    expect(actor.getSnapshot().context.values.controllingPersons[0]!.taxIds).toHaveLength(MAX_PERSON_RESIDENCES);
    actor.send({ type: 'ADD_PERSON_RESIDENCE', index: 42 }); // no such person
    actor.send({ type: 'REMOVE_PERSON', index: 42 });
    expect(actor.getSnapshot().context.values.controllingPersons).toHaveLength(MAX_CONTROLLING_PERSONS);

    // Answer as a passive NFE, fill everything, and let the service refuse by position.
    for (const [question, value] of passiveAnswers) actor.send({ type: 'ANSWER', question, value });
    for (let i = 9; i >= 2; i -= 1) actor.send({ type: 'REMOVE_RESIDENCE', index: i });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'countryCode', value: 'RO' });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'taxId', value: 'RO12345678' });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 1, field: 'countryCode', value: 'DE' });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 1, field: 'taxId', value: '12/345/67890' });
    for (let i = MAX_CONTROLLING_PERSONS - 1; i >= 2; i -= 1) actor.send({ type: 'REMOVE_PERSON', index: i });
    for (let row = MAX_PERSON_RESIDENCES - 1; row >= 1; row -= 1) actor.send({ type: 'REMOVE_PERSON_RESIDENCE', index: 0, row });
    for (const index of [0, 1]) {
      actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index, row: 0, field: 'countryCode', value: 'RO' });
      actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index, row: 0, field: 'taxId', value: '1750630123456' });
    }
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(Object.keys(actor.getSnapshot().context.serverErrors)).toHaveLength(3);
    actor.send({ type: 'REMOVE_RESIDENCE', index: 1 });
    expect(Object.keys(actor.getSnapshot().context.serverErrors)).toEqual(['controllingPersons[0].taxIds[0].taxId', 'controllingPersons[1].firstName']);
    actor.send({ type: 'ADD_PERSON_RESIDENCE', index: 0 });
    actor.send({ type: 'REMOVE_PERSON_RESIDENCE', index: 0, row: 1 });
    expect(Object.keys(actor.getSnapshot().context.serverErrors)).toEqual(['controllingPersons[1].firstName']);
    actor.send({ type: 'REMOVE_PERSON', index: 1 });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
    expect(actor.getSnapshot().context.values.controllingPersons).toHaveLength(1);
  });

  expectFullCoverage(coverage);
});
