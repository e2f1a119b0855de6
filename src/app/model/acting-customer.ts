import { waitFor, type Subscription } from 'xstate';
import { i18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { offersSelector } from '@machines/business/acting-customer.logic';
import { accessOf, actingIdentity, actingMessages, applyActingCustomer, customerOf, isSignedIn, type ActingActor, type SessionActor, type SessionSnapshot } from '@/entities/session';
import { readStored, storageKeys, writeStored } from '@/shared/config';
import type { NotificationsActor } from '@/shared/model';

/**
 * The acting-customer statechart in the app (machines/business/acting-customer.machine.ts, issue 52):
 * one actor per signed-in session of a user who may act for others (offersSelector: related
 * accounts or an admin), created once the session knows the customer and stopped when it ends.
 * The statechart and its effects load with the first such user (./acting-customer-actor.ts), not
 * with every page. The header's selector and /admin-overview read it through ActingCustomerContext
 * (the signed-in layouts subscribe to `actingCustomerStore`).
 */

let actor: ActingActor | null = null;
/** The actor being created (its module loads), so a link's switch can wait for it. */
let creating: Promise<ActingActor | null> | null = null;
let queryClient: QueryClient | null = null;
const listeners = new Set<() => void>();
/** A switch asked by a link: the router goes on to the link's page, the statechart does not move the user. */
let switchFromLink = false;

const publish = (next: ActingActor | null) => {
  actor = next;
  for (const listener of listeners) listener();
};

/** The acting-customer actor of this session (null: none), for React's useSyncExternalStore. */
export const actingCustomerStore = {
  get: (): ActingActor | null => actor,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The signed-in pages' query client, whose reads a switch drops (registered by the signed-in layouts). */
export function registerActingQueryClient(client: QueryClient | null): void {
  queryClient = client;
}

/** What the actor's effects need to know of the app at the moment they run. */
export const actingRuntime = {
  queryClient: (): QueryClient | null => queryClient,
  switchFromLink: (): boolean => switchFromLink,
};

/** The customer acted for now: the access info's, else the one a link chose, else the user's own (an admin: none). */
export function actingIdOf(snapshot: SessionSnapshot): number | null {
  const access = accessOf(snapshot)?.customer?.id;
  if (access) return access;
  const stored = Number(readStored(storageKeys.fromCustomer) ?? '');
  if (Number.isSafeInteger(stored) && stored > 0) return stored;
  const customer = customerOf(snapshot);
  return customer && !customer.isAdmin ? (customer.customerId ?? null) : null;
}

export interface ActingDeps {
  session: SessionActor;
  notifications: NotificationsActor;
  navigate: (to: string) => void;
}

/** Follows the session: an acting-customer actor while a user who may act for others is signed in. */
export function startActingCustomers(deps: ActingDeps): Subscription {
  let generation = 0;
  return deps.session.subscribe((snapshot) => {
    if (!isSignedIn(snapshot)) {
      generation += 1;
      creating = null;
      if (actor) {
        actor.stop();
        publish(null);
      }
      return;
    }
    if (actor || creating || !snapshot.matches({ signedIn: { customer: 'ready' } }) || !offersSelector(customerOf(snapshot))) return;
    const mine = generation;
    creating = import(/* webpackChunkName: "acting-customer" */ './acting-customer-actor').then(({ createActingActor }) => {
      // Signed out (or in as someone else) while the module loaded: not this session's any more.
      if (mine !== generation) return null;
      const next = createActingActor(deps.session.getSnapshot(), deps);
      next.start();
      publish(next);
      creating = null;
      return next;
    });
  });
}

/**
 * `?fromCustomerId=` on a signed-in page (the router, layouts.tsx): the same statechart as the
 * selector, once the list of customers is known, so a customer not on it is refused without
 * asking. Without an actor (a user who acts only for themselves) any other customer is refused.
 * Resolves when the switch has ended either way.
 */
export async function actForFromLink(customerId: number, session: SessionActor, notifications: NotificationsActor): Promise<void> {
  const current = actor ?? (await creating);
  if (!current) {
    const snapshot = session.getSnapshot();
    // Their own company, named by the link: acted for by that id from now on, as before.
    if (customerId === actingIdOf(snapshot)) {
      writeStored(storageKeys.fromCustomer, String(customerId));
      const customer = customerOf(snapshot);
      if (customer) applyActingCustomer(customer);
      return;
    }
    const still = actingIdentity(customerOf(snapshot), accessOf(snapshot))?.companyName;
    notifications.send({
      type: 'NOTIFY',
      notification: { id: 'acting-refused', tone: 'error', title: i18n._(actingMessages.refused), body: still ? i18n._(actingMessages.stillActingFor(still)) : undefined },
    });
    return;
  }
  await waitFor(current, (s) => !s.hasTag('listing'));
  switchFromLink = true;
  try {
    current.send({ type: 'CHOOSE', customerId });
    await waitFor(current, (s) => !s.hasTag('switching'));
  } finally {
    switchFromLink = false;
  }
}
