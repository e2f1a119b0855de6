import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { formFailureMessage, toFailure, type UiMessage } from '../shared/ui-message';
import { normalisePhone, validateStoreLinks } from '../auth/store-links.logic';

/**
 * The "link new device" popup on /setting (001 s3 popups; docs/decisions.md "Settings and security:
 * the calls"): a QR code of a deeplink the mobile app opens, and the app's store links sent by SMS.
 *
 * - OPEN: two regions run side by side until CLOSE stops both (the calls in flight and the timer);
 * - `qr`: `requesting` (`requestDeeplink`, POST /auth/scp/request with the session's bearer) →
 *   `showing`; every DEEPLINK_REFRESH_MS (the named delay `deeplinkRefresh`) a new one is asked,
 *   the old QR staying on screen meanwhile (deeplinks live 120 s), so the QR shown is never stale;
 *   a failed request shows the error with RETRY;
 * - `links`: SEND_LINKS with a phone number (the /scp-mobile rule, validateStoreLinks: international
 *   format) → `sendingLinks` (`sendStoreLinks`, POST /auth/stores-urls/send) → `sent`, or
 *   `refused` with the reason; a number the rule refuses is not sent (its error shows); the number
 *   is kept for another try; the QR keeps refreshing all along.
 */
export const DEEPLINK_REFRESH_MS = 60_000;

export type LinkDeviceTag = 'open' | 'qrBusy' | 'qrShown' | 'qrFailed' | 'sendingLinks' | 'linksSent' | 'linksRefused';

export type LinkDeviceEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'RETRY' }
  | { type: 'SEND_LINKS'; phoneNumber: string };

export interface LinkDeviceContext {
  /** The deeplink the QR shows (kept while a new one is asked). */
  deeplink: string | null;
  qrFailure: UiMessage | null;
  /** The phone number last given for the store links, as typed. */
  phoneNumber: string;
  /** The number's own problem (the rule), or why the service refused it. */
  phoneError: UiMessage | null;
  linksFailure: UiMessage | null;
}

/** SEND_LINKS (ready, sent or refused): a number the rule refuses stays on the form with its error; else it is sent. */
const sendLinks = [
  { guard: 'phoneInvalid', target: 'ready', actions: 'refusePhone' },
  { target: 'sendingLinks', actions: 'keepPhone' },
] as const;

const initialContext = (): LinkDeviceContext => ({ deeplink: null, qrFailure: null, phoneNumber: '', phoneError: null, linksFailure: null });

export const linkDeviceMachine = setup({
  types: {
    context: {} as LinkDeviceContext,
    events: {} as LinkDeviceEvent,
    tags: {} as LinkDeviceTag,
  },
  actors: {
    /** POST /auth/scp/request: the deeplink for the QR code. Throws a UiMessage. */
    requestDeeplink: fromPromise<{ deeplink: string }, void>(async () => {
      throw new Error('requestDeeplink not provided');
    }),
    /** POST /auth/stores-urls/send (phoneNumber, international format). Throws a UiMessage or a FormFailure. */
    sendStoreLinks: fromPromise<void, { phoneNumber: string }>(async () => {
      throw new Error('sendStoreLinks not provided');
    }),
  },
  delays: { deeplinkRefresh: DEEPLINK_REFRESH_MS },
  guards: {
    phoneInvalid: ({ event }) => event.type === 'SEND_LINKS' && Object.keys(validateStoreLinks({ phoneNumber: event.phoneNumber })).length > 0,
  },
  actions: {
    refusePhone: assign(({ event }) => {
      assertEvent(event, 'SEND_LINKS');
      return { phoneNumber: event.phoneNumber, phoneError: validateStoreLinks({ phoneNumber: event.phoneNumber }).phoneNumber ?? null, linksFailure: null };
    }),
    keepPhone: assign(({ event }) => {
      assertEvent(event, 'SEND_LINKS');
      return { phoneNumber: event.phoneNumber, phoneError: null, linksFailure: null };
    }),
  },
}).createMachine({
  id: 'linkDevice',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: 'open' },
    },
    open: {
      tags: ['open'],
      type: 'parallel',
      on: { CLOSE: { target: 'closed', actions: assign(initialContext) } },
      states: {
        qr: {
          initial: 'requesting',
          states: {
            requesting: {
              tags: ['qrBusy'],
              invoke: {
                id: 'requestDeeplink',
                src: 'requestDeeplink',
                onDone: { target: 'showing', actions: assign({ deeplink: ({ event }) => event.output.deeplink, qrFailure: null }) },
                // The QR shown may be stale by now: the error instead, with RETRY.
                onError: { target: 'failed', actions: assign({ deeplink: null, qrFailure: ({ event }) => toFailure(event.error) }) },
              },
            },
            showing: {
              tags: ['qrShown'],
              after: { deeplinkRefresh: 'requesting' },
            },
            failed: {
              tags: ['qrFailed'],
              on: { RETRY: { target: 'requesting', actions: assign({ qrFailure: null }) } },
            },
          },
        },
        links: {
          initial: 'ready',
          states: {
            ready: {
              on: { SEND_LINKS: sendLinks },
            },
            sendingLinks: {
              tags: ['sendingLinks'],
              invoke: {
                id: 'sendStoreLinks',
                src: 'sendStoreLinks',
                input: ({ context }) => ({ phoneNumber: normalisePhone(context.phoneNumber) }),
                onDone: 'sent',
                onError: { target: 'refused', actions: assign({ linksFailure: ({ event }) => formFailureMessage(event.error) }) },
              },
            },
            sent: {
              tags: ['linksSent'],
              on: { SEND_LINKS: sendLinks },
            },
            refused: {
              tags: ['linksRefused'],
              on: { SEND_LINKS: sendLinks },
            },
          },
        },
      },
    },
  },
});
