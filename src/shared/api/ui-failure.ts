import { i18n, type MessageDescriptor } from '@lingui/core';
import type { PopupRequest } from '@machines/app/popup.machine';
import type { ReplyLike } from '@machines/shared/reply';
import type { UiMessage } from '@machines/shared/ui-message';
import type { FormErrors, FormFailure } from '@machines/shared/form.machine';
import { ApiError, isApiError, isTransportFailure } from './errors';

/**
 * The one mapping from a failed call to what the user sees. Statecharts carry the result
 * (`UiMessage`: a translatable descriptor, or the server's own text shown as text); the view
 * translates it when it renders, so a language switch re-translates the defaults.
 *
 * - Transport failures (5xx, no connection, time-out, empty reply) always use their own
 *   translated words, never the reply body (spec 000 s8: a 500 reads "Server is not available").
 * - Otherwise the server's message, else `fallback` when given, else the error kind's default.
 */
export function toUiMessage(error: unknown, fallback?: MessageDescriptor): UiMessage {
  if (!isApiError(error)) return { descriptor: fallback ?? unknownDescriptor() };
  if (isTransportFailure(error)) return { descriptor: error.defaultMessage };
  if (error.serverMessage) return { text: error.serverMessage };
  return { descriptor: fallback ?? error.defaultMessage };
}

/**
 * What a 429 tells the user. The client has complete words of its own for it (with the wait when
 * the reply's Retry-After says it: "Too many attempts. Try again in 15 minutes."), so the server's
 * text is shown only when the reply says it is in the interface language (Content-Language); a
 * server or gateway without the text in that language would otherwise show English on a ru page.
 * `fallback`: the words when the reply says neither (default: the kind's "Too many attempts…").
 */
export function toRateLimitMessage(error: ApiError, language: string, fallback?: MessageDescriptor): UiMessage {
  if (error.serverMessage && error.language === language) return { text: error.serverMessage };
  if (error.retryAfterSeconds !== null) return { descriptor: error.defaultMessage };
  return { descriptor: fallback ?? error.defaultMessage };
}

/**
 * A failed form submit: field errors by the reply's `param` (the first per field), and the form's
 * message by `toUiMessage`. Not an API error (a bug, an aborted call): the kind-less default.
 */
export function toFormFailure(error: unknown, fallback?: MessageDescriptor): FormFailure {
  if (!isApiError(error)) return { message: toUiMessage(error, fallback) };
  // The change needs the user to confirm it is them first (issue 49): the statechart asks, then sends again.
  if (error.status === 403 && error.code === 'REAUTH') return { message: toUiMessage(error, fallback), proofRefused: true };
  const fields: FormErrors = {};
  for (const issue of error.validationErrors) {
    if (issue.param && issue.description && !fields[issue.param]) fields[issue.param] = { text: issue.description };
  }
  return { ...(Object.keys(fields).length ? { fields } : {}), message: toUiMessage(error, fallback) };
}

/** The catalogue's "unknown error" default, read from errors.ts so the text is defined once. */
const unknownDescriptor = (): MessageDescriptor => new ApiError({ kind: 'unknown' }).defaultMessage;

/**
 * The generic error popup for a failed call (spec 002 s8), one rule for every screen:
 * - `meta: { errorPopup: false }` opts out (the caller handles the error itself; global pay does);
 * - a 401 is the session's business and terms go to the terms screen; a non-API error (a
 *   cancelled request, a bug) is not shown: no popup;
 * - otherwise the server's reply (never the body of a transport failure) and the translated text
 *   of the error kind when the reply has no text.
 */
export function errorPopupFor(error: unknown, meta?: Record<string, unknown>): PopupRequest | null {
  if (meta?.errorPopup === false) return null;
  if (!isApiError(error)) return null;
  if (error.kind === 'unauthorized' || error.kind === 'termsRequired') return null;
  const reply = !isTransportFailure(error) && error.body && typeof error.body === 'object' ? (error.body as ReplyLike) : null;
  return { kind: 'error', reply, fallback: i18n._(error.defaultMessage) };
}

/**
 * Runs `work` and rethrows its failure as what a statechart shows (`toUiMessage(error, fallback)`);
 * a success passes through. For plain functions (an entity's call, a step inside an actor); an
 * actor that only makes one call uses `uiActor` (ui-actors.ts). A thunk, not a promise, so a
 * failure thrown while the call is being made (before it returns its promise) is turned too.
 */
export async function asUiMessage<T>(work: () => PromiseLike<T>, fallback?: MessageDescriptor): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toUiMessage(error, fallback);
  }
}

/** `asUiMessage` for a form's submit: the failure is rethrown as `toFormFailure(error, fallback)` (field errors by param). */
export async function asFormFailure<T>(work: () => PromiseLike<T>, fallback?: MessageDescriptor): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toFormFailure(error, fallback);
  }
}

/** A refused write's reply when it carries `errors` (001 s8: the response popup shows it; a transport failure never), else null. */
export function errorsReplyOf(error: unknown): ReplyLike | null {
  if (!isApiError(error) || isTransportFailure(error)) return null;
  const body = error.body;
  if (!body || typeof body !== 'object' || !('errors' in body)) return null;
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 ? (body as ReplyLike) : null;
}
