import { fromPromise } from 'xstate';
import { walletMachine } from '@machines/accounts/wallet.machine';
import { createWallet, mobileAppRequired } from '@/entities/account';
import { toUiMessage } from '@/shared/api';

/** The wallet statechart with its real calls: crossPlatformRequirement, then createWallet (spec 001 s7). */
export const walletLogic = walletMachine.provide({
  actors: {
    checkRequirement: fromPromise(async ({ input }) => {
      try {
        return await mobileAppRequired(input.accountId);
      } catch (error) {
        throw toUiMessage(error);
      }
    }),
    createWallet: fromPromise(async ({ input }) => {
      try {
        return await createWallet(input.accountId, input.currencyCode);
      } catch (error) {
        throw toUiMessage(error);
      }
    }),
  },
});
