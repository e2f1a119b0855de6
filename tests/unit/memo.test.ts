import { memoByKey } from '@machines/shared/memo';

describe('memoByKey', () => {
  it('makes a value once per key and keeps it', () => {
    const make = vi.fn((key: string) => ({ key }));
    const get = memoByKey(make);
    const en = get('en');
    expect(get('en')).toBe(en);
    expect(get('ro')).toEqual({ key: 'ro' });
    expect(get('')).toEqual({ key: '' });
    expect(get('ro')).not.toBe(en);
    expect(make.mock.calls.map(([k]) => k)).toEqual(['en', 'ro', '']);
  });
});
