import { describe, expect, it } from 'vitest';
import { CONTACT_SEPARATOR, entityBlockLines, type EntityBlockSource } from '@machines/shared/entity-block.rules';
import type { Language } from '@machines/shared/languages';

/** The regulated-entity block of the documents (spec 000 s1; issue 61): every item, each left out when empty. */
const full: EntityBlockSource = {
  name: 'Tidewell Money B.V.',
  address: 'Havenkade 21, 1000 AA Tidewater',
  licenceFooter: { en: 'Licensed (EMI-31877).', ru: 'Лицензия (EMI-31877).' },
  phone: '+12025550171',
  email: 'support@tidewell.example',
  web: 'https://tidewell.example',
};
const contact = ['+12025550171', 'support@tidewell.example', 'https://tidewell.example'].join(CONTACT_SEPARATOR);

describe('entityBlockLines', () => {
  it('prints name, address, licence and one contact line, in that order', () => {
    expect(entityBlockLines(full, 'en')).toEqual(['Tidewell Money B.V.', 'Havenkade 21, 1000 AA Tidewater', 'Licensed (EMI-31877).', contact]);
  });

  it.each<[string, Language, EntityBlockSource['licenceFooter'], string | null]>([
    ['the document’s language when the brand has it', 'ru', { en: 'EN', ru: 'RU' }, 'RU'],
    ['English when the brand lacks the language', 'uk', { en: 'EN', ru: 'RU' }, 'EN'],
    ['English when the language’s text is only spaces', 'ru', { en: 'EN', ru: '   ' }, 'EN'],
    ['none when neither is there', 'pt', { ru: 'RU' }, null],
    ['none without a licence footer at all', 'en', undefined, null],
    ['none when English is empty too', 'es', { en: '' }, null],
  ])('licence: %s', (_name, language, licenceFooter, expected) => {
    const lines = entityBlockLines({ ...full, licenceFooter }, language);
    expect(lines).toEqual(['Tidewell Money B.V.', 'Havenkade 21, 1000 AA Tidewater', ...(expected === null ? [] : [expected]), contact]);
  });

  it.each<[keyof EntityBlockSource, string[]]>([
    ['name', ['Havenkade 21, 1000 AA Tidewater', 'Licensed (EMI-31877).', contact]],
    ['address', ['Tidewell Money B.V.', 'Licensed (EMI-31877).', contact]],
  ])('an empty %s is left out (missing or only spaces)', (key, expected) => {
    expect(entityBlockLines({ ...full, [key]: undefined }, 'en')).toEqual(expected);
    expect(entityBlockLines({ ...full, [key]: '  ' }, 'en')).toEqual(expected);
  });

  it.each<[Partial<EntityBlockSource>, string]>([
    [{ phone: '' }, 'support@tidewell.example  ·  https://tidewell.example'],
    [{ email: undefined }, '+12025550171  ·  https://tidewell.example'],
    [{ web: ' ' }, '+12025550171  ·  support@tidewell.example'],
    [{ phone: '', web: '' }, 'support@tidewell.example'],
  ])('the contact line keeps only what is there: %j', (over, line) => {
    expect(entityBlockLines({ ...full, ...over }, 'en').at(-1)).toBe(line);
  });

  it('no contact line when phone, e-mail and web are all empty; nothing at all from an empty entity', () => {
    expect(entityBlockLines({ ...full, phone: '', email: '', web: undefined }, 'en')).toEqual(['Tidewell Money B.V.', 'Havenkade 21, 1000 AA Tidewater', 'Licensed (EMI-31877).']);
    expect(entityBlockLines({}, 'en')).toEqual([]);
  });

  it('trims each item', () => {
    expect(entityBlockLines({ name: '  Kestrel Wallet Ltd ', phone: ' +442079460346 ' }, 'en')).toEqual(['Kestrel Wallet Ltd', '+442079460346']);
  });
});
