import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { MainLayout, PublicLayout, RestrictedLayout, StandaloneFrame } from '../layouts/layouts';
import { NotFoundPage } from '@/pages/not-found';
import { parsePlainSearch, stringifyPlainSearch } from './search';
import { storageKeys, writeStored } from '@/shared/config';
import { parseCustomerId } from '../model/query-behaviours';
import { activationFromSearch } from '@machines/auth/activation.machine';

/**
 * The route tree, code-based: one place shows every route of spec 000 s2 that exists so far.
 * Pages are lazy chunks (`lazyRouteComponent`), so the first load carries only the shell.
 * Guards live in `beforeLoad` and read the session from the router context.
 */
export interface RouterContext {
  /** The login feature, loaded on demand (it is not in the first chunk) and wired to the app. */
  login: { load: () => Promise<typeof import('@/features/login')> };
  session: {
    /** True once a session exists (the session statechart provides this). */
    isAuthenticated: () => boolean;
    /** Waits until the session has a usable token (true) or is signed out/expired (false). */
    settled: () => Promise<boolean>;
    /** Customer info says identity verification is needed (spec 000 s2: /kyc is forced). */
    needsKyc: () => boolean;
  };
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // `fromCustomerId` (spec 000 s2) chooses the customer a business user or admin acts for: it is
  // stored for the session (the API layer sends it) and leaves the address.
  beforeLoad: ({ search, location }) => {
    // An activation link (action=activation|activationBusiness|activationEmployee, user, code) on
    // any address starts activation (spec 000 s2).
    const activation = activationFromSearch(search as Record<string, unknown>);
    if (activation && location.pathname !== '/activate') throw redirect({ to: '/activate', search: activation, replace: true });
    const raw = (search as Record<string, unknown>).fromCustomerId;
    if (raw === undefined) return;
    const id = parseCustomerId(raw);
    if (id !== null) writeStored(storageKeys.fromCustomer, String(id));
    const { fromCustomerId: _dropped, ...rest } = search as Record<string, unknown>;
    throw redirect({ to: location.pathname, search: rest as never, replace: true });
  },
  notFoundComponent: () => (
    <StandaloneFrame>
      <NotFoundPage />
    </StandaloneFrame>
  ),
});

/** The entry route redirects to /login (spec 000 s2). */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context, search }) => {
    // Query behaviours (code + codeVerifier, emailConfirmation, …) travel on to /login.
    const activation = activationFromSearch(search as Record<string, unknown>);
    if (activation) throw redirect({ to: '/activate', search: activation, replace: true });
    if (context.session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
    const forwarded = Object.fromEntries(
      Object.entries(search as Record<string, unknown>).filter(([key]) => ['code', 'codeVerifier', 'emailConfirmation'].includes(key)),
    );
    throw redirect({ to: '/login', search: forwarded as never, replace: true });
  },
});

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
/** Signed in, not yet through to the app (KYC, self-certification, admin overview). */
const restrictedLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'restricted',
  component: RestrictedLayout,
  beforeLoad: async ({ context, location }) => {
    if (!(await context.session.settled())) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
  },
});

const landingPage = <TPath extends string>(path: TPath, exportName: string) =>
  createRoute({
    getParentRoute: () => restrictedLayout,
    path,
    component: lazyRouteComponent(() => import(/* webpackChunkName: "page-landing" */ '@/pages/landing-placeholders'), exportName as 'KycPage'),
  });

const restrictedRoutes = [
  landingPage('kyc', 'KycPage'),
  landingPage('profile-update', 'ProfileUpdatePage'),
  landingPage('self-certification-splash', 'SelfCertificationSplashPage'),
  landingPage('self-certification-business-splash', 'BusinessSelfCertificationSplashPage'),
  landingPage('company-documents', 'CompanyDocumentsPage'),
  landingPage('admin-overview', 'AdminOverviewPage'),
];

/** Unauthenticated visitors of the main layout go to login; the target path is remembered. */
const mainLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  component: MainLayout,
  beforeLoad: async ({ context, location }) => {
    if (!(await context.session.settled())) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    // KYC first: while it is needed, every page of the app leads to /kyc.
    if (context.session.needsKyc()) throw redirect({ to: '/kyc', replace: true });
  },
});

const PKCE = /^[A-Za-z0-9\-._~]{43,128}$/;

const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'login',
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; emailConfirmation?: 'success' | 'fail'; code?: string; codeVerifier?: string } => ({
    // code + codeVerifier sign the user in from a code (spec 000 s2); the verifier is a PKCE string.
    ...(typeof search.code === 'string' && search.code !== '' && typeof search.codeVerifier === 'string' && PKCE.test(search.codeVerifier)
      ? { code: search.code, codeVerifier: search.codeVerifier }
      : {}),
    ...(typeof search.redirect === 'string' && search.redirect.startsWith('/') && !search.redirect.startsWith('//')
      ? { redirect: search.redirect }
      : {}),
    ...(search.emailConfirmation === 'success' || search.emailConfirmation === 'fail'
      ? { emailConfirmation: search.emailConfirmation }
      : {}),
  }),
  // A signed-in visitor of /login goes home (spec 000 s2). A code and verifier in the address
  // start a sign-in from that code and leave the address at once (single use, not in history).
  beforeLoad: async ({ context, search }) => {
    if (context.session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
    const login = await context.login.load();
    if (search.code && search.codeVerifier) {
      login.startLoginFlow({ exchange: { code: search.code, codeVerifier: search.codeVerifier } });
      const { code: _code, codeVerifier: _verifier, ...rest } = search;
      throw redirect({ to: '/login', search: rest, replace: true });
    }
  },
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-login" */ '@/pages/login'), 'LoginPage'),
});

/** /activate: account activation from the e-mailed link (spec 002 s2). */
const activateRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'activate',
  validateSearch: (search: Record<string, unknown>) => activationFromSearch(search) ?? {},
  beforeLoad: ({ context }) => {
    if (context.session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
  },
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-activate" */ '@/pages/activate'), 'ActivatePage'),
});

/** /scp: approving the sign-in on the phone; only while a login result exists (spec 000 s2). */
const scpRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'scp',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' && search.redirect.startsWith('/') && !search.redirect.startsWith('//') ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search }) => {
    if (context.session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
    const login = await context.login.load();
    if (!login.hasLoginResult()) throw redirect({ to: '/login', search: search.redirect ? { redirect: search.redirect } : {}, replace: true });
  },
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-scp" */ '@/pages/scp'), 'ScpPage'),
});

/** Public brand pages (spec 000 s2): the terms of service and getting the mobile app. */
const termsRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'legal/$document',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-legal" */ '@/pages/legal'), 'TermsPage'),
});

const scpMobileRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'scp-mobile',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-scp-mobile" */ '@/pages/scp-mobile'), 'ScpMobilePage'),
});

const settingsDevicesRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'settings/devices',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-settings-devices" */ '@/pages/settings-devices'), 'SettingsDevicesPage'),
});

/**
 * /auth/sei (spec 000 s2): the requested path is stored first, then login is required; after
 * sign-in the user comes back here (redirect) and the OAuth statechart takes over.
 */
const oauthLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'oauth',
  component: RestrictedLayout,
  beforeLoad: async ({ context, location }) => {
    writeStored(storageKeys.oauthReturn, location.href);
    if (!(await context.session.settled())) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
  },
});

const oauthRoute = createRoute({
  getParentRoute: () => oauthLayout,
  path: 'auth/sei',
  validateSearch: (search: Record<string, unknown>): { authorizationId?: string } =>
    typeof search.authorizationId === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(search.authorizationId) ? { authorizationId: search.authorizationId } : {},
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-oauth" */ '@/pages/oauth-authorize'), 'OAuthAuthorizePage'),
});

const homeRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'home',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-home" */ '@/pages/home'), 'HomePage'),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  publicLayout.addChildren([loginRoute, scpRoute, activateRoute, termsRoute, scpMobileRoute]),
  restrictedLayout.addChildren(restrictedRoutes),
  mainLayout.addChildren([homeRoute, settingsDevicesRoute]),
  oauthLayout.addChildren([oauthRoute]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    // Plain query strings, as in links from e-mails and partners: `code=246810` stays the string
    // "246810" (the default JSON parsing would turn it into a number and lose leading zeros).
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
