import type { Decorator } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { appStartMachine, type Dictionaries } from '../machines/app-start.machine';
import { AppStartContext, SessionContext } from '../src/shared/model';
import { sessionMachine } from '../machines/session.machine';
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

/** A running start-up actor whose catalog and dictionary loads are fakes that succeed at once. */
export function fakeAppStart(offeredLanguages: readonly Language[] = LANGUAGES) {
  const language = (i18n.locale as Language) || 'en';
  const actor = createActor(
    appStartMachine.provide({
      actors: {
        loadCatalog: fromPromise<void, { language: Language }>(async ({ input }) => {
          i18n.activate(input.language);
        }),
        loadDictionaries: fromPromise<Dictionaries, { language: Language }>(async ({ input }) => ({
          language: input.language,
          countries: [],
          currencies: [],
        })),
      },
    }),
    { input: { brandId: 'brand1', language, offeredLanguages } },
  );
  actor.start();
  return actor;
}

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
