import { fromCallback, fromPromise } from 'xstate';
import { i18n } from '@lingui/core';
import { sessionMachine, type SessionTokens } from '@machines/auth/session.machine';
import { anonymousCaller, api, configureApi, connectRealtime } from '@/shared/api';
import { clearStoredSessionData, IS_SANDBOX_BUILD, readStored, removeStored, storageKeys, writeStored } from '@/shared/config';
import { createAppActor, type LoginRequestActor, type NotificationsActor, type PopupActor, type SessionActor } from '@/shared/model';
import { tokenLifetimeMs } from '@/shared/lib';
import { landingFor, type LandingCustomer } from '@machines/auth/landing.logic';
import { isSafeRedirect } from '@machines/auth/oauth.machine';
import type { CustomerInfo } from '@/shared/api';

/**
 * Customer info → the facts the start-page ordering needs. A missing tax self-certification
 * status counts as validated (older backends do not send it).
 */
export function toLandingCustomer(info: CustomerInfo | null): LandingCustomer | null {
  if (!info) return null;
  return {
    kind: info.isAdmin ? 'admin' : info.customerType === 'personal' ? 'personal' : 'business',
    isNeedPersonalInfoUpdate: Boolean(info.isNeedPersonalInfoUpdate),
    isNeedKyc: Boolean(info.isNeedKyc),
    selfCertification: info.taxSelfCertificationStatus ?? 'validated',
    balanceInfoAccess: (info.permissions?.balanceInfo ?? 2) >= 1,
    // Absent means yes; only business users can be "not yet authorised".
    isAuthorisedUser: info.customerType !== 'business' || info.isAuthorisedUser !== false,
    useOldWeb: Boolean(info.useOldWeb),
    oldWebUrl: info.oldWebUrl ?? null,
  };
}

/**
 * The session actor with its real effects. The access token lives in this module's memory
 * only; the refresh token lives in sessionStorage (docs/decisions.md) so a reload in the same
 * tab keeps the session.
 */
let accessToken: string | null = null;

export function createSession(deps: {
  notifications: NotificationsActor;
  popup?: PopupActor;
  loginRequests?: LoginRequestActor;
  navigate: (to: string) => void;
  redirectTarget: () => string | null;
}): SessionActor {
  const stored = (() => {
    try {
      return JSON.parse(readStored(storageKeys.session) ?? 'null') as { refreshToken: string; username: string } | null;
    } catch {
      return null;
    }
  })();
  const actor = createAppActor(
    sessionMachine.provide({
      actors: {
        refresh: fromPromise<SessionTokens, { refreshToken: string | null }>(async ({ input }) => {
          if (!input.refreshToken) throw new Error('empty refresh token');
          try {
            const { data } = await api().auth.POST('/auth/refresh', { body: { refreshToken: input.refreshToken } });
            return { accessToken: data!.accessToken, refreshToken: data!.refreshToken, lifetimeMs: tokenLifetimeMs(data!.accessToken, data!.expiresIn) };
          } catch {
            throw new Error('session expired');
          }
        }),
        realtime: fromCallback(() => {
          const connection = connectRealtime({
            token: () => accessToken,
            onMessage: (message) => {
              if (message.type === 'login.request' && typeof message.key === 'string') {
                deps.loginRequests?.send({
                  type: 'REQUEST',
                  request: {
                    key: message.key,
                    device: typeof message.device === 'string' ? message.device : null,
                    location: typeof message.location === 'string' ? message.location : null,
                    createdAt: typeof message.createdAt === 'string' ? message.createdAt : null,
                  },
                });
              }
              if (message.type === 'notification' || message.type === 'transactionConfirmation') {
                deps.notifications.send({
                  type: 'NOTIFY',
                  notification: {
                    id: String(message.id ?? Date.now()),
                    tone: message.type === 'transactionConfirmation' ? 'success' : 'info',
                    title: String(message.title ?? ''),
                    body: typeof message.body === 'string' ? message.body : undefined,
                  },
                });
              }
            },
          });
          return () => connection.close();
        }),
        loadCustomer: fromPromise<unknown>(async () => {
          const { data } = await api().main.POST('/customerInfo', { body: {} as never });
          const customer = data?.customer ?? null;
          if (customer) {
            // Who calls from now on: business users and admins act for the chosen customer
            // (fromCustomerId, stored from the address) or for themselves.
            const acting = Number(readStored(storageKeys.fromCustomer) ?? '') || customer.customerId;
            configureApi({
              caller: {
                kind: customer.isAdmin ? 'admin' : customer.customerType === 'business' ? 'business' : 'personal',
                actingCustomerId: acting,
                authSecret: null,
                fromEmail: null,
              },
            });
            writeStored(
              storageKeys.permissions,
              JSON.stringify({ permissions: customer.permissions ?? {}, residenceCountryCode: customer.residenceCountryCode ?? null }),
            );
          }
          return customer;
        }),
        authorisedUserHandoff: fromPromise<void>(async () => {
          const { data } = await api().main.POST('/authorisedUserInfo', { body: {} as never });
          const url = data?.oldWebUrl;
          if (!url || !isSafeRedirect(url, IS_SANDBOX_BUILD)) throw new Error('no hand-off address');
          location.assign(url);
        }),
        logout: fromPromise<void, { refreshToken: string | null }>(async ({ input }) => {
          try {
            await api().auth.POST('/auth/logout', { body: input.refreshToken ? { refreshToken: input.refreshToken } : {} });
          } catch (error) {
            console.warn('[session] logout failed (ignored):', error);
          }
        }),
      },
      guards: {
        // Right after sign-in, when the start-page ordering says "fetch the authorised-user information".
        needsHandoff: ({ context, event }) =>
          context.fresh &&
          landingFor({
            termsPending: false,
            authenticated: true,
            customer: toLandingCustomer((event as { output?: CustomerInfo | null }).output ?? null),
            initialPath: null,
            hasCustomCustomerId: Boolean(readStored(storageKeys.fromCustomer)),
          }).kind === 'fetchAuthorisedUser',
      },
      actions: {
        storeTokens: ({ context }, { tokens }) => {
          accessToken = tokens?.accessToken || null;
          if (tokens?.refreshToken) {
            writeStored(storageKeys.session, JSON.stringify({ refreshToken: tokens.refreshToken, username: context.username ?? '' }));
          } else {
            removeStored(storageKeys.session);
          }
        },
        clearSessionData: () => {
          accessToken = null;
          configureApi({ caller: anonymousCaller });
          clearStoredSessionData();
          deps.notifications.send({ type: 'CLEAR' });
          deps.popup?.send({ type: 'CLEAR' });
          deps.loginRequests?.send({ type: 'CLEAR' });
        },
        goToLogin: (_, { reason }) => {
          if (reason) deps.notifications.send({ type: 'NOTIFY', notification: { id: 'session', tone: 'info', title: i18n._(reason) } });
          deps.navigate('/login');
        },
        land: ({ context }) => {
          if (!context.fresh) return; // a reload keeps the user where they are
          const landing = landingFor({
            termsPending: false, // terms are accepted inside the login flow
            authenticated: true,
            customer: toLandingCustomer(context.customer as CustomerInfo | null),
            initialPath: deps.redirectTarget(),
            hasCustomCustomerId: Boolean(readStored(storageKeys.fromCustomer)),
          });
          if (landing.kind === 'external') location.assign(landing.url);
          else if (landing.kind === 'route') deps.navigate(landing.to);
          else deps.navigate('/home'); // fetchAuthorisedUser is handled by the machine's handingOff state
        },
      },
    }),
    {
      input: stored?.refreshToken
        ? { tokens: { accessToken: '', refreshToken: stored.refreshToken, lifetimeMs: 0 }, username: stored.username }
        : undefined,
    },
  );

  configureApi({
    getAccessToken: () => accessToken,
    // One refresh for everyone who got a 401 at the same time (the machine joins REFRESH events).
    refreshAccessToken: () =>
      new Promise((resolve) => {
        if (!actor.getSnapshot().matches('signedIn')) return resolve(null);
        const before = accessToken;
        const sub = actor.subscribe((s) => {
          if (!s.matches('signedIn')) {
            sub.unsubscribe();
            resolve(null);
          } else if (s.matches({ signedIn: { token: 'valid' } }) && accessToken !== before) {
            sub.unsubscribe();
            resolve(accessToken);
          }
        });
        actor.send({ type: 'REFRESH' });
      }),
  });
  return actor;
}

/**
 * Resolves once the session has settled: true with a usable access token (after a reload that
 * is after the first refresh), false when signed out or expired. Route guards await it, so a
 * page's first requests never go out without a token (no burst of 401s after a reload).
 */
export function sessionSettled(session: SessionActor): Promise<boolean> {
  return new Promise((resolve) => {
    const decide = (s: ReturnType<SessionActor['getSnapshot']>): boolean => {
      // A usable token, and customer info settled (loaded or failed), so guards can read it.
      if (
        s.matches({ signedIn: { token: 'valid' } }) &&
        s.context.tokens?.accessToken &&
        (s.matches({ signedIn: { customer: 'ready' } }) || s.matches({ signedIn: { customer: 'failed' } }))
      ) {
        resolve(true);
        return true;
      }
      if (s.matches('signedOut') || s.matches('expired') || s.matches('loggingOut')) {
        resolve(false);
        return true;
      }
      return false;
    };
    if (decide(session.getSnapshot())) return;
    const sub = session.subscribe((s) => {
      if (decide(s)) sub.unsubscribe();
    });
  });
}
