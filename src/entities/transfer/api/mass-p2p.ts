import type { MassSummary } from '@machines/transfers/mass-p2p.logic';
import { api, type MainBody } from '@/shared/api';

/** Mass p2p (001 s7: mass p2p by text): the summary (onlySummary) and the real submit. */
export async function summarizeMassP2p(body: MainBody<'p2pMassTransfer'>, signal?: AbortSignal): Promise<MassSummary> {
  const reply = await api().main.call('p2pMassTransfer', body, { signal });
  return reply.summary ?? { count: 0, total: '0', fee: '0', currencyCode: '', errors: [] };
}

