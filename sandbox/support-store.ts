import type { components } from '../api-schemas/generated/helpdesk.ts';
import { CLOSED, CLOSED_NO_REPLY, ticketStatusId, type TicketStatusId } from '../machines/support/ticket-status.rules.ts';
import type { Db } from './db.ts';
import { regulatedEntityOf } from './documents/regulated-entity.ts';
import { customerById, type CustomerRow } from './kernel/customers.ts';

/**
 * Support tickets' state (spec 002 s3 Support ticket, s4 Tickets, s7, s9; issue 60): the help desk
 * the sandbox plays (api-schemas/helpdesk.yaml, sandbox/handlers/helpdesk.ts) and what the bank's
 * own support service reads of it (api-schemas/support.yaml, sandbox/handlers/support.ts). The seed
 * is sandbox/seed-support.ts; the control API (sandbox/control.ts supportRoutes) replies as an agent
 * and moves the clock. The display status is only ever the app's rule
 * (machines/support/ticket-status.rules.ts `ticketStatusId`), computed where a ticket is answered.
 *
 *   hd_contacts      the help desk's contact of a customer (one per customer, made on the first call
 *                    a support token makes: the customer's login e-mail and display name).
 *   hd_tickets       a ticket of a contact: its number in the brand's desk (sequential), subject,
 *                    department, the desk's status (Open, On Hold, Escalated, Closed,
 *                    Closed-No-Reply), the other fields as given (JSON by apiName), the custom
 *                    read-at field (cf_read_at), when it was made and last changed (a thread, a
 *                    status; not the read-at field, so opening a ticket does not reorder the list).
 *   hd_threads       a ticket's messages: the customer's (END_USER, addressed to the desk) and the
 *                    agents' (AGENT, addressed to the contact's e-mail), whole text.
 *   hd_files         uploads and attachments, the bytes kept: an upload (thread_id NULL) is the
 *                    contact's for UPLOAD_TTL_MS until a ticket or reply uses it (then it is that
 *                    thread's attachment); an agent's attachment is made on its thread.
 *   hd_kept_replies  the first reply of a create or a reply, by the contact's requestId (a repeat
 *                    with the same body answers it again; another body, or another call, 409).
 *
 * Ids are numeric strings on the wire (Zoho-like), rowids here. Times are ISO text (UTC, ms).
 */

export type Ticket = components['schemas']['Ticket'];
export type Thread = components['schemas']['Thread'];
export type Conversation = components['schemas']['Conversation'];
export type Attachment = components['schemas']['Attachment'];
export type Contact = components['schemas']['Contact'];
export type TicketField = components['schemas']['TicketField'];
export type ComposeSettings = components['schemas']['ComposeSettings'];
export type AuthorType = 'AGENT' | 'END_USER';

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();

// ---- the desk's settings ---------------------------------------------------------------------------

/** The composer's attachment limits (helpdeskComposeTickets): how many a message, the largest (10 MB), the types. */
export const ATTACHMENT_MAX_COUNT = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The media types taken, each with the file name extensions it may have (an upload's type and name must agree). */
export const ATTACHMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'text/plain': ['txt'],
};
/** An upload waits this long for the ticket or reply that uses it. */
export const UPLOAD_TTL_MS = DAY;
/** A thread's text, trimmed: 1 to this many characters (002 s9). */
export const CONTENT_MAX = 32_000;
/** A conversation's summary: the start of its text. */
export const SUMMARY_MAX = 200;
/** The first ticket number of a brand's desk (the seed's are 10401 …). */
export const FIRST_TICKET_NUMBER = 10_401;

/** The departments a ticket can go to; the first is where a ticket without one goes. */
export const DEPARTMENTS: readonly { id: string; name: string }[] = [
  { id: '4100000000001', name: 'General' },
  { id: '4100000000002', name: 'Cards' },
  { id: '4100000000003', name: 'Payments' },
];
export const DEFAULT_DEPARTMENT_ID = DEPARTMENTS[0]!.id;

export const COMPOSE_SETTINGS: ComposeSettings = {
  departments: DEPARTMENTS.map((d) => ({ ...d })),
  attachments: { maxCount: ATTACHMENT_MAX_COUNT, maxSize: ATTACHMENT_MAX_BYTES, types: Object.keys(ATTACHMENT_TYPES) },
};

/** The fields a new ticket is made of, in the form's order (helpdeskTicketsFields). */
export const TICKET_FIELDS: readonly TicketField[] = [
  { apiName: 'subject', displayLabel: 'Subject', type: 'Text', isMandatory: true, maxLength: 255, allowedValues: [] },
  { apiName: 'description', displayLabel: 'Description', type: 'Textarea', isMandatory: true, maxLength: CONTENT_MAX, allowedValues: [] },
  { apiName: 'category', displayLabel: 'Category', type: 'Picklist', isMandatory: false, maxLength: 120, allowedValues: ['Account', 'Cards', 'Transfers', 'Other'] },
  { apiName: 'phone', displayLabel: 'Phone', type: 'Phone', isMandatory: false, maxLength: 32, allowedValues: [] },
];

/** The desk's own address (where the customer's threads go): the brand's support e-mail. */
export const deskAddressOf = (brand: string): string => regulatedEntityOf(brand).email;

/** Each brand's support agent (supportAgent; the author of the agents' threads). */
const AGENTS: Readonly<Record<string, { name: string; colour: string }>> = {
  brand1: { name: 'Elena Marsh', colour: '#1D4ED8' },
  brand2: { name: 'Tomás Rivera', colour: '#047857' },
  brand3: { name: 'Ioana Petrescu', colour: '#B45309' },
  brand4: { name: 'Daniel Okafor', colour: '#6D28D9' },
  brand5: { name: 'Marta Kowalska', colour: '#BE185D' },
  brand6: { name: 'Jonas Berg', colour: '#0E7490' },
};
/** The desk's hours, UTC on the sandbox's clock: the agent is available from 08:00 to 20:00. */
export const AGENT_HOURS = { from: 8, to: 20 } as const;

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** The brand's agent: name, a photo (an inline SVG data: URL with the initials) and whether they are available at `now`. */
export function agentOf(brand: string, now: number): { name: string; photo: string | null; available: boolean } {
  const agent = AGENTS[brand] ?? { name: 'Support Team', colour: '#334155' };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${agent.colour}"/>` +
    `<text x="32" y="41" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="#ffffff" text-anchor="middle">${initialsOf(agent.name)}</text></svg>`;
  const hour = new Date(now).getUTCHours();
  return { name: agent.name, photo: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, available: hour >= AGENT_HOURS.from && hour < AGENT_HOURS.to };
}

// ---- rows ----------------------------------------------------------------------------------------

export interface ContactRow {
  id: number;
  customer_id: number;
  email: string;
  name: string;
  created_at: string;
}

export interface TicketRow {
  id: number;
  contact_id: number;
  brand: string;
  number: number;
  subject: string;
  department_id: string;
  status: string;
  /** The other fields as given, JSON by apiName (category, phone). */
  fields: string;
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ThreadRow {
  id: number;
  ticket_id: number;
  author_type: AuthorType;
  author_name: string;
  to_address: string;
  content: string;
  created_at: string;
}

export interface FileRow {
  id: number;
  contact_id: number;
  thread_id: number | null;
  name: string;
  mime: string;
  size: number;
  content: Uint8Array;
  created_at: string;
}

/** A customer's name as the help desk knows them: a company's name, else the person's (an employee's own). */
export const displayNameOf = (c: Pick<CustomerRow, 'kind' | 'business_name' | 'first_name' | 'last_name' | 'login'>): string =>
  (c.kind === 'business' ? c.business_name : null) ?? ([c.first_name, c.last_name].filter(Boolean).join(' ') || c.login);

export const contactOfCustomer = (db: Db, customerId: number): ContactRow | undefined =>
  db.prepare('SELECT * FROM hd_contacts WHERE customer_id = ?').get(customerId) as ContactRow | undefined;

/** The customer's contact, made now when they have none (the customer's login e-mail and display name). */
export function ensureContact(db: Db, customerId: number, now: number): ContactRow {
  const kept = contactOfCustomer(db, customerId);
  if (kept) return kept;
  const customer = customerById(db, customerId);
  if (!customer) throw new Error(`customer ${customerId} does not exist`);
  db.prepare('INSERT INTO hd_contacts (customer_id, email, name, created_at) VALUES (?, ?, ?, ?)').run(customerId, customer.login, displayNameOf(customer), iso(now));
  return contactOfCustomer(db, customerId)!;
}

export const toContact = (row: ContactRow): Contact => ({ id: String(row.id), name: row.name, email: row.email });

export const ticketById = (db: Db, id: number): TicketRow | undefined => db.prepare('SELECT * FROM hd_tickets WHERE id = ?').get(id) as TicketRow | undefined;
export const threadById = (db: Db, id: number): ThreadRow | undefined => db.prepare('SELECT * FROM hd_threads WHERE id = ?').get(id) as ThreadRow | undefined;
export const fileById = (db: Db, id: number): FileRow | undefined => db.prepare('SELECT * FROM hd_files WHERE id = ?').get(id) as FileRow | undefined;

/** A contact's tickets, the most recently changed first. */
export const ticketsOf = (db: Db, contactId: number): TicketRow[] =>
  db.prepare('SELECT * FROM hd_tickets WHERE contact_id = ? ORDER BY updated_at DESC, id DESC').all(contactId) as unknown as TicketRow[];

/** A ticket's threads, the newest first. */
export const threadsOf = (db: Db, ticketId: number): ThreadRow[] =>
  db.prepare('SELECT * FROM hd_threads WHERE ticket_id = ? ORDER BY created_at DESC, id DESC').all(ticketId) as unknown as ThreadRow[];

/** A thread's attachments, in the order they were attached. */
export const attachmentsOf = (db: Db, threadId: number): Omit<FileRow, 'content'>[] =>
  db.prepare('SELECT id, contact_id, thread_id, name, mime, size, created_at FROM hd_files WHERE thread_id = ? ORDER BY id').all(threadId) as unknown as Omit<FileRow, 'content'>[];

const lastThreadOf = (db: Db, ticketId: number): Pick<ThreadRow, 'created_at' | 'to_address'> | undefined =>
  db.prepare('SELECT created_at, to_address FROM hd_threads WHERE ticket_id = ? ORDER BY created_at DESC, id DESC LIMIT 1').get(ticketId) as Pick<ThreadRow, 'created_at' | 'to_address'> | undefined;

/** A ticket as the help desk answers it, its statusId by the app's rule for the contact's e-mail at `now`. */
export function toTicket(db: Db, row: TicketRow, contactEmail: string, now: number): Ticket {
  const last = lastThreadOf(db, row.id);
  const facts = { status: row.status, lastThread: last ? { createdAt: last.created_at, to: last.to_address } : null, cf: { cf_read_at: row.read_at } };
  return {
    id: String(row.id),
    ticketNumber: String(row.number),
    subject: row.subject,
    status: row.status,
    lastThread: facts.lastThread,
    updatedAt: row.updated_at,
    createdAt: row.created_at,
    statusId: ticketStatusId(facts, contactEmail, now),
    departmentId: row.department_id,
    cf: { cf_read_at: row.read_at },
  };
}

/** Where an attachment's content is, relative to the help desk (helpdeskAttachmentContent). */
export const attachmentHref = (ticketId: number, threadId: number, fileId: number): string => `/tickets/${ticketId}/threads/${threadId}/attachments/${fileId}/content`;

export function toThread(db: Db, row: ThreadRow): Thread {
  return {
    id: String(row.id),
    author: { name: row.author_name, type: row.author_type },
    to: row.to_address,
    createdAt: row.created_at,
    content: row.content,
    attachments: attachmentsOf(db, row.id).map((file) => ({ id: String(file.id), name: file.name, size: file.size, href: attachmentHref(row.ticket_id, row.id, file.id) })),
  };
}

export function toConversation(db: Db, row: ThreadRow): Conversation {
  const count = db.prepare('SELECT COUNT(*) AS n FROM hd_files WHERE thread_id = ?').get(row.id) as { n: number };
  return {
    id: String(row.id),
    author: { name: row.author_name, type: row.author_type },
    to: row.to_address,
    createdAt: row.created_at,
    // By characters (code points), as the contract counts them: an emoji is never cut in half.
    summary: Array.from(row.content).slice(0, SUMMARY_MAX).join(''),
    attachmentCount: count.n,
  };
}

/** How many of a contact's tickets are in each display status at `now` (all = every one). */
export function ticketStats(db: Db, contact: ContactRow | undefined, now: number): Record<'all' | TicketStatusId, number> {
  const stats = { all: 0, open: 0, new: 0, closed: 0 };
  if (!contact) return stats;
  for (const row of ticketsOf(db, contact.id)) {
    stats.all += 1;
    stats[toTicket(db, row, contact.email, now).statusId] += 1;
  }
  return stats;
}

// ---- writing -----------------------------------------------------------------------------------------

/** The next ticket number of the brand's desk. */
export function nextTicketNumber(db: Db, brand: string): number {
  const { top } = db.prepare('SELECT MAX(number) AS top FROM hd_tickets WHERE brand = ?').get(brand) as { top: number | null };
  return Math.max(FIRST_TICKET_NUMBER, (top ?? 0) + 1);
}

export interface NewTicket {
  id?: number;
  contactId: number;
  brand: string;
  number: number;
  subject: string;
  departmentId: string;
  status: string;
  fields: Record<string, string>;
  readAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function insertTicket(db: Db, t: NewTicket): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO hd_tickets (id, contact_id, brand, number, subject, department_id, status, fields, read_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(t.id ?? null, t.contactId, t.brand, t.number, t.subject, t.departmentId, t.status, JSON.stringify(t.fields), t.readAt, t.createdAt, t.updatedAt);
  return Number(lastInsertRowid);
}

export interface NewThread {
  id?: number;
  ticketId: number;
  authorType: AuthorType;
  authorName: string;
  to: string;
  content: string;
  createdAt: string;
}

export function insertThread(db: Db, t: NewThread): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO hd_threads (id, ticket_id, author_type, author_name, to_address, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(t.id ?? null, t.ticketId, t.authorType, t.authorName, t.to, t.content, t.createdAt);
  return Number(lastInsertRowid);
}

export interface NewFile {
  id?: number;
  contactId: number;
  threadId: number | null;
  name: string;
  mime: string;
  content: Uint8Array;
  createdAt: string;
}

export function insertFile(db: Db, f: NewFile): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO hd_files (id, contact_id, thread_id, name, mime, size, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(f.id ?? null, f.contactId, f.threadId, f.name, f.mime, f.content.length, f.content, f.createdAt);
  return Number(lastInsertRowid);
}

/** The contact's uploads still waiting for a ticket or reply at `now`, by id. */
export function usableUploads(db: Db, contactId: number, ids: readonly number[], now: number): Map<number, Omit<FileRow, 'content'>> {
  const found = new Map<number, Omit<FileRow, 'content'>>();
  const since = iso(now - UPLOAD_TTL_MS);
  for (const id of ids) {
    const row = db.prepare('SELECT id, contact_id, thread_id, name, mime, size, created_at FROM hd_files WHERE id = ? AND contact_id = ? AND thread_id IS NULL AND created_at >= ?').get(id, contactId, since) as
      | Omit<FileRow, 'content'>
      | undefined;
    if (row) found.set(id, row);
  }
  return found;
}

/** The uploads become the thread's attachments. */
export const attachUploads = (db: Db, threadId: number, ids: readonly number[]): void => {
  for (const id of ids) db.prepare('UPDATE hd_files SET thread_id = ? WHERE id = ? AND thread_id IS NULL').run(threadId, id);
};

/** The contact's uploads no ticket or reply used within UPLOAD_TTL_MS: gone. */
export const sweepUploads = (db: Db, contactId: number, now: number): void =>
  void db.prepare('DELETE FROM hd_files WHERE contact_id = ? AND thread_id IS NULL AND created_at < ?').run(contactId, iso(now - UPLOAD_TTL_MS));

/**
 * A thread on the ticket (with these uploads as its attachments): the customer's is addressed to
 * the desk, an agent's to the contact's e-mail. A customer's reply opens a closed ticket again
 * (Closed, Closed-No-Reply → Open); an agent's reply makes it Open (waiting for the customer). The
 * ticket's updatedAt is the thread's time.
 */
export function addThread(db: Db, ticket: TicketRow, thread: { authorType: AuthorType; authorName: string; content: string; uploadIds?: readonly number[]; createdAt: string }): number {
  const contact = db.prepare('SELECT * FROM hd_contacts WHERE id = ?').get(ticket.contact_id) as unknown as ContactRow;
  const to = thread.authorType === 'AGENT' ? contact.email : deskAddressOf(ticket.brand);
  const id = insertThread(db, { ticketId: ticket.id, authorType: thread.authorType, authorName: thread.authorName, to, content: thread.content, createdAt: thread.createdAt });
  attachUploads(db, id, thread.uploadIds ?? []);
  const reopen = thread.authorType === 'AGENT' || ticket.status === CLOSED || ticket.status === CLOSED_NO_REPLY;
  db.prepare('UPDATE hd_tickets SET status = ?, updated_at = ? WHERE id = ?').run(reopen ? 'Open' : ticket.status, thread.createdAt, ticket.id);
  return id;
}

/** The read-at field as the max of the kept one and this one (a late write never makes a ticket new again). */
export function writeReadAt(db: Db, ticket: TicketRow, readAt: string): void {
  const kept = ticket.read_at === null ? null : Date.parse(ticket.read_at);
  if (kept !== null && kept >= Date.parse(readAt)) return;
  db.prepare('UPDATE hd_tickets SET read_at = ? WHERE id = ?').run(readAt, ticket.id);
}

// ---- the control API's clock and the restore ---------------------------------------------------------

/**
 * The customer's tickets' times `days` back (the control API's clock: the 2-week window of "new"):
 * when each was made, changed and read, its threads' and uploads' times. Answers how many tickets moved.
 */
export function shiftSupportClock(db: Db, customerId: number, days: number): number {
  const contact = contactOfCustomer(db, customerId);
  if (!contact) return 0;
  const ms = days * DAY;
  const back = (value: string | null) => (value === null ? null : iso(Date.parse(value) - ms));
  const tickets = ticketsOf(db, contact.id);
  for (const t of tickets) {
    db.prepare('UPDATE hd_tickets SET created_at = ?, updated_at = ?, read_at = ? WHERE id = ?').run(back(t.created_at), back(t.updated_at), back(t.read_at), t.id);
    for (const th of threadsOf(db, t.id)) db.prepare('UPDATE hd_threads SET created_at = ? WHERE id = ?').run(back(th.created_at), th.id);
  }
  for (const f of db.prepare('SELECT id, created_at FROM hd_files WHERE contact_id = ?').all(contact.id) as { id: number; created_at: string }[]) {
    db.prepare('UPDATE hd_files SET created_at = ? WHERE id = ?').run(back(f.created_at), f.id);
  }
  return tickets.length;
}

/** A customer's tickets gone (seeded or made since), with their threads, attachments, uploads and kept replies: the restore of POST /__sandbox/sign-in-state. */
export function removeSupportOf(db: Db, customerId: number): void {
  const contact = contactOfCustomer(db, customerId);
  if (!contact) return;
  db.prepare('DELETE FROM hd_kept_replies WHERE contact_id = ?').run(contact.id);
  db.prepare('DELETE FROM hd_files WHERE contact_id = ?').run(contact.id);
  db.prepare('DELETE FROM hd_threads WHERE ticket_id IN (SELECT id FROM hd_tickets WHERE contact_id = ?)').run(contact.id);
  db.prepare('DELETE FROM hd_tickets WHERE contact_id = ?').run(contact.id);
}
