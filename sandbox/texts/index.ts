import type { Language } from '../../machines/shared/languages.ts';
import { es } from './es.ts';
import { pt } from './pt.ts';
import { ro } from './ro.ts';
import { ru } from './ru.ts';
import { uk } from './uk.ts';

/**
 * Every text the sandbox writes to a customer, in the request's language (issue 46 item 8). The
 * handlers write English; the reply is translated on its way out (server.ts `sendValidated`), by
 * these tables keyed by the English text. A text with parts the handler put in (a line number, a
 * currency, another text) is a template: its English key has {0}, {1}, … (or a {name}) where they
 * go, and the parts are translated in turn when they are texts themselves ("Line 3: Enter an
 * amount above zero"). A text without a translation stays English (the test says which).
 */
export const SANDBOX_TEXTS: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, string>>>> = { es, pt, ro, ru, uk };

const PLACEHOLDER = /\{(\w+)\}/g;

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
  /** The characters that are not placeholders: the longest match first. */
  weight: number;
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function compile(key: string): Template {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += escape(key.slice(last, match.index));
    source += '(.+?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  source += escape(key.slice(last));
  return { key, pattern: new RegExp(`^${source}$`, 's'), names, weight: key.replace(PLACEHOLDER, '').length };
}

const templates = new Map<Language, Template[]>();
function templatesOf(language: Exclude<Language, 'en'>): Template[] {
  let list = templates.get(language);
  if (!list) {
    list = Object.keys(SANDBOX_TEXTS[language])
      .filter((key) => /\{\w+\}/.test(key))
      .map(compile)
      .sort((a, b) => b.weight - a.weight);
    templates.set(language, list);
  }
  return list;
}

/** One text in a language: the table's text, a template's with its parts put back (translated too), else the English. */
export function translateText(text: string, language: Language, depth = 0): string {
  if (language === 'en' || depth > 3) return text;
  const table = SANDBOX_TEXTS[language];
  const exact = table[text];
  if (exact !== undefined) return exact;
  for (const template of templatesOf(language)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const parts = new Map(template.names.map((name, i) => [name, translateText(match[i + 1]!, language, depth + 1)]));
    return table[template.key]!.replace(PLACEHOLDER, (whole, name: string) => parts.get(name) ?? whole);
  }
  return text;
}

/**
 * A reply body with its texts in the language: `responseDescription`, every `message`, `reason`
 * and `rejectReason`, the strings of an `errors` list and each validation error's `description`.
 * Nothing else (names, a transaction's own description) is touched.
 */
export function translateReply(body: unknown, language: Language): unknown {
  if (language === 'en') return body;
  const walk = (value: unknown, key: string | null, parent: string | null): unknown => {
    if (typeof value === 'string') {
      const translatable =
        key === 'responseDescription' || key === 'message' || key === 'reason' || key === 'rejectReason' || (key === 'description' && parent === 'validationErrors') || (key === null && parent === 'errors');
      return translatable ? translateText(value, language) : value;
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, null, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, key === null ? parent : key)]));
    return value;
  };
  return walk(body, null, null);
}
