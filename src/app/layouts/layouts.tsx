import type { ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '@/entities/session';
import { AppHeader } from '@/widgets/app-header';
import { TermsAcceptance } from '@/widgets/terms-acceptance';
import { AppFooter } from '@/widgets/app-footer';
import { AnalyticsChoicesItem } from '@/widgets/analytics-consent';
import styles from './layouts.module.css';

export type LayoutVariant = 'public' | 'restricted' | 'main';

/**
 * Skip link + landmark structure shared by the three layouts (WCAG 2.4.1). The signed-in layouts
 * (signed-in-layouts.tsx, a lazy chunk) hand in the navigation and its menu button.
 */
export function Frame({
  variant,
  menuButton,
  notices,
  navigation,
  children,
}: {
  variant: LayoutVariant;
  menuButton?: ReactNode;
  notices?: ReactNode;
  navigation?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame} data-layout={variant}>
      <a className={styles.skip} href="#main-content">
        <Trans>Skip to main content</Trans>
      </a>
      <AppHeader menuButton={menuButton} notices={notices} />
      <div className={styles.body}>
        {navigation}
        <main id="main-content" tabIndex={-1} className={styles[variant]}>
          <TermsGate>{children}</TermsGate>
        </main>
      </div>
      <AppFooter items={<AnalyticsChoicesItem />} />
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

/** The restricted frame for a visitor not signed in yet (/scp: spec 000 s2 lists it as restricted). */
export function RestrictedVisitorLayout() {
  return (
    <Frame variant="restricted">
      <Outlet />
    </Frame>
  );
}

/** Pages outside any layout (the 404) still get the frame. */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  return <Frame variant="public">{children}</Frame>;
}

/** New terms to accept come before any page (spec 000 s2): the page is not even mounted meanwhile. */
function TermsGate({ children }: { children: ReactNode }) {
  const termsPending = useSelector(useSessionActor(), (s) => s.hasTag('terms'));
  return termsPending ? <TermsAcceptance /> : <>{children}</>;
}
