import { buildPdf, wrap, wrapLong } from './pdf.ts';
import type { RegulatedEntity } from './regulated-entity.ts';
import { entityBlockLines } from '../../machines/shared/entity-block.rules.ts';
import type { InvoiceRow } from '../invoice-store.ts';

/**
 * An invoice's PDF (issue 51, documents.yaml getInvoicePdf), made when asked: who sent it and who
 * pays it, the amount, fee and total, the dates, the status, the notes, a funding invoice's marker
 * and the bank details to pay it to, and the brand's regulated-entity block at the foot. English,
 * like the sandbox's other documents (a document's text is data, not a message).
 */
export interface InvoicePdfSpec {
  invoice: InvoiceRow;
  /** The status in words as the reader's side says it. */
  status: string;
  total: string;
  entity: RegulatedEntity;
  /** Where a funding invoice is paid: the funded account's bank details (its payment instruction). */
  bank: { bankName: string; accountNumber: string; swift: string; reference: string; beneficiary: string } | null;
  created: Date;
}

/** A labelled paragraph: the label on its first line, the rest wrapped under it. */
const labelled = (label: string, text: string): string[] => wrap(`${label}: ${text}`);

const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export function invoicePdf(spec: InvoicePdfSpec): Promise<Uint8Array> {
  const { invoice, entity } = spec;
  const funding = invoice.is_funding === 1;
  const currency = invoice.currency;
  const lines = [
    ...(funding ? ['FUNDING INVOICE: pay it by bank transfer to the details below, with the reference.'] : invoice.is_system === 1 ? [`Issued by ${entity.name}`] : []),
    `From (payee): ${invoice.payee_name} <${invoice.payee_email}>`,
    `To (payer): ${invoice.payer_name} <${invoice.payer_email}>`,
    '',
    `Amount: ${invoice.amount} ${currency}`,
    `Fee: ${invoice.fee} ${currency}`,
    `Total: ${spec.total} ${currency}`,
    '',
    `Sent: ${when(invoice.sent)}`,
    `Due: ${invoice.due_date}`,
    `Status: ${spec.status} (updated ${when(invoice.updated)})`,
    ...(invoice.note ? ['', ...labelled('Note', invoice.note)] : []),
    ...(invoice.rejection_note ? ['', ...labelled('Rejection note', invoice.rejection_note)] : []),
    ...(funding && spec.bank
      ? [
          '',
          'Pay to',
          `Beneficiary: ${spec.bank.beneficiary}`,
          `Bank: ${spec.bank.bankName}`,
          `Account: ${spec.bank.accountNumber}`,
          `SWIFT/BIC: ${spec.bank.swift}`,
          `Reference: ${spec.bank.reference} INV-${invoice.id}`,
        ]
      : []),
  ];
  const closing = entityBlockLines(entity, 'en').flatMap((line) => wrapLong(line));
  return buildPdf({ title: `${funding ? 'Funding invoice' : 'Invoice'} ${invoice.id}`, lines, closing, created: spec.created });
}
