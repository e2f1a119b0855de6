import { fromCallback, fromPromise } from 'xstate';
import { isBusinessKind } from '@machines/shared/customer-kind';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sessionMachine, type CustomerLoad, type SessionTokens } from '@machines/auth/session.machine';
import { landingFor } from '@machines/auth/landing.logic';
import { isSafeRedirect } from '@machines/auth/redirect.logic';
import { readTransactionResult, transactionResultText } from '@machines/transfers/transaction-result';
import { readNotification } from '@machines/app/notification.rules';
import type { NotificationItem } from '@machines/app/notifications.machine';
import { anonymousCaller, apiRuntime, configureApi, connectRealtime, isApiError, tokenStore, uiActor, type CustomerInfo, type RealtimeMessage } from '@/shared/api';
import { clearStoredSessionData, IS_SANDBOX_BUILD, readStored, removeStored, storageKeys, writeStored } from '@/shared/config';
import { createAppActor, publishBatchChange, publishDeviceChange, publishInvoiceChange, publishCompanyFileChange, publishTransactionResult, publishVerificationChange, type LoginRequestActor, type NotificationsActor, type PopupActor } from '@/shared/model';
import { track } from '@/shared/analytics';
import { unlessLeaving } from '@/shared/lib';
import { acceptTermsOnServer, fetchAccessInfo, fetchAuthorizedUserInformation, fetchCustomerInfo, logoutOnServer, refreshTokens } from '../api/session-calls';
import { accessOf, actingIdentity, customerOf, toLandingCustomer } from './customer-facts';
import type { SessionActor } from './session-actor';
import { handOffToOldWeb } from './old-web-handoff';

/** What the user is told when they may not act for a customer (a link's or an address's fromCustomerId). */
export const actingMessages = {
  refused: msg`You are not an authorised user of that customer, so nothing of theirs is shown.`,
  stillActingFor: (name: string) => msg`You are still acting for ${name}.`,
};

/** The server's "you cannot act for this customer" (ENOA). */
const isNoAccess = (error: unknown) => isApiError(error) && error.kind === 'noAccess';

export interface SessionDeps {
  notifications: NotificationsActor;
  popup?: PopupActor;
  loginRequests?: LoginRequestActor;
  navigate: (to: string) => void;
  /** After sign-in: the remembered target (?redirect=), else a stored OAuth (SEI) path. */
  redirectTarget: () => string | null;
}

/**
 * The session actor with its real effects. Its `storeTokens` action is the only writer of the
 * access token (shared/api token store, memory only); the refresh token lives in sessionStorage
 * (docs/decisions.md) so a reload in the same tab keeps the session. It registers itself as the
 * token store's refresher, so a 401 anywhere joins the statechart's single-flight refresh.
 */
export function createSession(deps: SessionDeps): SessionActor {
  const stored = readStoredSession();
  const hasCustomCustomerId = () => Boolean(readStored(storageKeys.fromCustomer));
  const actor = createAppActor(
    sessionMachine.provide({
      actors: {
        // A refresh the browser cancels because the page is being left (a reload) is not a refusal:
        // the stored refresh token must survive for the next page (found by the cards e2e run).
        refresh: fromPromise<SessionTokens, { refreshToken: string | null }>(({ input }) => unlessLeaving(() => refreshTokens(input.refreshToken))),
        realtime: fromCallback(() => {
          const connection = connectRealtime({
            token: tokenStore.accessToken,
            onMessage: (message) => {
              // New terms on the server: customer info is read again and carries them (spec 002 s7).
              if (message.type === 'terms.updated') actor.send({ type: 'TERMS_CHANGED' });
              else routeRealtime(message, deps);
            },
          });
          return () => connection.close();
        }),
        loadCustomer: fromPromise<CustomerLoad>(async () => {
          const loaded = await fetchCustomerInfo();
          if (loaded.customer) applyActingCustomer(loaded.customer);
          return loaded;
        }),
        acceptTerms: uiActor<void, { termId: string }>(async (input) => {
          await acceptTermsOnServer(input.termId);
        }),
        // Admins skip customer-data loading beyond customer info (spec 000 s2).
        loadAccess: fromPromise<unknown, { customer: unknown }>(async ({ input }) => ((input.customer as CustomerInfo | null)?.isAdmin ? null : fetchAccessInfo())),
        // The old web application continues with the authorised-user information (spec 000 s2),
        // handed over in a POST body, never in the address (handOffToOldWeb).
        authorisedUserHandoff: fromPromise<void, { customer: unknown }>(async ({ input }) => {
          const information = await fetchAuthorizedUserInformation();
          const address = (input.customer as CustomerInfo | null)?.oldWebUrl ?? null;
          if (!information || !address) throw new Error('no hand-off information');
          handOffToOldWeb(address, information);
          track('Old web redirect');
        }),
        logout: fromPromise<void, { refreshToken: string | null }>(({ input }) => logoutOnServer(input.refreshToken)),
      },
      guards: {
        // Right after sign-in, when the start-page ordering says "fetch the authorised-user information".
        needsHandoff: ({ context }) =>
          context.fresh &&
          landingFor({
            termsPending: false,
            authenticated: true,
            customer: toLandingCustomer(customerOf({ context }), null),
            initialPath: null,
            hasCustomCustomerId: hasCustomCustomerId(),
          }).kind === 'fetchAuthorisedUser',
        // The customer a link chose before sign-in (fromCustomerId) is not the user's to act for.
        storedCustomerRefused: ({ event }) => hasCustomCustomerId() && isNoAccess((event as { error?: unknown }).error),
      },
      actions: {
        storeTokens: ({ context }, { tokens }) => {
          tokenStore.setAccessToken(tokens?.accessToken ?? null);
          if (tokens?.refreshToken) {
            writeStored(storageKeys.session, JSON.stringify({ refreshToken: tokens.refreshToken, username: context.username ?? '' }));
          } else {
            removeStored(storageKeys.session);
          }
        },
        clearSessionData: () => {
          tokenStore.clear();
          configureApi({ caller: anonymousCaller });
          clearStoredSessionData();
          deps.notifications.send({ type: 'CLEAR' });
          deps.popup?.send({ type: 'CLEAR' });
          deps.loginRequests?.send({ type: 'CLEAR' });
        },
        forgetStoredCustomer: ({ context }) => {
          removeStored(storageKeys.fromCustomer);
          const customer = customerOf({ context });
          if (customer) applyActingCustomer(customer);
          deps.notifications.send({ type: 'NOTIFY', notification: { id: 'acting-refused', tone: 'error', title: i18n._(actingMessages.refused) } });
        },
        termsShown: ({ context }) => track('Terms show', { termId: context.terms?.id ?? '' }),
        termsAccepted: () => track('Terms accept'),
        goToLogin: (_, { reason, stayOnPage }) => {
          if (reason) deps.notifications.send({ type: 'NOTIFY', notification: { id: 'session', tone: 'info', title: i18n._(reason) } });
          if (!stayOnPage) deps.navigate('/login');
        },
        land: ({ context }) => {
          if (!context.fresh) return; // a reload keeps the user where they are
          const landing = landingFor({
            termsPending: false, // the statechart shows the terms before it lands (deciding)
            authenticated: true,
            customer: toLandingCustomer(customerOf({ context }), accessOf({ context })),
            initialPath: deps.redirectTarget(),
            hasCustomCustomerId: hasCustomCustomerId(),
          });
          // The old web application's address comes from customer info: https only (issue 47).
          if (landing.kind === 'external') {
            if (isSafeRedirect(landing.url, IS_SANDBOX_BUILD)) {
              track('Redirect');
              location.assign(landing.url);
            } else deps.navigate('/home');
          }
          else if (landing.kind === 'route') deps.navigate(landing.to);
          else deps.navigate('/home'); // fetchAuthorisedUser is handled by the machine's handingOff state
        },
      },
    }),
    {
      input: stored ? { tokens: { accessToken: '', refreshToken: stored.refreshToken, lifetimeMs: 0 }, username: stored.username } : undefined,
    },
  );

  // A 401 anywhere asks the statechart to refresh (its `refreshing` state joins concurrent REFRESH
  // events) and waits for the outcome: the new token, or null once the session is gone.
  tokenStore.setRefresher(
    () =>
      new Promise((resolve) => {
        if (!actor.getSnapshot().matches('signedIn')) return resolve(null);
        const before = tokenStore.accessToken();
        const sub = actor.subscribe((s) => {
          if (!s.matches('signedIn')) {
            sub.unsubscribe();
            resolve(null);
          } else if (s.matches({ signedIn: { token: 'valid' } }) && tokenStore.accessToken() !== before) {
            sub.unsubscribe();
            resolve(tokenStore.accessToken());
          }
        });
        actor.send({ type: 'REFRESH' });
      }),
  );
  return actor;
}

function readStoredSession(): { refreshToken: string; username: string } | null {
  try {
    const value = JSON.parse(readStored(storageKeys.session) ?? 'null') as { refreshToken?: unknown; username?: unknown } | null;
    return value && typeof value.refreshToken === 'string' && value.refreshToken
      ? { refreshToken: value.refreshToken, username: typeof value.username === 'string' ? value.username : '' }
      : null;
  } catch {
    return null;
  }
}

/**
 * Who calls from now on: business users and admins act for the chosen customer (fromCustomerId,
 * stored from the address) or for themselves. Permissions and residence are kept for the session
 * (spec 000 s9).
 */
export function applyActingCustomer(customer: CustomerInfo): void {
  const acting = Number(readStored(storageKeys.fromCustomer) ?? '') || customer.customerId;
  configureApi({
    caller: {
      kind: customer.isAdmin ? 'admin' : isBusinessKind(customer.customerType) ? 'business' : 'personal',
      actingCustomerId: acting,
      // A representative's link secret held in this tab stays for their calls (logout clears it).
      authSecret: apiRuntime.caller.authSecret,
      fromEmail: null,
    },
  });
  writeStored(
    storageKeys.permissions,
    JSON.stringify({ permissions: customer.permissions ?? {}, permissionFlags: customer.permissionFlags ?? {}, residenceCountryCode: customer.residenceCountryCode ?? null }),
  );
}

let resultsWithoutId = 0;

/** The realtime channel while signed in: sign-in requests from other devices, notifications, confirmations. */
export function routeRealtime(message: RealtimeMessage, deps: Pick<SessionDeps, 'notifications' | 'loginRequests'>): void {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  if (message.type === 'login.request' && typeof message.key === 'string') {
    deps.loginRequests?.send({
      type: 'REQUEST',
      request: { key: message.key, device: text(message.device), location: text(message.location), createdAt: text(message.createdAt) },
    });
  }
  // The Notification entity (002 s3: type, status, title, body): its status is the tone, its type said above the title.
  const notification = readNotification(message);
  if (notification) {
    deps.notifications.send({
      type: 'NOTIFY',
      notification: { id: notification.id, tone: notification.status, title: notification.title, body: notification.body, category: notification.type },
    });
  }
  // A global pay batch changed (a recipient chose how to receive): the batch page asks at once.
  if (message.type === 'globalPayBatch' && typeof message.batchId === 'number') publishBatchChange(message.batchId);
  // The verification changed (a document decided, a username change request moved on): read it again.
  if (message.type === 'verification.changed') publishVerificationChange();
  // A phone was linked (its app opened the QR code of "link a new phone"): the device lists read again.
  if (message.type === 'device.linked') publishDeviceChange();
  // An invoice arrived or one the customer sent was rejected (issue 51): the invoice lists read again.
  if (message.type === 'invoice.received' || message.type === 'invoice.rejected') publishInvoiceChange();
  // A company document was decided (issue 53): the company's file reads again (its action list with it).
  if (message.type === 'company.changed') publishCompanyFileChange();
  // A transaction's result (002 s4): to the approval popup that waits for it, else a notification
  // whose tone and text follow the result ("Successfully submitted", "Failed transaction", a rejection).
  // A result no popup claims (also after a moment's grace: it can come before the reply that
  // starts its popup's watch) becomes a notification.
  const result = readTransactionResult(message);
  if (!result) return;
  // Its own id (two results in the same millisecond without one are two notifications).
  resultsWithoutId += 1;
  const id = message.id !== undefined && message.id !== null ? String(message.id) : `result-${Date.now()}-${resultsWithoutId}`;
  const body = text(message.title) ?? undefined;
  const said = transactionResultText(result);
  const notice: NotificationItem = { id, tone: result.result === 'success' ? 'success' : 'error', title: 'text' in said ? said.text : i18n._(said.descriptor), body, category: 'transaction' };
  // Held in the notifications statechart, which times its grace (its `unclaimedGrace` delay).
  publishTransactionResult(result, {
    hold: () => deps.notifications.send({ type: 'HOLD', notification: notice }),
    release: () => deps.notifications.send({ type: 'RELEASE', id }),
    withdraw: () => deps.notifications.send({ type: 'WITHDRAW', id }),
    isWaiting: () => deps.notifications.getSnapshot().context.held.some((held) => held.id === id),
  });
}
