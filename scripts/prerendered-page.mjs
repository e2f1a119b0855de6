// Which prerendered page (issue 48) a request gets: the server's half of the app's own start-up
// choice (src/app/start-facts.ts), on what a server can see. Pure; used by scripts/serve-app.mjs,
// described for the CDN in docs/running.md, table-tested in tests/unit/prerendered-page.test.ts.
//
// - the page: only the prerendered paths (a trailing slash is the same address), and only when the
//   query holds nothing that changes what the page shows (`lang`, `brand`, `redirect` only: an
//   e-mail confirmation, a sign-in code or an activation link gets the app's index.html);
// - the brand: `?brand=` where links may choose it (sandbox and development builds), else the host
//   name as the brands' configs map it, else the first brand;
// - the language, among the brand's: `?lang=` (`ua` is `uk`), then the `lang` cookie (the app
//   writes it with the stored choice; the server cannot read Web Storage), then Accept-Language by
//   its q-values, then the brand's default.

/** The three query parameters that do not change what a prerendered page shows. */
const NEUTRAL_PARAMS = new Set(['lang', 'brand', 'redirect']);

/** A language tag's primary subtag as the app reads it (`pt-PT` → `pt`, `ua` → `uk`). */
export function primaryLanguage(tag) {
  if (typeof tag !== 'string' || tag === '') return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'ua' ? 'uk' : primary;
}

/** Accept-Language's tags, most wanted first (q=0 means not wanted; equal q keeps the header's order). */
export function acceptedLanguages(header) {
  if (typeof header !== 'string') return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header, name) {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * @param {{
 *   manifest: { paths: string[]; brandFromLink: boolean; brands: Record<string, { languages: string[]; defaultLanguage: string; hosts: string[] }> };
 *   pathname: string; search: URLSearchParams; host?: string | undefined; cookie?: string | undefined; acceptLanguage?: string | undefined;
 * }} request
 * @returns {{ brandId: string; language: string; path: string } | null}
 */
export function choosePrerenderedPage({ manifest, pathname, search, host, cookie, acceptLanguage }) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!manifest.paths.includes(path)) return null;
  for (const key of search.keys()) if (!NEUTRAL_PARAMS.has(key)) return null;

  const brandIds = Object.keys(manifest.brands);
  const hostname = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const linked = search.get('brand');
  const byHost = brandIds.find((id) => manifest.brands[id].hosts.some((h) => h.toLowerCase().replace(/\.$/, '') === hostname));
  const brandId = manifest.brandFromLink && linked && brandIds.includes(linked) ? linked : (byHost ?? brandIds[0]);
  if (!brandId) return null;

  const { languages, defaultLanguage } = manifest.brands[brandId];
  const candidates = [search.get('lang'), cookieValue(cookie, 'lang'), ...acceptedLanguages(acceptLanguage)].map(primaryLanguage);
  const language = candidates.find((code) => code !== undefined && languages.includes(code)) ?? defaultLanguage;
  return { brandId, language, path };
}

/** Where the build writes a prerendered page, inside the dist folder. */
export function prerenderedFile({ brandId, language, path }) {
  return `prerendered/${brandId}/${language}${path === '/' ? '/index' : path}.html`;
}
