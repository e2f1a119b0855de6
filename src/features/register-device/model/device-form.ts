import { fromPromise } from 'xstate';
import { deviceFormMachine } from '@machines/auth/device-form.machine';
import { toDeviceCreate } from '@machines/auth/device.logic';
import { toFormFailure } from '@/shared/api';
import { registerDevice } from '@/entities/device';

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
