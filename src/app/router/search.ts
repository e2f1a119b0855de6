/** Query string → plain strings (no number or JSON guessing: `code=012345` keeps its digits). */
export function parsePlainSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr));
}

/** Plain strings → query string; undefined values are left out, anything else is written as text. */
export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The named keys of a search that hold text (empty and missing ones left out): a route's search kept as strings for its page to clean. */
export function textSearch(search: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.flatMap((key) => (typeof search[key] === 'string' && search[key] !== '' ? [[key, search[key]]] : [])));
}
