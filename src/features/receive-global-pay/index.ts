export { ReceiveForm, receiveFormLogic } from './ui/receive-form';
