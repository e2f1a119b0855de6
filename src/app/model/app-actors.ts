import type { AnalyticsConsentActor } from '@/shared/analytics';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { appStartMachine } from '@machines/app/app-start.machine';
import { appStateMachine } from '@machines/app/app-state.machine';
import { loginRequestMachine } from '@machines/auth/login-request.machine';
import { mobileBridgeMachine } from '@machines/app/mobile-bridge.machine';
import { notificationsMachine } from '@machines/app/notifications.machine';
import { popupMachine } from '@machines/app/popup.machine';
import type { Language } from '@machines/shared/languages';
import { startupReads, type StartupRead } from '@machines/auth/startup-reads.logic';
import { applyActingCustomer, createSession, customerOf, isSignedIn, merchantFactsOf, needsKyc, sessionSettled, toLandingCustomer, type SessionActor } from '@/entities/session';
import { loadDictionaries } from '@/entities/dictionary';
import { api, configureApi } from '@/shared/api';
import { readStored, removeStored, storageKeys, writeLanguageCookie, writeStored } from '@/shared/config';
import { activateLanguage } from '@/shared/i18n';
import { tokenLifetimeMs } from '@/shared/lib';
import { createAppActor, forgetProof, setUpInspector, type MobileAppMessage } from '@/shared/model';
import { connectAppState, trackRouteLoads } from './app-state';
import { actForFromLink, startActingCustomers } from './acting-customer';
import { listenToApp, postToApp } from './mobile-bridge';
import { createAppRouter, type AppRouter } from '../router/router';
import { safeRedirect } from '../router/guards';
import type { ProvidedActors } from '../app-providers';

/** The app-wide actors, created once: the ones React reads (`AppProviders`) and the router. */
export interface AppActors extends ProvidedActors {
  router: AppRouter;
}

export interface AppActorsInput {
  brandId: string;
  language: Language;
  offeredLanguages: readonly Language[];
  /** Mobile-app wrapper mode (spec 000 s1). */
  mobileApp: boolean;
  /** The brand lets visitors register (002 s1: off for four brands; the routes are blocked). */
  registration: boolean;
  /** The brand has smart contracts (features.contracts). */
  contracts: boolean;
  /** Analytics consent (issue 61), where the environment collects analytics; started before the app's actors. */
  analyticsConsent?: AnalyticsConsentActor | null;
}

const loginRequestAnswers = {
  approved: msg`You approved the sign-in on the other device.`,
  declined: msg`You declined the sign-in. If it was not you, change your password.`,
};

/**
 * Creates and wires every app-wide actor: the wrapper-mode bridge (which must finish its 100 ms
 * start before anything else), start-up, notifications, popup, sign-in requests, the session, the
 * router and the app state. Each actor's effects are provided here (`.provide`), so the machines
 * stay pure. Returns once the actors are started.
 */
export async function createAppActors(input: AppActorsInput): Promise<AppActors> {
  await setUpInspector();

  // Mobile-app wrapper mode: the page waits 100 ms (the bridge machine's delay) before
  // initialising, then talks to the app by messages.
  let requestLogout = () => {};
  const bridge = createAppActor(
    mobileBridgeMachine.provide({
      actors: { listen: fromCallback(({ sendBack }) => listenToApp((message) => sendBack({ type: 'RECEIVED', message }))) },
      actions: { post: (_, { message }) => postToApp(message), requestLogout: () => requestLogout() },
    }),
    { input: { enabled: input.mobileApp } },
  );
  bridge.start();
  await waitFor(bridge, (s) => s.matches('off') || s.matches('connected'));
  if (input.mobileApp) {
    configureApi({ mobileDevice: () => bridge.getSnapshot().context.device });
    bridge.send({ type: 'SEND', message: { type: 'needDeviceSecret' } });
  }

  const appStart = createAppActor(
    appStartMachine.provide({
      actors: {
        loadCatalog: fromPromise(async ({ input: { language } }) => {
          await activateLanguage(language);
          configureApi({ language });
        }),
        loadDictionaries: fromPromise(({ input: { language } }) => loadDictionaries(language)),
      },
      actions: {
        persistLanguage: (_, { language }) => {
          writeStored(storageKeys.language, language);
          writeLanguageCookie(language);
        },
      },
    }),
    { input: { brandId: input.brandId, language: input.language, offeredLanguages: [...input.offeredLanguages] } },
  );
  const notifications = createAppActor(notificationsMachine);

  // The session, the popup and the router need each other: the session and the popup navigate,
  // the router's guards ask the session.
  let router: AppRouter | null = null;
  // "Go to home" in a popup clears the OAuth return path and the address's query (spec 001 s8).
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
  const loginRequests = createAppActor(
    loginRequestMachine.provide({
      actors: {
        confirm: fromPromise(async ({ input: { key, result } }) => {
          await api().auth.PUT('/auth/login/{key}/confirm', { params: { path: { key } }, body: { result } });
        }),
      },
      actions: {
        answered: (_, { result }) =>
          notifications.send({
            type: 'NOTIFY',
            notification: { id: 'login-request', tone: result ? 'success' : 'info', title: i18n._(result ? loginRequestAnswers.approved : loginRequestAnswers.declined) },
          }),
      },
    }),
  );
  /** How long a page opened with fromCustomerId waits for the session's customer and access info. */
  const SETTLE_TIMEOUT_MS = 30_000;
  // After sign-in: the remembered target (?redirect=), else a stored OAuth (SEI) path.
  const redirectTarget = () => safeRedirect(new URLSearchParams(location.search).get('redirect') ?? readStored(storageKeys.oauthReturn));
  const session = createSession({
    notifications,
    popup,
    loginRequests,
    navigate: (to) => void router?.navigate({ to }),
    redirectTarget,
  });
  const accountQueries = async () => {
    const [{ signedInQueryClient }, queries] = await Promise.all([import('../layouts/signed-in-layouts'), import('@/entities/account')]);
    return { client: signedInQueryClient(popup), ...queries };
  };
  router = createAppRouter({
    accounts: {
      list: async () => {
        const { client, accountsQuery } = await accountQueries();
        return client.ensureQueryData(accountsQuery());
      },
    },
    login: { load: () => loadLoginFeature(session, () => router) },
    brand: { registration: () => input.registration, contracts: () => input.contracts },
    language: {
      offered: () => appStart.getSnapshot().context.offeredLanguages,
      choose: (language) => appStart.send({ type: 'CHANGE_LANGUAGE', language }),
    },
    session: {
      isAuthenticated: () => isSignedIn(session.getSnapshot()),
      settled: () => sessionSettled(session),
      needsKyc: () => needsKyc(session.getSnapshot()),
      merchantFacts: () => merchantFactsOf(session.getSnapshot()),
      actFor: async (customerId) => {
        // A page opened with the link: customer and access info load first (a reload restores the session).
        const snapshot = await waitFor(session, (s) => !s.hasTag('loadingCustomer'), { timeout: SETTLE_TIMEOUT_MS }).catch(() => session.getSnapshot());
        // Not signed in yet (or terms first): customer info will read the stored id, and the session forgets it if refused.
        if (!customerOf(snapshot) || !snapshot.matches({ signedIn: { customer: 'ready' } })) {
          writeStored(storageKeys.fromCustomer, String(customerId));
          return;
        }
        // Signed in: the acting-customer statechart, as the company selector (its access info first).
        await actForFromLink(customerId, session, notifications);
      },
    },
  });

  const appState = createAppActor(appStateMachine, { input: { width: innerWidth, height: innerHeight, userAgent: navigator.userAgent } });

  for (const actor of [appStart, notifications, popup, loginRequests, session, appState]) actor.start();
  connectAppState(appState);
  startActingCustomers({ session, notifications, navigate: (to) => void router?.navigate({ to }) });
  trackRouteLoads(appState, router);
  reportSessionTurns(session, (message) => bridge.send({ type: 'SEND', message }));
  startReadsWithCustomer(session, redirectTarget, async (reads) => {
    const { client, accountsQuery, homeActivityQuery } = await accountQueries();
    if (reads.includes('accounts')) void client.prefetchQuery(accountsQuery());
    if (reads.includes('homeActivity')) void client.prefetchQuery(homeActivityQuery());
  });
  requestLogout = () => session.send({ type: 'LOGOUT' });
  shareActivity(session);
  forgetProofWhenSignedOut(session);
  const mobileApp = input.mobileApp ? { send: (message: MobileAppMessage) => bridge.send({ type: 'SEND', message }) } : null;
  return { appStart, appState, notifications, popup, loginRequests, session, router, mobileApp, analyticsConsent: input.analyticsConsent ?? null };
}

/**
 * The login feature arrives with the /login or /scp route; loading it wires the shared sign-in to
 * the session (tokens) and the router (/login ↔ /scp), keeping `?redirect=` on the way.
 */
async function loadLoginFeature(session: SessionActor, router: () => AppRouter | null) {
  const login = await import(/* webpackChunkName: "feature-login" */ '@/features/login');
  const keepRedirect = () => {
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    return target ? { redirect: target } : {};
  };
  login.configureLoginFlow({
    onSignedIn: ({ tokens, username }) => session.send({ type: 'SIGNED_IN', username, tokens: { ...tokens, lifetimeMs: tokenLifetimeMs(tokens.accessToken) } }),
    showApproval: () => {
      const r = router();
      if (r?.state.location.pathname === '/login') void r.navigate({ to: '/scp', search: keepRedirect(), replace: false });
    },
    showForm: () => {
      const r = router();
      if (r?.state.location.pathname === '/scp') void r.navigate({ to: '/login', search: keepRedirect(), replace: true });
    },
  });
  return login;
}

/**
 * A personal customer's home reads (the account list, the recent activity) start as soon as customer
 * info has answered, beside the access info, instead of after it and the page's render: one round
 * trip fewer before the first account row (issue 48; machines/auth/startup-reads.logic.ts says
 * who and where). The page's own queries then find them answered or in flight.
 */
function startReadsWithCustomer(session: SessionActor, redirectTarget: () => string | null, start: (reads: readonly StartupRead[]) => Promise<void>): void {
  // Once per session: a later reload of customer info (terms, a finished KYC) leaves the pages to ask.
  let started = false;
  session.subscribe((s) => {
    if (!isSignedIn(s)) {
      started = false;
      return;
    }
    const customer = customerOf(s);
    if (started || !customer || !s.hasTag('loadingCustomer')) return;
    started = true;
    const reads = startupReads({
      customer: toLandingCustomer(customer, null),
      termsPending: s.context.terms !== null,
      path: location.pathname,
      hasInitialPath: redirectTarget() !== null,
    });
    if (reads.length) void start(reads).catch(() => undefined);
  });
}

/** Wrapper mode: the native app hears about the session's turns (in a browser the bridge is off). */
function reportSessionTurns(session: SessionActor, send: (message: { type: 'loggedIn' | 'sessionExpired' | 'loggedOut' }) => void): void {
  let previous = session.getSnapshot();
  session.subscribe((s) => {
    if (!previous.matches('signedIn') && s.matches('signedIn') && s.context.fresh) send({ type: 'loggedIn' });
    if (!previous.matches('expired') && s.matches('expired')) send({ type: 'sessionExpired' });
    if (previous.matches('loggingOut') && !s.matches('loggingOut')) send({ type: 'loggedOut' });
    previous = s;
  });
}

/** The proof of re-authentication (settings) dies with the session: gone once it is not signed in. */
function forgetProofWhenSignedOut(session: SessionActor): void {
  session.subscribe((s) => {
    if (!s.matches('signedIn')) forgetProof();
  });
}

/**
 * Real user activity (not timers, not focus by script) keeps the session alive, in every tab:
 * activity is shared over a BroadcastChannel (throttled to one message in 30 s).
 */
function shareActivity(session: SessionActor): void {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('app-activity') : null;
  channel?.addEventListener('message', () => session.send({ type: 'ACTIVITY' }));
  let lastShared = 0;
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const) {
    addEventListener(
      type,
      () => {
        session.send({ type: 'ACTIVITY' });
        if (Date.now() - lastShared > 30_000) {
          lastShared = Date.now();
          channel?.postMessage('active');
        }
      },
      { passive: true, capture: true },
    );
  }
}
