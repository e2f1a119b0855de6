/**
 * The brand ids and interface languages: plain constants with no validation code, so the app's
 * first chunk can use them without the schemas (brands/schema.ts is for tests and the build).
 */
export const brandIds = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'] as const;
export type BrandId = (typeof brandIds)[number];

/** Interface languages. `uk` is the code in addresses and towards the server; the UI labels it "UA". */
export const languageCodes = ['en', 'es', 'ro', 'ru', 'uk', 'pt'] as const;
export type LanguageCode = (typeof languageCodes)[number];
