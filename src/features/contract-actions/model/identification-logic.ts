import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { msg } from '@lingui/core/macro';
import { isSafeRedirect } from '@machines/auth/redirect.logic';
import { contractIdentificationMachine, type IdentityProvider } from '@machines/contracts/contract-identification.machine';
import { contractKeys, identificationStarted, pushIdentification, startSignerIdentification } from '@/entities/contract';
import { IS_SANDBOX_BUILD } from '@/shared/config';

const unsafeProviderPage = msg`The identification page's address is not one the app opens. Nothing was started; please try again later.`;

/**
 * The payer's identification statechart with the contracts service's calls (issue 59): the
 * provider's page asked for with the contract's own detail to come back to, opened only when it is
 * an https address (http to this machine in a sandbox build); the service's answer to
 * identificationStarted kept as the contract's data; a change read again (the detail, its list and
 * counts).
 */
export function identificationLogicFor(id: number, queryClient: QueryClient) {
  return contractIdentificationMachine.provide({
    actors: {
      request: fromPromise<string, { provider: IdentityProvider }>(async ({ input }) => {
        const url = await startSignerIdentification(id, input.provider, `${window.location.origin}/revenue-split/${id}`);
        if (!isSafeRedirect(url, IS_SANDBOX_BUILD)) throw { descriptor: unsafeProviderPage };
        return url;
      }),
      started: fromPromise<void, void>(async () => {
        queryClient.setQueryData(contractKeys.detail(id), await identificationStarted(id));
      }),
      push: fromPromise<void, void>(async () => pushIdentification(id)),
    },
    actions: {
      openProvider: (_, { url }) => window.location.assign(url),
      changed: () => {
        for (const queryKey of [contractKeys.detail(id), contractKeys.lists(), contractKeys.stats()]) void queryClient.invalidateQueries({ queryKey });
      },
    },
  });
}

export type IdentificationLogic = ReturnType<typeof identificationLogicFor>;
