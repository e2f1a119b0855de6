import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import { taxIdFormMachine, usernameChangeFormMachine } from '@machines/verification/profile-forms';
import { reauthenticationLogic } from '@/entities/security';
import { cancelUsernameChange, requestUsernameChange, saveTaxId } from '@/entities/verification';

/** The tax id form with its real submit: customerTaxNumberUpdate (002 s7; a refusal shows its description, 002 s8). */
export const taxIdFormLogic = taxIdFormMachine.provide({
  actors: { submit: fromPromise(({ input }) => saveTaxId(input.values.taxId ?? '')) },
});

/** A request to sign in with another e-mail (the username change request calls, 002 s7), after confirming it is you (issue 49). */
export const usernameChangeFormLogic = usernameChangeFormMachine.provide({
  actors: {
    reauthentication: reauthenticationLogic,
    submit: fromPromise(({ input }) => requestUsernameChange(input.values.email ?? '', input.proof)),
  },
});

/** The request withdrawn (while active or failed). */
export const cancelUsernameChangeLogic = taskMachine.provide({
  actors: {
    run: fromPromise(() => cancelUsernameChange()),
  },
});
