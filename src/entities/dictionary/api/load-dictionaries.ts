import * as v from 'valibot';
import { api } from '@/shared/api';
import { readStored, storageKeys, writeStored, type Language } from '@/shared/config';

/** The part of the countries and currencies replies the shell relies on, checked at the boundary. */
// valibot, the validator first paint already carries (zod stays out of the app bundle).
const dictionariesSchema = v.object({
  countries: v.array(v.object({ code: v.string(), name: v.string() })),
  currencies: v.array(
    v.object({ code: v.string(), name: v.string(), symbol: v.optional(v.string()), decimals: v.optional(v.number()) }),
  ),
});

export interface DictionariesData extends v.InferOutput<typeof dictionariesSchema> {
  language: Language;
}

/**
 * Dictionaries persist in sessionStorage with their language (spec 000 s9): a reload in the
 * same tab and language reuses them; another language loads again.
 */
export async function loadDictionaries(language: Language): Promise<DictionariesData> {
  const stored = readStored(storageKeys.dictionaries);
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as { language?: string };
      if (parsed.language === language) {
        return { ...v.parse(dictionariesSchema, parsed), language };
      }
    } catch {
      /* corrupt entry: load again */
    }
  }
  // The language is the one being loaded (a switch in progress), not necessarily the current one.
  // Two reference lists (spec 002 s7), asked for together.
  const [{ countries }, { currencies }] = await Promise.all([
    api().main.call('countries', { lang: language }),
    api().main.call('currencies', { lang: language }),
  ]);
  const value = { ...v.parse(dictionariesSchema, { countries, currencies }), language };
  writeStored(storageKeys.dictionaries, JSON.stringify(value));
  return value;
}
