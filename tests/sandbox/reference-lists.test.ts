// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { loadContract, describeErrors } from '../../sandbox/contract.ts';
import { LANGUAGES } from '../../machines/shared/languages.ts';
import { adjustAdditionalQuestions, ACCESS_RIGHTS, INDUSTRY_GROUPS, type AdditionalQuestion, type Industry } from '../../machines/registration/registration.rules.ts';
import { mainMethodRules } from '../../src/shared/api/method-rules';
import { REFERENCE_TEXTS } from '../../sandbox/reference-texts.ts';

/**
 * The reference lists (spec 002 s3 "Reference lists", s7 "Dictionaries"): one public method per
 * list in main.yaml (tag `dictionaries`), each answering in every app language with a reply the
 * contract accepts (checked here with the contract's own validator as well as by the sandbox), and
 * `states` refused without its countryCode like any required parameter.
 */
let sb: Sandbox;
const schemaDir = fileURLToPath(new URL('../../api-schemas/', import.meta.url));
const mainService = loadContract(schemaDir).services.find((s) => s.name === 'main')!;
/** The operationIds main.yaml tags `dictionaries`. */
const taggedLists = Object.values(parse(readFileSync(join(schemaDir, 'main.yaml'), 'utf8')).paths as Record<string, { post?: { operationId: string; tags?: string[] } }>)
  .filter((item) => item.post?.tags?.includes('dictionaries'))
  .map((item) => item.post!.operationId);

const post = (path: string, body: unknown) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
/** A public call (no token), as the app makes it before sign-in. */
const list = (method: string, body: Record<string, unknown>) => post(`/main/?method=${method}`, { method, ...body });

/** Every reference list method, the key of its list in the reply, and its extra parameters. */
const LISTS: [method: string, key: string, params: Record<string, string>][] = [
  ['countries', 'countries', {}],
  ['currencies', 'currencies', {}],
  ['birthCountries', 'birthCountries', {}],
  ['states', 'states', { countryCode: 'US' }],
  ['occupations', 'occupations', {}],
  ['documentTypes', 'customerDocumentCategories', {}],
  ['customerAddressDocumentTypes', 'customerAddressDocumentTypes', {}],
  ['personalSourcesOfFunds', 'sourcesOfFunds', {}],
  ['businessSourcesOfFunds', 'sourcesOfFunds', {}],
  ['employeeSourcesOfFunds', 'sourcesOfFunds', {}],
  ['personalPurposeOfAccount', 'purposesOfAccount', {}],
  ['businessPurposeOfAccount', 'purposesOfAccount', {}],
  ['industries', 'industries', {}],
  ['personalAdditionalQuestions', 'additionalQuestions', {}],
  ['businessAdditionalQuestions', 'additionalQuestions', {}],
  ['personalAgreements', 'agreements', {}],
  ['estimatedMonthlyDeposits', 'estimatedMonthlyDeposits', {}],
  ['countryDateFormats', 'dateFormats', {}],
  ['primaryDialects', 'dialects', {}],
  ['phoneCodes', 'phoneCodes', {}],
  ['allCurrencies', 'currencies', {}],
  ['accessRights', 'accessRights', {}],
  ['taxReferenceTable', 'countries', {}],
];

const ok = async (method: string, body: Record<string, unknown>): Promise<any> => {
  const res = await list(method, body);
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
};

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-reference-lists-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: reference lists (002 s3, s7)', () => {
  it('the contract has exactly these reference lists: public POST methods tagged dictionaries, the old dictionaries method gone; the app adds lang to each', () => {
    expect([...taggedLists].sort()).toEqual(LISTS.map(([method]) => method).sort());
    for (const [method] of LISTS) {
      const op = mainService.operations.find((o) => o.operationId === method)!;
      expect([op.method, op.path, op.public], method).toEqual(['POST', `/${method}`, true]);
    }
    expect(mainService.operations.find((op) => op.operationId === 'dictionaries')).toBeUndefined();
    for (const [method] of LISTS) expect(mainMethodRules[method], method).toEqual({ lang: true });
  });

  it.each(LISTS)('%s answers in every language with a non-empty %s the contract accepts', async (method, key, params) => {
    const op = mainService.operations.find((o) => o.operationId === method)!;
    const validate = op.replies.get('200')!;
    for (const lang of LANGUAGES) {
      const reply = await ok(method, { lang, ...params });
      expect(reply.responseCode).toBe('00');
      expect(Array.isArray(reply[key]) && reply[key].length > 0, `${method} ${lang}: ${key}`).toBe(true);
      expect(validate(reply), `${method} ${lang}: ${describeErrors(validate)}`).toBe(true);
    }
  });

  it('every list is refused without a language, or in one the app does not have', async () => {
    for (const [method, , params] of LISTS) {
      expect((await list(method, params)).status, method).toBe(400);
      expect((await list(method, { lang: 'de', ...params })).status, method).toBe(400);
    }
  });

  it('countries and currencies are named in the language asked for, in the shape the start-up reads', async () => {
    const ro = await ok('countries', { lang: 'ro' });
    expect(ro.countries.find((c: { code: string }) => c.code === 'DE').name).toBe('Germania');
    const uk = await ok('currencies', { lang: 'uk' });
    const en = await ok('currencies', { lang: 'en' });
    expect(en.currencies.map((c: { code: string }) => c.code)).toEqual(['USD', 'EUR', 'RON', 'GBP', 'CAD', 'AUD', 'BTC', 'USDT']);
    expect(en.currencies.find((c: { code: string }) => c.code === 'EUR')).toEqual({ code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 });
    expect(en.currencies.find((c: { code: string }) => c.code === 'BTC')).toEqual({ code: 'BTC', name: 'Bitcoin', decimals: 8 });
    expect(uk.currencies.find((c: { code: string }) => c.code === 'EUR').name).not.toBe('Euro');
  });

  /** The lists written in English and served translated (the others are names and codes: Intl's, or as they are). */
  const TRANSLATED = LISTS.filter(([method]) => !['countries', 'currencies', 'birthCountries', 'states', 'countryDateFormats', 'primaryDialects', 'phoneCodes', 'allCurrencies', 'taxReferenceTable'].includes(method));
  /** A list's texts (every name, text and label, at any depth) in order. */
  const textsOf = (value: unknown): string[] => {
    if (Array.isArray(value)) return value.flatMap(textsOf);
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, x]) => ((k === 'name' || k === 'text' || k === 'label') && typeof x === 'string' ? [x] : textsOf(x)));
    return [];
  };
  it.each(TRANSLATED)('%s comes in the language asked for: the same entries, each text translated (issue 45: English on Russian pages)', async (method, key, params) => {
    const en = (await ok(method, { lang: 'en', ...params }))[key];
    const english = textsOf(en);
    expect(english.length, method).toBeGreaterThan(0);
    for (const lang of ['es', 'pt', 'ro', 'ru', 'uk'] as const) {
      const served = (await ok(method, { lang, ...params }))[key];
      expect(JSON.stringify(served).replace(/"(name|text|label)":"[^"]*"/g, ''), `${method} ${lang}: the same ids and values`).toBe(JSON.stringify(en).replace(/"(name|text|label)":"[^"]*"/g, ''));
      const texts = textsOf(served);
      texts.forEach((text, i) => expect(text, `${method} ${lang}: "${english[i]}"`).toBe(REFERENCE_TEXTS[lang][english[i]!]));
      // Cyrillic pages: no English word left (codes like USD and IT aside).
      if (lang === 'ru' || lang === 'uk') expect(texts.filter((text) => /[A-Za-z]{3,}/.test(text.replace(/\b(USD|IT|ID|PEP)\b/g, ''))), `${method} ${lang}`).toEqual([]);
    }
  });

  it('states need countryCode: refused without it like any required parameter; a country without states has none', async () => {
    const missing = await list('states', { lang: 'en' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toMatch(/Request breaks the contract: .*countryCode/);
    expect((await list('states', { lang: 'en', countryCode: 'USA' })).status).toBe(400);
    const ca = await ok('states', { lang: 'ru', countryCode: 'ca' });
    expect(ca.states).toContainEqual({ code: 'QC', name: 'Quebec' });
    expect(ca.states).toHaveLength(13);
    expect((await ok('states', { lang: 'en', countryCode: 'US' })).states).toHaveLength(51);
    expect(await ok('states', { lang: 'en', countryCode: 'RO' })).toEqual({ responseCode: '00', states: [] });
  });

  it('customer address document types: a country may add its own, countryCode is optional', async () => {
    const ids = async (params: Record<string, string>) =>
      (await ok('customerAddressDocumentTypes', { lang: 'en', ...params })).customerAddressDocumentTypes.map((d: { id: string }) => d.id);
    const general = await ids({});
    expect(general).toContain('20');
    expect(await ids({ countryCode: 'GB' })).toEqual([...general, '26']);
    expect(await ids({ countryCode: 'FR' })).toEqual(general);
  });

  it('document types come in the 12 categories of 002 s3, each with its customerDocumentTypes by number', async () => {
    const { customerDocumentCategories } = await ok('documentTypes', { lang: 'pt' });
    expect(customerDocumentCategories.map((c: { id: string }) => c.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    const identity = customerDocumentCategories.find((c: { id: string }) => c.id === '1');
    // 4 and 5 have a back, 88 (RU, UA) the registration stamp: the types the upload rules name.
    expect(identity.customerDocumentTypes.map((t: { id: string }) => t.id)).toEqual(['1', '4', '5', '88']);
    for (const category of customerDocumentCategories) expect(category.customerDocumentTypes.length).toBeGreaterThan(0);
  });

  it('industries fill every group of the rules, by the rules’ names; ids are unique', async () => {
    const { industries } = (await ok('industries', { lang: 'es' })) as { industries: Industry[] };
    expect([...new Set(industries.map((i) => i.group))].sort()).toEqual([...INDUSTRY_GROUPS].sort());
    expect(new Set(industries.map((i) => i.id)).size).toBe(industries.length);
  });

  it('additional questions: the ones the app adjusts on load, and plain text and select questions', async () => {
    const questions = async (method: string) => (await ok(method, { lang: 'ro' })).additionalQuestions as AdditionalQuestion[];
    const personal = await questions('personalAdditionalQuestions');
    const business = await questions('businessAdditionalQuestions');
    expect(personal.map((q) => q.id)).toEqual(expect.arrayContaining(['anotherAccount', 'controlAccount']));
    expect(business.map((q) => q.id)).toEqual(expect.arrayContaining(['businessAnotherAccount', 'controlAccount']));
    for (const set of [personal, business]) {
      const control = set.find((q) => q.id === 'controlAccount')!;
      expect(control.type).toBe('select');
      expect(control.options!.map((o) => o.value)).toEqual(['1', '2']);
      expect(set.filter((q) => !['anotherAccount', 'businessAnotherAccount', 'controlAccount'].includes(q.id)).length).toBeGreaterThanOrEqual(2);
      for (const q of set) expect(q.type === 'select' ? (q.options?.length ?? 0) > 0 : q.options === undefined).toBe(true);
    }
    // The list adjusts as 002 s3 says: a yes/no radio with its details, controlAccount a radio with the person behind '2'.
    const adjusted = adjustAdditionalQuestions(personal);
    expect(adjusted.find((q) => q.id === 'anotherAccount')!.type).toBe('radio');
    expect(adjusted.find((q) => q.id === 'controlAccountPerson')!.shownWhen).toEqual({ questionId: 'controlAccount', answer: '2' });
  });

  it('sources of funds, purposes of account and deposits have unique ids that stay text (never numeric-looking)', async () => {
    for (const [method, key] of [
      ['personalSourcesOfFunds', 'sourcesOfFunds'],
      ['businessSourcesOfFunds', 'sourcesOfFunds'],
      ['employeeSourcesOfFunds', 'sourcesOfFunds'],
      ['personalPurposeOfAccount', 'purposesOfAccount'],
      ['businessPurposeOfAccount', 'purposesOfAccount'],
      ['estimatedMonthlyDeposits', 'estimatedMonthlyDeposits'],
      ['occupations', 'occupations'],
    ] as const) {
      const ids = ((await ok(method, { lang: 'en' }))[key] as { id: string }[]).map((e) => e.id);
      expect(new Set(ids).size, method).toBe(ids.length);
      for (const id of ids) expect(id, method).not.toMatch(/^-?\d+(\.\d+)?$/);
    }
  });

  it('the lazy static lists: date formats, dialects, phone codes, all currencies, access rights 0-5', async () => {
    const { dateFormats } = await ok('countryDateFormats', { lang: 'en' });
    expect(dateFormats).toContainEqual({ countryCode: 'US', format: 'MM/DD/YYYY' });
    for (const { format } of dateFormats) expect(format).toMatch(/^(?=.*DD)(?=.*MM)(?=.*YYYY)[DMY./ -]+$/);
    expect((await ok('primaryDialects', { lang: 'en' })).dialects).toContainEqual({ code: 'pt-BR', name: 'Portuguese (Brazil)' });
    expect((await ok('phoneCodes', { lang: 'en' })).phoneCodes).toContainEqual({ countryCode: 'RO', code: '+40' });
    const all = (await ok('allCurrencies', { lang: 'en' })).currencies as { code: string; name: string }[];
    expect(all.length).toBeGreaterThan(150);
    expect(all).toContainEqual({ code: 'JPY', name: 'Japanese Yen' });
    expect(new Set(all.map((c) => c.code)).size).toBe(all.length);
    const { accessRights } = await ok('accessRights', { lang: 'uk' });
    expect(accessRights.map((r: { value: number }) => r.value)).toEqual([...ACCESS_RIGHTS]);
    expect(accessRights.find((r: { value: number }) => r.value === 2).name).toBe('Повний доступ'); // in the language asked for (issue 45)
  });
});
