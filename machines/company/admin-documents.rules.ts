import { DOCUMENT_FILE_TYPES, DOCUMENT_MAX_BYTES, documentFileProblem } from '../verification/verification.rules.ts';

/**
 * An admin document put on a customer's file (issue 52; main.yaml adminDocumentAssign, spec 002 s7
 * Business: admin document assign) checked before it is sent, as the service checks it
 * (sandbox/handlers/company.ts): a name (trimmed, 1–120 characters: AdminDocumentData.name) and a
 * file, a PDF, JPEG or PNG, not empty, at most 10 MB. The file rule is the one every document
 * upload and the service share (`documentFileProblem`: 10 MB is 10,000,000 bytes), so the app never
 * sends a file the service refuses for its type or size, and never refuses one it would take.
 * Pure and loadable by Node (relative imports with `.ts`); the words are in
 * ./admin-documents-messages.ts. Table-tested in tests/unit/admin-documents.test.ts.
 */

/** The longest name the contract takes (AdminDocumentData.name maxLength). */
export const ADMIN_DOCUMENT_NAME_MAX = 120;
/** The kinds of file taken, by type (the file picker's `accept`). */
export const ADMIN_DOCUMENT_FILE_TYPES = DOCUMENT_FILE_TYPES;
/** The largest file, in bytes (the service's limit: 10 MB). */
export const ADMIN_DOCUMENT_MAX_BYTES = DOCUMENT_MAX_BYTES;

/** A chosen file as the rules read it (a browser File is one). */
export interface AdminDocumentFile {
  name: string;
  type: string;
  size: number;
}

export type AdminDocumentNameProblem = 'required' | 'tooLong';
export type AdminDocumentFileProblem = 'required' | 'fileType' | 'empty' | 'fileSize';

export interface AdminDocumentProblems {
  name?: AdminDocumentNameProblem;
  file?: AdminDocumentFileProblem;
}

/** The name as it is sent: without the spaces around it. */
export const adminDocumentName = (name: string): string => name.trim();

/** Characters as the contract counts them (JSON Schema's maxLength: code points, so an emoji is one). */
const characterCount = (text: string): number => Array.from(text).length;

/**
 * What is wrong with a document before it is sent, by field: the name is required and at most 120
 * characters (code points) once trimmed; the file is required, then a PDF, JPEG or PNG by its type, then not
 * empty, then at most 10 MB. Empty when it may be sent.
 */
export function adminDocumentProblems(entry: { name: string; file: AdminDocumentFile | null }): AdminDocumentProblems {
  const problems: AdminDocumentProblems = {};
  const name = adminDocumentName(entry.name);
  if (!name) problems.name = 'required';
  else if (characterCount(name) > ADMIN_DOCUMENT_NAME_MAX) problems.name = 'tooLong';
  if (!entry.file) problems.file = 'required';
  else {
    const problem = documentFileProblem(entry.file);
    if (problem) problems.file = problem;
  }
  return problems;
}
