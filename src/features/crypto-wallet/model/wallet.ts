import { walletMachine } from '@machines/accounts/wallet.machine';
import { createWallet, mobileAppRequired } from '@/entities/account';
import { uiActor } from '@/shared/api';

/** The wallet statechart with its real calls: crossPlatformRequirement, then createWallet (spec 001 s7). */
export const walletLogic = walletMachine.provide({
  actors: {
    checkRequirement: uiActor((input) => mobileAppRequired(input.accountId)),
    createWallet: uiActor((input) => createWallet(input.accountId, input.currencyCode)),
  },
});
