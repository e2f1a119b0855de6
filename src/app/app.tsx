import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Brand } from '../../brands';
import { i18n } from '@/shared/i18n';
import {
  AppStartContext,
  AppStateContext,
  BrandProvider,
  LoginRequestContext,
  NotificationsContext,
  PopupContext,
  SessionContext,
  type AppStartActor,
  type AppStateActor,
  type LoginRequestActor,
  type NotificationsActor,
  type PopupActor,
  type SessionActor,
  useIsLoading,
} from '@/shared/model';
import { NotificationCenter } from '@/widgets/notification-center';
import { IdleWarning } from '@/widgets/idle-warning';
import { PopupHost } from '@/widgets/popup-host';
import { LoginRequestDialog } from '@/widgets/login-request-dialog';
import { createQueryClient } from './model/query-client';
import { ErrorState, Preloader } from '@/shared/ui';
import type { createAppRouter } from './router/router';


/** The app root: providers, then the router once the start-up machine is ready. */
export function App({
  appStart,
  appState,
  notifications,
  popup,
  loginRequests,
  session,
  router,
  brand,
}: {
  appStart: AppStartActor;
  appState: AppStateActor;
  notifications: NotificationsActor;
  popup: PopupActor;
  loginRequests: LoginRequestActor;
  session: SessionActor;
  router: ReturnType<typeof createAppRouter>;
  brand: Brand;
}) {
  const queryClient = useMemo(() => createQueryClient(popup), [popup]);
  const phase = useSelector(appStart, (s) =>
    s.matches('loadingCatalog') ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  );

  return (
    <I18nProvider i18n={i18n}>
      <BrandProvider brand={brand}>
        <AppStartContext.Provider value={appStart}>
          <AppStateContext.Provider value={appState}>
          <NotificationsContext.Provider value={notifications}>
          <PopupContext.Provider value={popup}>
          <LoginRequestContext.Provider value={loginRequests}>
          <SessionContext.Provider value={session}>
          <QueryClientProvider client={queryClient}>
            {phase === 'loading' ? <Preloader variant="page" /> : null}
            {phase === 'failed' ? (
              <main className="app-failed">
                <ErrorState
                  title={<Trans>Something went wrong</Trans>}
                  message={i18n._(appStart.getSnapshot().context.error ?? { id: 'app.failed' })}
                  onRetry={() => appStart.send({ type: 'RETRY' })}
                />
              </main>
            ) : null}
            {phase === 'ready' ? <RouteProgress /> : null}
            {phase === 'ready' ? <RouterProvider router={router} /> : null}
            {phase === 'ready' ? <NotificationCenter /> : null}
            {phase === 'ready' ? <IdleWarning /> : null}
            {phase === 'ready' ? <PopupHost /> : null}
            {phase === 'ready' ? <LoginRequestDialog /> : null}
          </QueryClientProvider>
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


/** A slim bar while any named load (a route change, lazy page chunk) is pending. */
function RouteProgress() {
  const loading = useIsLoading();
  const { t } = useLingui();
  return loading ? <div className="app-progress" role="progressbar" aria-label={t`Loading`} /> : null;
}
