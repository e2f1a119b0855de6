import { describe, expect, it } from 'vitest';
import {
  approvalStep,
  approvalTexts as texts,
  cleanCode,
  confirmBody,
  confirmCall,
  isCodeComplete,
  isResultFor,
  otherMethods,
  readTransactionResult,
  transactionResultText,
  type ApprovalReply,
} from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';

describe('which confirmation a submit asks for (001 s4)', () => {
  it.each<[string, ApprovalReply, ReturnType<typeof approvalStep>]>([
    ['none: success at once', { approveType: 'none' }, 'success'],
    ['none, completed', { approveType: 'none', status: 'completed', operationId: 'a' }, 'success'],
    ['none, pending: the pending text', { approveType: 'none', status: 'pending' }, 'pending'],
    ['push with its id', { approveType: 'push', operationId: 'a' }, 'push'],
    ['sms with its id', { approveType: 'sms', operationId: 'a' }, 'code'],
    ['otp with its id', { approveType: 'otp', operationId: 'a' }, 'code'],
    ['approvalCode with its id', { approveType: 'approvalCode', operationId: 'a' }, 'code'],
    ['push without an id', { approveType: 'push' }, 'missingIds'],
    ['sms with an empty id', { approveType: 'sms', operationId: '' }, 'missingIds'],
    ['a transaction id alone is not enough', { approveType: 'otp', transactionId: 5 }, 'missingIds'],
    ['a request for an approver (initiate only)', { approveType: 'none', status: 'pending', transactionRequestId: 12 }, 'requested'],
    ['a request even in another mode: the approver confirms later', { approveType: 'sms', operationId: 'a', transactionRequestId: 0 }, 'requested'],
  ])('%s', (_name, reply, step) => {
    expect(approvalStep(reply)).toBe(step);
  });

  it('a transfer is confirmed by approve transfer (trxid), anything else by approve payment (operationId)', () => {
    expect(confirmCall({ approveType: 'sms', operationId: 'a', transactionId: 0 })).toBe('approveTransfer');
    expect(confirmCall({ approveType: 'sms', operationId: 'a' })).toBe('approvePayment');
  });

  describe('the call that confirms a code, by what was submitted (001 s7)', () => {
    const own: ApprovalRequest = { method: 'ownAccountsTransfer', body: { fromAccount: 1, toAccount: 2, toAmount: '1.00', requestId: 'r' } };
    const batch: ApprovalRequest = { method: 'globalPaySubmit', body: { batchId: 41, requestId: 'r' } };
    const resent: ApprovalRequest = { method: 'globalPayResendPayment', body: { batchId: 41, paymentId: 3, requestId: 'r' } };
    it.each<[string, ApprovalReply, ApprovalRequest | null, ReturnType<typeof confirmBody>]>([
      ['a transfer: approve transfer with its trxid', { approveType: 'sms', operationId: 'op', transactionId: 0 }, own, { method: 'approveTransfer', body: { trxid: 0, approvalCode: '1234' } }],
      ['no transaction: approve payment with its operation', { approveType: 'sms', operationId: 'op' }, own, { method: 'approvePayment', body: { operationId: 'op', approvalCode: '1234' } }],
      ['started from a reply (no request): by the reply alone', { approveType: 'otp', operationId: 'op' }, null, { method: 'approvePayment', body: { operationId: 'op', approvalCode: '1234' } }],
      ['a global pay batch: approval of batch, even with a transaction id', { approveType: 'sms', operationId: 'op', transactionId: 9 }, batch, { method: 'globalPayBatchApproval', body: { batchId: 41, operationId: 'op', approvalCode: '1234' } }],
      ['a resent payment: single approval with its payment', { approveType: 'sms', operationId: 'op' }, resent, { method: 'globalPaySingleApproval', body: { batchId: 41, paymentId: 3, operationId: 'op', approvalCode: '1234' } }],
    ])('%s', (_name, reply, request, body) => {
      expect(confirmBody(reply, '1234', request)).toEqual(body);
    });
  });

  it('offers the other available methods, never none or the current one, once each', () => {
    expect(otherMethods({ approveType: 'sms', availableApprovalMethods: ['sms', 'otp', 'none', 'otp', 'push'] })).toEqual(['otp', 'push']);
    expect(otherMethods({ approveType: 'push' })).toEqual([]);
  });

  it.each([
    ['1234', true],
    ['123', false],
    ['12 34 56', true],
    ['ABC123', true],
    ['123456789012', true],
    ['1234567890123', false],
    ['12-34', false],
    ['', false],
  ])('a code "%s" complete: %s', (text, complete) => {
    expect(isCodeComplete(text)).toBe(complete);
  });
  it('spaces in a code are dropped', () => {
    expect(cleanCode(' 12 3\t4 ')).toBe('1234');
  });
});

describe('results on the realtime channel (002 s4)', () => {
  it('reads transaction confirmations with a result; anything else is not one', () => {
    expect(readTransactionResult({ type: 'transactionConfirmation', result: 'success', operationId: 'op', transactionId: 5 })).toEqual({ result: 'success', operationId: 'op', transactionId: 5 });
    expect(readTransactionResult({ type: 'transactionConfirmation', result: 'rejected', message: '  Declined  ' })).toEqual({ result: 'rejected', message: 'Declined' });
    expect(readTransactionResult({ type: 'transactionConfirmation', result: 'failed', message: '   ', operationId: 7 })).toEqual({ result: 'failed' });
    expect(readTransactionResult({ type: 'transactionConfirmation', result: 'maybe' })).toBeNull();
    expect(readTransactionResult({ type: 'transactionConfirmation' })).toBeNull();
    expect(readTransactionResult({ type: 'notification', result: 'success' })).toBeNull();
  });

  it.each([
    ['success', { result: 'success' as const }, { descriptor: texts.submitted }],
    ['success ignores a message', { result: 'success' as const, message: 'x' }, { descriptor: texts.submitted }],
    ['failed', { result: 'failed' as const }, { descriptor: texts.failed }],
    ['failed ignores a message', { result: 'failed' as const, message: 'x' }, { descriptor: texts.failed }],
    ['rejected without a message', { result: 'rejected' as const }, { descriptor: texts.rejected }],
    ['rejected with a message: the message, as text', { result: 'rejected' as const, message: 'Declined on the phone' }, { text: 'Declined on the phone' }],
  ])('the text: %s', (_name, result, text) => {
    expect(transactionResultText(result)).toEqual(text);
  });

  it('a result belongs to the operation by its operation id or transaction id', () => {
    const reply: ApprovalReply = { approveType: 'push', operationId: 'op-1', transactionId: 77 };
    expect(isResultFor({ result: 'success', operationId: 'op-1' }, reply)).toBe(true);
    expect(isResultFor({ result: 'success', transactionId: 77 }, reply)).toBe(true);
    expect(isResultFor({ result: 'success', operationId: 'op-2' }, reply)).toBe(false);
    expect(isResultFor({ result: 'success' }, reply)).toBe(false);
    expect(isResultFor({ result: 'success', operationId: 'op-1' }, null)).toBe(false);
    expect(isResultFor({ result: 'success', transactionId: 77 }, { approveType: 'push', operationId: 'x' })).toBe(false);
  });
});
