import { configureApi } from '../../src/shared/api/runtime';
import { fakeMainApi, type SentCall } from '../support/fake-main-api';
import { loadDictionaries } from '../../src/entities/dictionary';

/**
 * The start-up's countries and currencies (spec 002 s7 reference lists `countries` and
 * `currencies`, asked for together in the language being loaded), checked with valibot and kept
 * in sessionStorage `app.dictionaries` with their language (spec 000 s9, docs/storage.md).
 */
const COUNTRIES = [{ code: 'DE', name: 'Germania' }];
const CURRENCIES = [{ code: 'EUR', name: 'euro', symbol: '€', decimals: 2 }, { code: 'BTC', name: 'Bitcoin', decimals: 8 }];

let calls: SentCall[] = [];
let replies: Record<string, unknown> = {};

beforeEach(() => {
  replies = { countries: { responseCode: '00', countries: COUNTRIES }, currencies: { responseCode: '00', currencies: CURRENCIES } };
  sessionStorage.clear();
  calls = fakeMainApi(({ method }) => replies[method ?? '']);
});

describe('loadDictionaries', () => {
  it('asks for countries and currencies in the language being loaded and keeps them with it', async () => {
    // As at start-up: the catalog of the language has loaded and set the API's language first.
    configureApi({ language: 'ro' });
    const value = await loadDictionaries('ro');
    expect(calls.map((c) => c.method).sort()).toEqual(['countries', 'currencies']);
    for (const call of calls) expect(call.body).toEqual({ method: call.method, lang: 'ro' });
    expect(value).toEqual({ countries: COUNTRIES, currencies: CURRENCIES, language: 'ro' });
    expect(JSON.parse(sessionStorage.getItem('app.dictionaries')!)).toEqual({ countries: COUNTRIES, currencies: CURRENCIES, language: 'ro' });
  });

  it('reuses what is kept for the same language, and loads another language again', async () => {
    configureApi({ language: 'ro' });
    await loadDictionaries('ro');
    expect(await loadDictionaries('ro')).toEqual({ countries: COUNTRIES, currencies: CURRENCIES, language: 'ro' });
    expect(calls).toHaveLength(2);
    configureApi({ language: 'uk' });
    await loadDictionaries('uk');
    expect(calls.slice(2).map((c) => [c.method, c.body.lang]).sort()).toEqual([['countries', 'uk'], ['currencies', 'uk']]);
    expect(JSON.parse(sessionStorage.getItem('app.dictionaries')!).language).toBe('uk');
  });

  it('a reply that lacks its list fails, and nothing is kept', async () => {
    replies.currencies = { responseCode: '00' };
    await expect(loadDictionaries('en')).rejects.toThrow();
    expect(sessionStorage.getItem('app.dictionaries')).toBeNull();
  });
});
