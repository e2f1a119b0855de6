import type { Language } from '../../machines/shared/languages.ts';
import { INVOICE_PAGE_SIZE, INVOICE_STATUS, invoiceFilterProblems, type InvoiceFilterField, type InvoiceTab, type RangeProblem } from '../../machines/invoices/invoice-search.ts';
import {
  fundingAmountProblem,
  INVOICE_NOTE_MAX,
  invoiceCreateProblems,
  rejectNoteProblem,
  type AmountProblem,
  type InvoiceCreateProblem,
  type InvoiceCreateValues,
} from '../../machines/invoices/invoice.rules.ts';
import { actsFor, denied, owner } from '../access.ts';
import { pickLanguage } from '../auth-messages.ts';
import type { Db } from '../db.ts';
import { invoicePdf } from '../documents/invoice-pdf.ts';
import { regulatedEntityOf, serviceAddress } from '../documents/regulated-entity.ts';
import type { DocumentsHandlerMap, HandlerMap, HandlerReply } from '../handler-types.ts';
import { insertInvoice, inCurrency, invoiceById, INVOICE_NOT_WAITING, NO_SUCH_INVOICE, type InvoiceRow } from '../invoice-store.ts';
import { CLOSED, idempotent, nowIso, PAYMENT } from '../kernel/ledger.ts';
import { customerByEmail, customerById, type CustomerRow } from '../kernel/customers.ts';
import { currencyDecimals, decimal, units } from '../kernel/money.ts';
import { ok, refused, vfMany, type Issue } from '../kernel/replies.ts';
import { customerTimeZone, dayAfter, dayIn, dayStartIn } from '../kernel/time-zone.ts';
import { transferRefusal } from '../requests.ts';
import { customerEmails, MAX_P2P } from './p2p.ts';

/**
 * Invoices (issue 51; spec 001 s3 Invoice, s4 Invoices, s7 invoices, s8, s9; main.yaml tag
 * invoices, documents.yaml getInvoicePdf). The rules are the app's (machines/invoices/): the
 * service adds its limits and its words. Every call acts for the customer of fromCustomerId (a
 * company's users for the company); the writes need transfer rights and run once per requestId.
 *
 * - Lists: received (the customer pays) and sent (the customer is paid), newest sent first, 20 a
 *   page unless asked; status is the statusId; fromDate/toDate are days of the sent time in the
 *   customer's time zone, both inclusive; fromAmount/toAmount bound the amount, both inclusive and
 *   exact; the other party's e-mail matches in part, in any case. Ranges out of order: VF (toDate,
 *   toAmount).
 * - status in words in the request's language: 1 is "Unpaid" to the payer and "Awaiting payment"
 *   to the sender (main.yaml InvoiceStatusId), 2 "Paid", 3 "Rejected", 4 "Payment pending".
 * - Create: to another customer by e-mail (one on the creator's payout blacklist too: the app only
 *   warns), in a currency of the creator's open payment accounts (the money arrives in that
 *   account: payeeAccountId), due today or later in the creator's time zone, at most MAX_P2P (it is
 *   paid by a p2p transfer). The payer hears of it on the realtime channel (invoice.received).
 * - Reject: the payer of an unpaid invoice a customer sent (not the service's), with an optional
 *   note the sender reads as rejectionNote; the sender hears of it (invoice.rejected).
 * - Funding: a business asks the service for an invoice to fund its first open payment account
 *   (its currency), at most MAX_FUNDING; payee the brand's regulated entity at its funding@ address.
 *   The fault switch (POST /__sandbox/invoice-funding-fault) makes it fail with the text the app
 *   shows (001 s8), and the PDF of that business's funding invoices fail (500).
 * - Paying is p2pTransfer with invoiceId (sandbox/handlers/p2p.ts, sandbox/invoice-store.ts).
 * - The PDF (documents service): made when asked, for whoever may act for the payee or the payer.
 */

/** The largest funding invoice (a sandbox figure: the spec gives none). */
export const MAX_FUNDING = '1000000.00';
/** A funding invoice is due this many days after the customer's today. */
const FUNDING_DUE_DAYS = 14;
/** The failure the app shows for a funding invoice that could not be made (001 s8). */
export const FUNDING_FAILED = 'Failed to generate invoice. Please, try again.';

// ---- the status in words -----------------------------------------------------------------------

type StatusWord = 'unpaid' | 'awaitingPayment' | 'paid' | 'rejected' | 'paymentPending';

/**
 * The status in the six languages: data (like security-lists.ts's agreement names), since most are
 * too short for the sandbox's text finder and the reply's `status` is not a translated field.
 */
const STATUS_WORDS: Readonly<Record<Language, Readonly<Record<StatusWord, { label: string }>>>> = {
  en: { unpaid: { label: 'Unpaid' }, awaitingPayment: { label: 'Awaiting payment' }, paid: { label: 'Paid' }, rejected: { label: 'Rejected' }, paymentPending: { label: 'Payment pending' } },
  es: { unpaid: { label: 'Sin pagar' }, awaitingPayment: { label: 'En espera de pago' }, paid: { label: 'Pagada' }, rejected: { label: 'Rechazada' }, paymentPending: { label: 'Pago en trámite' } },
  ro: { unpaid: { label: 'Neplătită' }, awaitingPayment: { label: 'În așteptarea plății' }, paid: { label: 'Plătită' }, rejected: { label: 'Respinsă' }, paymentPending: { label: 'Plată în curs' } },
  ru: { unpaid: { label: 'Не оплачен' }, awaitingPayment: { label: 'Ожидает оплаты' }, paid: { label: 'Оплачен' }, rejected: { label: 'Отклонён' }, paymentPending: { label: 'Оплата в обработке' } },
  uk: { unpaid: { label: 'Не оплачено' }, awaitingPayment: { label: 'Очікує оплати' }, paid: { label: 'Оплачено' }, rejected: { label: 'Відхилено' }, paymentPending: { label: 'Оплата в обробці' } },
  pt: { unpaid: { label: 'Por pagar' }, awaitingPayment: { label: 'A aguardar pagamento' }, paid: { label: 'Paga' }, rejected: { label: 'Rejeitada' }, paymentPending: { label: 'Pagamento em curso' } },
};

/** Which word a side reads for a statusId: the sender of an unpaid invoice awaits its payment. */
function statusWord(statusId: number, side: 'payee' | 'payer'): StatusWord {
  switch (statusId) {
    case INVOICE_STATUS.paid:
      return 'paid';
    case INVOICE_STATUS.rejected:
      return 'rejected';
    case INVOICE_STATUS.paymentPending:
      return 'paymentPending';
    default:
      return side === 'payee' ? 'awaitingPayment' : 'unpaid';
  }
}

export const statusText = (statusId: number, side: 'payee' | 'payer', language: Language): string => STATUS_WORDS[language][statusWord(statusId, side)].label;

// ---- the reply ---------------------------------------------------------------------------------

/** The invoice's PDF on the documents service (documents.yaml getInvoicePdf), relative to it like every documents link. */
export const invoicePdfLink = (id: number): string => `/invoices/${id}/pdf`;

/** What the payer pays: the amount and the fee (zero until paid). */
const totalOf = (row: Pick<InvoiceRow, 'amount' | 'fee' | 'currency'>): string => decimal(units(row.amount) + units(row.fee), currencyDecimals(row.currency));

/** An invoice as `viewer` (its payee or payer) reads it (main.yaml Invoice). */
export function toInvoice(row: InvoiceRow, viewer: number, language: Language) {
  const side = row.payee_id === viewer ? 'payee' : 'payer';
  return {
    id: row.id,
    payeeName: row.payee_name,
    payerName: row.payer_name,
    payeeEmail: row.payee_email,
    payerEmail: row.payer_email,
    payeeAccountId: row.payee_account_id,
    payerAccountId: row.payer_account_id,
    amount: row.amount,
    currencyCode: row.currency,
    total: totalOf(row),
    feePayment: row.fee,
    dueDate: row.due_date,
    sentDate: row.sent,
    updatedDate: row.updated,
    statusId: row.status_id,
    status: statusText(row.status_id, side, language),
    noteBody: row.note,
    rejectionNote: row.rejection_note,
    isFunding: row.is_funding === 1,
    isSystem: row.is_system === 1,
    urlPdf: invoicePdfLink(row.id),
  };
}

const languageOf = (headers: Pick<Headers, 'get'>): Language => pickLanguage(headers.get('accept-language'));

// ---- the customers -----------------------------------------------------------------------------


/** How an invoice names a party: a business by its name, a person by first and last name. */
export const partyName = (c: Pick<CustomerRow, 'business_name' | 'first_name' | 'last_name' | 'login'>): string =>
  c.business_name ?? ([c.first_name, c.last_name].filter(Boolean).join(' ') || c.login);

/** The customer's open payment accounts (type 1001), oldest first. */
const paymentAccountsOf = (db: Db, customerId: number) =>
  db.prepare('SELECT id, currency FROM accounts WHERE customer_id = ? AND type = ? AND status_id <> ? ORDER BY id').all(customerId, PAYMENT, CLOSED) as { id: number; currency: string }[];

// ---- the funding fault -------------------------------------------------------------------------

/** Whether the funding fault is on for this business (its profile's `invoiceFundingFault`, set by the control API). */
export function fundingFaultOn(db: Db, customerId: number): boolean {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string } | undefined;
  return row ? (JSON.parse(row.profile) as { invoiceFundingFault?: boolean }).invoiceFundingFault === true : false;
}

/** Switches the funding fault of a customer on or off (POST /__sandbox/invoice-funding-fault); off for everyone without a customer. */
export function setFundingFault(db: Db, customerId: number | null, on: boolean): void {
  const rows = (customerId === null ? db.prepare("SELECT id, profile FROM customers WHERE profile LIKE '%invoiceFundingFault%'").all() : db.prepare('SELECT id, profile FROM customers WHERE id = ?').all(customerId)) as {
    id: number;
    profile: string;
  }[];
  for (const row of rows) {
    const { invoiceFundingFault: _was, ...rest } = JSON.parse(row.profile) as Record<string, unknown>;
    db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify(on ? { ...rest, invoiceFundingFault: true } : rest), row.id);
  }
}

// ---- the service's words -----------------------------------------------------------------------

const FILTER_TEXTS: Readonly<Record<InvoiceFilterField, Readonly<Record<RangeProblem, string>>>> = {
  fromDate: { format: 'Enter a date', order: 'Enter a date' },
  toDate: { format: 'Enter a date', order: 'The end date must not be before the start date' },
  fromAmount: { format: 'Enter an amount of zero or more', order: 'Enter an amount of zero or more' },
  toAmount: { format: 'Enter an amount of zero or more', order: 'The largest amount is below the smallest' },
};

function amountText(problem: AmountProblem, currency: string): string {
  switch (problem) {
    case 'required':
      return 'Enter an amount';
    case 'format':
      return 'Enter the amount in digits, with a point before the decimals';
    case 'zero':
      return 'Enter an amount above zero';
    case 'places':
      return `At most ${currencyDecimals(currency)} decimals in ${currency}`;
  }
}

function createText(field: keyof InvoiceCreateValues, problem: InvoiceCreateProblem, currency: string): string {
  switch (problem) {
    case 'own':
      return 'Choose someone else: this is your own e-mail';
    case 'unknownCurrency':
      return 'You have no open account in this currency';
    case 'past':
      return 'The due date cannot be before today';
    case 'tooLong':
      return `The note has at most ${INVOICE_NOTE_MAX} characters`;
    case 'required':
      return field === 'toEmail' ? 'Enter an e-mail address' : field === 'currency' ? 'Choose a currency' : field === 'dueDate' ? 'Enter a date' : amountText(problem, currency);
    case 'format':
      return field === 'toEmail' ? 'Enter a valid e-mail address' : field === 'dueDate' ? 'The date is not valid' : amountText(problem, currency);
    default:
      return amountText(problem, currency);
  }
}

// ---- the lists ---------------------------------------------------------------------------------

interface ListRequest {
  pageNumber?: number | undefined;
  pageSize?: number | undefined;
  status?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  fromAmount?: string | undefined;
  toAmount?: string | undefined;
  /** The other party's e-mail (payeeEmail on Received, payerEmail on Sent). */
  email?: string | undefined;
}

/** `text` for a SQL LIKE that matches it anywhere, its own % and _ taken literally (escape \). */
const containing = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listInvoices(db: Db, acting: number, tab: InvoiceTab, request: ListRequest, language: Language): HandlerReply {
  const text = (value: string | undefined) => (value ?? '').trim() || undefined;
  const range = { fromDate: text(request.fromDate), toDate: text(request.toDate), fromAmount: text(request.fromAmount), toAmount: text(request.toAmount) };
  const problems = invoiceFilterProblems(range);
  const issues: Issue[] = (['fromDate', 'toDate', 'fromAmount', 'toAmount'] as const).flatMap((param) => {
    const problem = problems[param];
    return problem ? [{ param, description: FILTER_TEXTS[param][problem] }] : [];
  });
  if (issues.length) return vfMany(issues);
  // The days are the customer's: from the start of fromDate to the start of the day after toDate there.
  const zone = customerTimeZone(db, acting);
  const where = [tab === 'received' ? 'payer_id = ?' : 'payee_id = ?'];
  const args: (string | number | bigint)[] = [acting];
  const and = (sql: string, value: string | number | bigint) => {
    where.push(sql);
    args.push(value);
  };
  if (request.status !== undefined) and('status_id = ?', request.status);
  if (range.fromDate) and('sent >= ?', dayStartIn(range.fromDate, zone));
  if (range.toDate) and('sent < ?', dayStartIn(dayAfter(range.toDate), zone));
  if (range.fromAmount) and('amount_units >= ?', units(range.fromAmount));
  if (range.toAmount) and('amount_units <= ?', units(range.toAmount));
  const email = text(request.email);
  if (email) and(`lower(${tab === 'received' ? 'payee_email' : 'payer_email'}) LIKE ? ESCAPE '\\'`, containing(email));
  const pageSize = request.pageSize ?? INVOICE_PAGE_SIZE;
  const pageNumber = request.pageNumber ?? 1;
  const filter = where.join(' AND ');
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM invoices WHERE ${filter}`).get(...args) as { total: number };
  const rows = db.prepare(`SELECT * FROM invoices WHERE ${filter} ORDER BY sent DESC, id DESC LIMIT ? OFFSET ?`).all(...args, pageSize, (pageNumber - 1) * pageSize) as unknown as InvoiceRow[];
  return ok({ total, invoices: rows.map((row) => toInvoice(row, acting, language)) });
}

/** The invoice when `acting` is its payee or payer. */
const invoiceOf = (db: Db, acting: number, id: unknown): InvoiceRow | undefined => {
  const row = invoiceById(db, id);
  return row && (row.payer_id === acting || row.payee_id === acting) ? row : undefined;
};

// ---- the handlers ------------------------------------------------------------------------------

export const invoiceHandlers: HandlerMap = {
  invoiceReceivedList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const { body } = ctx;
    return listInvoices(ctx.db, acting, 'received', { ...body, email: body.payeeEmail }, languageOf(ctx.headers));
  },

  invoiceSentList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const { body } = ctx;
    return listInvoices(ctx.db, acting, 'sent', { ...body, email: body.payerEmail }, languageOf(ctx.headers));
  },

  invoiceGet: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = invoiceOf(ctx.db, acting, ctx.body.invoiceId);
    return row ? ok({ invoice: toInvoice(row, acting, languageOf(ctx.headers)) }) : refused(NO_SUCH_INVOICE, 'UE');
  },

  invoiceCreate: idempotent(
    'invoiceCreate',
    (ctx, acting) => {
      const { db, body } = ctx;
      const me = customerById(db, acting);
      if (!me) return denied;
      const accounts = paymentAccountsOf(db, acting);
      const values: InvoiceCreateValues = { toEmail: body.toEmail, amount: String(body.amount), currency: body.currency, dueDate: body.dueDate, noteBody: body.noteBody ?? '' };
      const today = dayIn(ctx.now(), customerTimeZone(db, acting));
      const problems = invoiceCreateProblems(values, { today, currencies: [...new Set(accounts.map((a) => a.currency))], ownEmails: customerEmails(db, acting).map((e) => e.email) });
      const currency = values.currency.trim().toUpperCase();
      const issues: Issue[] = (['toEmail', 'amount', 'currency', 'dueDate', 'noteBody'] as const).flatMap((param) => {
        const problem = problems[param];
        return problem ? [{ param, description: createText(param, problem, currency) }] : [];
      });
      // The service's own limit: an invoice is paid by a p2p transfer, which takes at most MAX_P2P.
      if (!problems.amount && units(values.amount) > units(MAX_P2P)) issues.push({ param: 'amount', description: `The largest amount is ${MAX_P2P} ${currency}` });
      if (issues.length) return vfMany(issues);
      const payer = customerByEmail(db, values.toEmail);
      if (!payer || payer.kind === 'admin') return refused('There is no customer with this e-mail', 'UE');
      if (payer.kind === 'employee') return refused('This customer cannot pay invoices', 'UE');
      const payeeAccount = accounts.find((a) => a.currency === currency)!;
      const sent = nowIso(ctx);
      const note = values.noteBody.trim();
      const id = insertInvoice(db, {
        brand: me.brand,
        payeeId: acting,
        payerId: payer.id,
        payeeName: partyName(me),
        payeeEmail: me.login,
        payerName: partyName(payer),
        payerEmail: payer.login,
        payeeAccountId: payeeAccount.id,
        amount: inCurrency(values.amount, currency),
        currency,
        dueDate: values.dueDate.trim(),
        sent,
        note: note || null,
      });
      ctx.realtime.toCustomer(payer.id, { type: 'invoice.received', id: `invoice-${id}-received`, invoiceId: id });
      return ok({ invoice: toInvoice(invoiceById(db, id)!, acting, languageOf(ctx.headers)) });
    },
    { refusal: transferRefusal },
  ),

  invoiceReject: idempotent(
    'invoiceReject',
    (ctx, acting) => {
      const { db, body } = ctx;
      const row = invoiceOf(db, acting, body.invoiceId);
      if (!row) return refused(NO_SUCH_INVOICE, 'UE');
      if (row.payer_id !== acting) return refused('Only the customer asked to pay an invoice can reject it', 'UE');
      if (row.is_system === 1 || row.is_funding === 1) return refused('An invoice from the service cannot be rejected', 'UE');
      const note = body.note ?? '';
      if (rejectNoteProblem(note)) return vfMany([{ param: 'note', description: `The note has at most ${INVOICE_NOTE_MAX} characters` }]);
      if (row.status_id !== INVOICE_STATUS.unpaid) return refused(INVOICE_NOT_WAITING, 'UE');
      db.prepare('UPDATE invoices SET status_id = ?, rejection_note = ?, updated = ? WHERE id = ?').run(INVOICE_STATUS.rejected, note.trim() || null, nowIso(ctx), row.id);
      if (row.payee_id !== null) ctx.realtime.toCustomer(row.payee_id, { type: 'invoice.rejected', id: `invoice-${row.id}-rejected`, invoiceId: row.id });
      return ok({ invoice: toInvoice(invoiceById(db, row.id)!, acting, languageOf(ctx.headers)) });
    },
    { refusal: transferRefusal },
  ),

  fundingInvoiceCreate: idempotent(
    'fundingInvoiceCreate',
    (ctx, acting) => {
      const { db, body } = ctx;
      const business = customerById(db, acting);
      if (!business || business.kind !== 'business') return refused('Only a business can ask for a funding invoice', 'UE');
      const funded = paymentAccountsOf(db, acting)[0];
      if (!funded) return refused('The business has no open payment account to fund', 'UE');
      const amount = String(body.amount);
      const problem = fundingAmountProblem(amount, funded.currency);
      if (problem) return vfMany([{ param: 'amount', description: amountText(problem, funded.currency) }]);
      if (units(amount) > units(MAX_FUNDING)) return vfMany([{ param: 'amount', description: `The largest amount is ${MAX_FUNDING} ${funded.currency}` }]);
      // The fault switch: the document cannot be made (001 s8's text; nothing is kept, so the same requestId may try again).
      if (fundingFaultOn(db, acting)) return refused(FUNDING_FAILED, 'UE');
      const entity = regulatedEntityOf(business.brand);
      const today = dayIn(ctx.now(), customerTimeZone(db, acting));
      const id = insertInvoice(db, {
        brand: business.brand,
        payeeId: null,
        payerId: acting,
        payeeName: entity.name,
        payeeEmail: serviceAddress(business.brand, 'funding'),
        payerName: partyName(business),
        payerEmail: business.login,
        // The account the money funds.
        payeeAccountId: funded.id,
        amount: inCurrency(amount, funded.currency),
        currency: funded.currency,
        dueDate: new Date(Date.parse(`${today}T00:00:00Z`) + FUNDING_DUE_DAYS * 86_400_000).toISOString().slice(0, 10),
        sent: nowIso(ctx),
        isFunding: true,
        isSystem: true,
      });
      return ok({ invoice: toInvoice(invoiceById(db, id)!, acting, languageOf(ctx.headers)) });
    },
    { refusal: transferRefusal },
  ),
};

// ---- the PDF (documents service) ---------------------------------------------------------------

export const invoiceDocumentHandlers: DocumentsHandlerMap = {
  getInvoicePdf: async (ctx) => {
    const row = invoiceById(ctx.db, ctx.params.invoiceId);
    const mayRead = (customerId: number | null) => customerId !== null && actsFor(ctx.db, ctx.customerId, customerId);
    if (!row || !(mayRead(row.payer_id) || mayRead(row.payee_id))) return { status: 404, body: { message: NO_SUCH_INVOICE } };
    if (row.is_funding === 1 && fundingFaultOn(ctx.db, row.payer_id)) return { status: 500, body: { message: FUNDING_FAILED } };
    const side = row.payee_id !== null && mayRead(row.payee_id) ? 'payee' : 'payer';
    const instruction =
      row.is_funding === 1 && row.payee_account_id !== null
        ? (ctx.db.prepare('SELECT bank_name, bank_account_number, swift, reference, beneficiary_name FROM instructions WHERE account_id = ?').get(row.payee_account_id) as
            | { bank_name: string; bank_account_number: string; swift: string; reference: string; beneficiary_name: string }
            | undefined)
        : undefined;
    const content = await invoicePdf({
      invoice: row,
      status: statusText(row.status_id, side, 'en'),
      total: totalOf(row),
      entity: regulatedEntityOf(row.brand),
      bank: instruction ? { bankName: instruction.bank_name, accountNumber: instruction.bank_account_number, swift: instruction.swift, reference: instruction.reference, beneficiary: instruction.beneficiary_name } : null,
      created: new Date(ctx.now()),
    });
    return {
      status: 200,
      headers: { 'Content-Disposition': `attachment; filename="invoice-${row.id}.pdf"` },
      bytes: { content, contentType: 'application/pdf' },
    };
  },
};
