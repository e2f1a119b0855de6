import { approvalFieldsOf, type ApprovalReply, type ApproveType } from '@machines/transfers/approval.logic';
import { api, type MainSchemas } from '@/shared/api';

/** Transaction approval calls (spec 001 s7: approve transfer, approve payment, resend approval code, retry transfer). */
type Reply = MainSchemas['ApprovalReply'];

/** The approval fields of a submit's reply, as the approval statechart reads them. */
export function toApprovalReply(reply: Reply): ApprovalReply {
  return approvalFieldsOf(reply);
}

export async function approveTransfer(trxid: number, approvalCode: string): Promise<void> {
  await api().main.call('approveTransfer', { trxid, approvalCode });
}

export async function approvePayment(operationId: string, approvalCode: string): Promise<void> {
  await api().main.call('approvePayment', { operationId, approvalCode });
}

export async function resendApprovalCode(operationId: string, approveType: ApproveType): Promise<Partial<ApprovalReply>> {
  const reply = await api().main.call('resendApprovalCode', { operationId, approveType });
  return toApprovalReply(reply);
}

export async function retryTransfer(trxid: number): Promise<ApprovalReply> {
  return toApprovalReply(await api().main.call('retryTransfer', { trxid }));
}
