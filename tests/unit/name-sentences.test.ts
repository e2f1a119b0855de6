// @vitest-environment node
import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * A name the service shortens ends with a full stop ("Ana D."), and so may a bank's ("Banco S.A.").
 * The sentences that show such names must not put a full stop right after them, in any language:
 * Russian once read "Получатель: Ana D.." (a doubled stop).
 */
const LANGUAGES = ['en', 'es', 'pt', 'ro', 'ru', 'uk'] as const;
const NAMED = ['{0} receives it.', '{0} receives it ({1})', '{0} is asked to pay it.'];

/** msgid → msgstr of one catalog (single-line entries, as the catalogs write them). */
function catalog(lang: string): Map<string, string> {
  const text = readFileSync(new URL(`../../locales/${lang}/messages.po`, import.meta.url), 'utf8');
  const entries = new Map<string, string>();
  for (const [, id, str] of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) entries.set(id!, str || id!);
  return entries;
}

describe('names that end with a full stop are never followed by another', () => {
  it.each(LANGUAGES)('%s', (lang) => {
    const messages = catalog(lang);
    for (const id of NAMED) {
      const translated = messages.get(id);
      expect(translated, `${id} in ${lang}`).toBeDefined();
      const i18n = setupI18n({ locale: lang, messages: { [lang]: { [id]: compileMessage(translated!) } } });
      const shown = i18n._(id, { 0: 'Ana D.', 1: 'Banco S.A.' });
      expect(shown).toContain('Ana D.');
      expect(shown, `${lang}: ${shown}`).not.toMatch(/\.\./);
    }
  });
});
