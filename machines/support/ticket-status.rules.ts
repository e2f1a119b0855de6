/**
 * Support tickets' rules (spec 002 s3 Support ticket, s4 Tickets, s9 limits; issue 60), shared
 * by the app and the sandbox (which plays the help desk and the bank's own support service): no
 * lingui macro here, and `.ts` imports only.
 *
 * The display status (the ticket's derived `statusId`), in the spec's order:
 * 1. `closed` when the help desk's status is Closed;
 * 2. `new` when the status is Closed-No-Reply, or when the last thread is addressed out (from the
 *    desk to the customer: its `to` is the customer's e-mail, in any case) and was made within the
 *    last 2 weeks (at most exactly 14 days before now);
 * 3. otherwise `open`.
 * The custom read-at field (002 s4) clears "new": a ticket the customer opened at or after its
 * last thread is not new (issue 60: "opening it writes the custom read-at field, so new clears").
 * A Closed-No-Reply ticket so read is `closed` (the desk closed it; nothing is waiting to be
 * read), an out thread so read is `open` (docs/decisions.md "Support tickets").
 */
export type TicketStatusId = 'open' | 'new' | 'closed';
export const TICKET_STATUS_IDS: readonly TicketStatusId[] = ['open', 'new', 'closed'];
/** The list's filters (002 s4), in the address as `status`. */
export type TicketFilter = 'all' | TicketStatusId;
export const TICKET_FILTERS: readonly TicketFilter[] = ['all', 'open', 'new', 'closed'];

/** The help desk's statuses the rule names. */
export const CLOSED = 'Closed';
export const CLOSED_NO_REPLY = 'Closed-No-Reply';

/** 002 s9: the old-ticket window, 2 weeks. */
export const OLD_TICKET_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
/** 002 s9: the help desk's list limit. */
export const TICKET_PAGE_SIZE = 20;
/** 002 s9: a ticket's conversations, and a preview's. */
export const CONVERSATION_LIMIT = 100;
export const CONVERSATION_PREVIEW_LIMIT = 2;

export interface TicketFacts {
  status: string;
  lastThread: { createdAt: string; to: string } | null;
  cf: { cf_read_at: string | null };
}

const time = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
};

/** Whether a thread addressed to `to` is from the desk to the customer whose e-mail is `customerEmail`. */
export const isAddressedOut = (to: string, customerEmail: string): boolean => to.trim().toLowerCase() === customerEmail.trim().toLowerCase() && customerEmail.trim() !== '';

/** Whether the customer opened the ticket at or after its last thread (the read-at field). */
export function isRead(ticket: TicketFacts): boolean {
  const readAt = time(ticket.cf.cf_read_at);
  if (readAt === null) return false;
  const last = time(ticket.lastThread?.createdAt);
  return last === null || readAt >= last;
}

/** The ticket's display status (its `statusId`) for the customer with that e-mail, at `now` (ms). */
export function ticketStatusId(ticket: TicketFacts, customerEmail: string, now: number): TicketStatusId {
  if (ticket.status === CLOSED) return 'closed';
  const read = isRead(ticket);
  if (ticket.status === CLOSED_NO_REPLY) return read ? 'closed' : 'new';
  const last = ticket.lastThread;
  const at = time(last?.createdAt);
  if (last && at !== null && !read && isAddressedOut(last.to, customerEmail) && now - at <= OLD_TICKET_WINDOW_MS) return 'new';
  return 'open';
}

/** The filter of the address's `status` (unknown or absent: all). */
export const ticketFilterOf = (text: unknown): TicketFilter => (TICKET_FILTERS.includes(text as TicketFilter) ? (text as TicketFilter) : 'all');

/** The `from` of a page (1-based; 002 s9 "limit 20, from 1"). */
export const fromOfPage = (page: number): number => (Math.max(1, Math.trunc(page)) - 1) * TICKET_PAGE_SIZE + 1;
