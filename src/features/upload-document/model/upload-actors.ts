import { fromCallback } from 'xstate';
import { documentUploadMachine, type DocumentUploadContext, type DocumentUploadEvent } from '@machines/verification/document-upload.machine';
import type { DocumentPart } from '@machines/verification/verification.rules';
import { uploadDocument, type DocumentUploadData } from '@/entities/verification';

type UploadInput = Pick<DocumentUploadContext, 'categoryId' | 'documentTypeId' | 'target' | 'files'>;

/** The parts chosen as the browser's File objects (the statechart keeps the files CHOOSE gave it). */
function browserFiles(files: UploadInput['files']): Partial<Record<DocumentPart, File>> {
  const out: Partial<Record<DocumentPart, File>> = {};
  for (const [part, file] of Object.entries(files) as [DocumentPart, unknown][]) if (file instanceof File) out[part] = file;
  return out;
}

/** The data part of the upload: the category, the type and what the document answers. */
function uploadData({ categoryId, documentTypeId, target }: UploadInput): DocumentUploadData {
  return {
    categoryId,
    documentTypeId,
    ...(target?.addressId !== undefined ? { addressId: target.addressId } : {}),
    ...(target?.limitReasonActionTypeId !== undefined ? { limitReasonActionTypeId: target.limitReasonActionTypeId } : {}),
    ...(target?.duplicate !== undefined ? { duplicate: target.duplicate } : {}),
  };
}

/**
 * The document upload statechart with its real call (spec 002 s3): documentUpload with
 * the chosen files, PROGRESS while they are sent, then UPLOADED with the document's id or
 * UPLOAD_FAILED with the form failure. Leaving the uploading state (CANCEL, the dialog closed)
 * aborts the request, and nothing more is reported.
 */
export const documentUploadLogic = documentUploadMachine.provide({
  actors: {
    upload: fromCallback<DocumentUploadEvent, UploadInput>(({ sendBack, input }) => {
      const controller = new AbortController();
      const { signal } = controller;
      uploadDocument(uploadData(input), browserFiles(input.files), {
        signal,
        onProgress: (percent) => {
          if (!signal.aborted) sendBack({ type: 'PROGRESS', percent });
        },
      }).then(
        (documentId) => {
          if (!signal.aborted) sendBack({ type: 'UPLOADED', documentId });
        },
        (error: unknown) => {
          if (!signal.aborted) sendBack({ type: 'UPLOAD_FAILED', error });
        },
      );
      return () => controller.abort();
    }),
  },
});
