import { queryOptions } from '@tanstack/react-query';
import { api, type MainSchemas } from '@/shared/api';

/** An agreement the customer accepted (legalInfo, 001 s7): its id, its title in the request's language, when. */
export type AcceptedAgreement = MainSchemas['AcceptedAgreement'];

export const legalInfoKeys = { all: ['legal-info'] as const };

/** legalInfo (001 s7 legal info): the agreements the customer accepted. */
export const legalInfoQuery = () =>
  queryOptions({
    queryKey: legalInfoKeys.all,
    queryFn: async ({ signal }): Promise<AcceptedAgreement[]> => (await api().main.call('legalInfo', {}, { signal })).agreements ?? [],
  });

/** The bytes of a base64 text (the reply's pdf). */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** agreementDownload (001 s7 agreement download (id, pdf)): the accepted agreement as a PDF file. */
export async function downloadAgreement(id: string): Promise<Blob> {
  const reply = await api().main.call('agreementDownload', { id });
  if (!reply.pdf) throw new Error('agreementDownload: no pdf');
  return new Blob([decodeBase64(reply.pdf)], { type: 'application/pdf' });
}
