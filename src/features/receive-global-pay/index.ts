export { ReceiveForm, receiveFormLogic } from './ui/receive-form';
export { receiveLogic } from './model/receive-actors';
