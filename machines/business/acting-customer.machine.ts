import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { switchDecision, type ActingChoice } from './acting-customer.logic';

/**
 * Acting for a company (spec 000 s2 "fromCustomerId switches the acting customer", s6; 002 s6, s7
 * userAccessList; issue 52), one statechart for the company selector and for a link's
 * `?fromCustomerId=`:
 * - `listing`: the customers the user may act for (userAccessList, `loadChoices`); a failed list
 *   leaves the selector saying so with Try again (RETRY_LIST), and a choice still goes to the service;
 * - CHOOSE: the current customer is nothing to do; one the known list does not hold is `refused`
 *   (said, nothing asked, the user stays where they were: switchDecision); else `switching`;
 * - `switching`: the chosen customer's access info first (userAccessInfoGet for it, `loadAccess`);
 *   refused or failed (a 429, a 500, a right removed), the app stays with the customer before
 *   (`switchFailed`) and nothing of the new one was shown. Answered: `leave` drops every cached read
 *   of the previous customer and makes the new one the acting customer (the API layer's
 *   fromCustomerId, kept for the tab), `accessLoaded` hands its access info to the session,
 *   `chosen` tells analytics ("Company select");
 * - `relisting`: the list read again (rights may differ for the new customer's relation);
 * - `landing`: `land` runs the business start page again (KYC, company documents without
 *   balance-info access, the saved path, home or the self-certification splash), then `ready`.
 *
 * A choice while switching waits for the switch to end (the selector is disabled meanwhile).
 * Views read tags: `listing`, `ready`, `switching`, `listFailed`; context `current`, `choices`,
 * `switchError`.
 */
export type ActingTag = 'listing' | 'ready' | 'switching' | 'listFailed';

export interface ActingContext {
  /** The customer acted for now (null: the user's own, before any choice). */
  current: number | null;
  /** The customer being switched to. */
  target: number | null;
  /** The customers the user may act for; null until the list is read. */
  choices: readonly ActingChoice[] | null;
  listError: UiMessage | null;
  /** Why the last switch did not happen. */
  switchError: UiMessage | null;
}

export type ActingEvent = { type: 'CHOOSE'; customerId: number } | { type: 'RETRY_LIST' };

export const actingCustomerMachine = setup({
  types: {
    context: {} as ActingContext,
    input: {} as { current: number | null },
    events: {} as ActingEvent,
    tags: {} as ActingTag,
  },
  actors: {
    /** userAccessList: the customers the user may act for. */
    loadChoices: fromPromise<readonly ActingChoice[]>(async () => {
      throw new Error('loadChoices not provided');
    }),
    /** userAccessInfoGet for the chosen customer (its fromCustomerId): what the session and the start page read. */
    loadAccess: fromPromise<unknown, { customerId: number }>(async () => {
      throw new Error('loadAccess not provided');
    }),
  },
  actions: {
    /** A customer the user may not act for: said; the user stays where they were. */
    refused: (_, _params: { customerId: number }) => {},
    /** The switch did not happen (refused, failed): said; the customer before stays. */
    switchFailed: (_, _params: { error: UiMessage }) => {},
    /** Every cached read of the previous customer dropped; the new one acted for from now on (and kept for the tab). */
    leave: (_, _params: { from: number | null; to: number }) => {},
    /** The new customer's access info, for the session. */
    accessLoaded: (_, _params: { access: unknown }) => {},
    /** Analytics "Company select". */
    chosen: (_, _params: { customerId: number }) => {},
    /** The business start page again. */
    land: () => {},
  },
  guards: {
    same: ({ context, event }) => event.type === 'CHOOSE' && switchDecision(event.customerId, context.current, context.choices) === 'same',
    notOffered: ({ context, event }) => event.type === 'CHOOSE' && switchDecision(event.customerId, context.current, context.choices) === 'refused',
  },
}).createMachine({
  id: 'actingCustomer',
  context: ({ input }) => ({ current: input.current, target: null, choices: null, listError: null, switchError: null }),
  initial: 'listing',
  states: {
    listing: {
      tags: ['listing'],
      invoke: {
        src: 'loadChoices',
        onDone: { target: 'ready', actions: assign({ choices: ({ event }) => event.output, listError: null }) },
        onError: { target: 'ready', actions: assign({ listError: ({ event }) => toFailure(event.error) }) },
      },
      on: {
        CHOOSE: [
          { guard: 'same' },
          { guard: 'notOffered', actions: { type: 'refused', params: ({ event }) => ({ customerId: event.customerId }) } },
          { target: 'switching', actions: assign({ target: ({ event }) => event.customerId, switchError: null }) },
        ],
      },
    },
    ready: {
      tags: ['ready'],
      on: {
        CHOOSE: [
          { guard: 'same' },
          { guard: 'notOffered', actions: { type: 'refused', params: ({ event }) => ({ customerId: event.customerId }) } },
          { target: 'switching', actions: assign({ target: ({ event }) => event.customerId, switchError: null }) },
        ],
        RETRY_LIST: { target: 'listing', actions: assign({ listError: null }) },
      },
    },
    switching: {
      tags: ['switching'],
      invoke: {
        src: 'loadAccess',
        input: ({ context }) => ({ customerId: context.target! }),
        onDone: {
          target: 'relisting',
          actions: [
            { type: 'leave', params: ({ context }) => ({ from: context.current, to: context.target! }) },
            assign({ current: ({ context }) => context.target, target: null }),
            { type: 'accessLoaded', params: ({ event }) => ({ access: event.output }) },
            { type: 'chosen', params: ({ context }) => ({ customerId: context.current! }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ target: null, switchError: ({ event }) => toFailure(event.error) }), { type: 'switchFailed', params: ({ context }) => ({ error: context.switchError! }) }],
        },
      },
    },
    relisting: {
      tags: ['switching'],
      invoke: {
        src: 'loadChoices',
        onDone: { target: 'landing', actions: assign({ choices: ({ event }) => event.output, listError: null }) },
        // The list before stays (the switch itself is done).
        onError: 'landing',
      },
    },
    landing: {
      tags: ['switching'],
      entry: 'land',
      always: 'ready',
    },
  },
});
