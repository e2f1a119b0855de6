// First: starts the first page's downloads before the rest of the entry is evaluated.
import './early-chunks';
import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { analyticsCollectorUrl, startAnalyticsCollector, startAnalyticsConsent } from '@/shared/analytics';
import { startPageViews } from './model/page-views';
import { waitFor } from 'xstate';
import { chooseApiSetting, configureApi, mainMethodRules, resolveApiBases } from '@/shared/api';
import { API_ENVIRONMENT, readStored, removeStored, storageKeys, writeStored } from '@/shared/config';
import { whenIdle } from '@/shared/lib';
import { applyBrandTheme } from '@/shared/model';
import { preloadIdleWarning } from '@/widgets/idle-warning';
import { preloadLoginRequestDialog } from '@/widgets/login-request-dialog';
import { preloadPopupHost } from '@/widgets/popup-host';
import { App } from './app';
import { apiLinkMode, LINK_SETTINGS_ALLOWED, readStartFacts, SANDBOX_ORIGIN } from './start-facts';
import { createAppActors, type AppActors } from './model/app-actors';
import { preloadRouteChunks } from './router/router';
import { hasNativeBridge, mobileModeFrom } from './model/mobile-bridge';
import { prerenderedPath, restoreFocus, watchVisitorInput } from './prerender/take-over';
import './styles/global.css';

/**
 * Bootstrap: resolve the brand (host name map, `?brand=` override for local use), the language
 * (address, stored choice, browser, brand default) and the backend, then create the app's actors
 * and render.
 */
async function bootstrap() {
  const search = new URLSearchParams(location.search);
  const { brandId, brand, offeredLanguages, language } = readStartFacts(search);
  const brandParam = search.get('brand');
  if (LINK_SETTINGS_ALLOWED && brandParam && brandParam === brandId) writeStored(storageKeys.brandOverride, brandId);
  applyBrandTheme(document.documentElement, brand.theme);
  document.documentElement.dataset.brand = brandId;
  // Every layout's header shows the logo, and on /home it is the largest paint: fetch it now,
  // beside the page's code, not after the header has rendered.
  preloadImage(brand.logoUrl);

  const apiSetting = chooseApiSetting({
    query: search.get('api'),
    stored: readStored(storageKeys.apiOverride),
    mode: apiLinkMode(location.hostname),
  });
  if (apiSetting.persist === null) removeStored(storageKeys.apiOverride);
  else if (apiSetting.persist) writeStored(storageKeys.apiOverride, apiSetting.persist);
  const bases = resolveApiBases({
    brandApi: brand.config.api,
    environment: API_ENVIRONMENT,
    sandboxOrigin: SANDBOX_ORIGIN,
    override: apiSetting.setting,
  });
  configureApi({ bases, language, methodRules: mainMethodRules });
  // The analytics events go to the environment's collector (the sandbox's today; 002 s9), as the
  // customer's consent allows (issue 61: the brand asks first, or collects with a notice); held in
  // memory until the consent statechart has read the stored choice.
  const collectorUrl = analyticsCollectorUrl(bases);
  const analyticsConsent = collectorUrl ? startAnalyticsConsent(brand.config.analytics.consent, startAnalyticsCollector(collectorUrl, { collection: 'hold' })) : null;
  // The first calls (session refresh, customer info) go to these origins: open the connections now.
  preconnect([bases.auth, bases.main]);

  // Mobile-app wrapper mode: `?mobileApp=1|0` or the persisted flag, only inside the wrapper (its injected interface).
  const mobile = mobileModeFrom(search.get('mobileApp'), readStored(storageKeys.mobileMode), hasNativeBridge());
  if (mobile.persist === null) removeStored(storageKeys.mobileMode);
  else if (mobile.persist) writeStored(storageKeys.mobileMode, mobile.persist);

  const actors = await createAppActors({ brandId, language, offeredLanguages, mobileApp: mobile.enabled, registration: brand.config.features.registration, contracts: brand.config.features.contracts, analyticsConsent });
  preloadRouteChunks(actors.router);
  // Page views by route template (002 s9), through the same analytics as every event.
  startPageViews(actors.router);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  const app = <App actors={actors} brand={brand} />;
  afterFirstPage(actors);
  if (prerenderedPath(root) !== null) return takeOver(root, actors, app);
  // A transition: React renders the first screen in slices and lets the browser breathe between
  // them (no single long task on a slow phone), instead of one blocking render.
  startTransition(() => createRoot(root).render(app));
}

/**
 * The page is the build's prerendered HTML (issue 48): it is on screen and may have been filled
 * in. The app waits until it can draw the same page at once (catalog, route, page code), then
 * renders it in a transition: in slices, with the prerendered page still on screen and usable,
 * and one commit that replaces it, so nothing moves or blinks. What the visitor typed and where the
 * focus was are watched meanwhile and given to the app's page at that commit, before the browser
 * paints it. If the wait fails (a download), the app renders as usual and shows its own error screen.
 */
async function takeOver(container: HTMLElement, actors: AppActors, app: ReactNode): Promise<void> {
  const ready = await waitFor(actors.appStart, (s) => !s.matches('loadingCatalog'))
    .then(() => actors.router.load())
    .then(
      () => true,
      () => false,
    );
  const login = ready && actors.router.state.location.pathname === '/login' ? await import(/* webpackChunkName: "feature-login" */ '@/features/login').catch(() => null) : null;
  const watch = watchVisitorInput(container);
  const carryOver = () => {
    const { values } = watch.latest();
    login?.carryOverSignIn({ username: values.username, password: values['current-password'] });
  };
  carryOver();
  const committed = () => {
    // Runs in the commit that replaced the prerendered page: what was typed during the render, then
    // (once that has rendered too, in the same task) the focus and caret.
    watch.stop();
    carryOver();
    const { focus } = watch.latest();
    if (login) queueMicrotask(() => restoreFocus(container, focus));
    // The page is the app's now (tests wait for this).
    delete container.dataset.prerendered;
  };
  startTransition(() => createRoot(container).render(<OnFirstCommit run={committed}>{app}</OnFirstCommit>));
}

/** Calls `run` once, in the layout phase of the commit that first shows `children`. */
function OnFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useLayoutEffect(() => run(), [run]);
  return children;
}

/**
 * Overlays are not part of first paint: their code arrives once the first page has rendered and
 * the browser is idle, so the first popup does not wait for a download.
 */
function afterFirstPage(actors: AppActors) {
  const stop = actors.router.subscribe('onRendered', () => {
    stop();
    whenIdle(() => {
      preloadPopupHost();
      preloadIdleWarning();
      preloadLoginRequestDialog();
    });
  });
}

function preloadImage(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  document.head.append(link);
}

/** `<link rel="preconnect">` to each origin once (the API origin depends on brand and environment, so it cannot be in index.html). */
function preconnect(urls: readonly string[]) {
  for (const origin of new Set(urls.map((url) => new URL(url, location.href).origin))) {
    if (origin === location.origin) continue;
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}

void bootstrap();
