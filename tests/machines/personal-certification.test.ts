// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import {
  MAX_RESIDENCES,
  emptyPersonalCertification,
  emptyResidence,
  formsForValues,
  personalCertificationMachine,
  personalCertificationPayload,
  personalProblems,
  type Loaded,
  type PersonalCertificationValues,
} from '@machines/certification/personal-certification.machine';
import type { TaxReferenceTable, UsForm } from '@machines/certification/tax.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const TODAY = '2026-11-26';
const table: TaxReferenceTable = {
  RO: { tinPersonal: { name: 'Cod numeric personal', shortName: 'CNP', required: true }, tinBusiness: { name: 'CIF', shortName: 'CIF', required: true }, crs: true },
  AE: { tinPersonal: { name: 'Tax Registration Number', shortName: 'TRN', required: false }, tinBusiness: { name: 'TRN', shortName: 'TRN', required: true }, crs: true },
};
const filled = (over: Partial<PersonalCertificationValues> = {}): PersonalCertificationValues => ({
  cityOfBirth: 'Cluj-Napoca',
  countryOfBirth: 'RO',
  dateOfBirth: '1988-07-14',
  citizenship: ['RO'],
  hasUSIndicia: false,
  isUSTaxPayer: false,
  taxIds: [{ countryCode: 'RO', taxId: '1880714123456', tinMissingReason: null, tinMissingExplanation: '' }],
  ...over,
});

describe('personal certification problems (002 s3)', () => {
  it.each([
    ['all given', filled(), {}],
    ['nothing given', emptyPersonalCertification(), { cityOfBirth: 'required', countryOfBirth: 'required', dateOfBirth: 'required', citizenship: 'citizenshipRequired' }],
    ['a city of 100 characters', filled({ cityOfBirth: 'c'.repeat(100) }), {}],
    ['a city of 101 characters', filled({ cityOfBirth: 'c'.repeat(101) }), { cityOfBirth: 'tooLong' }],
    ['a country in lower case', filled({ countryOfBirth: 'ro' }), { countryOfBirth: 'required' }],
    ['a date written otherwise', filled({ dateOfBirth: '14.07.1988' }), { dateOfBirth: 'dateFormat' }],
    ['a day that does not exist', filled({ dateOfBirth: '2001-02-29' }), { dateOfBirth: 'dateFormat' }],
    ['born today', filled({ dateOfBirth: TODAY }), {}],
    ['born tomorrow', filled({ dateOfBirth: '2026-11-27' }), { dateOfBirth: 'dateFuture' }],
    ['five citizenships', filled({ citizenship: ['RO', 'MD', 'DE', 'FR', 'IT'] }), {}],
    ['six citizenships', filled({ citizenship: ['RO', 'MD', 'DE', 'FR', 'IT', 'ES'] }), { citizenship: 'citizenshipTooMany' }],
  ])('%s', (_name, values, expected) => {
    expect(personalProblems(values, TODAY)).toEqual(expected);
  });

  it('sent as the contract names it: entity type individual, citizenships once, each residence with its tax id or its reason', () => {
    expect(
      personalCertificationPayload(
        filled({
          cityOfBirth: ' Cluj ',
          citizenship: ['RO', 'RO', 'MD'],
          taxIds: [
            { countryCode: 'ro', taxId: ' 1880714123456 ', tinMissingReason: null, tinMissingExplanation: '' },
            { countryCode: 'AE', taxId: '', tinMissingReason: 'cannotObtain', tinMissingExplanation: ' Applied. ' },
          ],
        }),
      ),
    ).toEqual({
      entityType: 'individual',
      cityOfBirth: 'Cluj',
      countryOfBirth: 'RO',
      dateOfBirth: '1988-07-14',
      citizenship: ['RO', 'MD'],
      hasUSIndicia: false,
      isUSTaxPayer: false,
      taxIds: [
        { countryCode: 'RO', taxId: '1880714123456' },
        { countryCode: 'AE', tinMissingReason: 'cannotObtain', tinMissingExplanation: 'Applied.' },
      ],
    });
  });

  it.each([
    [filled(), []],
    [filled({ isUSTaxPayer: true }), ['w9']],
    [filled({ countryOfBirth: 'US' }), ['w8ben', 'lossOfNationality']],
  ] as const)('the US forms the answers ask for', (values, forms) => {
    expect(formsForValues(values)).toEqual(forms);
  });
});

describe('personal certification statechart', () => {
  const coverage = new Coverage(personalCertificationMachine);

  function run(loads: (Loaded | 'fail')[], submits: (UsForm[] | { fields?: Record<string, { text: string }>; message?: { text: string } } | Error)[]) {
    const sent: ReturnType<typeof personalCertificationPayload>[] = [];
    const tracked: string[] = [];
    let certified = 0;
    const actor = createActor(
      personalCertificationMachine.provide({
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

  it('a failed load offers a retry; a new customer fills in two residences (one without a TIN, explained); refused before sending, then certified with no US form', async () => {
    const { actor, sent, tracked, certified } = run(['fail', { table, values: null }], [[]]);
    await settle();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(emptyPersonalCertification());

    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.shown).toBe(true);
    expect(tracked).toEqual(['Tax ID not valid']); // the empty residence: no country, no reason
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'countryCode', value: 'RO' });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'taxId', value: '1880714123456' });
    actor.send({ type: 'SUBMIT' });
    expect(tracked).toEqual(['Tax ID not valid']); // the tax ids pass now; the personal part does not
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    actor.send({ type: 'CHANGE', field: 'cityOfBirth', value: 'Cluj-Napoca' });
    actor.send({ type: 'CHANGE', field: 'countryOfBirth', value: 'RO' });
    actor.send({ type: 'CHANGE', field: 'dateOfBirth', value: '1988-07-14' });
    actor.send({ type: 'SET_CITIZENSHIP', codes: ['ro', 'RO'] });
    expect(actor.getSnapshot().context.values.citizenship).toEqual(['RO']);
    actor.send({ type: 'SET_FLAG', flag: 'hasUSIndicia', value: false });
    actor.send({ type: 'ADD_RESIDENCE' });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 1, field: 'countryCode', value: 'AE' });
    actor.send({ type: 'CHANGE_RESIDENCE', index: 1, field: 'tinMissingReason', value: 'cannotObtain' });
    actor.send({ type: 'SUBMIT' });
    expect(tracked).toEqual(['Tax ID not valid', 'Tax ID not valid']); // no explanation yet
    actor.send({ type: 'CHANGE_RESIDENCE', index: 1, field: 'tinMissingExplanation', value: 'Applied in March.' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' }); // ignored while sending
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.taxIds).toEqual([{ countryCode: 'RO', taxId: '1880714123456' }, { countryCode: 'AE', tinMissingReason: 'cannotObtain', tinMissingExplanation: 'Applied in March.' }]);
    expect(tracked).toEqual(['Tax ID not valid', 'Tax ID not valid', 'Sign Declaration']);
    expect(actor.getSnapshot().hasTag('certified')).toBe(true);
    expect(actor.getSnapshot().context.forms).toEqual([]);
    expect(certified()).toBe(1);
  });

  it('a certification given before is loaded; a changed country clears the reason; the service refuses a tax id (tracked), then another failure; certified with a W-9; EDIT goes back', async () => {
    const before = filled({ taxIds: [{ countryCode: 'AE', taxId: '', tinMissingReason: 'notRequired', tinMissingExplanation: '' }] });
    const { actor, sent, tracked } = run([{ table, values: before }], [{ fields: { 'taxIds[0].taxId': { text: 'Not a valid CNP' } } }, { message: { text: 'The service is busy' } }, new Error('bug'), ['w9']]);
    await settle();
    expect(actor.getSnapshot().context.values).toEqual(before);
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'countryCode', value: 'AE' }); // the same country: the reason stays
    expect(actor.getSnapshot().context.values.taxIds[0]!.tinMissingReason).toBe('notRequired');
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'countryCode', value: 'RO' });
    expect(actor.getSnapshot().context.values.taxIds[0]).toEqual(emptyResidence('RO'));
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'taxId', value: '123' });
    actor.send({ type: 'SET_FLAG', flag: 'isUSTaxPayer', value: true });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.serverErrors).toEqual({ 'taxIds[0].taxId': { text: 'Not a valid CNP' } });
    expect(tracked).toEqual(['Sign Declaration', 'Tax ID validation failed']);
    actor.send({ type: 'CHANGE_RESIDENCE', index: 0, field: 'taxId', value: '1880714123456' });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The service is busy' });
    actor.send({ type: 'CHANGE', field: 'cityOfBirth', value: 'Cluj' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ descriptor: expect.anything() }); // a bug: the generic words
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.forms).toEqual(['w9']);
    expect(sent).toHaveLength(4);
    actor.send({ type: 'FORM_GIVEN', form: 'w8ben' }); // not asked for: nothing changes
    expect(actor.getSnapshot().context.forms).toEqual(['w9']);
    actor.send({ type: 'FORM_GIVEN', form: 'w9' });
    expect(actor.getSnapshot().context.forms).toEqual([]);
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.shown).toBe(false);
  });

  it('residences: at most ten, at least one; a removal drops the service’s errors (they point by position)', async () => {
    const { actor } = run([{ table, values: filled() }], [{ fields: { 'taxIds[0].taxId': { text: 'Not valid' }, cityOfBirth: { text: 'Unknown city' } } }]);
    await settle();
    actor.send({ type: 'REMOVE_RESIDENCE', index: 0 }); // the only one: kept
    expect(actor.getSnapshot().context.values.taxIds).toHaveLength(1);
    for (let i = 0; i < MAX_RESIDENCES + 2; i++) actor.send({ type: 'ADD_RESIDENCE' });
    expect(actor.getSnapshot().context.values.taxIds).toHaveLength(MAX_RESIDENCES);
    actor.send({ type: 'REMOVE_RESIDENCE', index: 42 }); // no such row
    expect(actor.getSnapshot().context.values.taxIds).toHaveLength(MAX_RESIDENCES);
    for (let i = MAX_RESIDENCES - 1; i > 0; i--) actor.send({ type: 'REMOVE_RESIDENCE', index: i });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(Object.keys(actor.getSnapshot().context.serverErrors).sort()).toEqual(['cityOfBirth', 'taxIds[0].taxId']);
    actor.send({ type: 'CHANGE', field: 'cityOfBirth', value: 'Iași' });
    expect(Object.keys(actor.getSnapshot().context.serverErrors)).toEqual(['taxIds[0].taxId']);
    actor.send({ type: 'ADD_RESIDENCE' });
    actor.send({ type: 'REMOVE_RESIDENCE', index: 1 });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
  });

  expectFullCoverage(coverage);
});
