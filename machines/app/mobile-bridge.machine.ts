import { assign, fromCallback, setup } from 'xstate';

/**
 * Mobile-app wrapper mode (spec 000 s1, s3, s9): the page runs inside the native app and talks to
 * it through messages. The mode flag is persisted (app.mobileMode). After start-up the page waits
 * 100 ms before initialising (the `initDelay`), then listens. Incoming messages are checked
 * (origin, source, shape) by `src/app/model/mobile-bridge.ts` before they reach this machine.
 * Outgoing (BridgeOutgoing): ready, needDeviceSecret, loggedIn, sessionExpired, loggedOut,
 * cardToWallet, approvalPush, download and identityVerificationStart (the provider's SDK run in the app).
 */
export type BridgeIncoming =
  /** The app's stored device secret and push token, exchanged instead of a code at sign-in. */
  | { type: 'deviceSecret'; secret: string; pushToken: string }
  /** The app asks the page to sign out (the user signed out natively). */
  | { type: 'logout' };

export type BridgeOutgoing =
  | { type: 'ready' }
  | { type: 'needDeviceSecret' }
  /** Signed in (after the login flow and its token exchange); nothing secret is sent. */
  | { type: 'loggedIn' }
  | { type: 'sessionExpired' }
  | { type: 'loggedOut' }
  /** Add this card to the phone's wallet (spec 000 s1 card-to-wallet); only the card's account id is sent. */
  | { type: 'cardToWallet'; accountId: number }
  /**
   * Wrapper mode's approval push (000 s1: the wrapper changes how approval pushes are handled): the
   * push for this operation is on this very phone, so the page asks the app to show its approval
   * screen; the page keeps waiting for the result on the realtime channel.
   */
  | { type: 'approvalPush'; operationId: string }
  /** A file for the phone to save or share (spec 000 s1 downloads): the bytes, base64. */
  | { type: 'download'; fileName: string; mimeType: string; dataBase64: string }
  /**
   * Start the identity provider's SDK in the app (spec 000 s1 identity-verification start):
   * the workflow run and its SDK token from POST /identity-verification. The app brings the
   * customer back to /identity-verification/{workflowRunId}/{token} when the check is done.
   */
  | { type: 'identityVerificationStart'; workflowRunId: string; token: string };

export { MOBILE_APP_INIT_DELAY_MS as MOBILE_INIT_DELAY_MS } from '../shared/constants';
import { MOBILE_APP_INIT_DELAY_MS } from '../shared/constants';

export const mobileBridgeMachine = setup({
  types: {
    input: {} as { enabled: boolean },
    context: {} as { enabled: boolean; device: { secret: string; pushToken: string } | null },
    events: {} as { type: 'RECEIVED'; message: BridgeIncoming } | { type: 'SEND'; message: BridgeOutgoing },
  },
  actors: {
    /** Listens for the native app's messages and sends RECEIVED (provided by the app). */
    listen: fromCallback(() => () => {}),
  },
  actions: {
    post: (_, _params: { message: BridgeOutgoing }) => {},
    requestLogout: () => {},
  },
  delays: { initDelay: MOBILE_APP_INIT_DELAY_MS },
}).createMachine({
  id: 'mobileBridge',
  context: ({ input }) => ({ enabled: input.enabled, device: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: ({ context }) => context.enabled, target: 'starting' }, { target: 'off' }],
    },
    /** Not inside the app: SEND does nothing. */
    off: {},
    starting: {
      after: { initDelay: 'connected' },
    },
    connected: {
      invoke: { src: 'listen' },
      entry: { type: 'post', params: { message: { type: 'ready' } } },
      on: {
        RECEIVED: [
          {
            guard: ({ event }) => event.message.type === 'deviceSecret',
            actions: assign({
              device: ({ event }) =>
                event.message.type === 'deviceSecret' ? { secret: event.message.secret, pushToken: event.message.pushToken } : null,
            }),
          },
          { guard: ({ event }) => event.message.type === 'logout', actions: 'requestLogout' },
        ],
        SEND: { actions: { type: 'post', params: ({ event }) => ({ message: event.message }) } },
      },
    },
  },
});
