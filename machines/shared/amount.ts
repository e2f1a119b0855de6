import { CRYPTO_DECIMALS, isCryptoCode } from './crypto-currencies.ts';

/**
 * Typed amounts as exact text (never a float): a decimal comma (ru, uk, es, pt, ro keyboards) read
 * as the decimal point, and how many decimals a currency takes.
 */

/** A typed amount as the service wants it: trimmed, "1,37" → "1.37". */
export const normalizeAmount = (text: string): string => text.trim().replace(/^(\d+),(\d+)$/, '$1.$2');

/** A filter's amount as the address keeps it: up to 15 digits and 8 decimals, a point as separator. */
export const DECIMAL_AMOUNT = /^\d{1,15}(\.\d{1,8})?$/;

/** An amount above 0 with at most `decimals` decimals (a decimal comma allowed). */
export function isPositiveAmount(text: string, decimals = 2): boolean {
  const match = new RegExp(`^(\\d{1,15})(?:\\.(\\d{1,${decimals}}))?$`).exec(normalizeAmount(text));
  return !!match && /[1-9]/.test(`${match[1]}${match[2] ?? ''}`);
}

/** Crypto currencies carry 8 decimals (001 s9: amounts with up to 8 decimals), the others 2. */
export const currencyDecimals = (currency: string | undefined): number => (currency && isCryptoCode(currency.toUpperCase()) ? CRYPTO_DECIMALS : 2);
