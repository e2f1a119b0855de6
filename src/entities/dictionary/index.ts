export { loadDictionaries } from './api/load-dictionaries';
export type { DictionariesData } from './api/load-dictionaries';
