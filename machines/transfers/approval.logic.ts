import type { MainBody } from '@contract/main-methods';
import type { ApprovalRequest } from './approval-request';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { transactionResultTexts, type TransactionResult } from './transaction-result';
import type { UiMessage } from '../shared/ui-message';

/**
 * Transaction approval (001 s3 Approval, s4 Transaction approval, s8; 002 s4 Session) as pure
 * rules: which confirmation a submit's reply asks for, the spec's texts, and what a result on the
 * realtime channel says. Table-tested in tests/unit/approval-rules.test.ts.
 */

export const APPROVE_TYPES = ['none', 'push', 'sms', 'otp', 'approvalCode'] as const;
export type ApproveType = (typeof APPROVE_TYPES)[number];

/** What a money-moving or sensitive submit answers (001 s3 Approval; transactionId for transfers). */
export interface ApprovalReply {
  operationId?: string | undefined;
  approveType: ApproveType;
  /** Where the code went (a masked phone number or e-mail). */
  approvalSentTo?: string | undefined;
  /** Other methods the user may ask the code by instead. */
  availableApprovalMethods?: readonly ApproveType[] | undefined;
  /** The transfer's id (trxid of approve and retry transfer). */
  transactionId?: number | undefined;
  /** `pending`: accepted, the money moves later (the pending text with an asterisk). */
  status?: 'completed' | 'pending' | undefined;
  /** The user may only initiate (access level 3): the transfer waits for an approver as this request (001 s4). */
  transactionRequestId?: number | undefined;
  /** A change of who may do what for a company waits for another full-access user's approval as this change (issue 54: no self-approval). */
  changeRequestId?: number | undefined;
}

/**
 * The approval fields of a submit's reply as this statechart reads them (absent approveType is
 * none; empty values are left out). Every call that can need an approval reads its reply with it.
 */
export function approvalFieldsOf(reply: {
  approveType?: ApproveType | undefined;
  operationId?: string | undefined;
  approvalSentTo?: string | undefined;
  availableApprovalMethods?: readonly ApproveType[] | undefined;
  transactionId?: number | undefined;
  status?: 'completed' | 'pending' | undefined;
  transactionRequestId?: number | undefined;
  changeRequestId?: number | undefined;
}): ApprovalReply {
  return {
    approveType: reply.approveType ?? 'none',
    ...(reply.operationId ? { operationId: reply.operationId } : {}),
    ...(reply.approvalSentTo ? { approvalSentTo: reply.approvalSentTo } : {}),
    ...(reply.availableApprovalMethods ? { availableApprovalMethods: reply.availableApprovalMethods } : {}),
    ...(reply.transactionId !== undefined ? { transactionId: reply.transactionId } : {}),
    ...(reply.status ? { status: reply.status } : {}),
    ...(reply.transactionRequestId !== undefined ? { transactionRequestId: reply.transactionRequestId } : {}),
    ...(reply.changeRequestId !== undefined ? { changeRequestId: reply.changeRequestId } : {}),
  };
}

/**
 * Where an operation held for approval stands (approvalStatus, an extension: docs/decisions.md "An
 * approval that always knows what happened"). Asked when the reply to a confirmation, a resend or a
 * push result did not arrive, so the app says what the service says instead of guessing.
 */
export interface ApprovalStatus {
  state: 'waiting' | 'approved' | 'rejected' | 'failed';
  /** Its approval fields now: a resend may have changed the method; `status: 'pending'` when approved but processed later. */
  reply: ApprovalReply;
  /** Wrong codes it still takes while waiting for a code. */
  attemptsLeft?: number | undefined;
  /** Why it failed or was rejected (the service's words). */
  reason?: string | undefined;
}

/** The approvalStatus reply as the statechart reads it. */
export function approvalStatusOf(reply: Parameters<typeof approvalFieldsOf>[0] & { approvalStatus?: ApprovalStatus['state'] | undefined; attemptsLeft?: number | undefined; reason?: string | undefined }): ApprovalStatus {
  return {
    state: reply.approvalStatus ?? 'waiting',
    reply: approvalFieldsOf(reply),
    ...(reply.attemptsLeft !== undefined ? { attemptsLeft: reply.attemptsLeft } : {}),
    ...(reply.reason ? { reason: reply.reason } : {}),
  };
}

/** What an ended operation's status says to the user: the service's reason, else the result's own text. */
export function statusFailureText(status: ApprovalStatus): UiMessage {
  if (status.reason) return { text: status.reason };
  return { descriptor: status.state === 'rejected' ? transactionResultTexts.rejected : transactionResultTexts.failed };
}

export type ApprovalStep = 'success' | 'pending' | 'requested' | 'push' | 'code' | 'missingIds';

/**
 * What follows a submit (001 s4): a request for an approver (the user may only initiate) is
 * "approval transaction created"; mode none is a success at once (pending when the reply says
 * so); push, sms, otp and approvalCode confirm first, which needs the operation's id, so a reply
 * without it is the spec's "Not Operation Id, Fail Operation".
 */
export function approvalStep(reply: ApprovalReply): ApprovalStep {
  // An initiate-only user's transfer waits for an approver of the company: nothing to confirm here.
  if (reply.transactionRequestId !== undefined) return 'requested';
  // A company's permission change waits for another full-access user: nothing to confirm here either.
  if (reply.changeRequestId !== undefined) return 'requested';
  if (reply.approveType === 'none') return reply.status === 'pending' ? 'pending' : 'success';
  if (!reply.operationId) return 'missingIds';
  return reply.approveType === 'push' ? 'push' : 'code';
}

/** Confirming a transfer is approve transfer (trxid, approvalCode); anything else approve payment (approvalCode, operationId). */
export function confirmCall(reply: ApprovalReply): 'approveTransfer' | 'approvePayment' {
  return reply.transactionId !== undefined ? 'approveTransfer' : 'approvePayment';
}

/** The call that confirms a code, with its body (001 s7), by what was submitted and what it answered. */
export type ConfirmBody =
  | { method: 'approveTransfer'; body: MainBody<'approveTransfer'> }
  | { method: 'approvePayment'; body: MainBody<'approvePayment'> }
  | { method: 'globalPayBatchApproval'; body: MainBody<'globalPayBatchApproval'> }
  | { method: 'globalPaySingleApproval'; body: MainBody<'globalPaySingleApproval'> };

/**
 * 001 s7: a global pay batch is confirmed by approval of batch (batchId, operationId), a resent
 * payment of a batch by single approval (batchId, paymentId, operationId); anything else by
 * approve transfer when the reply names a transaction, else by approve payment.
 */
export function confirmBody(reply: ApprovalReply, approvalCode: string, request: ApprovalRequest | null): ConfirmBody {
  const operationId = reply.operationId ?? '';
  if (request?.method === 'globalPaySubmit') return { method: 'globalPayBatchApproval', body: { batchId: request.body.batchId, operationId, approvalCode } };
  if (request?.method === 'globalPayResendPayment') return { method: 'globalPaySingleApproval', body: { batchId: request.body.batchId, paymentId: request.body.paymentId, operationId, approvalCode } };
  if (confirmCall(reply) === 'approveTransfer') return { method: 'approveTransfer', body: { trxid: reply.transactionId!, approvalCode } };
  return { method: 'approvePayment', body: { operationId, approvalCode } };
}

/** The methods the user may switch to: the reply's available ones but the current one and none. */
export function otherMethods(reply: ApprovalReply): ApproveType[] {
  return [...new Set(reply.availableApprovalMethods ?? [])].filter((m) => m !== 'none' && m !== reply.approveType);
}

/** A code is something typed: digits or letters, 4 to 12 of them, spaces ignored. */
export function cleanCode(text: string): string {
  return text.replace(/\s+/g, '');
}
export function isCodeComplete(text: string): boolean {
  return /^[A-Za-z0-9]{4,12}$/.test(cleanCode(text));
}

export const approvalTexts = {
  /** 001 s4, s8: pre-confirmation without the ids it needs. */
  notOperationId: msg`Not Operation Id, Fail Operation`,
  /** 002 s4: the realtime result texts. */
  ...transactionResultTexts,
  /** 001 s4: a pending success shows the pending text with an asterisk. */
  pending: msg`Successfully submitted, pending*`,
  pendingNote: msg`* The transfer is accepted and waits to be processed. You can follow it in your history.`,
  /** 001 s4: the title when an initiate-only user's transfer waits for an approver (approvalTransactionCreated). */
  requested: msg`Approval transaction created`,
  requestedNote: msg`An approver of your company has to approve it; nothing has moved yet. You can follow it in Approvals.`,
  /** Issue 54: a permission change waits for another full-access user (no self-approval). */
  changeRequested: msg`Sent for approval`,
  changeRequestedNote: msg`Another user with full access has to approve this change within 7 days; nothing has changed yet. You can follow it under Waiting for approval.`,
} satisfies Record<string, MessageDescriptor>;

export { readTransactionResult, transactionResultText, type TransactionResult } from './transaction-result';

/** Whether a result belongs to the operation a screen waits for. */
export function isResultFor(result: TransactionResult, reply: ApprovalReply | null): boolean {
  if (!reply) return false;
  if (result.operationId !== undefined && result.operationId === reply.operationId) return true;
  return result.transactionId !== undefined && result.transactionId === reply.transactionId;
}
