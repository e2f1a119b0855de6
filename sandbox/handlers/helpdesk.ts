import { fieldProblem, type FieldProblem } from '../../machines/support/support-message.rules.ts';
import { CONVERSATION_LIMIT, TICKET_PAGE_SIZE, TICKET_STATUS_IDS, type TicketStatusId } from '../../machines/support/ticket-status.rules.ts';
import { transaction } from '../db.ts';
import type { HandlerReply, OperationContext, ServiceHandlerMap } from '../handler-types.ts';
import { customerById } from '../kernel/customers.ts';
import { bytesAre, kindOfType } from '../kernel/file-kinds.ts';
import { requestHash } from '../kernel/ledger.ts';
import type { Issue } from '../kernel/replies.ts';
import { say } from '../messages.ts';
import { EMAIL_INVALID } from './contracts-create.ts';
import {
  addThread,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TYPES,
  COMPOSE_SETTINGS,
  CONTENT_MAX,
  DEFAULT_DEPARTMENT_ID,
  DEPARTMENTS,
  ensureContact,
  fileById,
  insertFile,
  insertTicket,
  nextTicketNumber,
  sweepUploads,
  threadById,
  threadsOf,
  ticketById,
  TICKET_FIELDS,
  ticketsOf,
  toContact,
  toConversation,
  toThread,
  toTicket,
  usableUploads,
  writeReadAt,
  type ContactRow,
  type TicketRow,
} from '../support-store.ts';

/**
 * The help desk the support tickets live in (api-schemas/helpdesk.yaml, service `helpdesk` under
 * /helpdesk; spec 002 s2, s3, s4, s7, s8, s9; issue 60), on sandbox/support-store.ts. Not the bank:
 * the caller is authenticated by the support token in the `jwt_token` header (sandbox/server.ts
 * checks it, 401 when missing, malformed, badly signed or expired; sandbox/support-token.ts), never
 * by the session's bearer token, and is the contact the token names (`customerId` here: made on
 * its first call with the customer's login e-mail and display name).
 *
 * - Only the contact's own tickets are found: another's ticket, thread or attachment (or an id that
 *   is not one) answers 404 "There is no such ticket" / "thread" / "attachment".
 * - A ticket as answered: `statusId` by the app's rule (machines/support/ticket-status.rules.ts
 *   ticketStatusId) for the contact's e-mail at the sandbox's clock; `lastThread` its newest
 *   thread's time and address; `updatedAt` its last thread or status change (not the read-at
 *   field).
 * - helpdeskTickets: the most recently changed first; `from` (1-based, default 1), `limit` (1 to
 *   100, default TICKET_PAGE_SIZE 20), `statusId` (open, new or closed) keeps those of that display
 *   status; `count` how many match. Anything else: 400.
 * - helpdeskTicketCreate: the fields of TICKET_FIELDS by apiName (an unknown one, a mandatory one
 *   missing or blank, one longer than its maxLength after trimming, a picklist value not listed, a
 *   phone that is not one: 400 with validationErrors by apiName), `departmentId` one of DEPARTMENTS
 *   (default General), `uploadIds` at most ATTACHMENT_MAX_COUNT, each the contact's own upload not
 *   used yet and not older than a day (400 on `uploadIds`). Made: the next ticket number of the
 *   brand's desk, status Open, its first thread the description (trimmed; END_USER, addressed to the
 *   desk) with the uploads as its attachments. Answers the ticket.
 * - helpdeskReply: the content trimmed, 1 to 32000 characters (400 on `content`), the uploads as
 *   for a ticket; a thread of the contact addressed to the desk; a Closed or Closed-No-Reply ticket
 *   is Open again. Answers the thread.
 * - Create and reply are once per requestId for the contact (hd_kept_replies): the same requestId
 *   with the same call (body, and the ticket for a reply) answers the first reply and makes
 *   nothing; with another body, or on another call or ticket, 409 (sandbox/messages.ts, in the
 *   request's language); refusals are not kept.
 * - helpdeskTicketUpdate: writes cf_read_at as the later of the kept one and the one sent (a time
 *   later than the sandbox's clock counts as now); a time that is not one: 400. Answers the ticket.
 * - helpdeskThread: the whole thread with its attachments (`href` relative to the help desk);
 *   helpdeskConversations: the threads newest first, at most `limit` (1 to 100, default 100), each
 *   with the first 200 characters of its text and how many attachments it has; `count` every thread.
 * - helpdeskUpload: the multipart `file`: empty 400; over 10 MB 413 (the server refuses a larger
 *   part before this handler); a type not taken 415: the part's content type must be one of the
 *   composer's types (a part without one, application/octet-stream, takes its extension's, as the
 *   app's rule does when the browser gives no type), the file name's extension one of that type's,
 *   and the bytes must bear the type out (sandbox/kernel/file-kinds.ts). Kept with its bytes for the contact a day, until a
 *   ticket or reply uses it: `{ id, name, size }`.
 * - helpdeskAttachmentContent: the bytes, with their stored content type and Content-Disposition
 *   attachment with the file's name.
 * Texts are plain text, kept as sent (the app shows them as text).
 */

/** The refusals and field texts (translated in sandbox/texts). */
export const NO_SUCH_TICKET = 'There is no such ticket';
export const NO_SUCH_THREAD = 'There is no such thread';
export const NO_SUCH_ATTACHMENT = 'There is no such attachment';
export const LIST_TEXT = 'Ask for tickets from 1, with 1 to 100 a page';
export const STATUS_TEXT = 'Choose open, new or closed';
export const CONVERSATIONS_TEXT = 'Ask for 1 to 100 threads';
export const UNKNOWN_FIELD = 'This form has no such field';
export const FIELD_REQUIRED = 'Fill in this field';
export const NOT_LISTED = 'Choose one of the options';
export const PHONE_TEXT = 'Enter a valid phone number';
export const DEPARTMENT_TEXT = 'Choose one of the departments';
export const CONTENT_TEXT = 'Write a message of 1 to 32000 characters';
export const UPLOAD_GONE = 'Upload the file again: this upload cannot be used';
export const READ_AT_TEXT = 'Give the time the ticket was read';
export const FILE_EMPTY = 'The file is empty';
export const FILE_TOO_LARGE = 'The file is larger than 10 MB';
export const FILE_TYPE = 'Attach a PDF, JPEG, PNG or text file';
/** A field's text longer than the field takes. */
export const tooLong = (max: number): string => `Use at most ${max} characters`;
/** More uploads than a message takes. */
export const tooManyFiles = (max: number): string => `Attach at most ${max} files`;

/** Each field problem's text (an e-mail field's as the contracts' lookup says it). */
const FIELD_TEXTS: Readonly<Record<FieldProblem, (max: number) => string>> = {
  required: () => FIELD_REQUIRED,
  tooLong: (max) => tooLong(max),
  notAllowed: () => NOT_LISTED,
  email: () => EMAIL_INVALID,
  phone: () => PHONE_TEXT,
};

// ---- replies ----------------------------------------------------------------------------------------

const answer = (body: unknown): HandlerReply => ({ status: 200, body });
const refusal = (status: 400 | 404 | 413 | 415, text: string): HandlerReply => ({ status, body: { message: text } });
/** A reply (its status a number; a ticket row's status is the desk's text). */
const isReply = (value: unknown): value is HandlerReply => typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';
/** 400: the fields' problems, the first one's words as the message. */
const fieldProblems = (issues: readonly Issue[]): HandlerReply => ({ status: 400, body: { message: issues[0]!.description, validationErrors: issues } });

// ---- who --------------------------------------------------------------------------------------------

type Ctx = Pick<OperationContext<unknown, Record<string, string>>, 'db' | 'customerId' | 'now' | 'headers'>;

/** The contact the support token names (made on its first call). */
const contactOf = (ctx: Ctx): ContactRow => transaction(ctx.db, () => ensureContact(ctx.db, ctx.customerId!, ctx.now()));

/** An id of the path (a positive whole number), else null. */
const idOf = (text: string | undefined): number | null => (text && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null);

/** The contact's ticket by the path's id, else the 404. */
function ticketFor(ctx: Ctx, contact: ContactRow, idText: string | undefined): TicketRow | HandlerReply {
  const id = idOf(idText);
  const row = id === null ? undefined : ticketById(ctx.db, id);
  return row && row.contact_id === contact.id ? row : refusal(404, NO_SUCH_TICKET);
}

/** A thread of the contact's ticket by the path's ids, else the 404. */
function threadFor(ctx: Ctx, contact: ContactRow, params: { id?: string; threadId?: string }) {
  const ticket = ticketFor(ctx, contact, params.id);
  if (isReply(ticket)) return ticket;
  const id = idOf(params.threadId);
  const thread = id === null ? undefined : threadById(ctx.db, id);
  return thread && thread.ticket_id === ticket.id ? { ticket, thread } : refusal(404, NO_SUCH_THREAD);
}

// ---- queries ----------------------------------------------------------------------------------------

/** A whole number from `min` to `max` of the query (its default when absent), else null. */
function wholeOf(query: URLSearchParams, name: string, fallback: number, max: number): number | null {
  const text = query.get(name);
  if (text === null) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

const isStatusId = (text: string): text is TicketStatusId => (TICKET_STATUS_IDS as readonly string[]).includes(text);

// ---- once per requestId -----------------------------------------------------------------------------

type KeptOperation = 'helpdeskTicketCreate' | 'helpdeskReply';

/** The kept reply of this contact and requestId as it answers a repeat (409 for another body, call or ticket), or null when there is none. */
function keptReply(ctx: Ctx, contact: ContactRow, operation: KeptOperation, requestId: string, hash: string): HandlerReply | null {
  const kept = ctx.db.prepare('SELECT operation, body_hash, reply FROM hd_kept_replies WHERE contact_id = ? AND request_id = ?').get(contact.id, requestId) as
    | { operation: string; body_hash: string; reply: string }
    | undefined;
  if (!kept) return null;
  if (kept.operation !== operation || kept.body_hash !== hash) {
    const { text, language } = say(ctx.headers, kept.operation !== operation ? 'requestIdOtherCall' : 'requestIdOtherDetails');
    return { status: 409, body: { message: text }, headers: { 'Content-Language': language } };
  }
  return { status: 200, body: JSON.parse(kept.reply) as unknown };
}

/** Keeps a 200 reply as sent; anything else is not kept. */
function keep(ctx: Ctx, contact: ContactRow, operation: KeptOperation, requestId: string, hash: string, reply: HandlerReply): void {
  if (reply.status !== 200) return;
  ctx.db
    .prepare('INSERT INTO hd_kept_replies (contact_id, request_id, operation, body_hash, reply, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(contact.id, requestId, operation, hash, JSON.stringify(reply.body), new Date(ctx.now()).toISOString());
}

/** A create or reply once per requestId: a repeat answers the kept reply; a new one is made and kept, in one transaction. */
function once(ctx: Ctx, operation: KeptOperation, requestId: string, call: unknown, make: (contact: ContactRow) => HandlerReply): HandlerReply {
  const contact = contactOf(ctx);
  const hash = requestHash({ operation, call });
  return transaction(ctx.db, () => {
    const kept = keptReply(ctx, contact, operation, requestId, hash);
    if (kept) return kept;
    const reply = make(contact);
    keep(ctx, contact, operation, requestId, hash, reply);
    return reply;
  });
}

// ---- what a message carries ---------------------------------------------------------------------------

/** The uploads' problem (too many, or one that is not the contact's usable upload), else null; the usable ids. */
function uploadsOf(ctx: Ctx, contact: ContactRow, texts: readonly string[]): { ids: number[]; issue: Issue | null } {
  if (texts.length > ATTACHMENT_MAX_COUNT) return { ids: [], issue: { param: 'uploadIds', description: tooManyFiles(ATTACHMENT_MAX_COUNT) } };
  const ids = texts.map((text) => idOf(text));
  const usable = usableUploads(ctx.db, contact.id, ids.filter((id): id is number => id !== null), ctx.now());
  if (ids.some((id) => id === null || !usable.has(id))) return { ids: [], issue: { param: 'uploadIds', description: UPLOAD_GONE } };
  return { ids: ids as number[], issue: null };
}

/** A ticket's fields' problems by apiName (TICKET_FIELDS, by the app's own rule: support-message.rules fieldProblem), and the values trimmed. */
function fieldsOf(fields: Readonly<Record<string, string>>): { values: Record<string, string>; issues: Issue[] } {
  const issues: Issue[] = [];
  const values: Record<string, string> = {};
  for (const apiName of Object.keys(fields)) if (!TICKET_FIELDS.some((field) => field.apiName === apiName)) issues.push({ param: apiName, description: UNKNOWN_FIELD });
  for (const field of TICKET_FIELDS) {
    const problem = fieldProblem(field, fields[field.apiName]);
    const value = (fields[field.apiName] ?? '').trim();
    if (problem) issues.push({ param: field.apiName, description: FIELD_TEXTS[problem](field.maxLength) });
    else if (value !== '') values[field.apiName] = value;
  }
  return { values, issues };
}

/** A file name's extension, lower case ('' without one). */
const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The media type taken whose extensions include this one ('' for none). */
const typeOfExtension = (extension: string): string => Object.entries(ATTACHMENT_TYPES).find(([, extensions]) => extensions.includes(extension))?.[0] ?? '';

/** Content-Disposition of an attachment: the name as sent, with an ASCII fallback. */
const dispositionOf = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

// ---- the handlers ---------------------------------------------------------------------------------

export const helpdeskHandlers: ServiceHandlerMap<'helpdesk'> = {
  helpdeskMe: (ctx) => answer(toContact(contactOf(ctx))),

  helpdeskComposeTickets: (ctx) => {
    contactOf(ctx);
    return answer(COMPOSE_SETTINGS);
  },

  helpdeskTicketsFields: (ctx) => {
    contactOf(ctx);
    return answer({ data: TICKET_FIELDS });
  },

  helpdeskTickets: (ctx) => {
    const contact = contactOf(ctx);
    const from = wholeOf(ctx.query, 'from', 1, 999_999_999);
    const limit = wholeOf(ctx.query, 'limit', TICKET_PAGE_SIZE, 100);
    if (from === null || limit === null) return refusal(400, LIST_TEXT);
    const statusId = ctx.query.get('statusId');
    if (statusId !== null && !isStatusId(statusId)) return refusal(400, STATUS_TEXT);
    const now = ctx.now();
    const tickets = ticketsOf(ctx.db, contact.id).map((row) => toTicket(ctx.db, row, contact.email, now));
    const matching = statusId === null ? tickets : tickets.filter((ticket) => ticket.statusId === statusId);
    return answer({ data: matching.slice(from - 1, from - 1 + limit), count: matching.length });
  },

  helpdeskTicket: (ctx) => {
    const contact = contactOf(ctx);
    const ticket = ticketFor(ctx, contact, ctx.params.id);
    return isReply(ticket) ? ticket : answer(toTicket(ctx.db, ticket, contact.email, ctx.now()));
  },

  helpdeskTicketCreate: (ctx) =>
    once(ctx, 'helpdeskTicketCreate', ctx.body.requestId, { body: ctx.body }, (contact) => {
      const { values, issues } = fieldsOf(ctx.body.fields);
      const departmentId = ctx.body.departmentId ?? DEFAULT_DEPARTMENT_ID;
      if (!DEPARTMENTS.some((d) => d.id === departmentId)) issues.push({ param: 'departmentId', description: DEPARTMENT_TEXT });
      const uploads = uploadsOf(ctx, contact, ctx.body.uploadIds);
      if (uploads.issue) issues.push(uploads.issue);
      if (issues.length > 0) return fieldProblems(issues);
      const now = ctx.now();
      const at = new Date(now).toISOString();
      const brand = customerById(ctx.db, contact.customer_id)!.brand;
      const { subject, description, ...others } = values;
      const id = insertTicket(ctx.db, {
        contactId: contact.id,
        brand,
        number: nextTicketNumber(ctx.db, brand),
        subject: subject!,
        departmentId,
        status: 'Open',
        fields: others,
        readAt: null,
        createdAt: at,
        updatedAt: at,
      });
      addThread(ctx.db, ticketById(ctx.db, id)!, { authorType: 'END_USER', authorName: contact.name, content: description!, uploadIds: uploads.ids, createdAt: at });
      return answer(toTicket(ctx.db, ticketById(ctx.db, id)!, contact.email, now));
    }),

  helpdeskTicketUpdate: (ctx) => {
    const contact = contactOf(ctx);
    return transaction(ctx.db, () => {
      const ticket = ticketFor(ctx, contact, ctx.params.id);
      if (isReply(ticket)) return ticket;
      const at = Date.parse(ctx.body.cf.cf_read_at);
      if (Number.isNaN(at)) return refusal(400, READ_AT_TEXT);
      const now = ctx.now();
      writeReadAt(ctx.db, ticket, new Date(Math.min(at, now)).toISOString());
      return answer(toTicket(ctx.db, ticketById(ctx.db, ticket.id)!, contact.email, now));
    });
  },

  helpdeskReply: (ctx) =>
    once(ctx, 'helpdeskReply', ctx.body.requestId, { ticket: ctx.params.id, body: ctx.body }, (contact) => {
      const ticket = ticketFor(ctx, contact, ctx.params.id);
      if (isReply(ticket)) return ticket;
      const issues: Issue[] = [];
      const content = ctx.body.content.trim();
      if (content === '' || Array.from(content).length > CONTENT_MAX) issues.push({ param: 'content', description: CONTENT_TEXT });
      const uploads = uploadsOf(ctx, contact, ctx.body.uploadIds);
      if (uploads.issue) issues.push(uploads.issue);
      if (issues.length > 0) return fieldProblems(issues);
      const id = addThread(ctx.db, ticket, { authorType: 'END_USER', authorName: contact.name, content, uploadIds: uploads.ids, createdAt: new Date(ctx.now()).toISOString() });
      return answer(toThread(ctx.db, threadById(ctx.db, id)!));
    }),

  helpdeskThread: (ctx) => {
    const found = threadFor(ctx, contactOf(ctx), ctx.params);
    return isReply(found) ? found : answer(toThread(ctx.db, found.thread));
  },

  helpdeskConversations: (ctx) => {
    const contact = contactOf(ctx);
    const ticket = ticketFor(ctx, contact, ctx.params.id);
    if (isReply(ticket)) return ticket;
    const limit = wholeOf(ctx.query, 'limit', CONVERSATION_LIMIT, CONVERSATION_LIMIT);
    if (limit === null) return refusal(400, CONVERSATIONS_TEXT);
    const threads = threadsOf(ctx.db, ticket.id);
    return answer({ data: threads.slice(0, limit).map((row) => toConversation(ctx.db, row)), count: threads.length });
  },

  helpdeskUpload: (ctx) => {
    const contact = contactOf(ctx);
    const file = ctx.files.file;
    if (!file || file.size === 0) return refusal(400, FILE_EMPTY);
    if (file.size > ATTACHMENT_MAX_BYTES) return refusal(413, FILE_TOO_LARGE);
    // The part's content type; none (a browser that does not know the file sends application/octet-stream): the extension's.
    const declared = file.type.split(';')[0]!.trim().toLowerCase();
    const type = declared === '' || declared === 'application/octet-stream' ? typeOfExtension(extensionOf(file.name)) : declared;
    const kind = kindOfType(type);
    const taken = ATTACHMENT_TYPES[type]?.includes(extensionOf(file.name)) === true && kind !== null && bytesAre(kind, file.bytes);
    if (!taken) return refusal(415, FILE_TYPE);
    const now = ctx.now();
    return transaction(ctx.db, () => {
      sweepUploads(ctx.db, contact.id, now);
      const id = insertFile(ctx.db, { contactId: contact.id, threadId: null, name: file.name, mime: type, content: file.bytes, createdAt: new Date(now).toISOString() });
      return answer({ id: String(id), name: file.name, size: file.size });
    });
  },

  helpdeskAttachmentContent: (ctx) => {
    const found = threadFor(ctx, contactOf(ctx), ctx.params);
    if (isReply(found)) return found;
    const id = idOf(ctx.params.attachmentId);
    const file = id === null ? undefined : fileById(ctx.db, id);
    if (!file || file.thread_id !== found.thread.id) return refusal(404, NO_SUCH_ATTACHMENT);
    return { status: 200, headers: { 'Content-Disposition': dispositionOf(file.name) }, bytes: { content: file.content, contentType: file.mime } };
  },
};
