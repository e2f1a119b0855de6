import type { DocumentsHandlerMap, HandlerReply, ServiceContext } from '../handler-types.ts';
import { actsFor, owner } from '../access.ts';
import { buildPdf } from '../documents/pdf.ts';
import { fileLink, readFile, storeFile } from '../documents/files.ts';
import { accountConfirmationPdf } from '../documents/account-confirmation-pdf.ts';
import { regulatedEntityOf } from '../documents/regulated-entity.ts';
import { pickLanguage } from '../auth-messages.ts';
import { translateText } from '../texts/index.ts';
import { entityBlockLines } from '../../machines/shared/entity-block.rules.ts';
import { CLOSED_ACCOUNT_STATUS } from '../../machines/accounts/account.logic.ts';
import { customerName, HISTORY_PDF_COLUMNS, monthOf, ownAccount, pdfRow, TRANSACTION_COLUMNS, type TransactionRow } from './history.ts';

/**
 * The documents service (api-schemas/documents.yaml, mounted at /documents like the app's
 * documents base): generated PDFs (`statement` of an account's month, `transactionConfirmation`
 * of one transaction, `accountConfirmation` of one account in the customer's language) and the files a redirectLink points to (exports too), for the signed-in
 * customer (or one they may act for), for 30 minutes.
 */

const notFound = (message: string): HandlerReply => ({ status: 404, body: { message } });
const MONTH_START = /^(\d{4})-(0[1-9]|1[0-2])-01$/;

type Generated = { name: string; content: Uint8Array } | HandlerReply;
/**
 * A generatePdf call: its body is the contract's free object (the fields each document reads are
 * named in the operation's description only), so each document reads its fields with a check.
 */
type PdfContext = ServiceContext<'documents', 'generatePdf'>;

const statement = async (ctx: PdfContext, acting: number): Promise<Generated> => {
  const account = ownAccount(ctx.db, ctx.body.accountId, acting);
  if (!account) return notFound('No such account');
  const dateFrom = typeof ctx.body.dateFrom === 'string' ? ctx.body.dateFrom : '';
  const now = new Date(ctx.now());
  const thisMonth = `${now.toISOString().slice(0, 7)}-01`;
  if (!MONTH_START.test(dateFrom) || dateFrom > thisMonth) return notFound('No statement for that month: dateFrom is the first day of a month that has begun (YYYY-MM-01)');
  const month = monthOf(ctx.db, acting, account, dateFrom);
  const content = await buildPdf({
    title: `Statement ${dateFrom.slice(0, 7)}`,
    lines: [
      customerName(ctx.db, acting),
      `${account.currency} account ${account.id}`,
      `Period: ${dateFrom} to ${new Date(Date.parse(`${month.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)} (UTC)`,
      `Opening balance: ${month.opening} ${account.currency}`,
    ],
    table: { columns: HISTORY_PDF_COLUMNS, rows: month.rows.length ? month.rows.map(pdfRow) : [['', '', '', 'No transactions this month', '', '', '']] },
    closing: [`Closing balance: ${month.closing} ${account.currency}`, 'Balances count completed transactions.'],
    created: now,
  });
  return { name: `statement-${account.id}-${dateFrom.slice(0, 7)}.pdf`, content };
};

const transactionConfirmation = async (ctx: PdfContext, acting: number): Promise<Generated> => {
  const id = ctx.body.transactionId;
  const row =
    typeof id === 'number'
      ? (ctx.db
          .prepare(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = ? AND customer_id = ?`)
          .get(id, acting) as TransactionRow | undefined)
      : undefined;
  if (!row) return notFound('No such transaction');
  const content = await buildPdf({
    title: 'Transaction confirmation',
    lines: [
      customerName(ctx.db, acting),
      `Transaction ${row.id}`,
      `Date: ${row.created.replace('T', ' ').replace('Z', ' UTC')}`,
      `Account: ${row.currency} account ${row.account_id}`,
      `Type: ${row.type}`,
      `Counterparty: ${row.counterparty ?? '—'}`,
      ...(row.counterparty_email ? [`E-mail: ${row.counterparty_email}`] : []),
      ...(row.reference ? [`Reference: ${row.reference}`] : []),
      ...(row.note ? [`Note: ${row.note}`] : []),
      ...(row.invoice_id !== null ? [`Pays invoice No. ${row.invoice_id}`] : []),
      `Amount: ${row.amount} ${row.currency}`,
      `Status: ${row.status}`,
    ],
    created: new Date(ctx.now()),
  });
  return { name: `transaction-${row.id}.pdf`, content };
};

/** An International Bank Account Number's shape (the country, the check digits, the rest): an instruction's number is one or a plain account number. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/**
 * One account's confirmation (issue 61; spec 000 s1: the regulated-entity block): who holds it,
 * its number and bank details as the account carries them (its payment instruction's IBAN or
 * account number, SWIFT and bank; a crypto account's wallet address), the currency, the opening
 * date when known (the sandbox's accounts carry none), closed if it is, the date issued, and the
 * brand's regulated entity at the foot (its licence sentence in the language, else English). The
 * texts are the sandbox's (sandbox/texts), in the request's language.
 */
const accountConfirmation = async (ctx: PdfContext, acting: number): Promise<Generated> => {
  const account = ownAccount(ctx.db, ctx.body.accountId, acting);
  if (!account) return notFound('No such account');
  const language = pickLanguage(ctx.headers.get('accept-language'));
  const tr = (text: string) => translateText(text, language);
  const { brand } = ctx.db.prepare('SELECT brand FROM customers WHERE id = ?').get(acting) as { brand: string };
  const details = ctx.db.prepare('SELECT status_id, wallet_address FROM accounts WHERE id = ?').get(account.id) as { status_id: number; wallet_address: string | null };
  const instruction = ctx.db
    .prepare('SELECT bank_account_number, bank_name, swift FROM instructions WHERE account_id = ? AND customer_id = ? ORDER BY id LIMIT 1')
    .get(account.id, acting) as { bank_account_number: string; bank_name: string; swift: string } | undefined;
  const opened: string | null = null;
  const entity = regulatedEntityOf(brand);
  const holder = customerName(ctx.db, acting);
  const now = new Date(ctx.now());
  const content = await accountConfirmationPdf({
    title: tr(`Confirmation of account ${account.id}`),
    lines: [
      tr(`This document confirms that the account below is held with ${entity.name} in the name of ${holder}.`),
      '',
      tr(`Account holder: ${holder}`),
      tr(`Account number: ${account.id}`),
      ...(instruction
        ? [
            IBAN.test(instruction.bank_account_number) ? tr(`Account IBAN: ${instruction.bank_account_number}`) : tr(`Bank account number: ${instruction.bank_account_number}`),
            tr(`Bank SWIFT/BIC code: ${instruction.swift}`),
            tr(`Bank name: ${instruction.bank_name}`),
          ]
        : []),
      ...(details.wallet_address ? [tr(`Wallet address: ${details.wallet_address}`)] : []),
      tr(`Account currency: ${account.currency}`),
      ...(opened ? [tr(`Account opened on ${opened}`)] : []),
      ...(details.status_id === CLOSED_ACCOUNT_STATUS ? [tr('This account is closed')] : []),
      '',
      tr(`Issued on ${now.toISOString().slice(0, 10)}`),
      tr('This confirmation is made electronically and is valid without a signature.'),
    ],
    entity: entityBlockLines(entity, language),
    author: entity.name,
    created: now,
  });
  return { name: `account-confirmation-${account.id}.pdf`, content };
};

const DOCUMENTS: Record<string, (ctx: PdfContext, acting: number) => Promise<Generated>> = { statement, transactionConfirmation, accountConfirmation };

export const documentHandlers: DocumentsHandlerMap = {
  generatePdf: async (ctx) => {
    const make = Object.hasOwn(DOCUMENTS, ctx.params.name) ? DOCUMENTS[ctx.params.name] : undefined;
    if (!make) return notFound(`No document named ${ctx.params.name}: the sandbox makes ${Object.keys(DOCUMENTS).join(' and ')}`);
    const acting = owner(ctx);
    if (acting === null) return notFound('You cannot act for this customer');
    const made = await make(ctx, acting);
    if ('status' in made) return made;
    const id = storeFile(ctx.db, { customerId: acting, name: made.name, mime: 'application/pdf', content: made.content, now: ctx.now() });
    return { status: 200, body: { redirectLink: fileLink(id) } };
  },

  getFile: (ctx) => {
    const file = readFile(ctx.db, ctx.params.fileId, ctx.now());
    if (!file || !actsFor(ctx.db, ctx.customerId, file.customer_id)) return notFound('No such file (or it has expired)');
    return {
      status: 200,
      headers: { 'Content-Disposition': `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"` },
      bytes: { content: file.content, contentType: file.mime },
    };
  },
};
