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
 * - anything else is ignored.
 * `persist`: a value to store, `null` to remove, `undefined` to leave storage alone.
 */
export function chooseApiSetting(input: {
  query: string | null;
  stored: string | undefined;
  allowOrigin: boolean;
}): { setting: string | null; persist: string | null | undefined } {
  const stored = input.stored && ENVIRONMENT_NAME.test(input.stored) ? input.stored : null;
  const query = input.query?.trim();
  if (query === undefined) return { setting: stored, persist: undefined };
  if (query === '' || query === 'default') return { setting: null, persist: null };
  if (ENVIRONMENT_NAME.test(query)) return { setting: query, persist: query };
  if (/^https?:\/\/[^/]+\/?$/.test(query) && input.allowOrigin) return { setting: query, persist: undefined };
  return { setting: stored, persist: undefined };
}
