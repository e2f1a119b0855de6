import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { msg } from '@lingui/core/macro';
import { isSafeRedirect } from '@machines/auth/redirect.logic';
import { contractMachine, type ConfirmableAction } from '@machines/contracts/contract.machine';
import type { ContractStatus } from '@machines/contracts/contract.rules';
import { contractKeys, contractSignUrl, performContractAction } from '@/entities/contract';
import { IS_SANDBOX_BUILD } from '@/shared/config';

const unsafeSignPage = msg`The signing page's address is not one the app opens. Nothing was signed; please try again later.`;

/**
 * The contract statechart with the contracts service's calls (issue 58): an action answers the
 * contract as it is now (kept as the detail's data at once), Sign asks for the signing page with
 * the detail's own address to come back to, and only an https address (http to this machine in a
 * sandbox build) is ever opened. After an action the list and its counts are read again; a
 * contract changed meanwhile is read again.
 */
export function contractLogicFor(id: number, queryClient: QueryClient) {
  const refresh = (...keys: (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return contractMachine.provide({
    actors: {
      perform: fromPromise<ContractStatus, { action: ConfirmableAction; note: string }>(async ({ input }) => {
        const contract = await performContractAction(id, input.action, input.note);
        queryClient.setQueryData(contractKeys.detail(id), contract);
        return contract.status;
      }),
      signUrl: fromPromise<string, void>(async () => {
        const url = await contractSignUrl(id, `${window.location.origin}/revenue-split/${id}`);
        if (!isSafeRedirect(url, IS_SANDBOX_BUILD)) throw { descriptor: unsafeSignPage };
        return url;
      }),
    },
    actions: {
      openSignPage: (_, { url }) => window.location.assign(url),
      reload: () => refresh(contractKeys.detail(id), contractKeys.signer(id)),
      done: () => refresh(contractKeys.lists(), contractKeys.stats(), contractKeys.signer(id)),
    },
  });
}

export type ContractLogic = ReturnType<typeof contractLogicFor>;
