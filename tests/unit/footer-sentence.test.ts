// @vitest-environment node
import { endSentence } from '../../src/shared/lib/sentence';
import { brandIds, brands } from '../../brands';

describe('endSentence: a full stop only where the text has no terminal punctuation', () => {
  it.each([
    ['Northbridge Payments Ltd', 'Northbridge Payments Ltd.'],
    ['Corvel Finance S.L.', 'Corvel Finance S.L.'],
    ['Tidewell Money B.V.', 'Tidewell Money B.V.'],
    ['Alderpoint Payments OÜ', 'Alderpoint Payments OÜ.'],
    ['Acme Inc!', 'Acme Inc!'],
    ['Really?', 'Really?'],
    ['Wait…', 'Wait…'],
    ['支付有限公司。', '支付有限公司。'],
    ['Acme (Europe Ltd.)', 'Acme (Europe Ltd.)'],
    ['“Acme Ltd.”', '“Acme Ltd.”'],
    ['Acme (Europe)', 'Acme (Europe).'],
    ['Acme Ltd.  ', 'Acme Ltd.'],
    ['Acme Ltd  ', 'Acme Ltd.'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (input, expected) => {
    expect(endSentence(input)).toBe(expected);
  });

  it.each(brandIds)('%s: the footer entity line has no doubled full stop', (id) => {
    expect(endSentence(brands[id].config.regulatedEntity.name)).not.toMatch(/\.\.$/);
  });
});
