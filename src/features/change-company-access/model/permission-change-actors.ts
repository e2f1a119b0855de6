import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { permissionChangeMachine } from '@machines/business/permission-change.machine';
import { approvalLogic } from '@/entities/approval';
import { companyPeopleKeys, decidePermissionChange } from '@/entities/company-person';

/**
 * The permission change statechart with the app's calls: the change's submit through the one
 * approval (entities/approval), a decision by another full-access user
 * (businessPermissionChangeDecide), and the company's lists read again after either.
 */
export function permissionChangeLogic(queryClient: QueryClient) {
  const reread = () => queryClient.invalidateQueries({ queryKey: companyPeopleKeys.all });
  return permissionChangeMachine.provide({
    actors: {
      approval: approvalLogic,
      decide: fromPromise(({ input }) => decidePermissionChange(input)),
      reload: fromPromise(async () => {
        await reread();
      }),
    },
    actions: { moneyMoved: () => void reread() },
  });
}
export type PermissionChangeLogic = ReturnType<typeof permissionChangeLogic>;
