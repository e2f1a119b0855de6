import { useContext, useEffect } from 'react';
import { isSafeRedirect } from '@machines/auth/redirect.logic';
import { IS_SANDBOX_BUILD } from '@/shared/config';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { msg } from '@lingui/core/macro';
import { identityVerificationMachine, type IdentityCheck, type IdentityVerificationInput, type IdentityVerificationMode } from '@machines/verification/identity-verification.machine';
import { accessOf, customerOf, SessionContext, type SessionSnapshot } from '@/entities/session';
import { startIdentityVerification, useRefreshVerification, verifyIdentity } from '@/entities/verification';
import { inspectOptions, publishVerificationChange, useMobileApp } from '@/shared/model';

/** Who is checked: the signed-in customer, and the customer the user acts for (fromCustomerId; the same one for most users). */
export interface IdentityCustomers {
  signedInId: number | null;
  actingId: number | null;
}

/** The ids from the session: customer info's user (an employee is not their company), and the access info's acting customer (else the same). */
export function identityCustomersOf(snapshot: SessionSnapshot | null): IdentityCustomers {
  if (!snapshot) return { signedInId: null, actingId: null };
  const customer = customerOf(snapshot);
  const signedInId = customer?.userId ?? customer?.customerId ?? null;
  return { signedInId, actingId: accessOf(snapshot)?.customer?.id ?? signedInId };
}

const noCustomer = msg`Your customer details are not loaded yet. Please try again.`;

/** Only an https address is ever opened (http only to this machine in a sandbox build; never `javascript:`), whatever a reply says. */
const isWebAddress = (url: string) => isSafeRedirect(url, IS_SANDBOX_BUILD);

/**
 * The identity verification statechart with the app's calls (spec 002 s2, s7 REST): a
 * run started for the signed-in customer, or for the acting customer when the user acts for
 * another one, coming back to this app's origin; its result asked for the acting customer; the
 * browser sent to the provider's page (a full-page move).
 */
export function identityLogicFor(customers: () => IdentityCustomers) {
  return identityVerificationMachine.provide({
    actors: {
      start: fromPromise(async () => {
        const { signedInId, actingId } = customers();
        return startIdentityVerification({ returnOrigin: window.location.origin, actingCustomerId: actingId !== null && actingId !== signedInId ? actingId : null });
      }),
      verify: fromPromise(async ({ input }: { input: IdentityCheck }) => {
        const { signedInId, actingId } = customers();
        const id = actingId ?? signedInId;
        if (id === null) throw { descriptor: noCustomer };
        return verifyIdentity(id, input);
      }),
    },
    actions: {
      goToProvider: (_, { providerUrl }) => {
        if (isWebAddress(providerUrl)) window.location.assign(providerUrl);
      },
    },
  });
}

export type IdentityVerificationLogic = ReturnType<typeof identityLogicFor>;

/**
 * The statechart for a screen: the given logic (stories) or the app's, with the wrapper message
 * (mobile-app mode: the app runs the provider's SDK) and, once approved, the verification status
 * and profile read again (here and wherever else they are watched).
 */
export function useIdentityVerification(input: IdentityVerificationMode & { signedIn: boolean }, logic?: IdentityVerificationLogic) {
  // Read when a call goes out (the session may settle after the screen opens); none in stories that give their logic.
  const session = useContext(SessionContext);
  const mobileApp = useMobileApp();
  const refresh = useRefreshVerification();
  const base = logic ?? identityLogicFor(() => identityCustomersOf(session?.getSnapshot() ?? null));
  const actor = useActorRef(
    base.provide({
      actions: {
        sendToWrapper: (_, params) => mobileApp?.send({ type: 'identityVerificationStart', workflowRunId: params.workflowRunId, token: params.token }),
        verified: () => {
          refresh();
          publishVerificationChange();
          // KYC may be done now: the session reads the customer again, so the start page follows.
          session?.send({ type: 'CUSTOMER_CHANGED' });
        },
      },
    }),
    { input: { ...input, wrapper: mobileApp !== null } satisfies IdentityVerificationInput, ...inspectOptions() },
  );
  // Back from the provider's page, the browser may show this page from its cache as it was left (leaving).
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'RETURNED' });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [actor]);
  return actor;
}

export type IdentityVerificationActor = ReturnType<typeof useIdentityVerification>;
