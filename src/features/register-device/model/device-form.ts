import { fromPromise } from 'xstate';
import { deviceFormMachine } from '@machines/auth/device-form.machine';
import { toDeviceCreate } from '@machines/auth/device.logic';
import type { FormErrors, FormFailure } from '@machines/shared/form.machine';
import { isApiError } from '@/shared/api';
import { registerDevice } from '@/entities/device';

/** API failure → what the form shows: field errors by `param`, else the server's message or the kind's text. */
export function toFormFailure(error: unknown): FormFailure {
  if (!isApiError(error)) return {};
  const fields: FormErrors = {};
  for (const issue of error.validationErrors) {
    if (issue.param && issue.description && !fields[issue.param]) fields[issue.param] = { text: issue.description };
  }
  return {
    ...(Object.keys(fields).length ? { fields } : {}),
    message: error.serverMessage ? { text: error.serverMessage } : { descriptor: error.defaultMessage },
  };
}

/** The device form with its real submit: the auth service's POST /auth/devices. */
export const deviceFormLogic = deviceFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input }) => {
      try {
        return await registerDevice(toDeviceCreate(input.values));
      } catch (error) {
        throw toFormFailure(error);
      }
    }),
  },
});
