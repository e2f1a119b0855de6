export { RegisterDeviceForm } from './ui/register-device-form';
