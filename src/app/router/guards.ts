import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from './context';

/**
 * Every route guard of the app, in one file (spec 000 s2). Routes call these from `beforeLoad`;
 * no route writes its own redirect rules.
 */
type GuardArgs = { context: RouterContext; location: ParsedLocation };

/** An in-app path only: "/x", never "//host" or an absolute address (open-redirect safe). */
export function safeRedirect(target: unknown): string | null {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : null;
}

/** `?redirect=` kept only when it is a safe in-app path. */
export function redirectSearch(search: Record<string, unknown>): { redirect?: string } {
  const target = safeRedirect(search.redirect);
  return target ? { redirect: target } : {};
}

/**
 * Login required: waits until the session has settled (token and customer info after a reload),
 * else sends the visitor to login and remembers where they were going.
 */
export async function requireSession({ context, location }: GuardArgs): Promise<void> {
  if (!(await context.session.settled())) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}

/** The main app: login required, and while KYC is needed every page leads to /kyc (spec 000 s2). */
export async function requireAppAccess(args: GuardArgs): Promise<void> {
  await requireSession(args);
  if (args.context.session.needsKyc()) throw redirect({ to: '/kyc', replace: true });
}

/** Pages for visitors only (/login, /scp, /activate without a link): a signed-in visitor goes home. */
export function sendSignedInHome({ context }: { context: RouterContext }): void {
  if (context.session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
}
