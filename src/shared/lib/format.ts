import { memoByKey } from '@machines/shared/memo';

/**
 * Money and date formatting through Intl, with the spec's rules:
 * amounts with up to 8 decimals and at least 2 (001 s9), and the currency symbols
 * of 002 s9 (EUR €, USD $, AUD $, CAD $, GBP £, RON lei). Other codes (crypto such as
 * USDT, which Intl does not know) are shown with their code.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  EUR: '€',
  USD: '$',
  AUD: '$',
  CAD: '$',
  GBP: '£',
  RON: 'lei',
};

const amountFormat = memoByKey((locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 8 }));
const dateFormat = memoByKey((locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }));
const dayFormat = memoByKey((locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }));
const percentFormat = memoByKey((locale) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 2 }));
const dateTimeFormat = memoByKey((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
/** Whether the locale writes a currency sign before the number (en) or after it (ro, ru, uk, es, pt). */
const symbolFirstIn = memoByKey((locale) => {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).formatToParts(1);
    return parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
  } catch {
    return true;
  }
});

/** An amount without currency. Accepts decimal strings so no precision is lost. */
const countFormat = memoByKey((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));

/** A count as the locale writes it (10,000 in en, 10 000 in ru): every count beside words in one page reads the same. */
export const formatCount = (count: number, locale: string): string => countFormat(locale).format(count);

export function formatAmount(amount: string | number, locale: string): string {
  const value = typeof amount === 'string' ? amount.trim() : amount;
  if (value === '' || Number.isNaN(Number(value))) return String(amount);
  // Intl.NumberFormat formats decimal strings exactly (ES2023 Intl.NumberFormat v3).
  return amountFormat(locale).format(value as unknown as number);
}

/**
 * An amount with its currency symbol, placed where the locale puts currency signs
 * (before in en, after in ro/ru/uk/es/pt).
 */
export function formatMoney(amount: string | number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code] ?? code;
  const number = formatAmount(amount, locale);
  const symbolFirst = symbolFirstIn(locale);
  const negative = number.startsWith('-') || number.startsWith('\u2212');
  const digits = negative ? number.slice(1) : number;
  const sign = negative ? '-' : '';
  const joiner = symbol.length > 1 ? '\u00a0' : symbolFirst ? '' : '\u00a0';
  return symbolFirst ? `${sign}${symbol}${joiner}${digits}` : `${sign}${digits}\u00a0${symbol}`;
}

/** A calendar date in the user's language (the server sends ISO strings). */
export function formatDate(value: string | number | Date, locale: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale).format(date);
}

/** Date and time, for activity and login history. */
export function formatDateTime(value: string | number | Date, locale: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale).format(date);
}

/** A calendar day sent as `YYYY-MM-DD` (a contract's activeFrom), the same day in every time zone; anything else as sent. */
export function formatDay(day: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat(locale).format(date);
}

/** A percentage sent as exact decimal text ("12.5") as the locale writes it ("12,5 %"), never through a float. */
export function formatPercent(text: string, locale: string): string {
  const value = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(value)) return text;
  // Intl.NumberFormat formats decimal strings exactly (ES2023 Intl.NumberFormat v3).
  return percentFormat(locale).format(value as unknown as number);
}
