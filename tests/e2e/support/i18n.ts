import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The app's own catalogs (locales/<lang>/messages.po), so page objects can find a control by its
 * accessible name in whatever language the page shows. Specs that check a translation keep the
 * literal text in the assertion; page objects use these to stay language-neutral.
 */
const LOCALES = fileURLToPath(new URL('../../../locales/', import.meta.url));

const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const ENTRY = new RegExp(String.raw`^msgid (${QUOTED}(?:\n${QUOTED})*)\nmsgstr (${QUOTED}(?:\n${QUOTED})*)`, 'gm');
const unquote = (block: string) =>
  block
    .split('\n')
    .map((line) => JSON.parse(line) as string)
    .join('');

function load(): Map<string, Map<string, string>> {
  const catalogs = new Map<string, Map<string, string>>();
  for (const lang of readdirSync(LOCALES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
    const messages = new Map<string, string>();
    for (const [, id, str] of readFileSync(`${LOCALES}${lang}/messages.po`, 'utf8').matchAll(ENTRY)) {
      const msgid = unquote(id!);
      if (msgid) messages.set(msgid, unquote(str!) || msgid);
    }
    catalogs.set(lang, messages);
  }
  return catalogs;
}

let catalogs: Map<string, Map<string, string>> | undefined;

/** The text of a source message (its English msgid) in one language. */
export function translate(lang: string, msgid: string): string {
  catalogs ??= load();
  const messages = catalogs.get(lang === 'ua' ? 'uk' : lang);
  if (!messages) throw new Error(`no catalog for language ${lang}`);
  const text = messages.get(msgid);
  if (text === undefined) throw new Error(`"${msgid}" is not a message of the app (locales/${lang}/messages.po)`);
  return text;
}

/** Every translation of a source message, English first, without duplicates. */
export function translations(msgid: string): string[] {
  catalogs ??= load();
  const langs = ['en', ...[...catalogs.keys()].filter((l) => l !== 'en')];
  return [...new Set(langs.map((lang) => translate(lang, msgid)))];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A name matcher for getByRole/getByLabel that accepts the message in any of the app's languages:
 * the whole name by default (as `{ exact: true }`), or anywhere in it with `{ exact: false }`.
 * `values` fills placeholders: `anyLanguage('{brandName}: home', { values: { brandName: 'Corvel' } })`.
 */
export function anyLanguage(msgid: string, { exact = true, values = {} }: { exact?: boolean; values?: Record<string, string> } = {}): RegExp {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const alternatives = translations(msgid).map(fill).map(escape).join('|');
  return exact ? new RegExp(`^(?:${alternatives})$`) : new RegExp(alternatives);
}
