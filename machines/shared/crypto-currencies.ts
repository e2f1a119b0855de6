/**
 * The crypto currencies, the one list the app and the sandbox share (the spec names none; these
 * are the brands' today). They carry 8 decimals; every other currency 2.
 */
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDT', 'USDC'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

/** Whether a currency code (exactly as written: callers upper-case it where case does not matter) is a crypto currency. */
export const isCryptoCode = (code: string): code is CryptoCurrency => (CRYPTO_CURRENCIES as readonly string[]).includes(code);

/** Decimals of a crypto currency's amounts (001 s9: amounts with up to 8 decimals). */
export const CRYPTO_DECIMALS = 8;
