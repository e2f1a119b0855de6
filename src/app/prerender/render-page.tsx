import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { createActor, fromPromise } from 'xstate';
import { msg } from '@lingui/core/macro';
import { appStartMachine, type Dictionaries } from '@machines/app/app-start.machine';
import { appStateMachine } from '@machines/app/app-state.machine';
import { analyticsConsentMachine } from '@machines/app/analytics-consent.machine';
import type { ConsentMode } from '@machines/app/analytics-consent.rules';
import { loginRequestMachine } from '@machines/auth/login-request.machine';
import { notificationsMachine } from '@machines/app/notifications.machine';
import { popupMachine } from '@machines/app/popup.machine';
import { sessionMachine } from '@machines/auth/session.machine';
import { brands, brandIds, languagesFor } from '../../../brands';
import type { BrandId } from '../../../brands/ids';
import { themeStyleText } from '../../../brands/theme-style';
import { activateLanguage, i18n } from '@/shared/i18n';
import { LINK_SETTINGS_ALLOWED, SANDBOX_ORIGIN } from '../start-facts';
import { analyticsCollectorUrl } from '@/shared/analytics';
import { resolveApiBases } from '@/shared/api';
import { API_ENVIRONMENT } from '@/shared/config';
import type { Language } from '@/shared/config';
import { AppProviders } from '../app-providers';
import { createAppRouter } from '../router/router';
import { PrerenderContext } from '@/shared/lib';

/**
 * The build's prerender of the public entry pages (issue 48, lever 1), run in Node by
 * scripts/build/prerender.mjs after the browser build: the same routes, layouts and components as
 * the app, rendered at one address for one brand and language, as a signed-out visitor sees them.
 * The page paints from this HTML before any script has run; the app then takes over (main.tsx:
 * one commit that draws the same page, with what was typed carried over).
 *
 * Nothing here talks to a server: the actors are the app's machines with start-up's loads done
 * (the catalog is activated before rendering) and a signed-out session.
 */

/** The public pages that are prerendered, as the router knows them. */
export const PRERENDERED_PATHS = ['/login'] as const;

export interface PrerenderedPage {
  /** The #root content. */
  html: string;
  /** The document title, as the page sets it. */
  title: string;
  /** The `<noscript>` note, in the page's language. */
  noscript: string;
  /** The brand's theme as one `<style>` rule (the CSP allows it by hash). */
  themeStyle: string;
  /** The brand logo's address in the build (the page inlines the file). */
  logoUrl: string;
}

const noscriptNote = msg`This application needs JavaScript to sign in. Turn it on and reload the page.`;

export async function renderPublicPage({ brandId, language, path }: { brandId: BrandId; language: Language; path: string }): Promise<PrerenderedPage> {
  const brand = brands[brandId];
  const offeredLanguages = languagesFor(brand);
  await activateLanguage(language);
  // As the app decides at start (main.tsx): only an environment with a collector asks for consent.
  const collector = analyticsCollectorUrl(resolveApiBases({ brandApi: brand.config.api, environment: API_ENVIRONMENT, sandboxOrigin: SANDBOX_ORIGIN }));
  const actors = { ...signedOutActors(brandId, language, offeredLanguages), analyticsConsent: collector ? firstVisitConsent(brand.config.analytics.consent) : null };
  const router = createAppRouter(
    {
      accounts: { list: async () => [] },
      login: { load: () => import(/* webpackChunkName: "feature-login" */ '@/features/login') },
      brand: { registration: () => brand.config.features.registration, contracts: () => brand.config.features.contracts },
      language: { offered: () => offeredLanguages, choose: () => {} },
      session: { isAuthenticated: () => false, settled: async () => false, needsKyc: () => false, merchantFacts: () => ({ kind: 'personal', merchantLevel: 0 }), actFor: async () => {} },
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  );
  await router.load();
  const title: string[] = [];
  const { prelude } = await prerender(
    <PrerenderContext.Provider value={{ setTitle: (text) => title.push(text) }}>
      <AppProviders actors={actors} brand={brand}>
        <RouterProvider router={router} />
      </AppProviders>
    </PrerenderContext.Provider>,
  );
  for (const actor of Object.values(actors)) actor?.stop();
  const html = await new Response(prelude).text();
  return { html, title: title.at(-1) ?? brand.config.displayName, noscript: i18n._(noscriptNote), themeStyle: themeStyleText(brand.theme), logoUrl: brand.logoUrl };
}

/** The app's machines as a signed-out visitor's first render sees them, with nothing to load. */
function signedOutActors(brandId: BrandId, language: Language, offeredLanguages: readonly Language[]) {
  const appStart = createActor(
    appStartMachine.provide({
      actors: {
        loadCatalog: fromPromise(async () => {}),
        loadDictionaries: fromPromise<Dictionaries, { language: Language }>(async ({ input }) => ({ language: input.language, countries: [], currencies: [] })),
      },
    }),
    { input: { brandId, language, offeredLanguages: [...offeredLanguages] } },
  );
  return {
    appStart,
    appState: createActor(appStateMachine, { input: { width: 390, height: 844, userAgent: 'prerender' } }),
    notifications: createActor(notificationsMachine),
    popup: createActor(popupMachine),
    loginRequests: createActor(loginRequestMachine),
    session: createActor(sessionMachine, { input: undefined }),
  };
}

/**
 * The analytics consent as a first visit sees it (nothing chosen): the brand's banner is part of the
 * page, so it paints with it instead of arriving seconds later as the page's largest paint. A
 * visitor who has chosen never sees it: the page's head script marks the document before the body
 * is drawn and the page's CSS hides the banner until the app has taken over and decides
 * (scripts/build/prerender.mjs; docs/decisions.md "Analytics consent").
 */
function firstVisitConsent(mode: ConsentMode) {
  return createActor(analyticsConsentMachine, { input: { mode, stored: null } });
}

/** Every brand with its languages and the hosts that name it, for the server's choice of file. */
export function prerenderManifest() {
  return {
    paths: [...PRERENDERED_PATHS],
    /** A link may choose the brand (`?brand=`): sandbox and development builds only. */
    brandFromLink: LINK_SETTINGS_ALLOWED,
    brands: Object.fromEntries(
      brandIds.map((id) => [
        id,
        { languages: [...languagesFor(brands[id])], defaultLanguage: brands[id].config.defaultLanguage, hosts: [...brands[id].config.hosts, ...brands[id].config.reviewHosts] },
      ]),
    ),
  };
}
