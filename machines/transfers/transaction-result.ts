import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UiMessage } from '../shared/ui-message';

/**
 * A transaction's result on the realtime channel (002 s4). The signed-in session reads every
 * realtime message with these, so they stay apart from the approval rules (approval.logic.ts),
 * whose texts and tables only the transfer pages need.
 */
export const transactionResultTexts = {
  submitted: msg`Successfully submitted`,
  failed: msg`Failed transaction`,
  rejected: msg`Transaction was rejected.`,
} satisfies Record<string, MessageDescriptor>;

/** A transaction result on the realtime channel (002 s4): which operation, and how it ended. */
export interface TransactionResult {
  operationId?: string | undefined;
  transactionId?: number | undefined;
  result: 'success' | 'failed' | 'rejected';
  message?: string | undefined;
}

/** Reads a realtime message as a transaction result, or null when it is not one. */
export function readTransactionResult(message: { type: string; [key: string]: unknown }): TransactionResult | null {
  if (message.type !== 'transactionConfirmation') return null;
  const result = message.result === 'failed' || message.result === 'rejected' ? message.result : message.result === 'success' ? 'success' : null;
  if (result === null) return null;
  return {
    result,
    ...(typeof message.operationId === 'string' ? { operationId: message.operationId } : {}),
    ...(typeof message.transactionId === 'number' ? { transactionId: message.transactionId } : {}),
    ...(typeof message.message === 'string' && message.message.trim() ? { message: message.message.trim() } : {}),
  };
}

/**
 * What a result says (002 s4): "Successfully submitted" or "Failed transaction"; a rejection says
 * "Transaction was rejected." unless the channel gives a message, which is shown as text.
 */
export function transactionResultText(result: TransactionResult): UiMessage {
  if (result.result === 'success') return { descriptor: transactionResultTexts.submitted };
  if (result.result === 'failed') return { descriptor: transactionResultTexts.failed };
  return result.message ? { text: result.message } : { descriptor: transactionResultTexts.rejected };
}
