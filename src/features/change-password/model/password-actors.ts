import { fromPromise } from 'xstate';
import { passwordChangeMachine } from '@machines/settings/password-change.machine';
import { asSettingsCall, changePassword, confirmPasswordChange, reauthenticationLogic } from '@/entities/security';

/**
 * The password change statechart with the app's real calls (changePassword and
 * changePasswordConfirm of the main service; the password check of its `reauthentication` child).
 * Each call throws a SettingsFailure. proofGiven and passwordChanged are provided by the form.
 */
export const passwordChangeLogic = passwordChangeMachine.provide({
  actors: {
    reauthentication: reauthenticationLogic,
    changePassword: fromPromise(({ input }) => asSettingsCall(() => changePassword(input))),
    confirmPasswordChange: fromPromise(({ input }) => asSettingsCall(() => confirmPasswordChange(input))),
  },
});
