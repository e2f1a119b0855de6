import type { Decorator } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appStartMachine, type Dictionaries } from '@machines/app/app-start.machine';
import { useSelector } from '@xstate/react';
import { AppStartContext, NotificationsContext, PopupContext, useNotificationsActor } from '../src/shared/model';
import { NotificationList } from '../src/shared/ui';
import { SessionContext } from '../src/entities/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { notificationsMachine } from '@machines/app/notifications.machine';
import { popupMachine } from '@machines/app/popup.machine';
import { PopupHost } from '../src/widgets/popup-host';
import { sessionMachine, type CustomerLoad, type SessionTokens } from '@machines/auth/session.machine';
import { LANGUAGES, type Language } from '../src/shared/config';
import { i18n } from '@lingui/core';

/**
 * Story decorators that inject fake actors and a memory router, so components that use
 * links or app actors render in Storybook without the network.
 */
export const withRouter: Decorator = (Story) => {
  const router = useMemo(() => {
    const rootRoute = createRootRoute({ component: () => <Story /> });
    const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$' });
    return createRouter({
      routeTree: rootRoute.addChildren([catchAll]),
      history: createMemoryHistory({ initialEntries: ['/login'] }),
    });
  }, [Story]);
  return <RouterProvider router={router} />;
};

/**
 * A running start-up actor whose catalog and dictionary loads are fakes that succeed at once;
 * `currencies` is the dictionary's currency list (none unless given).
 */
export function fakeAppStart(offeredLanguages: readonly Language[] = LANGUAGES, currencies: Dictionaries['currencies'] = [], countries: Dictionaries['countries'] = []) {
  const language = (i18n.locale as Language) || 'en';
  const actor = createActor(
    appStartMachine.provide({
      actors: {
        loadCatalog: fromPromise<void, { language: Language }>(async ({ input }) => {
          i18n.activate(input.language);
        }),
        loadDictionaries: fromPromise<Dictionaries, { language: Language }>(async ({ input }) => ({
          language: input.language,
          countries,
          currencies,
        })),
      },
    }),
    { input: { brandId: 'brand1', language, offeredLanguages } },
  );
  actor.start();
  return actor;
}

/** Start-up whose dictionaries give these countries and currencies (a Country list, an address). */
export const withDictionaries =
  ({ countries = [], currencies = [] }: Partial<Pick<Dictionaries, 'countries' | 'currencies'>>): Decorator =>
  (Story) => {
    const actor = useMemo(() => fakeAppStart(LANGUAGES, currencies, countries), []);
    return (
      <AppStartContext.Provider value={actor}>
        <Story />
      </AppStartContext.Provider>
    );
  };

/** Start-up offering these currencies in its dictionary (so "Add a currency" has something to add). */
export const withAppStartOffering =
  (currencies: Dictionaries['currencies']): Decorator =>
  (Story) => {
    const actor = useMemo(() => fakeAppStart(LANGUAGES, currencies), []);
    return (
      <AppStartContext.Provider value={actor}>
        <Story />
      </AppStartContext.Provider>
    );
  };

/** Start-up and a signed-out session, both without network. */
export const withAppStart: Decorator = (Story) => {
  const actor = useMemo(() => fakeAppStart(), []);
  const session = useMemo(() => createActor(sessionMachine, { input: undefined }).start(), []);
  return (
    <AppStartContext.Provider value={actor}>
      <SessionContext.Provider value={session}>
        <Story />
      </SessionContext.Provider>
    </AppStartContext.Provider>
  );
};

/**
 * A fresh QueryClient (no retries) with optional seeded data, plus a notifications actor and a
 * popup actor with its host, as in the app (real machines, no network). `parameters.queryData` seeds queries by key:
 * `[[['devices', 'linked'], [...]]]`; `parameters.queryErrors` seeds failed reads the same way
 * (`[[key, error]]`: the error state of a section). Screens that fetch more than what is seeded stay
 * in their loading state, which is itself a state worth seeing.
 */
export const withAppServices: Decorator = (Story, context) => {
  const seeded = (context.parameters.queryData ?? []) as [readonly unknown[], unknown][];
  const failed = (context.parameters.queryErrors ?? []) as [readonly unknown[], unknown][];
  const client = useMemo(() => {
    const c = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false } } });
    for (const [key, data] of seeded) c.setQueryData(key, data);
    for (const [key, error] of failed) c.getQueryCache().build(c, { queryKey: key }).setState({ status: 'error', error: error as Error, errorUpdatedAt: Date.now(), fetchStatus: 'idle' });
    return c;
  }, [seeded, failed]);
  const notifications = useMemo(() => createActor(notificationsMachine).start(), []);
  const popup = useMemo(() => createActor(popupMachine).start(), []);
  return (
    <QueryClientProvider client={client}>
      <NotificationsContext.Provider value={notifications}>
        <PopupContext.Provider value={popup}>
          <Story />
          <PopupHost />
        </PopupContext.Provider>
      </NotificationsContext.Provider>
    </QueryClientProvider>
  );
};

/** The notifications a screen sends, shown under it (put inside `withAppServices`, which starts the actor). */
export const withShownNotifications: Decorator = (Story) => (
  <>
    <Story />
    <ShownNotifications />
  </>
);

function ShownNotifications() {
  const actor = useNotificationsActor();
  const items = useSelector(actor, (s) => s.context.items);
  return items.length > 0 ? <NotificationList items={items} onDismiss={(id) => actor.send({ type: 'DISMISS', id })} /> : null;
}

/**
 * A signed-in session whose calls are fakes: customer info (`customer`, or still loading or failed
 * with `load`) and the access info (`access`; null means not sent). Nothing is refreshed or sent.
 */
export function fakeSignedInSession({
  customer,
  access,
  load = 'ok',
}: {
  customer: Record<string, unknown>;
  access: unknown;
  load?: 'ok' | 'pending' | 'failed';
}) {
  const never = () => new Promise<never>(() => {});
  return createActor(
    sessionMachine.provide({
      actors: {
        refresh: fromPromise<SessionTokens, { refreshToken: string | null }>(never),
        loadCustomer: fromPromise<CustomerLoad>(async () => {
          if (load === 'pending') return never();
          if (load === 'failed') throw new Error('customer info failed');
          return { customer: { userId: 1, customerId: 10, login: 'ana@example.com', ...customer }, term: null } as CustomerLoad;
        }),
        loadAccess: fromPromise<unknown, { customer: unknown }>(async () => access),
        acceptTerms: fromPromise<void, { termId: string }>(never),
        logout: fromPromise<void, { refreshToken: string | null }>(never),
        realtime: fromCallback(() => () => {}),
      },
    }),
    { input: { tokens: { accessToken: 'at', refreshToken: 'rt', lifetimeMs: 3_600_000 }, username: 'ana@example.com' } },
  ).start();
}
