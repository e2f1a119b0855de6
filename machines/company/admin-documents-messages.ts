import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FormErrors } from '../shared/form.machine';
import { adminDocumentProblems, type AdminDocumentFile, type AdminDocumentFileProblem, type AdminDocumentNameProblem } from './admin-documents.rules';

/**
 * What the admin documents say to the user (issue 52; lingui descriptors the view translates): the
 * assign form's checks in words (./admin-documents.rules.ts).
 */
export const adminDocumentMessages = {
  nameRequired: msg`Enter the document's name.`,
  nameTooLong: msg`The name can be at most 120 characters long.`,
  fileRequired: msg`Choose the file.`,
  fileType: msg`This file is not a PDF, JPEG or PNG.`,
  fileEmpty: msg`This file is empty.`,
  fileSize: msg`This file is larger than 10 MB.`,
} satisfies Record<string, MessageDescriptor>;

const NAME_TEXTS: Record<AdminDocumentNameProblem, MessageDescriptor> = {
  required: adminDocumentMessages.nameRequired,
  tooLong: adminDocumentMessages.nameTooLong,
};

const FILE_TEXTS: Record<AdminDocumentFileProblem, MessageDescriptor> = {
  required: adminDocumentMessages.fileRequired,
  fileType: adminDocumentMessages.fileType,
  empty: adminDocumentMessages.fileEmpty,
  fileSize: adminDocumentMessages.fileSize,
};

/** The assign form's errors by field (adminDocumentProblems in words). */
export function adminDocumentErrors(entry: { name: string; file: AdminDocumentFile | null }): FormErrors {
  const problems = adminDocumentProblems(entry);
  const errors: FormErrors = {};
  if (problems.name) errors.name = { descriptor: NAME_TEXTS[problems.name] };
  if (problems.file) errors.file = { descriptor: FILE_TEXTS[problems.file] };
  return errors;
}
