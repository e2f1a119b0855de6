import { useCallback, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { tokenLifetimeMs } from '@/shared/lib';
import { customerOf } from './customer-facts';
import { noSessionActor, SessionContext } from './session-actor';
import { isSignedIn } from './settled';

/**
 * The session takes a new token pair the service gave it (a two-step change's confirmation, 001
 * s7): TOKENS_REPLACED (the old refresh token is void), then the customer is read again with the
 * new pair. Nothing without a session (stories).
 */
export function useReplaceTokens(): (tokens: { accessToken: string; refreshToken: string }) => void {
  const session = useContext(SessionContext);
  return useCallback(
    (tokens) => {
      if (!session) return;
      session.send({ type: 'TOKENS_REPLACED', tokens: { ...tokens, lifetimeMs: tokenLifetimeMs(tokens.accessToken) } });
      session.send({ type: 'CUSTOMER_CHANGED' });
    },
    [session],
  );
}

/** login2faMode of the signed-in customer's info (000 s3), or null (unknown or none: off). */
export function useLogin2faMode(): string | null {
  const session = useContext(SessionContext);
  return useSelector(session ?? noSessionActor, (s) => (s ? (customerOf(s)?.login2faMode ?? null) : null));
}

/**
 * Signed in (false without a session). A section that reads the server because of the session
 * asks nothing once it has ended: the signed-in layout empties the query cache at sign-out while
 * the page is still on screen, and a query re-rendered then would go out again without a token.
 */
export function useSignedIn(): boolean {
  const session = useContext(SessionContext);
  return useSelector(session ?? noSessionActor, (s) => (s ? isSignedIn(s) : false));
}

/** The signed-in customer's login e-mail (customer info, 000 s3), or null (no session, not read yet). */
export function useCustomerLogin(): string | null {
  const session = useContext(SessionContext);
  return useSelector(session ?? noSessionActor, (s) => (s ? (customerOf(s)?.login ?? null) : null));
}
