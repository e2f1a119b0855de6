// @vitest-environment node
import { resolveLanguage } from '@machines/app/app-start.logic';
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
    expect(parseLanguage('UA')).toBe('uk');
    expect(parseLanguage('uk')).toBe('uk');
    expect(parseLanguage('de')).toBeUndefined();
  });
});
