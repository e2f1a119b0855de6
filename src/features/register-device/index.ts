export { RegisterDeviceForm } from './ui/register-device-form';
export { toFormFailure } from './model/device-form';
