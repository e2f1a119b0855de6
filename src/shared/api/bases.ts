import type { ApiBases } from './runtime';

/**
 * Where each service lives, from data (spec 000 s7: the main-service base depends on brand
 * and environment, production or numbered staging, and a stored override can change it).
 *
 * - `environment` is `production`, `staging-<n>` or `sandbox` (the local sandbox API).
 * - `override` (an `api` setting chosen by the `?api=` query or stored) wins: either an
 *   environment name or an absolute origin that serves every service like the sandbox does.
 */
export interface BrandApiConfig {
  production: ApiBases;
  staging: ApiBases; // URLs with `{n}` for the staging number
}

export function sandboxBases(origin: string): ApiBases {
  const base = origin.replace(/\/$/, '');
  return {
    main: `${base}/main`,
    auth: base,
    contracts: `${base}/contracts`,
    documents: `${base}/documents`,
    helpdesk: `${base}/helpdesk`,
    publicApi: `${base}/public-api`,
    support: `${base}/support`,
    realtime: `${base.replace(/^http/, 'ws')}/realtime`,
  };
}

function fill(bases: ApiBases, n: string): ApiBases {
  return Object.fromEntries(
    Object.entries(bases).map(([k, v]) => [k, v.replaceAll('{n}', n)]),
  ) as unknown as ApiBases;
}

export function resolveApiBases(input: {
  brandApi: BrandApiConfig;
  environment: string;
  sandboxOrigin: string;
  override?: string | null | undefined;
}): ApiBases {
  const choice = input.override?.trim() || input.environment;
  if (/^https?:\/\//.test(choice)) return sandboxBases(choice);
  const staging = /^staging-(\d+)$/.exec(choice);
  if (staging?.[1]) return fill(input.brandApi.staging, staging[1]);
  if (choice === 'production') return input.brandApi.production;
  return sandboxBases(input.sandboxOrigin);
}

const ENVIRONMENT_NAME = /^(production|sandbox|staging-\d{1,3})$/;
/** The environments a deployed build may be pointed at from a link on a review host: the spec's own (000 s7). */
const DEPLOYED_ENVIRONMENT_NAME = /^(production|staging-\d{1,3})$/;

/**
 * How far a link may choose the API (issue 47):
 * - `open`: sandbox and development builds: an environment name or an origin, the name kept;
 * - `review`: a deployed build on one of the brand's review hosts (`reviewHosts` in brands/): the
 *   spec's named environments (production, numbered staging), for this page load only;
 * - `closed`: a deployed build on a customer host: a link chooses nothing.
 */
export type ApiLinkMode = 'open' | 'review' | 'closed';

/**
 * Which API setting applies, from the `api` query parameter and the stored choice (spec 000 s7:
 * "api selects an API setting"; a stored override can change the base).
 * - `open`: an environment name in the query is used and stored (`persist`); an absolute origin is
 *   used and never stored (a link must not send a customer's credentials to another server for
 *   later visits); `api=default` (or empty) removes the stored choice; anything else is ignored;
 * - `review` and `closed`: nothing is stored and a stored choice is removed; on a review host a
 *   production or staging name holds for this page load.
 * `persist`: a value to store, `null` to remove, `undefined` to leave storage alone.
 */
export function chooseApiSetting(input: { query: string | null; stored: string | undefined; mode: ApiLinkMode }): { setting: string | null; persist: string | null | undefined } {
  const query = input.query?.trim();
  if (input.mode !== 'open') {
    const forget = input.stored === undefined ? undefined : null;
    const setting = input.mode === 'review' && query && DEPLOYED_ENVIRONMENT_NAME.test(query) ? query : null;
    return { setting, persist: forget };
  }
  const stored = input.stored && ENVIRONMENT_NAME.test(input.stored) ? input.stored : null;
  if (query === undefined) return { setting: stored, persist: undefined };
  if (query === '' || query === 'default') return { setting: null, persist: null };
  if (ENVIRONMENT_NAME.test(query)) return { setting: query, persist: query };
  if (/^https?:\/\/[^/]+\/?$/.test(query)) return { setting: query, persist: undefined };
  return { setting: stored, persist: undefined };
}
