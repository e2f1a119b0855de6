import { useCallback, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { LANDING_ROUTES, landingFor } from '@machines/auth/landing.logic';
import { accessOf, customerOf, toLandingCustomer } from './customer-facts';
import { noSessionActor, SessionContext, type SessionSnapshot } from './session-actor';

/**
 * Where the start page is now for the signed-in customer (spec 000 s2 ordering, landing.logic.ts),
 * as an in-app path: after certifying or finishing KYC the session reads the customer again
 * (CUSTOMER_CHANGED) and this follows without a reload. Home when it is not a page of this app.
 * `initialPath`: the page a link asked for (the ordering's saved path, after what must come first).
 */
export function startPageOf(snapshot: SessionSnapshot, initialPath: string | null = null): string {
  const landing = landingFor({
    termsPending: false,
    authenticated: true,
    customer: toLandingCustomer(customerOf(snapshot), accessOf(snapshot)),
    initialPath,
    hasCustomCustomerId: false,
  });
  return landing.kind === 'route' && landing.to !== LANDING_ROUTES.login ? landing.to : LANDING_ROUTES.home;
}

/** The start page now (home without a session: stories). */
export function useStartPage(): string {
  const session = useContext(SessionContext);
  return useSelector(session ?? noSessionActor, (s) => (s ? startPageOf(s as SessionSnapshot) : LANDING_ROUTES.home));
}

/** Tells the session the customer's facts changed on the server (read again; nothing without a session). */
export function useCustomerChanged(): () => void {
  const session = useContext(SessionContext);
  return useCallback(() => session?.send({ type: 'CUSTOMER_CHANGED' }), [session]);
}
