/**
 * The one place the app's bearer tokens live: in this module's memory, never in Web Storage.
 *
 * - The access token is written only by the session statechart's `storeTokens` and
 *   `clearSessionData` actions (entities/session); the transport and the realtime channel read it.
 * - The sign-in token (`tmpJwt` of a push, device-verification or migration flow, spec 000 s3) is
 *   written by the login feature when the auth flow reply arrives and cleared when the sign-in ends;
 *   calls made during a sign-in (re-send push, QR deeplink, the approval channel) carry it.
 * - A 401 asks the session to refresh through `refresh()`: one request for every caller that got
 *   a 401 at the same time (single flight), resolved with the new token or null.
 *
 * No other code sets `Authorization`.
 */
type Refresher = () => Promise<string | null>;

let accessToken: string | null = null;
let signInToken: string | null = null;
let refresher: Refresher | null = null;
let inFlight: Promise<string | null> | null = null;

export const tokenStore = {
  accessToken: (): string | null => accessToken,
  signInToken: (): string | null => signInToken,
  /** What a request carries: the session's token, else the sign-in's temporary one. */
  bearer: (): string | null => accessToken ?? signInToken,

  setAccessToken(token: string | null): void {
    accessToken = token || null;
    // A session exists: the sign-in's temporary token has served its purpose.
    if (accessToken) signInToken = null;
  },
  setSignInToken(token: string | null): void {
    signInToken = token || null;
  },
  clear(): void {
    accessToken = null;
    signInToken = null;
  },

  /** The session registers how it refreshes (its statechart joins concurrent requests too). */
  setRefresher(next: Refresher | null): void {
    refresher = next;
  },
  /** One refresh for everyone who asks while it runs; null when there is no session to refresh. */
  refresh(): Promise<string | null> {
    if (!refresher) return Promise.resolve(null);
    inFlight ??= refresher()
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
};

export type TokenStore = typeof tokenStore;
