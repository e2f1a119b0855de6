import { waitFor } from 'xstate';
import type { SessionActor, SessionSnapshot } from './session-actor';

/** Signed in (any sub-state): what the header, guards and the bridge ask. */
export const isSignedIn = (s: SessionSnapshot): boolean => s.hasTag('signedIn');

/**
 * Resolves once the session has settled: true with a usable access token (after a reload that is
 * after the first refresh) and customer info loaded or failed (or terms waiting: the layout shows
 * them instead of the page), false when signed out or expired.
 * Route guards await it, so a page's first requests never go out without a token (no burst of
 * 401s after a reload) and a KYC customer is sent to /kyc before any page loads.
 */
export function sessionSettled(session: SessionActor): Promise<boolean> {
  const decide = (s: SessionSnapshot): boolean | null => {
    if (
      s.matches({ signedIn: { token: 'valid' } }) &&
      s.context.tokens?.accessToken &&
      (s.matches({ signedIn: { customer: 'ready' } }) || s.matches({ signedIn: { customer: 'failed' } }) || s.hasTag('terms'))
    ) {
      return true;
    }
    if (s.matches('signedOut') || s.matches('expired') || s.matches('loggingOut')) return false;
    return null;
  };
  return new Promise((resolve) => {
    const now = decide(session.getSnapshot());
    if (now !== null) return resolve(now);
    const sub = session.subscribe((s) => {
      const result = decide(s);
      if (result === null) return;
      sub.unsubscribe();
      resolve(result);
    });
  });
}

/**
 * Signs out without leaving the page (the session's notice, no move to /login) and resolves once
 * the session is over: the activation page signs the other account out, then activates.
 */
export async function signOutStaying(session: SessionActor): Promise<void> {
  session.send({ type: 'LOGOUT', stayOnPage: true });
  await waitFor(session, (s) => !s.hasTag('signedIn') && !s.hasTag('signingOut'));
}
