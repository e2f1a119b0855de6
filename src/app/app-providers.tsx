import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import type { Brand } from '../../brands';
import { SessionContext, type SessionActor } from '@/entities/session';
import { AnalyticsConsentContext, type AnalyticsConsentActor } from '@/shared/analytics';
import { i18n } from '@/shared/i18n';
import {
  AppStartContext,
  AppStateContext,
  BrandProvider,
  LoginRequestContext,
  MobileAppContext,
  NotificationsContext,
  PopupContext,
  type AppStartActor,
  type AppStateActor,
  type LoginRequestActor,
  type MobileApp,
  type NotificationsActor,
  type PopupActor,
} from '@/shared/model';

/** The actors React reads (the router is given to RouterProvider, not to a context). */
export interface ProvidedActors {
  appStart: AppStartActor;
  appState: AppStateActor;
  notifications: NotificationsActor;
  popup: PopupActor;
  loginRequests: LoginRequestActor;
  session: SessionActor;
  /** The native app in mobile-wrapper mode; null in a browser. */
  mobileApp?: MobileApp | null;
  /** Analytics consent (issue 61); null where the environment collects no analytics. */
  analyticsConsent?: AnalyticsConsentActor | null;
}

/**
 * The one provider: translations, the brand, every app-wide actor (the query client belongs to the signed-in layouts). The app
 * gives the real actors (createAppActors); Storybook gives fakes through the same component.
 */
export function AppProviders({
  actors,
  brand,
  children,
}: {
  actors: ProvidedActors;
  brand: Brand;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <BrandProvider brand={brand}>
        <AppStartContext.Provider value={actors.appStart}>
          <AppStateContext.Provider value={actors.appState}>
            <NotificationsContext.Provider value={actors.notifications}>
              <PopupContext.Provider value={actors.popup}>
                <LoginRequestContext.Provider value={actors.loginRequests}>
                  <SessionContext.Provider value={actors.session}>
                    <MobileAppContext.Provider value={actors.mobileApp ?? null}>
                      <AnalyticsConsentContext.Provider value={actors.analyticsConsent ?? null}>{children}</AnalyticsConsentContext.Provider>
                    </MobileAppContext.Provider>
                  </SessionContext.Provider>
                </LoginRequestContext.Provider>
              </PopupContext.Provider>
            </NotificationsContext.Provider>
          </AppStateContext.Provider>
        </AppStartContext.Provider>
      </BrandProvider>
    </I18nProvider>
  );
}
