/**
 * Which backend this build talks to (`PUBLIC_API_ENV`: sandbox, production, staging-<n>), and
 * what only a sandbox build allows: http redirects to this machine and `?api=` with an origin.
 */
export const API_ENVIRONMENT: string = import.meta.env.PUBLIC_API_ENV ?? 'sandbox';
export const IS_SANDBOX_BUILD = API_ENVIRONMENT === 'sandbox';

/** Hosts an address the service calls may use http on (a notify address, a webhook): the sandbox's own, in a sandbox build only (the sandbox checks again). */
export const insecureHosts = (): readonly string[] => (IS_SANDBOX_BUILD ? ['127.0.0.1', 'localhost'] : []);
