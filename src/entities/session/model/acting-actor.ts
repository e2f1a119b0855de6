import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { actingCustomerMachine } from '@machines/business/acting-customer.machine';

/**
 * The acting-customer statechart of this signed-in session (machines/business/acting-customer.machine.ts),
 * created by src/app for a user who may act for others (offersSelector: isHaveRelatedAccounts or
 * an admin) and stopped at sign-out. The header's company selector and /admin-overview send it
 * CHOOSE; views read its tags (`listing`, `ready`, `switching`, `listFailed`) and context
 * (`current`, `choices`, `switchError`).
 */
export type ActingActor = ActorRefFrom<typeof actingCustomerMachine>;
export type ActingSnapshot = SnapshotFrom<typeof actingCustomerMachine>;

export const ActingCustomerContext = createContext<ActingActor | null>(null);
ActingCustomerContext.displayName = 'ActingCustomerContext';

/** The acting-customer actor, or null for a user who acts only for themselves (no selector) and outside the app (stories without one). */
export const useActingCustomer = (): ActingActor | null => useContext(ActingCustomerContext);
