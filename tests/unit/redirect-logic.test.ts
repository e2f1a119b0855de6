import { isSafeLink, safeInAppPath } from '@machines/auth/redirect.logic';

/** Where the app may send the browser (issue 47): in-app paths and links (isSafeRedirect's own table is in tests/machines/oauth.test.ts). */
describe('safeInAppPath', () => {
  it.each([
    ['/home', '/home'],
    ['/history?accountId=3#top', '/history?accountId=3#top'],
    ['/cards/12', '/cards/12'],
    ['/search/%E2%82%AC', '/search/%E2%82%AC'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/%5Cevil.example', null],
    ['/%09/evil.example', null],
    ['/\t/evil.example', null],
    ['/%0a/evil.example', null],
    ['/%2F/evil.example', null],
    ['/ok\u0000', null],
    ['/%E0%A4%A', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['home', null],
    ['', null],
    [42, null],
    [null, null],
  ])('%j → %j', (target, expected) => {
    expect(safeInAppPath(target)).toBe(expected);
  });
});

describe('isSafeLink', () => {
  it.each([
    ['/legal/terms', false, true],
    ['https://legal.example/terms.pdf', false, true],
    ['http://127.0.0.1:8787/x', true, true],
    ['http://legal.example/terms.pdf', true, false],
    ['//evil.example', true, false],
    ['javascript:alert(1)', true, false],
    ['/%09/evil.example', true, false],
  ])('%s (local http %s) → %s', (url, local, safe) => {
    expect(isSafeLink(url, local)).toBe(safe);
  });
});

