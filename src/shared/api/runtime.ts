import { CLIENT_VERSION, REQUEST_TIMEOUT_MS } from '@machines/shared/constants';
import { anonymousCaller, type Caller, type MethodRule } from './rules';

/**
 * What the API layer needs from the running app, set once at start-up and updated by the
 * session (caller) and the language switch. Tokens are not here: see token-store.ts. Kept out of React so machines' actors
 * can call the API directly.
 */
export interface ApiBases {
  main: string;
  auth: string;
  contracts: string;
  documents: string;
  helpdesk: string;
  publicApi: string;
  support: string;
  realtime: string;
}

export interface ApiRuntime {
  bases: ApiBases;
  language: string;
  clientVersion: string;
  timeoutMs: number;
  caller: Caller;
  /** Per-method rules of the main service (lang, fromEmail, authSecret). */
  methodRules: Record<string, MethodRule>;
  /**
   * Mobile-app wrapper mode: the app's device secret and push token, which sign-in sends and the
   * token exchange uses instead of a code (spec 000 s4). Null in a plain browser.
   */
  mobileDevice: () => { secret: string; pushToken: string } | null;
  fetch: typeof fetch;
}

const unconfigured = 'http://127.0.0.1:0';

export const apiRuntime: ApiRuntime = {
  bases: {
    main: `${unconfigured}/main`,
    auth: unconfigured,
    contracts: `${unconfigured}/contracts`,
    documents: `${unconfigured}/documents`,
    helpdesk: `${unconfigured}/helpdesk`,
    publicApi: `${unconfigured}/public-api`,
    support: `${unconfigured}/support`,
    realtime: `${unconfigured.replace('http', 'ws')}/realtime`,
  },
  language: 'en',
  clientVersion: CLIENT_VERSION,
  timeoutMs: REQUEST_TIMEOUT_MS,
  caller: anonymousCaller,
  methodRules: {},
  mobileDevice: () => null,
  fetch: (...args) => globalThis.fetch(...args),
};

export function configureApi(patch: Partial<ApiRuntime>): void {
  Object.assign(apiRuntime, patch);
}

/**
 * A company representative's secret from their link (002 s2 /self-certification-representative),
 * held in memory for the methods that carry it: never stored, gone at sign-out or reload.
 */
export function holdAuthSecret(secret: string): void {
  configureApi({ caller: { ...apiRuntime.caller, authSecret: secret } });
}

/** Whether a representative's secret is held now. */
export const authSecretHeld = (): boolean => Boolean(apiRuntime.caller.authSecret);
