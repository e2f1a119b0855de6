import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@machines/shared/languages';

/**
 * The catalogs the tests import are the ones compiled from today's .po files (issue 47: stale
 * compiled catalogs were tracked, and Vitest resolved `messages` to them, missing hundreds of
 * messages). Compiled catalogs are build output (`npm run i18n:compile`, run before the tests and
 * every build), never tracked.
 */
const compiled = import.meta.glob<{ messages: Record<string, unknown> }>(['../../locales/*/messages.*', '!../../locales/*/messages.po'], { eager: true });

describe('compiled catalogs', () => {
  for (const language of LANGUAGES) {
    it(`${language}: one compiled catalog, with every message of its .po file`, () => {
      const files = Object.keys(compiled).filter((path) => path.startsWith(`../../locales/${language}/messages.`) && !path.endsWith('.po'));
      expect(files).toEqual([`../../locales/${language}/messages.ts`]);
      const po = readFileSync(`locales/${language}/messages.po`, 'utf8');
      const ids = po.match(/^msgid "(?!")/gm)?.length ?? 0;
      expect(Object.keys(compiled[files[0]!]!.messages)).toHaveLength(ids);
    });
  }
});
