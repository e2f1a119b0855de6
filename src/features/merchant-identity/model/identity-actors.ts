import { fromPromise } from 'xstate';
import { identityCheckMachine } from '@machines/merchant/identity-check.machine';
import { createIdentityCheck, fetchIdentityFee } from '@/entities/merchant';

/** The identity check statechart with its calls: identityFee for the chosen account, identityVerificationCreate once per requestId. */
export const identityCheckLogic = identityCheckMachine.provide({
  actors: {
    fee: fromPromise(({ input, signal }) => fetchIdentityFee(input.accountId, signal)),
    create: fromPromise(({ input }) => createIdentityCheck(input)),
  },
});
export type IdentityCheckLogic = typeof identityCheckLogic;
