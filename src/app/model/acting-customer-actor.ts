import { i18n } from '@lingui/core';
import { actingCustomerMachine } from '@machines/business/acting-customer.machine';
import type { ActingChoice } from '@machines/business/acting-customer.logic';
import type { UiMessage } from '@machines/shared/ui-message';
import {
  accessOf,
  actingIdentity,
  actingMessages,
  applyActingCustomer,
  customerOf,
  fetchAccessInfo,
  fetchAccessList,
  startPageOf,
  type ActingActor,
  type SessionSnapshot,
} from '@/entities/session';
import { uiActor } from '@/shared/api';
import { track } from '@/shared/analytics';
import { storageKeys, writeStored } from '@/shared/config';
import { uiMessageText } from '@/shared/lib';
import { createAppActor } from '@/shared/model';
import { actingIdOf, actingRuntime, type ActingDeps } from './acting-customer';

/**
 * The acting-customer statechart with the app's effects (loaded with the first user who may act for others):
 * - `leave`: the new customer is acted for from now on (kept for the tab, `app.fromCustomer`; the
 *   API layer sends it) and every cached read is reset at once (in-flight ones cancelled, the shown
 *   pages' asked again: `clear()` would leave mounted pages watching removed queries), before
 *   the session hears of the new access info: no page ever shows the company before under the
 *   new one's name;
 * - `accessLoaded`: the session's access info replaced (ACCESS_REPLACED);
 * - `land`: the business start page again (KYC, company documents, self-certification, else home;
 *   an admin's is /admin-overview); a link's switch goes on to the page the link named (the router);
 * - `refused` / `switchFailed`: a notification; the user stays with the customer before;
 * - `chosen`: analytics "Company select" (nothing personal: no id).
 */
export function createActingActor(snapshot: SessionSnapshot, { session, notifications, navigate }: ActingDeps): ActingActor {
  const customer = customerOf(snapshot)!;
  const nameOf = (id: number | null, choices: readonly ActingChoice[] | null): string | null =>
    choices?.find((choice) => choice.id === id)?.name ?? actingIdentity(customerOf(session.getSnapshot()), accessOf(session.getSnapshot()))?.companyName ?? null;
  const notify = (title: string, stillFor: string | null) =>
    notifications.send({
      type: 'NOTIFY',
      notification: { id: 'acting-refused', tone: 'error', title, body: stillFor ? i18n._(actingMessages.stillActingFor(stillFor)) : undefined },
    });
  return createAppActor(
    actingCustomerMachine.provide({
      actors: {
        loadChoices: uiActor<readonly ActingChoice[], unknown>(() => fetchAccessList()),
        // An admin reads no access info (000 s2): the customer they act for is all there is.
        loadAccess: uiActor<unknown, { customerId: number }>(async ({ customerId }) => (customer.isAdmin ? { customer: { id: customerId } } : fetchAccessInfo(customerId))),
      },
      actions: {
        refused: ({ context }) => notify(i18n._(actingMessages.refused), nameOf(context.current, context.choices)),
        switchFailed: ({ context }, { error }: { error: UiMessage }) => notify(uiMessageText(i18n, error) ?? i18n._(actingMessages.refused), nameOf(context.current, context.choices)),
        leave: (_, { to }) => {
          writeStored(storageKeys.fromCustomer, String(to));
          applyActingCustomer(customer);
          // Every read reset to nothing (in-flight ones cancelled) and the pages' own asked again, now for the new customer.
          // The user's own reads (an admin's list of the customers they administer) stay.
          void actingRuntime.queryClient()?.resetQueries({ predicate: (query) => query.meta?.['ownedByUser'] !== true });
        },
        accessLoaded: (_, { access }) => session.send({ type: 'ACCESS_REPLACED', access }),
        chosen: () => track('Company select'),
        land: () => {
          if (actingRuntime.switchFromLink()) return;
          // Already there (an admin on /admin-overview): the page, its search and its page number stay.
          const to = startPageOf(session.getSnapshot());
          if (location.pathname !== to) navigate(to);
        },
      },
    }),
    { input: { current: actingIdOf(snapshot) } },
  );
}
