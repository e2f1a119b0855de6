import { Trans, useLingui } from '@lingui/react/macro';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Brand } from '../../brands';
import { i18n } from '@/shared/i18n';
import { useIsLoading } from '@/shared/model';
import { ErrorState, Preloader } from '@/shared/ui';
import { NotificationCenter } from '@/widgets/notification-center';
import { IdleWarning } from '@/widgets/idle-warning';
import { PopupHost } from '@/widgets/popup-host';
import { LoginRequestDialog } from '@/widgets/login-request-dialog';
import type { AppActors } from './model/app-actors';
import { AppProviders } from './app-providers';

/** The app root: one provider, then the router once the start-up machine has the catalog. */
export function App({ actors, brand }: { actors: AppActors; brand: Brand }) {
  const phase = useSelector(actors.appStart, (s) => (s.matches('loadingCatalog') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));

  return (
    <AppProviders actors={actors} brand={brand}>
      {phase === 'loading' ? <Preloader variant="page" /> : null}
      {phase === 'failed' ? (
        <main className="app-failed">
          <ErrorState
            title={<Trans>Something went wrong</Trans>}
            message={i18n._(actors.appStart.getSnapshot().context.error ?? { id: 'app.failed' })}
            onRetry={() => actors.appStart.send({ type: 'RETRY' })}
          />
        </main>
      ) : null}
      {phase === 'ready' ? (
        <>
          <RouteProgress />
          <RouterProvider router={actors.router} />
          <NotificationCenter />
          <IdleWarning />
          <PopupHost />
          <LoginRequestDialog />
        </>
      ) : null}
    </AppProviders>
  );
}

/** A slim bar while any named load (a route change, lazy page chunk) is pending. */
function RouteProgress() {
  const loading = useIsLoading();
  const { t } = useLingui();
  return loading ? <div className="app-progress" role="progressbar" aria-label={t`Loading`} /> : null;
}
