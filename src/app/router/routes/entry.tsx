import { createRoute, redirect } from '@tanstack/react-router';
import { activationFromSearch } from '@machines/auth/activation.logic';
import { rootRoute } from '../layouts';
import { stringifyPlainSearch } from '../search';

/** The entry route redirects to /login (spec 000 s2); a signed-in visitor goes home. */
export const entryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context, search }) => {
    const query = search as Record<string, unknown>;
    const activation = activationFromSearch(query);
    if (activation) throw redirect({ to: '/activate', search: activation, replace: true });
    if (context.session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
    // Query behaviours (code + codeVerifier, emailConfirmation) travel on to /login.
    const forwarded = Object.fromEntries(Object.entries(query).filter(([key]) => ['code', 'codeVerifier', 'emailConfirmation'].includes(key)));
    throw redirect({ href: `/login${stringifyPlainSearch(forwarded)}`, replace: true });
  },
});
