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

/**
 * Which API setting applies, from the `api` query parameter and the stored choice (spec 000 s7:
 * "api selects an API setting"; a stored override can change the base).
 * - an environment name in the query is used and stored (`persist`);
 * - `api=default` (or empty) removes the stored choice;
 * - an absolute origin is honoured only when `allowOrigin` (sandbox and development builds) and is
 *   never stored: a link must not be able to send a customer's credentials to another server;
 * - anything else is ignored;
 * - without `allowPersist` (a deployed build) nothing is stored and a stored choice is removed: the
 *   link's environment holds for this page load only.
 * `persist`: a value to store, `null` to remove, `undefined` to leave storage alone.
 */
export function chooseApiSetting(input: {
  query: string | null;
  stored: string | undefined;
  allowOrigin: boolean;
  /** Whether a link's choice is kept for later visits (sandbox and development builds only, issue 47); else a stored one is forgotten. */
  allowPersist?: boolean;
}): { setting: string | null; persist: string | null | undefined } {
  const allowPersist = input.allowPersist ?? true;
  const stored = allowPersist && input.stored && ENVIRONMENT_NAME.test(input.stored) ? input.stored : null;
  const query = input.query?.trim();
  if (query === undefined) return { setting: stored, persist: allowPersist || input.stored === undefined ? undefined : null };
  if (query === '' || query === 'default') return { setting: null, persist: null };
  if (ENVIRONMENT_NAME.test(query)) return { setting: query, persist: allowPersist ? query : null };
  if (/^https?:\/\/[^/]+\/?$/.test(query) && input.allowOrigin) return { setting: query, persist: undefined };
  return { setting: stored, persist: undefined };
}
