import type { MainBody } from '@contract/main-methods';
import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Mass p2p (/transfer/mass/p2p; 001 s5: p2p mass may send text content instead of a file; s7) as
 * pure rules: the form's rule before the summary is asked, and the bodies of the summary and the
 * real submit. One payment a line (e-mail, amount, optional note); the service reads and checks
 * the lines and answers a summary with per-line errors. Table-tested in tests/unit/mass-p2p-rules.test.ts.
 */
export const MASS_P2P_MAX_BYTES = 1_000_000;
export const MASS_P2P_MAX_LINES = 1000;

export interface MassP2pValues {
  accountId: string;
  batchName: string;
  /** The payments, typed or pasted, or the text of a chosen file. */
  text: string;
}

export const emptyMassP2p: MassP2pValues = { accountId: '', batchName: '', text: '' };

export const massP2pMessages = {
  account: msg`Choose the account to send from.`,
  text: msg`Paste or type the payments, one a line: e-mail, amount, note.`,
  tooBig: msg`The text is larger than 1 MB. Split it into several batches.`,
  tooManyLines: msg`At most 1,000 payments at once. Split them into several batches.`,
  batchName: msg`A batch name has at most 60 characters.`,
} satisfies Record<string, MessageDescriptor>;

const byteLength = (text: string) => new TextEncoder().encode(text).length;
const lineCount = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;

/** The rule before the summary: an account, some text within the size and line limits, a short batch name. */
export function validateMassP2p(values: MassP2pValues): Partial<Record<keyof MassP2pValues, MessageDescriptor>> {
  const errors: Partial<Record<keyof MassP2pValues, MessageDescriptor>> = {};
  if (!/^\d+$/.test(values.accountId)) errors.accountId = massP2pMessages.account;
  if (!values.text.trim()) errors.text = massP2pMessages.text;
  else if (byteLength(values.text) > MASS_P2P_MAX_BYTES) errors.text = massP2pMessages.tooBig;
  else if (lineCount(values.text) > MASS_P2P_MAX_LINES + 1) errors.text = massP2pMessages.tooManyLines; // one header line allowed
  if (values.batchName.trim().length > 60) errors.batchName = massP2pMessages.batchName;
  return errors;
}

/** The call's body (001 s7: accountId, batchName, onlySummary, text content), with the intent's requestId for the real submit. */
export function massP2pRequest(values: MassP2pValues, onlySummary: boolean, requestId?: string): MainBody<'p2pMassTransfer'> {
  return {
    accountId: Number(values.accountId),
    onlySummary,
    textContent: values.text,
    ...(values.batchName.trim() ? { batchName: values.batchName.trim() } : {}),
    ...(requestId && !onlySummary ? { requestId } : {}),
  };
}

/** The summary the service answers (count, total, fee, per-line errors). */
export interface MassSummary {
  count: number;
  total: string;
  fee: string;
  currencyCode: string;
  errors: readonly { line: number; message: string }[];
}

/** What leaves the account: the total and the fees, exactly. */
export const massTotalWithFees = (summary: Pick<MassSummary, 'total' | 'fee'>): string => {
  const places = Math.max(summary.total.split('.')[1]?.length ?? 0, summary.fee.split('.')[1]?.length ?? 0);
  return new Big(summary.total).plus(summary.fee).toFixed(places);
};
