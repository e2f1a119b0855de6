export { loadDictionaries } from './api/load-dictionaries';
export type { DictionariesData } from './api/load-dictionaries';
export { loadReferenceList, referenceListQuery, REFERENCE_LISTS } from './api/reference-lists';
export type { ReferenceList, ReferenceListName } from './api/reference-lists';
