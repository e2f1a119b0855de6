import { fromPromise } from 'xstate';
import { reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply } from '@machines/settings/reauthentication.machine';

/** The real re-authentication statechart, its check-password recording what it was asked and waiting for the test to answer. */
export function waitingReauthentication(asked: CheckPasswordInput[]) {
  return reauthenticationMachine.provide({
    actors: {
      checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input }) => {
        asked.push(input);
        return new Promise<never>(() => {});
      }),
    },
  });
}
