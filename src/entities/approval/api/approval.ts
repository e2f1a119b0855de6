import { approvalFieldsOf, approvalStatusOf, confirmBody, type ApprovalReply, type ApprovalStatus, type ApproveType } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { api, type MainSchemas } from '@/shared/api';

/**
 * The approval's calls (001 s4, s7): the one submit of every money-moving request, the code's
 * confirmation (approve transfer, approve payment, or a global pay batch's or payment's approval),
 * resend approval code and retry transfer. Requests arrive typed by their method (built in
 * machines/), so each goes to its call as it is.
 */
type Reply = MainSchemas['ApprovalReply'];

/** The approval fields of a submit's reply, as the approval statechart reads them. */
export function toApprovalReply(reply: Reply): ApprovalReply {
  return approvalFieldsOf(reply);
}

/** Sends what a screen asks to move (with its requestId): the approval fields of the reply. */
export async function submitForApproval(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalReply> {
  const options = signal ? { signal } : {};
  switch (request.method) {
    case 'ownAccountsTransfer':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'p2pTransfer':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'transferSubmit':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'p2pMassTransfer':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'transactionRequestApprove':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'massTransactionRequestApprove':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'globalPaySubmit':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'globalPayResendPayment':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'businessAccessRightsUpdate':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'businessUserAdd':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'businessUserDelete':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'companyEmailSetPrimary':
      return toApprovalReply(await api().main.call(request.method, request.body, options));
    case 'massTransfer': {
      if (!request.file) throw new Error('No file to send');
      return toApprovalReply(await api().main.upload(request.method, request.data, request.file, request.fileName, options));
    }
  }
}

/** Confirms a code with the call that fits what was submitted (confirmBody, 001 s7). */
export async function confirmApproval(reply: ApprovalReply, approvalCode: string, request: ApprovalRequest | null): Promise<void> {
  const confirm = confirmBody(reply, approvalCode, request);
  switch (confirm.method) {
    case 'approveTransfer':
      await api().main.call(confirm.method, confirm.body);
      return;
    case 'approvePayment':
      await api().main.call(confirm.method, confirm.body);
      return;
    case 'globalPayBatchApproval':
      await api().main.call(confirm.method, confirm.body);
      return;
    case 'globalPaySingleApproval':
      await api().main.call(confirm.method, confirm.body);
      return;
  }
}

export async function resendApprovalCode(operationId: string, approveType: ApproveType): Promise<Partial<ApprovalReply>> {
  const reply = await api().main.call('resendApprovalCode', { operationId, approveType });
  return toApprovalReply(reply);
}

/** Where an operation stands (approvalStatus, an extension): asked when a reply was lost. */
export async function approvalStatus(operationId: string, signal?: AbortSignal): Promise<ApprovalStatus> {
  return approvalStatusOf(await api().main.call('approvalStatus', { operationId }, signal ? { signal } : {}));
}

export async function retryTransfer(trxid: number): Promise<ApprovalReply> {
  return toApprovalReply(await api().main.call('retryTransfer', { trxid }));
}
