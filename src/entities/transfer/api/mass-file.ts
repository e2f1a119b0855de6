import { queryOptions } from '@tanstack/react-query';
import type { MassFileSummaryFact } from '@machines/transfers/mass-file.machine';
import { api, type MainReply, type MainUploadData } from '@/shared/api';

/** Mass file transfers (001 s7): the upload with its JSON data part, and the sample files. */
export interface MassFileUpload {
  data: MainUploadData<'massTransfer'>;
  file: Blob | null;
  fileName: string;
}

export type MassSampleType = 'wire' | 'p2p' | 'eft' | 'creditCard' | 'globalPay' | 'cryptoEft';

export const massFileKeys = {
  samples: (types: readonly MassSampleType[]) => ['mass-sample-links', [...types]] as const,
};

const summaryOf = (reply: MainReply<'massTransfer'>): MassFileSummaryFact => {
  const summary = reply.summary ?? { count: 0, total: '0', fee: '0', currencyCode: '', errors: [] };
  return { ...summary, errors: summary.errors.map((e) => ({ line: e.line, column: e.column, problem: e.problem, message: e.message })) };
};

async function upload(request: MassFileUpload, signal?: AbortSignal) {
  if (!request.file) throw new Error('No file to send');
  return api().main.upload('massTransfer', request.data, request.file, request.fileName, signal ? { signal } : {});
}

/** onlySummary: what the file would send (nothing moves); rows the service refuses come back with their lines. */
export async function summarizeMassFile(request: MassFileUpload, signal?: AbortSignal): Promise<MassFileSummaryFact> {
  return summaryOf(await upload({ ...request, data: { ...request.data, onlySummary: true } }, signal));
}


/** Where each kind's sample file is (paths on the app's own origin in the sandbox). */
export const massSampleLinksQuery = (types: readonly MassSampleType[]) =>
  queryOptions({
    queryKey: massFileKeys.samples(types),
    queryFn: async ({ signal }) => (await api().main.call('massSampleLinkList', { types: [...types] }, { signal })).links ?? [],
    staleTime: 60 * 60_000,
  });
