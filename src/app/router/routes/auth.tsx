import { createRoute, redirect } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { activationFromState } from '@machines/auth/activation.logic';
import { storageKeys, writeStored } from '@/shared/config';
import { RestrictedVisitorLayout } from '../../layouts/layouts';
import { publicLayout, RestrictedLayout, rootRoute } from '../layouts';
import { redirectSearch, requireSession, safeRedirect, sendSignedInHome } from '../guards';

/** Signing in and its neighbours: /login, /scp (restricted), /activate, /auth/sei (spec 000 s2). */

const PKCE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The login page's chunk; requested in beforeLoad too, so it downloads beside the login feature, not after it. */
const loginPage = () => import(/* webpackChunkName: "page-login" */ '@/pages/login');

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
    ...redirectSearch(search),
    ...(search.emailConfirmation === 'success' || search.emailConfirmation === 'fail' ? { emailConfirmation: search.emailConfirmation } : {}),
  }),
  // A signed-in visitor of /login goes home (spec 000 s2). A code and verifier in the address
  // start a sign-in from that code and leave the address at once (single use, not in history).
  beforeLoad: async ({ context, search }) => {
    sendSignedInHome({ context });
    void loginPage().catch(() => undefined); // a failed download surfaces when the route renders
    const login = await context.login.load();
    if (search.code && search.codeVerifier) {
      login.startLoginFlow({ exchange: { code: search.code, codeVerifier: search.codeVerifier } });
      const { code: _code, codeVerifier: _verifier, ...rest } = search;
      throw redirect({ to: '/login', search: rest, replace: true });
    }
  },
  component: lazyRoute(loginPage, 'LoginPage'),
});

/**
 * The restricted frame for a visitor not signed in yet: /scp is listed with the restricted pages
 * (spec 000 s2), but whoever is on it waits for their phone and has no session, so the frame comes
 * without the signed-in data (the session's guard stays /scp's own: a login result exists).
 */
const scpLayout = createRoute({ getParentRoute: () => rootRoute, id: 'restricted-visitor', component: RestrictedVisitorLayout });

/** /scp: approving the sign-in on the phone; only while a login result exists (spec 000 s2). */
const scpRoute = createRoute({
  getParentRoute: () => scpLayout,
  path: 'scp',
  validateSearch: redirectSearch,
  beforeLoad: async ({ context, search }) => {
    sendSignedInHome({ context });
    const login = await context.login.load();
    if (!login.hasLoginResult()) throw redirect({ to: '/login', search: redirectSearch(search), replace: true });
  },
  component: lazyRoute(() => import(/* webpackChunkName: "page-scp" */ '@/pages/scp'), 'ScpPage'),
});

/**
 * /activate: account activation from the e-mailed link (spec 002 s2). The root route has moved the
 * link's parameters from the address into the history entry's state (issue 47). A link opened
 * while signed in is shown, not dropped: the page says who is signed in and offers to sign out and
 * activate (docs/decisions.md), once the session has settled. Without a link a signed-in visitor goes home.
 */
const activateRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'activate',
  beforeLoad: async ({ context, location }) => {
    if (!activationFromState(location.state.activationLink)) return sendSignedInHome({ context });
    await context.session.settled();
  },
  component: lazyRoute(() => import(/* webpackChunkName: "page-activate" */ '@/pages/activate'), 'ActivatePage'),
});

/**
 * /auth/sei (spec 000 s2): the requested path is stored first, then login is required; after
 * sign-in the user comes back here (redirect) and the OAuth statechart takes over.
 */
const oauthLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'oauth',
  component: RestrictedLayout,
  beforeLoad: async (args) => {
    const target = safeRedirect(args.location.href);
    if (target) writeStored(storageKeys.oauthReturn, target);
    await requireSession(args);
  },
});

const oauthRoute = createRoute({
  getParentRoute: () => oauthLayout,
  path: 'auth/sei',
  validateSearch: (search: Record<string, unknown>): { authorizationId?: string } =>
    typeof search.authorizationId === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(search.authorizationId) ? { authorizationId: search.authorizationId } : {},
  component: lazyRoute(() => import(/* webpackChunkName: "page-oauth" */ '@/pages/oauth-authorize'), 'OAuthAuthorizePage'),
});

export const authRoutes = {
  public: [loginRoute, activateRoute],
  root: [oauthLayout.addChildren([oauthRoute]), scpLayout.addChildren([scpRoute])],
} as const;
