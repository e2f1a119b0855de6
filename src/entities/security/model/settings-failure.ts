import type { SettingsFailure } from '@machines/settings/settings-messages';
import { apiRuntime, isApiError, isTransportFailure, REFUSAL_CODES, toFormFailure, toRateLimitMessage, toUiMessage } from '@/shared/api';

/**
 * How the settings statecharts read a failed settings call (machines/settings/settings-messages.ts
 * `SettingsFailure`):
 * - `proofRefused`: the 403 whose code is REAUTH (no proof, or it expired): re-authenticate;
 * - `rateLimited`: a 429, with its Retry-After;
 * - `refused`: the service's answer to what was sent, shown where it was typed: a 400 (a wrong
 *   two-step code, 001 s8), a 401 naming its refusal (check-password's PASSWORD or OTP), a 422, a
 *   main-service VF (with its fields) or another refusal code (a wrong password change code: 13);
 * - `failed`: anything else: the network, the service, a session that ended (the response popup).
 */
export function toSettingsFailure(error: unknown, language: string = apiRuntime.language): SettingsFailure {
  if (!isApiError(error) || isTransportFailure(error)) return { kind: 'failed', message: toUiMessage(error) };
  if (error.status === 403 && error.code === 'REAUTH') return { kind: 'proofRefused', message: toUiMessage(error) };
  if (error.kind === 'rateLimited') return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds, message: toRateLimitMessage(error, language) };
  const status = error.status ?? 0;
  const answered = (status >= 200 && status < 300) || status === 400 || status === 422 || (status === 401 && error.code !== null && REFUSAL_CODES.includes(error.code));
  if (!answered) return { kind: 'failed', message: toUiMessage(error) };
  const { fields } = toFormFailure(error);
  return { kind: 'refused', message: toUiMessage(error), ...(fields ? { fields } : {}) };
}

/** Runs a settings call; its failure is thrown as a SettingsFailure. */
export async function asSettingsCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSettingsFailure(error);
  }
}
