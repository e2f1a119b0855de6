import { CRYPTO_DECIMALS, isCryptoCode } from '../../machines/shared/crypto-currencies.ts';

/**
 * Exact money for the whole sandbox: a decimal string (the contract's Decimal: at most 8
 * decimals) is added and compared as a BigInt count of 10^-8 units, never as a float. Balances and
 * amounts are stored as decimal text; transactions also keep theirs as units (amount_units).
 */

/** A decimal string as an exact count of 10^-8 units ('-12.5' → -1250000000n), read digit by digit. */
export function units(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const n = BigInt(`${whole || '0'}${fraction.padEnd(8, '0').slice(0, 8)}`);
  return negative ? -n : n;
}

/** How many decimals a decimal string is written with. */
export const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

/** Units back to a decimal string with `places` decimals (2 for bank currencies, 8 for crypto; the units never carry more). */
export function decimal(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(9, '0');
  const whole = digits.slice(0, -8);
  const fraction = digits.slice(-8, -8 + places || undefined);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/** `a + b` in the decimals of the more precise one (at least 2: balances read like '820.00'). */
export const add = (a: string, b: string): string => decimal(units(a) + units(b), Math.max(2, decimalsOf(a), decimalsOf(b)));
/** `a - b` in the decimals of the more precise one (at least 2). */
export const subtract = (a: string, b: string): string => decimal(units(a) - units(b), Math.max(2, decimalsOf(a), decimalsOf(b)));

/** Decimals a currency's amounts are written with: 8 for crypto currencies (the shared list, exact code), 2 otherwise. */
export const currencyDecimals = (currency: string): number => (isCryptoCode(currency) ? CRYPTO_DECIMALS : 2);

/**
 * The largest amount (units, in steps of the currency's smallest unit) that, with the fee it costs,
 * still fits in `available`: what "the largest amount you can send" must say when the fee is taken
 * from the same account. Fees only grow with the amount, so a binary search finds it.
 */
export function largestWithFee(available: bigint, feeOf: (amount: string) => string, places: number): bigint {
  const step = 10n ** BigInt(8 - places);
  const fits = (steps: bigint) => steps * step + units(feeOf(decimal(steps * step, places))) <= available;
  let low = 0n;
  let high = available / step;
  if (high <= 0n || !fits(1n)) return 0n;
  low = 1n;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (fits(middle)) low = middle;
    else high = middle - 1n;
  }
  return low * step;
}

/** Indicative rates to USD (decimal strings); other pairs are derived through USD, to 8 decimals. */
const USD_RATES: Record<string, string> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  RON: '0.2174',
  CAD: '0.73',
  AUD: '0.65',
  BTC: '64250.5',
  USDT: '1',
  // The currencies external transfers arrive in (sandbox/handlers/external.ts).
  BRL: '0.18',
  JPY: '0.0067',
  HKD: '0.128',
  LKR: '0.0033',
  INR: '0.012',
  ETH: '3100',
  USDC: '1',
};

/** The sandbox's rate from one currency to another ('1' for the same one, or a currency it does not know). */
export function rate(from: string, to: string): string {
  if (from === to) return '1';
  const a = USD_RATES[from];
  const b = USD_RATES[to];
  if (!a || !b) return '1';
  // Decimal division at 8 places with integers (no float): a / b.
  const q = (units(a) * 10n ** 8n) / units(b);
  const s = q.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`.replace(/\.?0+$/, '');
}
