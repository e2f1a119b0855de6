import { joinValidationErrors, type ValidationIssue } from './errors';

/**
 * What the two popups of the spec show for a reply, as pure functions (table-tested in
 * tests/unit/popup-content.test.ts). Texts are server text, shown as text; `null` means
 * "use the translated default".
 */
export type { ReplyLike } from '@machines/shared/reply';
import type { ReplyLike } from '@machines/shared/reply';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function joined(list: unknown): string | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  if (list.every((i) => typeof i === 'string')) return (list as string[]).filter(Boolean).join(', ') || null;
  return joinValidationErrors(list as ValidationIssue[]);
}

/**
 * Response popup (001 s8): the first available of description, message, body, validation
 * errors, errors (arrays joined); else null (the translated default server error).
 */
export function responsePopupMessage(reply: ReplyLike | null | undefined): string | null {
  if (!reply) return null;
  return (
    text(reply.responseDescription) ??
    text(reply.description) ??
    text(reply.message) ??
    text(reply.body) ??
    joined(reply.validationErrors) ??
    joined(reply.errors)
  );
}

export const ERROR_HEADER_MAX = 50;

/**
 * Generic error popup (002 s8): the header is the response description or message; longer
 * than 50 characters, the header becomes the generic "Error" (null here) and the text moves
 * to the body. errors or validationErrors lists are joined with commas into the body.
 */
export function errorPopupContent(reply: ReplyLike | null | undefined): { header: string | null; body: string | null } {
  const headline = text(reply?.responseDescription) ?? text(reply?.message);
  const list = joined(reply?.errors) ?? joined(reply?.validationErrors);
  if (headline && headline.length > ERROR_HEADER_MAX) {
    return { header: null, body: [headline, list].filter(Boolean).join('\n') };
  }
  return { header: headline, body: list };
}
