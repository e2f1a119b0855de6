import { queryOptions } from '@tanstack/react-query';
import type { components as DeskSchemas } from '@contract/helpdesk';
import type { components as SupportSchemas } from '@contract/support';
import type { TicketFilter, TicketStatusId } from '@machines/support/ticket-status.rules';
import { SUPPORT_WIDGET_ID } from '@machines/shared/constants';
import { api, apiRuntime, markUploadProgress, needsFromCustomerId } from '@/shared/api';

export type SupportTicket = DeskSchemas['schemas']['Ticket'];
export type TicketField = DeskSchemas['schemas']['TicketField'];
export type ComposeSettings = DeskSchemas['schemas']['ComposeSettings'];
export type Conversation = DeskSchemas['schemas']['Conversation'];
export type TicketThread = DeskSchemas['schemas']['Thread'];
export type TicketAttachment = DeskSchemas['schemas']['Attachment'];
export type SupportContact = DeskSchemas['schemas']['Contact'];
export type TicketStats = SupportSchemas['schemas']['TicketStats'];
export type SupportAgent = SupportSchemas['schemas']['Agent'];
export interface TicketPage {
  data: SupportTicket[];
  count: number;
}

/**
 * Support tickets' calls (issue 60; support.yaml, helpdesk.yaml). The bank's own support service
 * with the session (the acting company as `fromCustomerId` for a business user); the help desk
 * with the support token each call is given (`jwt_token`), never the session's: the support desk
 * statechart runs them (401 renewal, 429). They throw the service's ApiError as it is (its
 * `status` is what the desk reads).
 */
export const supportKeys = {
  all: ['support'] as const,
  stats: () => ['support', 'stats'] as const,
  agent: () => ['support', 'agent'] as const,
  tickets: () => ['support', 'tickets'] as const,
  list: (filter: TicketFilter, page: number) => ['support', 'tickets', 'list', filter, page] as const,
  ticket: (id: string) => ['support', 'tickets', 'one', id] as const,
  conversations: (id: string, limit: number) => ['support', 'tickets', 'conversations', id, limit] as const,
  thread: (id: string, threadId: string) => ['support', 'tickets', 'thread', id, threadId] as const,
  composer: () => ['support', 'composer'] as const,
};

/** The acting company a business user's support calls are for (absent for one's own). */
const fromCustomer = (): { fromCustomerId?: number } => {
  const caller = apiRuntime.caller;
  return needsFromCustomerId(caller) && caller.actingCustomerId !== null ? { fromCustomerId: caller.actingCustomerId } : {};
};

const quiet = { errorPopup: false };

// ---- the bank's own support service ----------------------------------------------------------------

/** GET zoho/jwt: a support token for the help desk. */
export const supportToken = async (): Promise<string> =>
  (await api().support.GET('/zoho/jwt', { params: { query: { widgetId: SUPPORT_WIDGET_ID, ...fromCustomer() } } })).data!.token;

/** GET zoho/tickets/stats: the tickets by display status (the navigation's badge says the new ones). */
export const supportStatsQuery = () =>
  queryOptions({
    queryKey: supportKeys.stats(),
    queryFn: async ({ signal }): Promise<TicketStats> => (await api().support.GET('/zoho/tickets/stats', { params: { query: fromCustomer() }, signal })).data!,
    meta: quiet,
  });

/** GET zoho/agent: the customer's support agent. */
export const supportAgentQuery = () =>
  queryOptions({
    queryKey: supportKeys.agent(),
    queryFn: async ({ signal }): Promise<SupportAgent> => (await api().support.GET('/zoho/agent', { params: { query: fromCustomer() }, signal })).data!,
    meta: quiet,
    staleTime: 5 * 60_000,
  });

/** GET zoho/tickets?ticketNumber=: the help desk's id of the customer's ticket with that number, or null. */
export const ticketIdByNumber = async (ticketNumber: string, signal?: AbortSignal): Promise<string | null> =>
  (await api().support.GET('/zoho/tickets', { params: { query: { ticketNumber, ...fromCustomer() } }, ...(signal ? { signal } : {}) })).data!.data[0]?.id ?? null;

// ---- the help desk, with the support token -----------------------------------------------------------

const token = (jwt: string) => ({ headers: { jwt_token: jwt } });

/** POST /me: the contact the token names. */
export const helpdeskMe = async (jwt: string): Promise<SupportContact> => (await api().helpdesk.POST('/me', token(jwt))).data!;

/** POST /composetickets: the departments and the attachments' limits. */
export const helpdeskComposer = async (jwt: string): Promise<ComposeSettings> => (await api().helpdesk.POST('/composetickets', token(jwt))).data!;

/** GET /ticketsFields: a new ticket's fields, in order. */
export const helpdeskFields = async (jwt: string): Promise<TicketField[]> => (await api().helpdesk.GET('/ticketsFields', token(jwt))).data!.data;

/** GET /tickets: a page of 20 from `from` (1-based), of one display status or all. */
export const helpdeskTickets = async (jwt: string, query: { from: number; limit: number; statusId?: TicketStatusId }): Promise<TicketPage> =>
  (await api().helpdesk.GET('/tickets', { params: { query }, ...token(jwt) })).data!;

/** GET /tickets/{id}. */
export const helpdeskTicket = async (jwt: string, id: string): Promise<SupportTicket> => (await api().helpdesk.GET('/tickets/{id}', { params: { path: { id } }, ...token(jwt) })).data!;

/** PUT /tickets/{id}: the read-at field written (002 s4), so "new" clears. */
export const helpdeskMarkRead = async (jwt: string, id: string, at: string): Promise<SupportTicket> =>
  (await api().helpdesk.PUT('/tickets/{id}', { params: { path: { id } }, body: { cf: { cf_read_at: at } }, ...token(jwt) })).data!;

/** GET /tickets/{id}/conversations: its threads, newest first (100; 2 for a preview). */
export const helpdeskConversations = async (jwt: string, id: string, limit: number): Promise<{ data: Conversation[]; count: number }> =>
  (await api().helpdesk.GET('/tickets/{id}/conversations', { params: { path: { id }, query: { limit } }, ...token(jwt) })).data!;

/** GET /tickets/{id}/threads/{threadId}: one thread whole, with its attachments. */
export const helpdeskThread = async (jwt: string, id: string, threadId: string): Promise<TicketThread> =>
  (await api().helpdesk.GET('/tickets/{id}/threads/{threadId}', { params: { path: { id, threadId } }, ...token(jwt) })).data!;

/** POST /tickets: a new ticket, once per requestId. */
export const helpdeskCreate = async (jwt: string, body: { requestId: string; fields: Record<string, string>; uploadIds: string[]; departmentId?: string }): Promise<SupportTicket> =>
  (await api().helpdesk.POST('/tickets', { body, ...token(jwt) })).data!;

/** POST /tickets/{id}/threads: a reply, once per requestId. */
export const helpdeskReply = async (jwt: string, id: string, body: { requestId: string; content: string; uploadIds: string[] }): Promise<TicketThread> =>
  (await api().helpdesk.POST('/tickets/{id}/threads', { params: { path: { id } }, body, ...token(jwt) })).data!;

/** POST /uploads (multipart): the file's upload id, its progress reported. */
export async function helpdeskUpload(jwt: string, file: Blob & { name?: string }, onProgress: (percent: number) => void): Promise<string> {
  const progress = markUploadProgress(onProgress);
  try {
    const form = new FormData();
    form.append('file', file, file.name ?? 'file');
    const { data } = await api().helpdesk.POST('/uploads', {
      // The typed body names the part; what is sent is the FormData (the browser writes its boundary).
      body: { file: file.name ?? 'file' },
      bodySerializer: () => form,
      headers: { jwt_token: jwt, ...progress.header },
    });
    return data!.id;
  } finally {
    progress.release();
  }
}

/** An attachment's file (002 s7 "attachment content fetched as a blob"), by the thread's attachment. */
export async function helpdeskAttachment(jwt: string, ticketId: string, threadId: string, attachment: TicketAttachment): Promise<{ blob: Blob; fileName: string }> {
  const { data } = await api().helpdesk.GET('/tickets/{id}/threads/{threadId}/attachments/{attachmentId}/content', {
    params: { path: { id: ticketId, threadId, attachmentId: attachment.id } },
    parseAs: 'blob' as const,
    ...token(jwt),
  });
  if (!data) throw new Error(`No file behind the attachment ${attachment.id}`);
  return { blob: data, fileName: attachment.name };
}
