import { parse } from 'csv-parse/sync';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import type { Db } from '../db.ts';
import { isCardType } from '../seed-accounts.ts';
import { denied, owner } from '../access.ts';
import { holdOrRequest, transferRefusal } from '../requests.ts';
import { add, currencyDecimals, decimal, decimalsOf, subtract, units } from '../kernel/money.ts';
import { account, CLOSED, completeHeld, idempotent, insertBatch, insertTransaction, nextBatchId, nowIso, PAYMENT, rejectHeld, setBalance, transferTextOf } from '../kernel/ledger.ts';
import { customerByEmail, existingCustomer, type CustomerRow } from '../kernel/customers.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import type { P2pMassWork, P2pWork, PerformResult, Performers } from '../work.ts';
import { blacklistBlocks } from './security-lists.ts';
import { INVOICE_NOT_WAITING, invoiceMismatch, invoiceStillPayable, invoiceToPay, markInvoicePaid, markInvoicePending, releaseInvoice, unpaidInvoiceLimit, type InvoiceRow } from '../invoice-store.ts';
import { permissionFlagsFor } from '../company-people-store.ts';

/**
 * Peer-to-peer by e-mail (001 s3, s5, s7; docs/decisions.md "Peer-to-peer"): the payee check, the
 * fee, the customer's e-mails, beneficiaries and templates, recent transfer details, and the
 * transfer itself, idempotent by requestId and confirmed in the sender's approval mode. The money
 * arrives in the payee's open payment account in the same currency. Sandbox figures (the real
 * ones are not in the spec): the fee is 1 % rounded up to the cent, at least 0.25 and at most
 * 15.00 (none in crypto); coupon NOFEE waives it; one transfer at most 10,000.00.
 *
 * Paying an invoice (issue 51) is this transfer with its invoiceId: an invoice the sender received
 * and has not paid (sandbox/invoice-store.ts), paid exactly as issued (recipient, amount, currency).
 * It is paid (2) when the money moves, payment pending (4) while a business approver has to decide
 * it (unpaid again if declined); held for the sender's own approval code or push it stays unpaid
 * until confirmed, and a payment confirmed after another one paid it fails without moving money.
 * An invoice from the service (a system invoice) is paid to the service: no customer receives it.
 */
export const MAX_P2P = '10000.00';
const COUPONS: Record<string, 'waive'> = { NOFEE: 'waive' };
/** The transfers a recent transfer's details describe (the contract's RecentTransferType). */
const RECENT_TYPES = ['p2p', 'eft', 'wire', 'oct', 'crypto_eft', 'instant_payment', 'interac'];


/** How a payee is named to the sender: a business by its name, a person by first name and initial. */
const payeeName = (c: CustomerRow): string => c.business_name ?? `${c.first_name ?? ''} ${(c.last_name ?? '').slice(0, 1)}.`.trim();

/** The sender's e-mails: the login first (primary), then a second address every demo customer has. */
export function customerEmails(db: Db, customerId: number): { id: number; email: string; isPrimary: boolean }[] {
  const c = existingCustomer(db, customerId);
  const [local, domain] = c.login.split('@');
  return [
    { id: 1, email: c.login, isPrimary: true },
    { id: 2, email: `${local}.payments@${domain}`, isPrimary: false },
  ];
}

/** 001 s5: valid when longer than 5 characters with "@" and "." (the empty case is the client's). */
const validEmail = (text: string) => text.length > 5 && text.includes('@') && text.includes('.');

function payeeCheck(ctx: HandlerContext<'checkPayee' | 'checkEmail'>): HandlerReply {
  const acting = owner(ctx);
  if (acting === null) return denied;
  const email = String(ctx.body.email ?? '').trim();
  if (!validEmail(email)) return vf('email', 'Enter a whole e-mail address');
  const payee = customerByEmail(ctx.db, email);
  const exist = !!payee && payee.kind !== 'admin';
  return ok({
    exist,
    exists: exist,
    isEmployee: payee?.kind === 'employee',
    // The customer's payout blacklist (sandbox/handlers/security-lists.ts): an entry for every payout or for single ones.
    outBlacklist: blacklistBlocks(ctx.db, acting, email, 'p2p'),
    ...(exist && payee ? { name: payeeName(payee) } : {}),
  });
}

/** The fee in the account's currency: 1 % rounded up to the cent, 0.25 to 15.00; none in crypto. */
export function p2pFee(amount: string, currency: string): string {
  if (currencyDecimals(currency) === 8) return '0.00000000';
  const cents = (units(amount) + 99_999_999n) / 100_000_000n; // 1 % in cents, rounded up
  const clamped = cents < 25n ? 25n : cents > 1500n ? 1500n : cents;
  return decimal(clamped * 1_000_000n, 2);
}

/** Moves the money: the sender's balance (amount and fee), the payee's payment account, the activity rows; all or nothing. */
function moveP2p(db: Db, acting: number, work: P2pWork, heldTransactionId: number | null, created: string): PerformResult & { transactionId?: number } {
  const from = account(db, work.fromId, acting);
  // Paid to the service (a system invoice): nobody's account receives it.
  const to = work.payeeId === null ? null : payeeAccount(db, work.payeeId, work.currency);
  if (!from || from.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  if (work.payeeId !== null && !to) return { ok: false, reason: 'The recipient cannot receive this currency' };
  if (work.invoiceId !== undefined && !invoiceStillPayable(db, work.invoiceId, heldTransactionId)) return { ok: false, reason: INVOICE_NOT_WAITING };
  if (units(from.balance) < units(work.amount) + units(work.fee)) return { ok: false, reason: 'Not enough money on this account' };
  setBalance(db, from.id, subtract(subtract(from.balance, work.amount), work.fee));
  if (to) setBalance(db, to.id, add(to.balance, work.amount));
  let transactionId = heldTransactionId;
  if (transactionId !== null) completeHeld(db, transactionId, created);
  else transactionId = insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'p2p', amount: `-${work.amount}`, currency: work.currency, counterparty: work.payeeName, email: work.toEmail, permission: '3d', text: work.text, invoiceId: work.invoiceId });
  if (to && work.payeeId !== null) insertTransaction(db, { customerId: work.payeeId, accountId: to.id, created, type: 'p2p', amount: work.amount, currency: work.currency, counterparty: work.senderName, email: work.senderEmail, text: work.text, invoiceId: work.invoiceId });
  if (units(work.fee) > 0n) insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'fee', amount: `-${work.fee}`, currency: work.currency, counterparty: null });
  if (work.invoiceId !== undefined) markInvoicePaid(db, work.invoiceId, from.id, work.fee, created);
  return { ok: true, transactionId };
}

const payeeAccount = (db: Db, payeeId: number, currency: string) =>
  db.prepare('SELECT * FROM accounts WHERE customer_id = ? AND type = ? AND currency = ? AND status_id <> ? ORDER BY id LIMIT 1').get(payeeId, PAYMENT, currency, CLOSED) as
    | { id: number; balance: string }
    | undefined;

/** Whether the caller's permission flags for the sender (company users have their own) allow sending by e-mail. */
const flagsAllowP2p = (db: Db, callerId: number | null, senderId: number): boolean => {
  const flags = permissionFlagsFor(db, callerId, senderId) as { sendMoneyUser?: boolean; sendToOthers?: { userToUser?: boolean } };
  return flags.sendMoneyUser === true || flags.sendToOthers?.userToUser === true;
};

export const p2pHandlers: HandlerMap = {
  checkPayee: payeeCheck,
  checkEmail: payeeCheck,
  p2pFee: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const from = account(ctx.db, ctx.body.accountId, acting);
    if (!from) return denied;
    const amount = String(ctx.body.amount);
    if (units(amount) <= 0n) return vf('amount', 'Enter an amount above zero');
    return ok({ fee: p2pFee(amount, from.currency), currencyCode: from.currency });
  },
  customerEmailList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    return ok({ emails: customerEmails(ctx.db, acting) });
  },
  p2pBeneficiaryList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const rows = ctx.db
      .prepare("SELECT counterparty AS name, counterparty_email AS email FROM transactions WHERE customer_id = ? AND type = 'p2p' AND amount LIKE '-%' AND counterparty_email IS NOT NULL AND disabled = 0 ORDER BY created DESC, id DESC")
      .all(acting) as { name: string; email: string }[];
    const seen = new Set<string>();
    const beneficiaries = rows.filter((r) => !seen.has(r.email.toLowerCase()) && seen.add(r.email.toLowerCase())).map((r) => ({ email: r.email, name: r.name }));
    return ok({ beneficiaries });
  },
  customerPaymentTemplateList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const type = typeof ctx.body.type === 'string' ? ctx.body.type : null;
    // p2p templates carry the recipient and note; wire and EFT ones (external transfers) their
    // status (1 or 2 usable, 001 s3), country and beneficiary.
    const rows = ctx.db
      .prepare(
        `SELECT id, name, type, to_email, amount, currency, note, country, beneficiary, wire_status, eft_status FROM payment_templates WHERE customer_id = ? ${type ? 'AND type = ?' : ''} ORDER BY name`,
      )
      .all(...(type ? [acting, type] : [acting])) as {
      id: number;
      name: string;
      type: string;
      to_email: string | null;
      amount: string | null;
      currency: string | null;
      note: string | null;
      country: string | null;
      beneficiary: string | null;
      wire_status: number | null;
      eft_status: number | null;
    }[];
    return ok({
      templates: rows.map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        ...(r.to_email ? { toEmail: r.to_email } : {}),
        ...(r.amount ? { amount: r.amount } : {}),
        ...(r.currency ? { currencyCode: r.currency } : {}),
        ...(r.note ? { note: r.note } : {}),
        ...(r.wire_status !== null ? { wireStatus: r.wire_status } : {}),
        ...(r.eft_status !== null ? { eftStatus: r.eft_status } : {}),
        ...(r.country ? { countryCode: r.country } : {}),
        ...(r.beneficiary ? { beneficiary: JSON.parse(r.beneficiary) as Record<string, unknown> } : {}),
      })),
    });
  },
  recentTransferDetails: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    // An external transfer also gives its country, the currency it arrived in and the beneficiary
    // (sandbox/handlers/external.ts), so the form can be filled again; the amount stays the one
    // sent from the account.
    const row = ctx.db
      .prepare(
        `SELECT t.id, t.type, t.account_id, t.amount, t.currency, t.counterparty, t.counterparty_email, e.country, e.currency AS to_currency, e.beneficiary
         FROM transactions t LEFT JOIN external_transfers e ON e.transaction_id = t.id AND e.customer_id = t.customer_id
         WHERE t.id = ? AND t.customer_id = ? AND t.amount LIKE '-%'`,
      )
      .get(ctx.body.transactionId, acting) as
      | { id: number; type: string; account_id: number; amount: string; currency: string; counterparty: string | null; counterparty_email: string | null; country: string | null; to_currency: string | null; beneficiary: string | null }
      | undefined;
    // Only transfers have details (a fee or a card payment is not one to repeat).
    if (!row || !RECENT_TYPES.includes(row.type)) return denied;
    return ok({
      details: {
        transactionId: row.id,
        type: row.type,
        accountId: row.account_id,
        amount: row.amount.replace(/^-/, ''),
        currencyCode: row.to_currency ?? row.currency,
        ...(row.counterparty ? { name: row.counterparty } : {}),
        ...(row.counterparty_email ? { toEmail: row.counterparty_email } : {}),
        ...(row.country ? { countryCode: row.country } : {}),
        ...(row.beneficiary ? { beneficiary: JSON.parse(row.beneficiary) as Record<string, unknown> } : {}),
      },
    });
  },
  p2pTransfer: idempotent('p2pTransfer', (ctx, acting) => {
    const { db, body } = ctx;
    const sender = existingCustomer(db, acting);
    if (!flagsAllowP2p(db, ctx.customerId, sender.id)) return refused('Sending money by e-mail is not allowed for this profile');
    const from = account(db, body.accountId, acting);
    if (!from) return denied;
    if (from.status_id === CLOSED) return refused('This account is closed', 'CA');
    if (isCardType(from.type)) return vf('accountId', 'Money cannot be sent from a card: choose an account');
    if (body.currency !== undefined && body.currency !== from.currency) return vf('currency', 'The amount is in another currency than the account');
    const toEmail = String(body.toEmail ?? '').trim();
    if (!validEmail(toEmail)) return vf('toEmail', 'Enter a whole e-mail address');
    const amount = String(body.amount);
    // The invoice it pays (issue 51): the sender's own received unpaid invoice, paid exactly as issued.
    let invoice: InvoiceRow | undefined;
    if (body.invoiceId !== undefined) {
      const toPay = invoiceToPay(db, acting, body.invoiceId);
      if ('refused' in toPay) return toPay.refused;
      invoice = toPay.invoice;
      const mismatch = invoiceMismatch(invoice, { toEmail, amount, currency: from.currency });
      if (mismatch) return mismatch;
      if (body.subscriptionFrequency) return vf('subscriptionFrequency', 'An invoice is paid once, not on a schedule');
    }
    // An invoice from the service is paid to the service (no customer has its address).
    const toService = invoice !== undefined && invoice.payee_id === null;
    const payee = toService ? undefined : customerByEmail(db, toEmail);
    if (!toService) {
      if (!payee || payee.kind === 'admin') return vf('toEmail', 'There is no customer with this e-mail');
      if (payee.id === acting) return vf('toEmail', 'Choose someone else: this is your own e-mail');
      if (blacklistBlocks(db, acting, toEmail, 'p2p')) return vf('toEmail', 'This e-mail is on your payout blacklist');
    }
    if (units(amount) <= 0n) return vf('amount', 'Enter an amount above zero');
    if (decimalsOf(amount) > currencyDecimals(from.currency)) return vf('amount', `At most ${currencyDecimals(from.currency)} decimals in ${from.currency}`);
    if (units(amount) > units(MAX_P2P)) return vf('amount', `The largest amount is ${MAX_P2P} ${from.currency}`);
    if (body.fromEmailId !== undefined && !customerEmails(db, acting).some((e) => e.id === body.fromEmailId)) return vf('fromEmailId', 'Choose one of your e-mails');
    const coupon = typeof body.couponCode === 'string' ? body.couponCode.trim().toUpperCase() : '';
    if (coupon && !COUPONS[coupon]) return vf('couponCode', 'This coupon is not valid');
    if (payee && !payeeAccount(db, payee.id, from.currency)) return vf('toEmail', `This customer cannot receive ${from.currency}`);
    const fee = coupon ? decimal(0n, currencyDecimals(from.currency)) : p2pFee(amount, from.currency);
    if (units(from.balance) < units(amount) + units(fee)) return vf('amount', 'Not enough money on this account');
    const created = nowIso(ctx);
    const senderEmail = customerEmails(db, acting).find((e) => e.id === body.fromEmailId)?.email ?? sender.login;
    const work: P2pWork = {
      kind: 'p2p',
      fromId: from.id,
      payeeId: payee ? payee.id : null,
      amount: decimal(units(amount), currencyDecimals(from.currency)),
      fee,
      currency: from.currency,
      toEmail: payee ? payee.login : invoice!.payee_email,
      senderName: payeeName(sender),
      payeeName: payee ? payeeName(payee) : invoice!.payee_name,
      senderEmail,
      text: transferTextOf(body),
      ...(invoice ? { invoiceId: invoice.id } : {}),
    };
    if (typeof body.templateName === 'string' && body.templateName.trim()) {
      db.prepare('INSERT INTO payment_templates (customer_id, name, type, to_email, amount, currency, note) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (customer_id, type, name) DO UPDATE SET to_email = excluded.to_email, amount = excluded.amount, currency = excluded.currency, note = excluded.note').run(
        acting,
        body.templateName.trim(),
        'p2p',
        work.toEmail,
        work.amount,
        from.currency,
        typeof body.note === 'string' && body.note.trim() ? body.note.trim() : null,
      );
    }
    if (body.subscriptionFrequency) {
      db.prepare(
        'INSERT INTO subscriptions (customer_id, kind, from_account, to_account, to_email, amount, currency, frequency, end_date, transactions, user_cancel, reference, created, status) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(acting, 'p2p', from.id, work.toEmail, work.amount, from.currency, String(body.subscriptionFrequency), body.subscriptionEndDate ?? null, body.subscriptionTransactions ?? null, body.subscriptionUserCancel ? 1 : 0, body.reference ?? null, created, 'active');
    }
    const held = { id: null as number | null };
    const waits = holdOrRequest(ctx, acting, created, {
      work,
      request: { transactionType: 'p2p', amount: work.amount, fee, currency: from.currency, accountId: from.id, beneficiary: work.toEmail },
      reserve: () =>
        (held.id = insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'p2p', amount: `-${work.amount}`, currency: from.currency, counterparty: work.payeeName, email: work.toEmail, permission: '3d', status: 'processing', text: work.text, invoiceId: work.invoiceId })),
    });
    if (waits) {
      // Waiting for a business approver (a request): payment pending until decided.
      if (invoice && held.id !== null && (waits.body as { transactionRequestId?: number }).transactionRequestId !== undefined) markInvoicePending(db, invoice.id, held.id, created);
      return waits;
    }
    const moved = moveP2p(db, acting, work, null, created);
    if (!moved.ok) return vf('amount', moved.reason);
    // Paid: a limit for an overdue invoice from the service may have ended (the app reads its verification again).
    if (invoice?.is_system === 1 && !unpaidInvoiceLimit(db, acting, ctx.now())) ctx.realtime.toCustomer(acting, { type: 'verification.changed', id: `invoice-${invoice.id}-paid` });
    return ok({ transactionId: moved.transactionId, approveType: 'none', status: 'completed' });
  }, { refusal: transferRefusal }),
};

// ---- preapproved (recurring) payments ----------------------------------------------------------

interface SubscriptionRow {
  id: number;
  kind: string;
  from_account: number;
  to_account: number | null;
  to_email: string | null;
  amount: string;
  currency: string;
  frequency: string;
  end_date: string | null;
  transactions: number | null;
  user_cancel: number;
  reference: string | null;
  created: string;
  status: string;
}

const toPreapproved = (r: SubscriptionRow) => ({
  id: r.id,
  type: r.kind === 'p2p' ? 'p2p' : 'betweenAccounts',
  amount: r.amount,
  currencyCode: r.currency,
  fromAccount: r.from_account,
  ...(r.to_account !== null ? { toAccount: r.to_account } : {}),
  ...(r.to_email ? { beneficiaryEmail: r.to_email } : {}),
  frequency: r.frequency,
  ...(r.end_date ? { endDate: r.end_date } : {}),
  ...(r.transactions !== null ? { transactions: r.transactions } : {}),
  userCancel: r.user_cancel === 1,
  ...(r.reference ? { reference: r.reference } : {}),
  created: r.created,
  status: r.status === 'cancelled' ? 'cancelled' : 'active',
});

/** The sandbox refuses to cancel a payment with this reference (every rich demo user has one): the failure path of 001 s4, s8. */
const CANCEL_REFUSED_REFERENCE = 'Locked savings';

export const preapprovedHandlers: HandlerMap = {
  preapprovedList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const { body } = ctx;
    const rows = ctx.db.prepare("SELECT * FROM subscriptions WHERE customer_id = ? AND status = 'active' ORDER BY created DESC, id DESC").all(acting) as unknown as SubscriptionRow[];
    const email = typeof body.beneficiaryEmail === 'string' ? body.beneficiaryEmail.trim().toLowerCase() : '';
    const payments = rows.map(toPreapproved).filter((p) => {
      if (email && !(p.beneficiaryEmail ?? '').toLowerCase().includes(email)) return false;
      if (body.type && p.type !== body.type) return false;
      if (body.fromAmount !== undefined && units(p.amount) < units(String(body.fromAmount))) return false;
      if (body.toAmount !== undefined && units(p.amount) > units(String(body.toAmount))) return false;
      return true;
    });
    return ok({ payments });
  },
  preapprovedCancel: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = ctx.db.prepare('SELECT * FROM subscriptions WHERE id = ? AND customer_id = ?').get(ctx.body.id, acting) as SubscriptionRow | undefined;
    if (!row) return denied;
    if (row.status === 'cancelled') return refused('This payment is already cancelled');
    if (row.reference === CANCEL_REFUSED_REFERENCE) return refused('This payment cannot be cancelled online: contact support');
    ctx.db.prepare("UPDATE subscriptions SET status = 'cancelled' WHERE id = ?").run(row.id);
    return ok({ payment: toPreapproved({ ...row, status: 'cancelled' }) });
  },
};

// ---- mass p2p (text content) ------------------------------------------------------------------

interface MassRow {
  line: number;
  email: string;
  amount: string;
  note: string | null;
}

/**
 * One payment a line: e-mail, amount and an optional note, separated by commas, semicolons or tabs
 * (a header line starting with "email" is skipped). csv-parse reads it (quotes, separators); each
 * row is checked like a single p2p transfer. At most 1,000 payments.
 */
const MAX_MASS_ROWS = 1000;

function readMass(db: Db, acting: number, text: string, currency: string): { rows: MassRow[]; errors: { line: number; message: string }[] } {
  const delimiter = text.includes('\t') ? '\t' : text.includes(';') && !text.includes(',') ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (error) {
    return { rows: [], errors: [{ line: Number((error as { lines?: number }).lines ?? 1), message: 'The text cannot be read: check the quotes and separators' }] };
  }
  const rows: MassRow[] = [];
  const errors: { line: number; message: string }[] = [];
  const own = customerEmails(db, acting).map((e) => e.email.toLowerCase());
  records.forEach((record, index) => {
    const line = index + 1;
    const [email = '', amount = '', note = ''] = record;
    if (!email && !amount) return; // an empty line
    if (line === 1 && email.toLowerCase().startsWith('email')) return; // a header
    if (!validEmail(email)) return void errors.push({ line, message: 'Not a whole e-mail address' });
    const payee = customerByEmail(db, email);
    if (!payee || payee.kind === 'admin') return void errors.push({ line, message: 'There is no customer with this e-mail' });
    if (own.includes(email.toLowerCase())) return void errors.push({ line, message: 'This is your own e-mail' });
    if (blacklistBlocks(db, acting, email, 'mass')) return void errors.push({ line, message: 'This e-mail is on your payout blacklist' });
    if (!/^\d{1,15}(\.\d{1,8})?$/.test(amount) || units(amount) <= 0n) return void errors.push({ line, message: 'Not an amount above zero' });
    if (decimalsOf(amount) > currencyDecimals(currency)) return void errors.push({ line, message: `At most ${currencyDecimals(currency)} decimals in ${currency}` });
    if (!payeeAccount(db, payee.id, currency)) return void errors.push({ line, message: `This customer cannot receive ${currency}` });
    if (note.length > 255) return void errors.push({ line, message: 'A note has at most 255 characters' });
    rows.push({ line, email: payee.login, amount: decimal(units(amount), currencyDecimals(currency)), note: note || null });
  });
  if (rows.length + errors.length > MAX_MASS_ROWS) errors.unshift({ line: MAX_MASS_ROWS + 1, message: `At most ${MAX_MASS_ROWS} payments at once` });
  if (rows.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'There is no payment in the text' });
  return { rows, errors };
}

function moveMass(db: Db, acting: number, work: P2pMassWork, held: number | null, created: string): PerformResult & { transactionId?: number } {
  const from = account(db, work.fromId, acting);
  if (!from || from.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  const total = work.payments.reduce((sum, p) => sum + units(p.amount) + units(p.fee), 0n);
  if (units(from.balance) < total) return { ok: false, reason: 'Not enough money on this account' };
  if (held !== null) db.prepare("DELETE FROM transactions WHERE id = ? AND customer_id = ?").run(held, acting);
  let first: number | undefined;
  for (const p of work.payments) {
    const moved = moveP2p(db, acting, { kind: 'p2p', fromId: work.fromId, payeeId: p.payeeId, amount: p.amount, fee: p.fee, currency: work.currency, toEmail: p.toEmail, senderName: work.senderName, payeeName: p.payeeName, senderEmail: work.senderEmail }, null, created);
    if (!moved.ok) return moved;
    first ??= moved.transactionId;
  }
  settleMassBatch(db, acting, work, 'completed');
  return { ok: true, ...(first !== undefined ? { transactionId: first } : {}) };
}

/** The batch of a mass p2p (History › Batch transfers), written when it is sent and settled when its money moved or it was refused. */
const insertMassBatch = (db: Db, acting: number, name: string, work: P2pMassWork & { batchId: number }, total: string, created: string, status: 'waiting' | 'completed'): void =>
  void insertBatch(db, { id: work.batchId, customerId: acting, name, type: 'p2p', created, status, count: work.payments.length, total, currency: work.currency });

function settleMassBatch(db: Db, acting: number, work: P2pMassWork, status: 'completed' | 'rejected') {
  if (work.batchId !== undefined) db.prepare("UPDATE batches SET status = ? WHERE id = ? AND customer_id = ? AND status = 'waiting'").run(status, work.batchId, acting);
}

/** The performers of held p2p transfers (sandbox/performers.ts); a release rejects the held row. */
export const p2pPerformers: Pick<Performers, 'p2p' | 'p2pMass'> = {
  p2p: {
    perform: moveP2p,
    release: (db, acting, work, held, now) => {
      rejectHeld(db, acting, held);
      // An invoice whose payment was pending for this transfer is unpaid again.
      if (work.invoiceId !== undefined) releaseInvoice(db, work.invoiceId, held, now);
    },
  },
  p2pMass: {
    perform: moveMass,
    release: (db, acting, work, held) => {
      settleMassBatch(db, acting, work, 'rejected');
      rejectHeld(db, acting, held);
    },
  },
};

function massSummary(ctx: HandlerContext<'p2pMassTransfer'>, acting: number): { reply?: HandlerReply; from?: NonNullable<ReturnType<typeof account>>; rows: MassRow[]; summary?: Record<string, unknown> } {
  const sender = existingCustomer(ctx.db, acting);
  if (!flagsAllowP2p(ctx.db, ctx.customerId, sender.id)) return { reply: refused('Sending money by e-mail is not allowed for this profile'), rows: [] };
  const from = account(ctx.db, ctx.body.accountId, acting);
  if (!from) return { reply: denied, rows: [] };
  if (from.status_id === CLOSED) return { reply: refused('This account is closed', 'CA'), rows: [] };
  if (isCardType(from.type)) return { reply: vf('accountId', 'Money cannot be sent from a card: choose an account'), rows: [] };
  const { rows, errors } = readMass(ctx.db, acting, String(ctx.body.textContent ?? ''), from.currency);
  const total = rows.reduce((sum, r) => sum + units(r.amount), 0n);
  const fee = rows.reduce((sum, r) => sum + units(p2pFee(r.amount, from.currency)), 0n);
  const places = currencyDecimals(from.currency);
  return { from, rows, summary: { count: rows.length, total: decimal(total, places), fee: decimal(fee, places), currencyCode: from.currency, errors } };
}

export const massP2pHandlers: HandlerMap = {
  p2pMassTransfer: (ctx) => {
    if (ctx.body.onlySummary === true) {
      const acting = owner(ctx);
      if (acting === null) return denied;
      const read = massSummary(ctx, acting);
      return read.reply ?? ok({ approveType: 'none', summary: read.summary });
    }
    return massSend(ctx);
  },
};

const massSend = idempotent('p2pMassTransfer', (ctx, acting) => {
  const read = massSummary(ctx, acting);
  if (read.reply) return read.reply;
  const summary = read.summary as { errors: unknown[]; total: string; fee: string };
  if (summary.errors.length > 0) return vf('textContent', 'Some lines cannot be sent: fix them first');
  const from = read.from!;
  if (units(from.balance) < units(summary.total) + units(summary.fee)) return vf('textContent', 'Not enough money on this account for all the payments with their fees');
  const sender = existingCustomer(ctx.db, acting);
  const senderEmail = sender.login;
  const work: P2pMassWork = {
    kind: 'p2pMass',
    fromId: from.id,
    currency: from.currency,
    senderName: payeeName(sender),
    senderEmail,
    payments: read.rows.map((r) => {
      const payee = customerByEmail(ctx.db, r.email)!;
      return { payeeId: payee.id, amount: r.amount, fee: p2pFee(r.amount, from.currency), toEmail: payee.login, payeeName: payeeName(payee) };
    }),
  };
  const created = nowIso(ctx);
  const batchName = typeof ctx.body.batchName === 'string' && ctx.body.batchName ? ctx.body.batchName : 'Mass payment';
  // Its batch in History › Batch transfers (made below once the send is accepted).
  const batchId = nextBatchId(ctx.db);
  const batched = { ...work, batchId };
  const waits = holdOrRequest(ctx, acting, created, {
    work: batched,
    request: { transactionType: 'mass_p2p', amount: summary.total, fee: summary.fee, currency: from.currency, accountId: from.id, beneficiary: batchName, count: work.payments.length, batchId },
    reserve: () => insertTransaction(ctx.db, { customerId: acting, accountId: from.id, created, type: 'p2p', amount: `-${summary.total}`, currency: from.currency, counterparty: batchName, status: 'processing' }),
    extra: { summary: read.summary },
  });
  if (waits) {
    // Held for an approval or as a company request: its batch waits (the request names it by this id).
    if ((waits.body as { responseCode?: string }).responseCode === '00') insertMassBatch(ctx.db, acting, batchName, batched, summary.total, created, 'waiting');
    return waits;
  }
  const moved = moveMass(ctx.db, acting, work, null, created);
  if (!moved.ok) return vf('textContent', moved.reason);
  insertMassBatch(ctx.db, acting, batchName, batched, summary.total, created, 'completed');
  return ok({ ...(moved.transactionId !== undefined ? { transactionId: moved.transactionId } : {}), approveType: 'none', status: 'completed', summary: read.summary });
}, { refusal: transferRefusal });
