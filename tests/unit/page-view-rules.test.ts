// @vitest-environment node
import { NOT_FOUND_PAGE, pageViewOf } from '@machines/app/page-view.rules';

/** Page views name the route's template, never its ids, tokens or query (002 s9; issue 61). */
describe('page views (pageViewOf)', () => {
  it.each([
    ['the root', '/', undefined, '/'],
    ['a plain route', '/home', undefined, '/home'],
    ['a trailing slash dropped', '/transfer/account/', undefined, '/transfer/account'],
    ['a parameter as its name', '/revenue-split/$contractId', undefined, '/revenue-split/{contractId}'],
    ['two parameters', '/cards/$kind/$cardId', undefined, '/cards/{kind}/{cardId}'],
    ['a catch-all of page names kept', '/merchant/$', 'internal/api_key', '/merchant/internal/api_key'],
    ['a catch-all with a dash and an underscore', '/merchant/$', 'webhook_log/pay-buttons', '/merchant/webhook_log/pay-buttons'],
    ['a catch-all segment with a digit is an id', '/merchant/$', 'subscribers/4821', '/merchant/subscribers/{id}'],
    ['a catch-all segment in capitals is an id', '/merchant/$', 'Subscribers', '/merchant/{id}'],
    ['a catch-all segment of 41 letters is an id', '/merchant/$', 'a'.repeat(41), '/merchant/{id}'],
    ['a catch-all segment of 40 letters is a name', '/merchant/$', 'a'.repeat(40), `/merchant/${'a'.repeat(40)}`],
    ['a catch-all segment starting with a dash is an id', '/merchant/$', '-x', '/merchant/{id}'],
    ['an empty catch-all adds nothing', '/merchant/$', '', '/merchant'],
    ['a catch-all without a value adds nothing', '/merchant/$', undefined, '/merchant'],
    ['a token-looking segment is an id', '/merchant/$', 'eyJhbGciOi.x', '/merchant/{id}'],
    ['no route: not found', undefined, undefined, NOT_FOUND_PAGE],
    ['an empty path: not found', '', undefined, NOT_FOUND_PAGE],
  ])('%s', (_name, fullPath, splat, expected) => {
    expect(pageViewOf(fullPath, splat)).toBe(expected);
  });
});
