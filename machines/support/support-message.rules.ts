import { isEmailValid } from '../shared/email.ts';

/**
 * A support message's rules (issue 60): a new ticket's fields (GET /ticketsFields) or a reply's
 * text, and the attachments within the composer's limits (POST /composetickets), all checked
 * before anything is uploaded or sent. Pure, no lingui macro (support-message.form.ts words them).
 *
 * Decisions (docs/decisions.md "Support tickets"): a field's value is trimmed; a mandatory one
 * may not be blank; none longer than its maxLength; a picklist's value one of its values (or blank
 * when optional); an e-mail field a valid e-mail; a phone field digits with an optional leading +,
 * spaces, dashes and brackets (7 to 20 digits). A reply is 1 to 32000 characters. Attachments: at
 * most `maxCount` a message, none empty, none over `maxSize`, each of a type taken by its media
 * type or, when the browser gives none, by its name's extension; the same file (name and size)
 * once.
 */
export interface TicketFieldRule {
  apiName: string;
  type: 'Text' | 'Textarea' | 'Picklist' | 'Email' | 'Phone';
  isMandatory: boolean;
  maxLength: number;
  allowedValues: readonly string[];
}

export interface AttachmentLimits {
  maxCount: number;
  maxSize: number;
  types: readonly string[];
}

/** A file as the rules see it. */
export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

export type FieldProblem = 'required' | 'tooLong' | 'notAllowed' | 'email' | 'phone';
export type FileProblem = 'empty' | 'tooLarge' | 'wrongType' | 'duplicate';

/** 002 s7 POST /tickets/{id}/threads: the reply's text (helpdesk.yaml). */
export const REPLY_FIELD: TicketFieldRule = { apiName: 'content', type: 'Textarea', isMandatory: true, maxLength: 32000, allowedValues: [] };

const PHONE = /^\+?[\d\s\-()]+$/;
const digitsOf = (text: string) => text.replace(/\D/g, '').length;

/** The problem of one field's value, or null. */
export function fieldProblem(field: TicketFieldRule, raw: string | undefined): FieldProblem | null {
  const value = (raw ?? '').trim();
  if (value === '') return field.isMandatory ? 'required' : null;
  if (value.length > field.maxLength) return 'tooLong';
  if (field.type === 'Picklist' && !field.allowedValues.includes(value)) return 'notAllowed';
  if (field.type === 'Email' && !isEmailValid(value)) return 'email';
  if (field.type === 'Phone' && (!PHONE.test(value) || digitsOf(value) < 7 || digitsOf(value) > 20)) return 'phone';
  return null;
}

/** Each field's problem by apiName (only the fields with one). */
export function fieldProblems(fields: readonly TicketFieldRule[], values: Readonly<Record<string, string>>): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.apiName]);
    if (problem) problems[field.apiName] = problem;
  }
  return problems;
}

/** The values as sent: each field's trimmed value, blank optional ones left out. */
export function fieldValuesOf(fields: readonly TicketFieldRule[], values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.apiName] ?? '').trim();
    if (value !== '') out[field.apiName] = value;
  }
  return out;
}

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  txt: 'text/plain',
  csv: 'text/csv',
};

/** The media type of a file: the browser's, else by its name's extension (empty when unknown). */
export function mediaTypeOf(file: FileFacts): string {
  if (file.type) return file.type.toLowerCase().split(';')[0]!.trim();
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/** A file's own problem within the limits, or null. */
export function fileProblem(file: FileFacts, limits: AttachmentLimits): FileProblem | null {
  if (file.size <= 0) return 'empty';
  if (file.size > limits.maxSize) return 'tooLarge';
  if (!limits.types.includes(mediaTypeOf(file))) return 'wrongType';
  return null;
}

/**
 * The files a message may take when `added` join `kept` (already attached): each added one with
 * its problem (a duplicate of a kept or an earlier added one: `duplicate`), those beyond the
 * count left out as `overCount`.
 */
export function admitFiles<F extends FileFacts>(kept: readonly FileFacts[], added: readonly F[], limits: AttachmentLimits): { admitted: F[]; refused: { file: F; problem: FileProblem }[]; overCount: F[] } {
  const seen = new Set(kept.map((file) => `${file.name}/${file.size}`));
  const admitted: F[] = [];
  const refused: { file: F; problem: FileProblem }[] = [];
  const overCount: F[] = [];
  for (const file of added) {
    const key = `${file.name}/${file.size}`;
    const problem = seen.has(key) ? 'duplicate' : fileProblem(file, limits);
    if (problem) {
      refused.push({ file, problem });
      continue;
    }
    if (kept.length + admitted.length >= limits.maxCount) {
      overCount.push(file);
      continue;
    }
    seen.add(key);
    admitted.push(file);
  }
  return { admitted, refused, overCount };
}
