import { createFormMachine } from '../shared/form.machine';
import { validateDevice } from './device.logic';

/** Registering a device: the form statechart with the device rule (machines/device.logic.ts). */
export const deviceFormMachine = createFormMachine('deviceForm', validateDevice);
export const emptyDeviceForm = { name: '', code: '', type: '' };
