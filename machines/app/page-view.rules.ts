/**
 * Page views (002 s9 "The analytics tracking covers page views"; issue 61): each route change is
 * one page view named by its route's template, never by what the address carries. Ordered rules:
 * 1. the matched route's full path, its trailing slash dropped ("/" for the root);
 * 2. a parameter (`$contractId`) is written as its name in braces (`{contractId}`): no id;
 * 3. a catch-all (`$`, the merchant area's pages) keeps each segment of its value that is a page's
 *    name (lowercase letters, `_` and `-`, starting with a letter, at most 40) and writes any other
 *    segment as `{id}`; an empty value adds nothing;
 * 4. no route (the not-found page): "(not found)".
 * The query and the hash are never part of it (tokens, codes and filters live there).
 */
export const NOT_FOUND_PAGE = '(not found)';

const PAGE_NAME = /^[a-z][a-z_-]{0,39}$/;

export function pageViewOf(fullPath: string | null | undefined, splat?: string | null): string {
  if (!fullPath) return NOT_FOUND_PAGE;
  const segments: string[] = [];
  for (const segment of fullPath.split('/')) {
    if (segment === '') continue;
    if (segment === '$') {
      for (const part of (splat ?? '').split('/')) if (part !== '') segments.push(PAGE_NAME.test(part) ? part : '{id}');
    } else if (segment.startsWith('$')) segments.push(`{${segment.slice(1)}}`);
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}
