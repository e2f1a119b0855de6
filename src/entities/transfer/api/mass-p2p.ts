import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval.machine';
import type { MassSummary } from '@machines/transfers/mass-p2p.logic';
import { api, type MainBody } from '@/shared/api';
import { toApprovalReply } from './approval';

/** Mass p2p (001 s7: mass p2p by text): the summary (onlySummary) and the real submit. */
export async function summarizeMassP2p(body: Record<string, unknown>, signal?: AbortSignal): Promise<MassSummary> {
  const reply = await api().main.call('p2pMassTransfer', body as MainBody<'p2pMassTransfer'>, { signal });
  return reply.summary ?? { count: 0, total: '0', fee: '0', currencyCode: '', errors: [] };
}

export async function submitMassP2p(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalReply> {
  return toApprovalReply(await api().main.call('p2pMassTransfer', request as MainBody<'p2pMassTransfer'>, { signal }));
}
