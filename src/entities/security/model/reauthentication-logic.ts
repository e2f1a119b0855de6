import { fromPromise } from 'xstate';
import { reauthenticationMachine } from '@machines/settings/reauthentication.machine';
import { checkPassword } from '../api/security-calls';
import { asSettingsCall } from './settings-failure';

/** The re-authentication statechart with its real call (POST /auth/check-password); the settings statecharts invoke it as their child. */
export const reauthenticationLogic = reauthenticationMachine.provide({
  actors: {
    checkPassword: fromPromise(({ input }) => asSettingsCall(() => checkPassword(input))),
  },
});
