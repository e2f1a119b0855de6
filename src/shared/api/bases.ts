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
