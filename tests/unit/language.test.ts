// @vitest-environment node
import { languageFromAddress, resolveLanguage } from '@machines/app/app-start.logic';
import { parseLanguage } from '../../src/shared/config/languages';

const all = ['en', 'es', 'ro', 'ru', 'uk', 'pt'] as const;

describe('start-up language resolution', () => {
  it.each([
    [{ fromUrl: 'ru', stored: 'es', browser: ['pt-BR'] }, all, 'ru'],
    [{ fromUrl: 'ua', stored: null }, all, 'uk'],
    [{ fromUrl: 'xx', stored: 'es' }, all, 'es'],
    [{ stored: null, browser: ['uk-UA', 'en'] }, all, 'uk'],
    [{ stored: null, browser: ['de-DE', 'pt-PT'] }, all, 'pt'],
    [{ stored: null, browser: ['de-DE'] }, all, 'en'],
    [{ fromUrl: 'ru', stored: 'ro', browser: ['es'] }, ['en', 'es'] as const, 'es'], // brand 3
    [{ fromUrl: 'ru' }, ['en', 'es'] as const, 'en'],
  ])('%j with %j gives %s', (sources, offered, expected) => {
    expect(resolveLanguage({ ...sources, offered, fallback: 'en' })).toBe(expected);
  });

  it('parses the UA label as uk', () => {
    expect(languageFromAddress('UA', all)).toBe('uk');
    expect(parseLanguage('UA')).toBe('uk');
    expect(parseLanguage('uk')).toBe('uk');
    expect(parseLanguage('de')).toBeUndefined();
  });
});

describe('?lang= is the user\'s choice (stored like the language switch, brand languages only)', () => {
  const brand3 = ['en', 'es'] as const;
  it.each([
    ['pt', all, 'pt'],
    ['PT', all, 'pt'],
    ['ua', all, 'uk'],
    ['uk', all, 'uk'],
    ['pt-BR', all, 'pt'],
    ['ru', brand3, undefined], // brand 3 offers English and Spanish only
    ['es', brand3, 'es'],
    ['xx', all, undefined],
    ['', all, undefined],
    [undefined, all, undefined],
    [['pt', 'es'], all, undefined], // a repeated parameter is not a choice
    [42, all, undefined],
  ] as const)('%j with %j → %s', (value, offered, expected) => {
    expect(languageFromAddress(value, offered)).toBe(expected);
  });

  it('the start-up language follows the same rule for the address', () => {
    for (const value of ['pt', 'ru', 'xx', 'UA']) {
      const fromAddress = languageFromAddress(value, brand3);
      expect(resolveLanguage({ fromUrl: value, stored: 'es', offered: brand3, fallback: 'en' })).toBe(fromAddress ?? 'es');
    }
  });
});
