export {
  supportKeys,
  supportToken,
  supportStatsQuery,
  supportAgentQuery,
  ticketIdByNumber,
  helpdeskMe,
  helpdeskComposer,
  helpdeskFields,
  helpdeskTickets,
  helpdeskTicket,
  helpdeskMarkRead,
  helpdeskConversations,
  helpdeskThread,
  helpdeskCreate,
  helpdeskReply,
  helpdeskUpload,
  helpdeskAttachment,
} from './api/support';
export type { SupportTicket, TicketField, ComposeSettings, Conversation, TicketThread, TicketAttachment, SupportContact, TicketStats, SupportAgent, TicketPage } from './api/support';
export { supportDeskLogic, deskCall } from './model/desk';
export type { SupportDeskLogic, SupportDeskActor } from './model/desk';
export { SupportDeskProvider, useSupportDesk } from './model/desk-context';
export { ticketListQuery, composerQuery } from './model/queries';
