import { z } from 'zod/mini';
import { api } from '@/shared/api';
import { readStored, storageKeys, writeStored, type Language } from '@/shared/config';

/** The part of the dictionaries reply the shell relies on, checked at the boundary. */
const dictionariesSchema = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  currencies: z.array(
    z.object({ code: z.string(), name: z.string(), symbol: z.optional(z.string()), decimals: z.optional(z.number()) }),
  ),
});

export interface DictionariesData extends z.infer<typeof dictionariesSchema> {
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
        return { ...dictionariesSchema.parse(parsed), language };
      }
    } catch {
      /* corrupt entry: load again */
    }
  }
  // The language is the one being loaded (a switch in progress), not necessarily the current one.
  const reply = await api().main.call('dictionaries', { lang: language });
  const value = { ...dictionariesSchema.parse(reply), language };
  writeStored(storageKeys.dictionaries, JSON.stringify(value));
  return value;
}
