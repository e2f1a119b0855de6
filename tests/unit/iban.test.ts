import { composeIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import { isIbanValid, ibanLengthOf } from '@machines/transfers/external-rails';
import { ibanLookupKey } from '@machines/transfers/external.logic';

/**
 * IBANs by the registry (issue 47): the hand-written table refused valid IBANs of 82 countries.
 * Real examples of the SWIFT IBAN registry, then one IBAN made for every registry country from its
 * BBAN format (the library's), each valid as written and invalid with one digit changed.
 */
const REGISTRY_EXAMPLES = [
  'TR330006100519786457841326',
  'SA0380000000608010167519',
  'IL620108000000099999999',
  'QA58DOHB00001234567890ABCDEFG',
  'DE89370400440532013000',
  'GB29NWBK60161331926819',
  'FR1420041010050500013M02606',
  'BR1800360305000010009795493C1',
  'NO9386011117947',
  'MU17BOMM0101101030300200000MUR',
  'LC55HEMM000100010012001200023015',
  'AE070331234567890123456',
  'UA213223130000026007233566001',
];

/** One digit changed (the last one): mod 97 catches every single-digit error. */
function oneDigitChanged(iban: string): string {
  const at = [...iban].map((c, i) => (/\d/.test(c) && i >= 4 ? i : -1)).filter((i) => i >= 0).at(-1)!;
  return iban.slice(0, at) + String((Number(iban[at]) + 1) % 10) + iban.slice(at + 1);
}

/** A BBAN matching the library's format of a country (its classes filled with 1 or A), or null when the format is not a plain run of classes. */
function bbanFor(pattern: string): string | null {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const parts = [...body.matchAll(/\[([^\]]+)\]\{(\d+)\}|([A-Z0-9])/g)];
  if (parts.map((p) => p[0]).join('') !== body) return null;
  return parts.map(([, cls, n, literal]) => (literal ?? (cls!.includes('0-9') ? '1' : 'A').repeat(Number(n)))).join('');
}

const made = Object.entries(getCountrySpecifications()).flatMap(([country, spec]) => {
  if (!spec.IBANRegistry || !spec.bban_regexp) return [];
  const bban = bbanFor(spec.bban_regexp);
  const iban = bban ? composeIBAN({ countryCode: country, bban }) : null;
  // Countries with a national check digit in the BBAN are left to the registry examples.
  return iban && isValidIBAN(iban) ? [[country, iban] as const] : [];
});

describe('IBANs (ibantools, the ISO 13616 registry)', () => {
  it.each(REGISTRY_EXAMPLES)('%s is valid, typed with spaces too; one digit changed is not', (iban) => {
    expect(isIbanValid(iban)).toBe(true);
    expect(isIbanValid(iban.replace(/(.{4})/g, '$1 ').toLowerCase())).toBe(true);
    expect(isIbanValid(oneDigitChanged(iban))).toBe(false);
    expect(ibanLookupKey(iban)).toBe(iban);
    expect(ibanLookupKey(iban.slice(0, -1))).toBeNull();
  });

  it('an IBAN made for most registry countries is valid, and invalid with one digit changed', () => {
    expect(made.length).toBeGreaterThan(70);
    for (const [country, iban] of made) {
      expect([country, isIbanValid(iban), isIbanValid(oneDigitChanged(iban)), ibanLengthOf(country)]).toEqual([country, true, false, iban.length]);
    }
  });

  it.each(['', 'DE', 'XX89370400440532013000', 'DE8937040044053201300', 'DE89 3704 0044 0532 0130 0000', 'not an iban'])('%j is not an IBAN', (text) => {
    expect(isIbanValid(text)).toBe(false);
  });
});
