import { deviceFormMachine } from '@machines/auth/device-form.machine';
import { toDeviceCreate } from '@machines/auth/device.logic';
import { formActor } from '@/shared/api';
import { registerDevice } from '@/entities/device';

/** The device form with its real submit: the auth service's POST /auth/devices. */
export const deviceFormLogic = deviceFormMachine.provide({
  actors: {
    submit: formActor((input) => registerDevice(toDeviceCreate(input.values))),
  },
});
