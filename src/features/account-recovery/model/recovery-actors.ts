import { fromPromise } from 'xstate';
import { accountRecoveryMachine } from '@machines/auth/account-recovery.machine';
import { storedRecoveryFrom, type StoredRecovery } from '@machines/auth/account-recovery.rules';
import { changePasswordWithCode, checkPasswordChangeCode, requestPasswordChange } from '@/entities/session';
import { readStored, removeStored, storageKeys, writeStored } from '@/shared/config';

/** The recovery this tab keeps (sessionStorage `app.accountRecovery`: docs/storage.md), or none. */
export const readStoredRecovery = (): StoredRecovery | null => storedRecoveryFrom(readStored(storageKeys.accountRecovery) ?? null);

/** The account recovery statechart with the app's calls; what a reload needs kept in this tab (never the code or a password). */
export const accountRecoveryLogic = accountRecoveryMachine.provide({
  actors: {
    request: fromPromise(({ input, signal }) => requestPasswordChange(input, signal)),
    checkCode: fromPromise(({ input, signal }) => checkPasswordChangeCode(input, signal)),
    changePassword: fromPromise(({ input, signal }) => changePasswordWithCode(input, signal)),
  },
  actions: {
    keep: (_, { recovery }) => writeStored(storageKeys.accountRecovery, JSON.stringify(recovery)),
    forget: () => removeStored(storageKeys.accountRecovery),
  },
});
