import { Outlet } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '@/entities/session';
import { AppHeader } from '@/widgets/app-header';
import { TermsAcceptance } from '@/widgets/terms-acceptance';
import { AppFooter } from '@/widgets/app-footer';
import styles from './layouts.module.css';

/** Skip link + landmark structure shared by the three layouts (WCAG 2.4.1). */
function Frame({ variant, children }: { variant: 'public' | 'restricted' | 'main'; children: React.ReactNode }) {
  return (
    <div className={styles.frame} data-layout={variant}>
      <a className={styles.skip} href="#main-content">
        <Trans>Skip to main content</Trans>
      </a>
      <AppHeader />
      <main id="main-content" tabIndex={-1} className={styles[variant]}>
        <TermsGate>{children}</TermsGate>
      </main>
      <AppFooter />
    </div>
  );
}

/** Public and external pages: login, registration, recovery, legal. */
export function PublicLayout() {
  return (
    <Frame variant="public">
      <Outlet />
    </Frame>
  );
}

/** Restricted pages: signed in but not yet through to the app (KYC, self-certification, SCP). */
export function RestrictedLayout() {
  return (
    <Frame variant="restricted">
      <Outlet />
    </Frame>
  );
}

/** The main app (login required). Navigation arrives with the accounts issue. */
export function MainLayout() {
  return (
    <Frame variant="main">
      <Outlet />
    </Frame>
  );
}

/** Pages outside any layout (the 404) still get the frame. */
export function StandaloneFrame({ children }: { children: React.ReactNode }) {
  return <Frame variant="public">{children}</Frame>;
}

/** New terms to accept come before any page (spec 000 s2): the page is not even mounted meanwhile. */
function TermsGate({ children }: { children: React.ReactNode }) {
  const termsPending = useSelector(useSessionActor(), (s) => s.hasTag('terms'));
  return termsPending ? <TermsAcceptance /> : <>{children}</>;
}
