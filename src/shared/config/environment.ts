/**
 * Which backend this build talks to (`PUBLIC_API_ENV`: sandbox, production, staging-<n>), and
 * what only a sandbox build allows: http redirects to this machine and `?api=` with an origin.
 */
export const API_ENVIRONMENT: string = import.meta.env.PUBLIC_API_ENV ?? 'sandbox';
export const IS_SANDBOX_BUILD = API_ENVIRONMENT === 'sandbox';
