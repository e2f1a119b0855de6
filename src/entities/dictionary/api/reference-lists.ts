import { queryOptions } from '@tanstack/react-query';
import { api, type MainReply } from '@/shared/api';
import { readStored, storageKeys, writeStored, type Language } from '@/shared/config';

/**
 * The reference lists of registration (002 s3 "Reference lists", s7 "Dictionaries"), each its own
 * public call with the language; kept in sessionStorage per list and language (002 s3: "Dictionary
 * stores persist in session storage"), so a reload in the same tab and language asks again for
 * nothing. Each list is asked for only when a screen needs it (the lazy ones too).
 */
export const REFERENCE_LISTS = {
  personalSourcesOfFunds: 'sourcesOfFunds',
  businessSourcesOfFunds: 'sourcesOfFunds',
  employeeSourcesOfFunds: 'sourcesOfFunds',
  personalPurposeOfAccount: 'purposesOfAccount',
  businessPurposeOfAccount: 'purposesOfAccount',
  personalAgreements: 'agreements',
  estimatedMonthlyDeposits: 'estimatedMonthlyDeposits',
  industries: 'industries',
  occupations: 'occupations',
  birthCountries: 'birthCountries',
  personalAdditionalQuestions: 'additionalQuestions',
  businessAdditionalQuestions: 'additionalQuestions',
  // Lazily loaded (002 s7): asked for only when a step needs it (a user's access rights).
  accessRights: 'accessRights',
} as const;
export type ReferenceListName = keyof typeof REFERENCE_LISTS;
type ReplyOf<N extends ReferenceListName> = MainReply<N>;
export type ReferenceList<N extends ReferenceListName> = NonNullable<ReplyOf<N>[(typeof REFERENCE_LISTS)[N] & keyof ReplyOf<N>]>;

type Loader<N extends ReferenceListName> = (lang: Language, options: { signal?: AbortSignal }) => Promise<ReferenceList<N>>;

/** Each list's own call; every request is `{ lang }` (ReferenceListRequest). */
const LOADERS: { [N in ReferenceListName]: Loader<N> } = {
  personalSourcesOfFunds: async (lang, o) => (await api().main.call('personalSourcesOfFunds', { lang }, o)).sourcesOfFunds ?? [],
  businessSourcesOfFunds: async (lang, o) => (await api().main.call('businessSourcesOfFunds', { lang }, o)).sourcesOfFunds ?? [],
  employeeSourcesOfFunds: async (lang, o) => (await api().main.call('employeeSourcesOfFunds', { lang }, o)).sourcesOfFunds ?? [],
  personalPurposeOfAccount: async (lang, o) => (await api().main.call('personalPurposeOfAccount', { lang }, o)).purposesOfAccount ?? [],
  businessPurposeOfAccount: async (lang, o) => (await api().main.call('businessPurposeOfAccount', { lang }, o)).purposesOfAccount ?? [],
  personalAgreements: async (lang, o) => (await api().main.call('personalAgreements', { lang }, o)).agreements ?? [],
  estimatedMonthlyDeposits: async (lang, o) => (await api().main.call('estimatedMonthlyDeposits', { lang }, o)).estimatedMonthlyDeposits ?? [],
  industries: async (lang, o) => (await api().main.call('industries', { lang }, o)).industries ?? [],
  occupations: async (lang, o) => (await api().main.call('occupations', { lang }, o)).occupations ?? [],
  birthCountries: async (lang, o) => (await api().main.call('birthCountries', { lang }, o)).birthCountries ?? [],
  personalAdditionalQuestions: async (lang, o) => (await api().main.call('personalAdditionalQuestions', { lang }, o)).additionalQuestions ?? [],
  businessAdditionalQuestions: async (lang, o) => (await api().main.call('businessAdditionalQuestions', { lang }, o)).additionalQuestions ?? [],
  accessRights: async (lang, o) => (await api().main.call('accessRights', { lang }, o)).accessRights ?? [],
};

type Stored = Record<string, unknown>;
const storedLists = (): Stored => {
  try {
    return JSON.parse(readStored(storageKeys.referenceLists) ?? '{}') as Stored;
  } catch {
    return {};
  }
};

/** One list in one language: from sessionStorage when kept, else asked for and kept. */
export async function loadReferenceList<N extends ReferenceListName>(name: N, language: Language, signal?: AbortSignal): Promise<ReferenceList<N>> {
  const key = `${name}:${language}`;
  const kept = storedLists()[key];
  if (Array.isArray(kept)) return kept as ReferenceList<N>;
  const list = await LOADERS[name](language, signal ? { signal } : {});
  writeStored(storageKeys.referenceLists, JSON.stringify({ ...storedLists(), [key]: list }));
  return list;
}

export const referenceListQuery = <N extends ReferenceListName>(name: N, language: Language) =>
  queryOptions({
    queryKey: ['referenceList', name, language] as const,
    queryFn: ({ signal }) => loadReferenceList(name, language, signal),
    staleTime: Infinity,
    meta: { errorPopup: false },
  });
