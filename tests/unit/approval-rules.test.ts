import { describe, expect, it } from 'vitest';
import {
  approvalStatusOf,
  approvalStep,
  statusFailureText,
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

describe('an operation\'s status (approvalStatus, asked when a reply is lost)', () => {
  it.each([
    [{ approvalStatus: 'approved' as const, approveType: 'sms' as const, operationId: 'op-1', transactionId: 7 }, { state: 'approved', reply: { approveType: 'sms', operationId: 'op-1', transactionId: 7 } }],
    [{ approvalStatus: 'approved' as const, approveType: 'sms' as const, operationId: 'op-1', status: 'pending' as const }, { state: 'approved', reply: { approveType: 'sms', operationId: 'op-1', status: 'pending' } }],
    [{ approvalStatus: 'waiting' as const, approveType: 'otp' as const, operationId: 'op-1', attemptsLeft: 0 }, { state: 'waiting', reply: { approveType: 'otp', operationId: 'op-1' }, attemptsLeft: 0 }],
    [{ approvalStatus: 'failed' as const, approveType: 'sms' as const, operationId: 'op-1', reason: 'Too many wrong codes' }, { state: 'failed', reply: { approveType: 'sms', operationId: 'op-1' }, reason: 'Too many wrong codes' }],
    [{ approvalStatus: 'rejected' as const, approveType: 'push' as const, operationId: 'op-1', reason: '' }, { state: 'rejected', reply: { approveType: 'push', operationId: 'op-1' } }],
    // A reply without the state is read as still waiting: nothing is assumed to have moved.
    [{ approveType: 'sms' as const, operationId: 'op-1' }, { state: 'waiting', reply: { approveType: 'sms', operationId: 'op-1' } }],
  ])('%o reads as %o', (reply, expected) => {
    expect(approvalStatusOf(reply)).toEqual(expected);
  });

  it('an ended operation says the service\'s reason, else its result\'s own text', () => {
    const reply: ApprovalReply = { approveType: 'sms', operationId: 'op-1' };
    expect(statusFailureText({ state: 'failed', reply, reason: 'Too many wrong codes' })).toEqual({ text: 'Too many wrong codes' });
    expect(statusFailureText({ state: 'rejected', reply, reason: 'Not me' })).toEqual({ text: 'Not me' });
    expect(statusFailureText({ state: 'failed', reply })).toEqual({ descriptor: texts.failed });
    expect(statusFailureText({ state: 'rejected', reply })).toEqual({ descriptor: texts.rejected });
  });
});
