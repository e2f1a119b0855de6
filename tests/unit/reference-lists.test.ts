import { configureApi } from '../../src/shared/api/runtime';
import { fakeMainApi, type SentCall } from '../support/fake-main-api';
import { loadReferenceList } from '../../src/entities/dictionary';

/** A registration reference list (002 s3/s7): asked for with the language, kept per list and language in sessionStorage `app.referenceLists`. */
let calls: SentCall[] = [];
const SOURCES = [{ id: 'salary', name: 'Salary' }];
const AGREEMENTS = [{ id: 'terms', name: 'Terms', url: 'https://example.test/terms' }];

beforeEach(() => {
  sessionStorage.clear();
  calls = fakeMainApi(({ method }) => (method === 'personalSourcesOfFunds' ? { responseCode: '00', sourcesOfFunds: SOURCES } : { responseCode: '00', agreements: AGREEMENTS }));
});

describe('loadReferenceList', () => {
  it("answers the reply's list, keeps it per list and language, and asks again only for another language or list", async () => {
    configureApi({ language: 'pt' });
    expect(await loadReferenceList('personalSourcesOfFunds', 'pt')).toEqual(SOURCES);
    expect(calls.map(({ method, body }) => ({ method, body }))).toEqual([{ method: 'personalSourcesOfFunds', body: { method: 'personalSourcesOfFunds', lang: 'pt' } }]);
    expect(await loadReferenceList('personalSourcesOfFunds', 'pt')).toEqual(SOURCES);
    expect(calls).toHaveLength(1);
    expect(await loadReferenceList('personalAgreements', 'pt')).toEqual(AGREEMENTS);
    configureApi({ language: 'ru' });
    await loadReferenceList('personalSourcesOfFunds', 'ru');
    expect(calls.map((c) => `${c.method}:${c.body.lang}`)).toEqual(['personalSourcesOfFunds:pt', 'personalAgreements:pt', 'personalSourcesOfFunds:ru']);
    expect(Object.keys(JSON.parse(sessionStorage.getItem('app.referenceLists')!)).sort()).toEqual(['personalAgreements:pt', 'personalSourcesOfFunds:pt', 'personalSourcesOfFunds:ru']);
  });

  it('a kept entry that is not a list, or unreadable storage, is asked for again', async () => {
    sessionStorage.setItem('app.referenceLists', '{"personalSourcesOfFunds:en": "broken"}');
    expect(await loadReferenceList('personalSourcesOfFunds', 'en')).toEqual(SOURCES);
    sessionStorage.setItem('app.referenceLists', 'not json');
    expect(await loadReferenceList('personalAgreements', 'en')).toEqual(AGREEMENTS);
    expect(calls).toHaveLength(2);
  });
});
