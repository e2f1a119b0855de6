export { ReceiveForm } from './ui/receive-form';
