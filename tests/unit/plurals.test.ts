// @vitest-environment node
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * Plurals follow CLDR through Intl.PluralRules: ru and uk have one/few/many, ro has few,
 * es/pt one/other. Checked with the same runtime and compiler the catalogs use.
 */
const message = (forms: string) => compileMessage(`{count, plural, ${forms}}`);

describe('plural rules per language (CLDR)', () => {
  it.each([
    ['ru', 'one {# день} few {# дня} many {# дней} other {# дня}', [[1, '1 день'], [2, '2 дня'], [5, '5 дней'], [11, '11 дней'], [21, '21 день'], [22, '22 дня']]],
    ['uk', 'one {# день} few {# дні} many {# днів} other {# дня}', [[1, '1 день'], [3, '3 дні'], [5, '5 днів'], [21, '21 день'], [14, '14 днів']]],
    ['ro', 'one {# zi} few {# zile} other {# de zile}', [[1, '1 zi'], [2, '2 zile'], [19, '19 zile'], [20, '20 de zile']]],
    ['es', 'one {# día} other {# días}', [[1, '1 día'], [2, '2 días']]],
    ['en', 'one {# day} other {# days}', [[1, '1 day'], [0, '0 days']]],
  ] as const)('%s', (locale, forms, cases) => {
    const i18n = setupI18n({ locale, messages: { [locale]: { days: message(forms) } } });
    for (const [count, expected] of cases) expect(i18n._('days', { count })).toBe(expected);
  });
});
