import { createRoot } from 'react-dom/client';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { brands, languagesFor, resolveBrandId } from '../../brands';
import { appStartMachine } from '@machines/app/app-start.machine';
import { notificationsMachine } from '@machines/app/notifications.machine';
import { popupMachine } from '@machines/app/popup.machine';
import { loginRequestMachine } from '@machines/auth/login-request.machine';
import { mobileBridgeMachine } from '@machines/app/mobile-bridge.machine';
import { listenToApp, mobileModeFrom, postToApp } from './model/mobile-bridge';
import { appStateMachine } from '@machines/app/app-state.machine';
import { resolveLanguage } from '@machines/app/app-start.logic';
import { api, chooseApiSetting, configureApi, mainMethodRules, resolveApiBases } from '@/shared/api';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { API_ENVIRONMENT, IS_SANDBOX_BUILD, readStored, removeStored, storageKeys, writeStored } from '@/shared/config';
import { activateLanguage } from '@/shared/i18n';
import { applyBrandTheme, createAppActor, setUpInspector } from '@/shared/model';
import { tokenLifetimeMs } from '@/shared/lib';
import { loadDictionaries } from '@/entities/dictionary';
import { App } from './app';
import { createSession, sessionSettled } from './model/session';
import { connectAppState, trackRouteLoads } from './model/app-state';
import { createAppRouter } from './router/router';
import './styles/global.css';

/**
 * Bootstrap: resolve the brand (host name map, `?brand=` override for local use) and the
 * language (address, stored choice, browser, brand default), point the API at the right
 * backend, start the start-up actor and render.
 */
const loginRequestAnswers = {
  approved: msg`You approved the sign-in on the other device.`,
  declined: msg`You declined the sign-in. If it was not you, change your password.`,
};

async function bootstrap() {
  const search = new URLSearchParams(location.search);
  const brandParam = search.get('brand');
  const brandId = resolveBrandId({
    hostname: location.hostname,
    override: brandParam ?? readStored(storageKeys.brandOverride) ?? null,
  });
  if (brandParam && brandParam === brandId) writeStored(storageKeys.brandOverride, brandId);
  const brand = brands[brandId];
  applyBrandTheme(document.documentElement, brand.theme);
  document.documentElement.dataset.brand = brandId;

  const offeredLanguages = languagesFor(brand);
  const language = resolveLanguage({
    fromUrl: search.get('lang'),
    stored: readStored(storageKeys.language),
    browser: navigator.languages,
    offered: offeredLanguages,
    fallback: brand.config.defaultLanguage,
  });

  const environment = API_ENVIRONMENT;
  const apiSetting = chooseApiSetting({
    query: search.get('api'),
    stored: readStored(storageKeys.apiOverride),
    allowOrigin: IS_SANDBOX_BUILD || process.env.NODE_ENV !== 'production',
  });
  if (apiSetting.persist === null) removeStored(storageKeys.apiOverride);
  else if (apiSetting.persist) writeStored(storageKeys.apiOverride, apiSetting.persist);
  configureApi({
    bases: resolveApiBases({
      brandApi: brand.config.api,
      environment,
      sandboxOrigin: import.meta.env.PUBLIC_SANDBOX_URL ?? 'http://127.0.0.1:8787',
      override: apiSetting.setting,
    }),
    language,
    methodRules: mainMethodRules,
  });

  // Mobile-app wrapper mode: `?mobileApp=1|0` or the persisted flag. Inside the app the page waits
  // 100 ms (the bridge machine's delay) before initialising, then talks to the app by messages.
  const mobile = mobileModeFrom(search.get('mobileApp'), readStored(storageKeys.mobileMode));
  if (mobile.persist === null) removeStored(storageKeys.mobileMode);
  else if (mobile.persist) writeStored(storageKeys.mobileMode, mobile.persist);
  let requestLogout = () => {};
  await setUpInspector();
  const bridge = createAppActor(
    mobileBridgeMachine.provide({
      actors: { listen: fromCallback(({ sendBack }) => listenToApp((message) => sendBack({ type: 'RECEIVED', message }))) },
      actions: {
        post: (_, { message }) => postToApp(message),
        requestLogout: () => requestLogout(),
      },
    }),
    { input: { enabled: mobile.enabled } },
  );
  bridge.start();
  await waitFor(bridge, (s) => s.matches('off') || s.matches('connected'));
  if (mobile.enabled) {
    configureApi({ mobileDevice: () => bridge.getSnapshot().context.device });
    bridge.send({ type: 'SEND', message: { type: 'needDeviceSecret' } });
  }

  const appStart = createAppActor(
    appStartMachine.provide({
      actors: {
        loadCatalog: fromPromise(async ({ input }) => {
          await activateLanguage(input.language);
          configureApi({ language: input.language });
        }),
        loadDictionaries: fromPromise(({ input }) => loadDictionaries(input.language)),
      },
      actions: {
        persistLanguage: (_, { language: chosen }) => writeStored(storageKeys.language, chosen),
      },
    }),
    { input: { brandId, language, offeredLanguages } },
  );
  appStart.start();
  const notifications = createAppActor(notificationsMachine);
  notifications.start();

  // The session and the router need each other: the session navigates, the router's guards
  // ask the session. Both are created once here.
  let router: ReturnType<typeof createAppRouter> | null = null;
  // "Go to home" in a popup clears the OAuth parameters (stored return path and the address's
  // query) and goes home (spec 001 s8).
  const popup = createAppActor(
    popupMachine.provide({
      actions: {
        goHome: () => {
          removeStored(storageKeys.oauthReturn);
          void router?.navigate({ to: '/home', search: {}, replace: true });
        },
      },
    }),
  );
  popup.start();
  const loginRequests = createAppActor(
    loginRequestMachine.provide({
      actors: {
        confirm: fromPromise(async ({ input }) => {
          await api().auth.PUT('/auth/login/{key}/confirm', { params: { path: { key: input.key } }, body: { result: input.result } });
        }),
      },
      actions: {
        answered: (_, { result }) =>
          notifications.send({
            type: 'NOTIFY',
            notification: {
              id: 'login-request',
              tone: result ? 'success' : 'info',
              title: i18n._(result ? loginRequestAnswers.approved : loginRequestAnswers.declined),
            },
          }),
      },
    }),
  );
  loginRequests.start();
  const session = createSession({
    notifications,
    popup,
    loginRequests,
    navigate: (to) => void router?.navigate({ to }),
    // After sign-in: the remembered target (?redirect=), else a stored OAuth (SEI) path.
    redirectTarget: () => {
      const target = new URLSearchParams(location.search).get('redirect') ?? readStored(storageKeys.oauthReturn) ?? null;
      return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
    },
  });
  // The login feature arrives with the /login or /scp route; loading it wires the shared sign-in
  // to the session (tokens) and the router (/login ↔ /scp).
  const loadLogin = async () => {
    const login = await import(/* webpackChunkName: "feature-login" */ '@/features/login');
    login.configureLoginFlow({
      onSignedIn: ({ tokens, username }) =>
        session.send({ type: 'SIGNED_IN', username, tokens: { ...tokens, lifetimeMs: tokenLifetimeMs(tokens.accessToken) } }),
      showApproval: () => {
        if (router?.state.location.pathname === '/login') void router.navigate({ to: '/scp', search: keepRedirect(), replace: false });
      },
      showForm: () => {
        if (router?.state.location.pathname === '/scp') void router.navigate({ to: '/login', search: keepRedirect(), replace: true });
      },
    });
    return login;
  };
  const keepRedirect = () => {
    const target = new URLSearchParams(location.search).get('redirect');
    return target ? { redirect: target } : {};
  };
  router = createAppRouter({
    login: { load: loadLogin },
    session: {
      isAuthenticated: () => session.getSnapshot().matches('signedIn'),
      settled: () => sessionSettled(session),
      needsKyc: () => Boolean((session.getSnapshot().context.customer as { isNeedKyc?: boolean } | null)?.isNeedKyc),
    },
  });
  session.start();
  // Tell the app about the session's turns (wrapper mode; in a browser the bridge is off).
  requestLogout = () => session.send({ type: 'LOGOUT' });
  let previous = session.getSnapshot();
  session.subscribe((s) => {
    if (!previous.matches('signedIn') && s.matches('signedIn') && s.context.fresh) bridge.send({ type: 'SEND', message: { type: 'loggedIn' } });
    if (!previous.matches('expired') && s.matches('expired')) bridge.send({ type: 'SEND', message: { type: 'sessionExpired' } });
    if (previous.matches('loggingOut') && !s.matches('loggingOut')) bridge.send({ type: 'SEND', message: { type: 'loggedOut' } });
    previous = s;
  });
  const appState = createAppActor(appStateMachine, {
    input: { width: innerWidth, height: innerHeight, userAgent: navigator.userAgent },
  });
  appState.start();
  connectAppState(appState);
  trackRouteLoads(appState, router);
  // Real user activity (not timers, not focus by script) keeps the session alive, in every tab:
  // activity is shared over a BroadcastChannel (throttled to one message in 30 s).
  const activity = typeof BroadcastChannel === 'function' ? new BroadcastChannel('app-activity') : null;
  activity?.addEventListener('message', () => session.send({ type: 'ACTIVITY' }));
  let lastShared = 0;
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const) {
    addEventListener(
      type,
      () => {
        session.send({ type: 'ACTIVITY' });
        if (Date.now() - lastShared > 30_000) {
          lastShared = Date.now();
          activity?.postMessage('active');
        }
      },
      { passive: true, capture: true },
    );
  }

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(<App appStart={appStart} appState={appState} notifications={notifications} popup={popup} loginRequests={loginRequests} session={session} router={router} brand={brand} />);
}

void bootstrap();
