import { api } from './clients';

/**
 * The file a documents-service link points to (000 s7: a generated document's redirectLink, a
 * contract's pdfUrl: downloaded by fetching the link with the bearer token), with its name.
 */
export async function fetchFile(redirectLink: string): Promise<{ blob: Blob; fileName: string }> {
  const fileId = /\/files\/([A-Za-z0-9_-]+)/.exec(redirectLink)?.[1];
  if (!fileId) throw new Error(`Not a file link: ${redirectLink}`);
  const { data, response } = await api().documents.GET('/files/{fileId}', { params: { path: { fileId } }, parseAs: 'blob' as const });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fileId;
  if (!data) throw new Error(`No file behind the link: ${redirectLink}`);
  return { blob: data, fileName };
}
