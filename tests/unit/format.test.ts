// @vitest-environment node
import { formatAmount, formatMoney, formatDate, formatDay, formatPercent } from '../../src/shared/lib/format';

describe('money formatting (001 s9, 002 s9)', () => {
  it('shows at least 2 and at most 8 decimals, without losing precision', () => {
    expect(formatAmount('10', 'en')).toBe('10.00');
    expect(formatAmount('0.12345678', 'en')).toBe('0.12345678');
    expect(formatAmount('0.123456789', 'en')).toBe('0.12345679');
    expect(formatAmount('12345678901234.5', 'en')).toBe('12,345,678,901,234.50');
  });

  it('uses the locale separators', () => {
    expect(formatAmount('1234.5', 'ro')).toBe('1.234,50');
    expect(formatAmount('1234.5', 'ru')).toMatch(/^1\s234,50$/);
  });

  it.each([
    ['EUR', 'en', '€1,234.50'],
    ['USD', 'en', '$1,234.50'],
    ['GBP', 'en', '£1,234.50'],
    ['RON', 'en', 'lei\u00a01,234.50'],
    ['EUR', 'ro', '1.234,50\u00a0€'],
    ['USDT', 'en', 'USDT\u00a01,234.50'],
  ])('%s in %s', (currency, locale, expected) => {
    expect(formatMoney('1234.5', currency, locale)).toBe(expected);
  });

  it('keeps the sign in front', () => {
    expect(formatMoney('-5', 'USD', 'en')).toBe('-$5.00');
  });

  it('formats dates per language and ignores invalid ones', () => {
    expect(formatDate('2026-03-05T10:00:00Z', 'en')).toBe('Mar 5, 2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('formatDay (a date sent as YYYY-MM-DD)', () => {
  it.each([
    ['2026-12-01', 'en', 'Dec 1, 2026'],
    ['2026-01-31', 'en', 'Jan 31, 2026'],
    ['2026-12-01', 'ru', '1 дек. 2026 г.'],
    ['not a day', 'en', 'not a day'],
    ['2026-13-45', 'en', '2026-13-45'],
    ['2026-12-01T10:00:00Z', 'en', '2026-12-01T10:00:00Z'],
  ])('%s in %s → %s', (day, locale, text) => expect(formatDay(day, locale)).toBe(text));
});

describe('formatPercent (exact decimal text)', () => {
  it.each([
    ['12.5', 'en', '12.5%'],
    ['100', 'en', '100%'],
    ['0.01', 'en', '0.01%'],
    ['33.33', 'ru', '33,33\u00a0%'],
    ['12.5', 'pt', '12,5%'],
    [' 7 ', 'en', '7%'],
    ['abc', 'en', 'abc'],
    ['1e3', 'en', '1e3'],
  ])('%s in %s → %s', (text, locale, shown) => expect(formatPercent(text, locale)).toBe(shown));
});
