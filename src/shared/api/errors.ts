import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * Typed errors for the error catalogue of spec 000 s8 plus the transport cases.
 * The spec leaves the client's reaction to each code open; the decision is `action`
 * below (docs/errors.md explains it). UI code switches on `kind`/`action`, never on codes.
 */
export type ApiErrorKind =
  | 'validation' // VF, 422
  | 'termsRequired' // TE
  | 'transport' // AE
  | 'unauthorized' // AU, 401
  | 'noAccess' // ENOA
  | 'unknown' // UE, anything unrecognised
  | 'closedAccount' // CA
  | 'accessDenied' // 13, 403
  | 'invalidParams' // TA1
  | 'invalidMethod' // IM
  | 'notFound' // 404
  | 'rateLimited' // 429
  | 'serverUnavailable' // 500 and other 5xx
  | 'network' // fetch failed: no connection
  | 'emptyReply' // the server answered nothing
  | 'timeout'; // 5-minute request timeout

/** What the UI should offer the user. */
export type ErrorAction = 'fixInput' | 'acceptTerms' | 'signInAgain' | 'retry' | 'contactSupport' | 'dismiss';

export interface ValidationIssue {
  param?: string | undefined;
  description?: string | undefined;
}

const defaults: Record<ApiErrorKind, { message: MessageDescriptor; action: ErrorAction }> = {
  validation: { message: msg`Some details are not valid. Check the highlighted fields.`, action: 'fixInput' },
  termsRequired: { message: msg`Please read and accept the updated terms to continue.`, action: 'acceptTerms' },
  transport: { message: msg`The request could not be completed. Please try again.`, action: 'retry' },
  unauthorized: { message: msg`Your session has ended. Please sign in again.`, action: 'signInAgain' },
  noAccess: { message: msg`You do not have access to this feature.`, action: 'contactSupport' },
  unknown: { message: msg`Unknown error`, action: 'retry' },
  closedAccount: { message: msg`This account is closed.`, action: 'contactSupport' },
  accessDenied: { message: msg`Access denied.`, action: 'contactSupport' },
  invalidParams: { message: msg`The request had invalid parameters.`, action: 'fixInput' },
  invalidMethod: { message: msg`This operation is not available.`, action: 'contactSupport' },
  notFound: { message: msg`Not found.`, action: 'dismiss' },
  rateLimited: { message: msg`Too many attempts. Please wait a moment and try again.`, action: 'retry' },
  serverUnavailable: { message: msg`Server is not available`, action: 'retry' },
  network: { message: msg`No connection to the server. Check your internet connection and try again.`, action: 'retry' },
  emptyReply: { message: msg`The server sent an empty reply. Please try again later.`, action: 'retry' },
  timeout: { message: msg`The server took too long to answer. Please try again.`, action: 'retry' },
};

/** The response codes of the catalogue and the kind each one maps to ('00' is success). */
export const RESPONSE_CODE_KINDS: Record<string, ApiErrorKind> = {
  VF: 'validation',
  TE: 'termsRequired',
  AE: 'transport',
  AU: 'unauthorized',
  ENOA: 'noAccess',
  UE: 'unknown',
  CA: 'closedAccount',
  '13': 'accessDenied',
  TA1: 'invalidParams',
  IM: 'invalidMethod',
};

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  /** Text the server sent (shown as text, never as HTML), if any. */
  readonly serverMessage: string | null;
  readonly validationErrors: ValidationIssue[];
  /** The full reply body, for callers that need more (terms to accept, etc.). */
  readonly body: unknown;
  /** Seconds to wait before trying again (the reply's Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /** The language of `serverMessage` (the reply's Content-Language, primary subtag), when it said. */
  readonly language: string | null;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number | null;
    code?: string | null;
    serverMessage?: string | null;
    validationErrors?: ValidationIssue[];
    body?: unknown;
    retryAfterSeconds?: number | null;
    language?: string | null;
  }) {
    super(init.serverMessage ?? init.kind);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.validationErrors = init.validationErrors ?? [];
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.language = init.language ?? null;
  }

  get action(): ErrorAction {
    return defaults[this.kind].action;
  }

  /** The translated fallback when the server gave no usable text (a 429 with Retry-After says how long). */
  get defaultMessage(): MessageDescriptor {
    if (this.kind === 'rateLimited' && this.retryAfterSeconds !== null) return tryAgainIn(this.retryAfterSeconds);
    return defaults[this.kind].message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Failures of the transport rather than answers (5xx, no connection, time-out, empty reply): they
 * are shown with their own translated words, never with the reply body (spec 000 s8: a 500 reads
 * "Server is not available").
 */
export function isTransportFailure(error: ApiError): boolean {
  return error.kind === 'serverUnavailable' || error.kind === 'network' || error.kind === 'timeout' || error.kind === 'emptyReply';
}

/**
 * Verification errors: several param/description pairs are joined with commas;
 * a single error shows its description alone (spec 000 s8).
 */
export function joinValidationErrors(issues: readonly ValidationIssue[]): string | null {
  const usable = issues.filter((i) => i.description || i.param);
  if (usable.length === 0) return null;
  if (usable.length === 1) return usable[0]?.description ?? usable[0]?.param ?? null;
  return usable.map((i) => [i.param, i.description].filter(Boolean).join(': ')).join(', ');
}

/**
 * "Too many attempts. Try again in 15 minutes.": the wait of a Retry-After in whole minutes,
 * rounded up, at least one (plural forms per language come from the catalogues).
 */
export function tryAgainIn(seconds: number): MessageDescriptor {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return msg`Too many attempts. Try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`;
}

/**
 * A Retry-After header in seconds: delay-seconds ("900") or an HTTP date (seconds from `now`,
 * not below zero). Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A Content-Language header as the primary subtag of its first language ("ru-RU, en" → "ru"), or null. */
export function parseContentLanguage(value: string | null | undefined): string | null {
  const primary = value?.split(',')[0]?.trim().split('-')[0]?.toLowerCase();
  return primary || null;
}

/** The reply headers an error keeps: Retry-After (as seconds) and Content-Language. */
function fromHeaders(headers: Pick<Headers, 'get'> | null | undefined): { retryAfterSeconds: number | null; language: string | null } {
  return {
    retryAfterSeconds: parseRetryAfter(headers?.get('retry-after')),
    language: parseContentLanguage(headers?.get('content-language')),
  };
}

function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'accessDenied';
  if (status === 404) return 'notFound';
  if (status === 400 || status === 422) return 'validation';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'serverUnavailable';
  return 'unknown';
}

interface ReplyShape {
  responseCode?: unknown;
  responseDescription?: unknown;
  message?: unknown;
  code?: unknown;
  validationErrors?: unknown;
  errors?: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function issues(value: unknown): ValidationIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): ValidationIssue[] => {
    if (typeof item === 'string') return [{ description: item }];
    if (item && typeof item === 'object') {
      const i = item as Record<string, unknown>;
      return [{ param: text(i.param) ?? undefined, description: text(i.description) ?? text(i.message) ?? undefined }];
    }
    return [];
  });
}

/**
 * Reads an error out of a reply: the status comes from the HTTP status, the message from the
 * reply's message (spec 000 s8). 500 always reads "Server is not available"; an empty body is
 * its own kind. Returns null for a successful reply (2xx with responseCode absent or '00').
 * `headers` (optional): the error keeps the reply's Retry-After and Content-Language.
 */
export function readReplyError(status: number, body: unknown, headers?: Pick<Headers, 'get'> | null): ApiError | null {
  const reply = (body && typeof body === 'object' ? body : {}) as ReplyShape;
  const kept = fromHeaders(headers);
  const validationErrors = [...issues(reply.validationErrors), ...issues(reply.errors)];
  if (status >= 500) return new ApiError({ kind: 'serverUnavailable', status, body });
  if (status >= 200 && status < 300) {
    if (body === undefined || body === null || body === '') {
      return status === 204 ? null : new ApiError({ kind: 'emptyReply', status });
    }
    const code = typeof reply.responseCode === 'string' ? reply.responseCode : null;
    if (code === null || code === '00') return null;
    const kind = RESPONSE_CODE_KINDS[code] ?? 'unknown';
    const serverMessage =
      (kind === 'validation' ? joinValidationErrors(validationErrors) : null) ??
      text(reply.responseDescription) ??
      text(reply.message);
    return new ApiError({ kind, status, code, serverMessage, validationErrors, body, ...kept });
  }
  if (body === undefined || body === null || body === '') {
    return new ApiError({ kind: kindForStatus(status), status, ...kept });
  }
  const code = text(reply.code) ?? text(reply.responseCode);
  const kind = (code && RESPONSE_CODE_KINDS[code]) || kindForStatus(status);
  const serverMessage =
    (kind === 'validation' ? joinValidationErrors(validationErrors) : null) ??
    text(reply.message) ??
    text(reply.responseDescription);
  return new ApiError({ kind, status, code, serverMessage, validationErrors, body, ...kept });
}

/** What to tell the user about a failed call: the server's text, else the kind's translated default. */
export function errorText(i18n: { _: (d: MessageDescriptor) => string }, error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? i18n._(error.defaultMessage);
  return i18n._(defaults.unknown.message);
}
