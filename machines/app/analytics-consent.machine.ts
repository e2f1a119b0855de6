import { setup } from 'xstate';
import { consentStart, type ConsentChoice, type ConsentMode } from './analytics-consent.rules';

/**
 * Analytics consent (issue 61; docs/decisions.md "Analytics consent"): whether the app's analytics
 * events are collected, and the banner that asks. It starts from the stored choice (read by the app,
 * `readConsent`) and the brand's mode (`consentStart`):
 * - `asking` (opt-in brand, no choice): the banner asks; nothing is stored or sent, events are held
 *   in memory (tag `asking`). Accept → `on`; Reject → `off`. Reject is as easy as Accept: same size,
 *   same place, one press.
 * - `noticed` (notice brand, no choice): collecting, with the notice. OK → `on`; Turn off → `off`.
 * - `on` (tag `collecting`) / `off`: the footer's "Analytics choices" (CHANGE) opens the banner again
 *   (`reviewingOn` / `reviewingOff`, with Close); Reject withdraws: the choice is kept as refused
 *   and what was stored for analytics (the anonymous id) and what waits to be sent are deleted (`forget`).
 * Every choice made is kept (`remember`), so the next visit does not ask again.
 */
export interface AnalyticsConsentInput {
  mode: ConsentMode;
  /** The stored choice that still stands (readConsent), or null. */
  stored: ConsentChoice | null;
}

export const analyticsConsentMachine = setup({
  types: {
    context: {} as AnalyticsConsentInput,
    input: {} as AnalyticsConsentInput,
    events: {} as { type: 'ACCEPT' } | { type: 'REJECT' } | { type: 'CHANGE' } | { type: 'CLOSE' },
    tags: {} as 'banner' | 'collecting' | 'asking' | 'reviewing',
  },
  actions: {
    /** Keeps the customer's choice (localStorage, with its time). */
    remember: (_, _params: { choice: ConsentChoice }) => {},
    /** Deletes what analytics stored (the anonymous id) and the events waiting to be sent. */
    forget: () => {},
  },
  guards: {
    startsAt: ({ context }, state: ReturnType<typeof consentStart>) => consentStart(context.mode, context.stored) === state,
  },
}).createMachine({
  id: 'analyticsConsent',
  context: ({ input }) => ({ mode: input.mode, stored: input.stored }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: { type: 'startsAt', params: 'on' }, target: 'on' },
        { guard: { type: 'startsAt', params: 'off' }, target: 'off' },
        { guard: { type: 'startsAt', params: 'noticed' }, target: 'noticed' },
        { target: 'asking' },
      ],
    },
    asking: {
      tags: ['banner', 'asking'],
      on: {
        ACCEPT: { target: 'on', actions: { type: 'remember', params: { choice: 'granted' } } },
        REJECT: { target: 'off', actions: [{ type: 'remember', params: { choice: 'denied' } }, 'forget'] },
      },
    },
    noticed: {
      tags: ['banner', 'collecting'],
      on: {
        ACCEPT: { target: 'on', actions: { type: 'remember', params: { choice: 'granted' } } },
        REJECT: { target: 'off', actions: [{ type: 'remember', params: { choice: 'denied' } }, 'forget'] },
      },
    },
    on: {
      tags: ['collecting'],
      on: { CHANGE: 'reviewingOn' },
    },
    reviewingOn: {
      tags: ['banner', 'collecting', 'reviewing'],
      on: {
        ACCEPT: 'on',
        REJECT: { target: 'off', actions: [{ type: 'remember', params: { choice: 'denied' } }, 'forget'] },
        CLOSE: 'on',
      },
    },
    off: {
      on: { CHANGE: 'reviewingOff' },
    },
    reviewingOff: {
      tags: ['banner', 'reviewing'],
      on: {
        ACCEPT: { target: 'on', actions: { type: 'remember', params: { choice: 'granted' } } },
        REJECT: 'off',
        CLOSE: 'off',
      },
    },
  },
});
