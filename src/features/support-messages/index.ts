export { TicketView } from './ui/ticket-view';
export { MessageForm } from './ui/message-form';
export type { MessageFormField, MessageFormProps } from './ui/message-form';
export { ticketReadLogicFor, replyLogicFor, readTicketsAgain } from './model/logic';
export type { SupportMessageMachineLogic } from './model/logic';
export { NewTicket } from './ui/new-ticket';
export { TicketPreview } from './ui/ticket-preview';
export { createLogicFor } from './model/logic';
