import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ActingCustomerContext, isSignedIn, useSessionActor } from '@/entities/session';
import { usePopupActor, type PopupActor } from '@/shared/model';
import { AppNavigation, NavigationMenuButton, NavigationMenuProvider } from '@/widgets/app-navigation';
import { NewsLink } from '@/widgets/announcements';
import { ApprovalsLink } from '@/widgets/approval-requests';
import { CompanySelector } from '@/widgets/company-selector';
import { VerificationBanner } from '@/widgets/verification-banner';
import { endOwnVerification, VerificationProvider } from '@/entities/verification';
import { refreshMoneyQueriesOf } from '@/entities/account';
import { createQueryClient } from '../model/query-client';
import { actingCustomerStore, registerActingQueryClient } from '../model/acting-customer';
import { Frame } from './layouts';
import styles from './layouts.module.css';

/**
 * The layouts behind sign-in, a lazy chunk: the public pages (login first of all) carry neither
 * the navigation nor the query cache. Server data is cached only here, in one client for the
 * page's life, emptied when the session ends so the next user never sees the last one's data.
 */
let client: QueryClient | null = null;

/** The one query client of the signed-in pages (route guards read it too: the cards guards). */
export function signedInQueryClient(popup: PopupActor | null): QueryClient {
  client ??= createQueryClient(popup);
  return client;
}

function SignedInData({ children }: { children: ReactNode }) {
  const popup = usePopupActor();
  const session = useSessionActor();
  const current = signedInQueryClient(popup);
  useEffect(() => {
    let wasSignedIn = isSignedIn(session.getSnapshot());
    const subscription = session.subscribe((snapshot) => {
      const now = isSignedIn(snapshot);
      if (wasSignedIn && !now) {
        current.clear();
        endOwnVerification();
      }
      wasSignedIn = now;
    });
    // Acting for another customer drops every read of the one before (the acting-customer statechart's `leave`).
    registerActingQueryClient(current);
    return () => {
      subscription.unsubscribe();
      registerActingQueryClient(null);
    };
  }, [session, current]);
  const acting = useSyncExternalStore(actingCustomerStore.subscribe, actingCustomerStore.get);
  // Money moved somewhere (a transfer, a batch, a decision): the money queries are asked again.
  useEffect(() => refreshMoneyQueriesOf(current), [current]);
  // Once the session is ending nothing below reads again: a page re-rendered after the cache was
  // emptied would ask the service afresh with a token the sign-out is revoking (fails closed).
  const signedIn = useSelector(session, isSignedIn);
  const leaving = useSelector(session, (s) => s.hasTag('signingOut'));
  return (
    <QueryClientProvider client={current}>
      {signedIn ? (
        <ActingCustomerContext.Provider value={acting}>{children}</ActingCustomerContext.Provider>
      ) : leaving ? (
        <p role="status" className={styles.leaving}>
          <Trans>Signing out…</Trans>
        </p>
      ) : null}
    </QueryClientProvider>
  );
}

/** Restricted pages: signed in but not yet through to the app (KYC, self-certification, SCP). */
export function RestrictedLayout() {
  return (
    <SignedInData>
      <Frame variant="restricted">
        <Outlet />
      </Frame>
    </SignedInData>
  );
}

/** The main app (login required), with the navigation of widgets/app-navigation. */
export function MainLayout() {
  return (
    <SignedInData>
      <VerificationProvider>
        <NavigationMenuProvider>
          <Frame variant="main" menuButton={<NavigationMenuButton />} notices={
              <>
                <CompanySelector />
                <ApprovalsLink />
                <NewsLink />
              </>
            } navigation={<AppNavigation />}>
            <VerificationBanner />
            <Outlet />
          </Frame>
        </NavigationMenuProvider>
      </VerificationProvider>
    </SignedInData>
  );
}
