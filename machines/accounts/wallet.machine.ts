import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';

/**
 * A crypto account's wallet (spec 001 s7: create wallet with currencyCode and accountId, returns
 * the address). First the cross-platform requirement is asked for the account (docs/decisions.md
 * "Accounts"): when the mobile app is required the dialog says so and offers the app instead;
 * otherwise the wallet is created (asking again gives the same address, so a retry after a lost
 * reply is safe) and its address is shown with copy and a QR code.
 *
 * Views read tags: `busy` (checking or creating), `mobileOnly`, `shown`, `failed`.
 */
export type WalletTag = 'busy' | 'mobileOnly' | 'shown' | 'failed';
export type WalletEvent = { type: 'RETRY' };

export interface WalletInput {
  accountId: number;
  currencyCode: string;
}

export const walletMachine = setup({
  types: {
    input: {} as WalletInput,
    context: {} as WalletInput & { address: string | null; error: UiMessage | null },
    events: {} as WalletEvent,
    tags: {} as WalletTag,
  },
  actors: {
    /** Whether the account needs the mobile app for this (crossPlatformRequirement). */
    checkRequirement: fromPromise<boolean, { accountId: number }>(async () => {
      throw new Error('checkRequirement not provided');
    }),
    /** The wallet's address (createWallet). Throws a UiMessage. */
    createWallet: fromPromise<string, WalletInput>(async () => {
      throw new Error('createWallet not provided');
    }),
  },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => ({ accountId: input.accountId, currencyCode: input.currencyCode, address: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkRequirement',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: [{ guard: ({ event }) => event.output, target: 'mobileOnly' }, { target: 'creating' }],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as UiMessage }) },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createWallet',
        input: ({ context }) => ({ accountId: context.accountId, currencyCode: context.currencyCode }),
        onDone: { target: 'shown', actions: assign({ address: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as UiMessage }) },
      },
    },
    mobileOnly: { tags: ['mobileOnly'] },
    shown: { tags: ['shown'] },
    failed: {
      tags: ['failed'],
      on: { RETRY: { target: 'checking', actions: assign({ error: null }) } },
    },
  },
});
