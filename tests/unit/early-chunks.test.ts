import { earlyChunksFor } from '@/app/early-chunks';
import { readStartFacts } from '@/app/start-facts';
import { storageKeys, writeStored, removeStored } from '@/shared/config';

/** The first page's chunks and the starting language's catalog are asked for before the entry is evaluated. */
describe('early chunks', () => {
  it.each([
    ['/login', 2],
    ['/login/', 2],
    ['/home', 2],
    ['/home//', 2],
    ['/', 0],
    ['/history', 0],
    ['/login/extra', 0],
  ])('%s starts %i downloads', (path, count) => {
    expect(earlyChunksFor(path)).toHaveLength(count);
  });
});

describe('the start facts (read by early-chunks and by main)', () => {
  afterEach(() => {
    removeStored(storageKeys.language);
    removeStored(storageKeys.brandOverride);
  });

  it('takes the brand from ?brand= and the language from ?lang= when the brand offers it', () => {
    const facts = readStartFacts(new URLSearchParams('brand=brand2&lang=ru'));
    expect(facts.brandId).toBe('brand2');
    expect(facts.offeredLanguages).toContain('ru');
    expect(facts.language).toBe('ru');
  });

  it('falls back to the stored choice, then the brand default, for a language the brand does not offer', () => {
    writeStored(storageKeys.brandOverride, 'brand3');
    const facts = readStartFacts(new URLSearchParams('lang=ru'));
    expect(facts.brandId).toBe('brand3');
    expect(facts.offeredLanguages).not.toContain('ru'); // brand 3: English and Spanish only
    expect(facts.offeredLanguages).toContain(facts.language);
    writeStored(storageKeys.language, 'es');
    expect(readStartFacts(new URLSearchParams('')).language).toBe('es');
  });
});
