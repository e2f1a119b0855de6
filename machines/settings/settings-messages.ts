import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FormErrors } from '../shared/form.machine';
import { unexpectedFailure, type UiMessage } from '../shared/ui-message';
import { passwordChangeProblems, type PasswordChangeProblem, type PasswordChangeValues } from './settings.rules';

/**
 * What settings and security say to the user (lingui descriptors the UI translates), and how the
 * settings statecharts read a failed call. The rules themselves are ./settings.rules.ts.
 */
export const settingsMessages = {
  passwordRequired: msg`Enter your current password.`,
  passwordNewRequired: msg`Enter a new password.`,
  passwordNewWeak: msg`Use 8 to 128 characters with at least one letter and one digit.`,
  passwordNewSame: msg`The new password must differ from the current one.`,
  passwordNewRepeatRequired: msg`Repeat the new password.`,
  passwordNewRepeatMismatch: msg`The passwords do not match.`,
  /** 002 s8: a cancelled password change confirmation, word for word. */
  confirmationCanceled: msg`Confirmation canceled`,
  /** 002 s8: the success text of the password change confirmation. */
  passwordChanged: msg`Your password has been changed.`,
  twoStepChanged: msg`Two-step verification has been changed.`,
  /** A 429 without a message of its own. */
  tooManyAttempts: msg`Too many attempts. Wait, then try again.`,
  /** The wait after too many attempts is over (started from a password typed in a form: the form says it). */
  lockOver: msg`You can try again now.`,
};

const PASSWORD_CHANGE_TEXTS = {
  password: { required: settingsMessages.passwordRequired },
  passwordNew: { required: settingsMessages.passwordNewRequired, weakPassword: settingsMessages.passwordNewWeak, sameAsCurrent: settingsMessages.passwordNewSame },
  passwordNewRepeat: { required: settingsMessages.passwordNewRepeatRequired, mismatch: settingsMessages.passwordNewRepeatMismatch },
} as const satisfies Record<keyof PasswordChangeValues, Partial<Record<PasswordChangeProblem, MessageDescriptor>>>;

/** The password change form's errors by field, as the user reads them (passwordChangeProblems in words). */
export function passwordChangeErrors(values: PasswordChangeValues): FormErrors {
  const errors: FormErrors = {};
  for (const [field, problem] of Object.entries(passwordChangeProblems(values)) as [keyof PasswordChangeValues, PasswordChangeProblem][]) {
    const texts: Partial<Record<PasswordChangeProblem, MessageDescriptor>> = PASSWORD_CHANGE_TEXTS[field];
    const descriptor = texts[problem];
    if (descriptor) errors[field] = { descriptor };
  }
  return errors;
}

/**
 * What a settings call throws, already classified (src/ maps the API error to it):
 * - `refused`: a 400, the service's reason (a wrong password or code); `fields` when it names fields;
 * - `rateLimited`: a 429 (too many wrong passwords or codes), with its Retry-After in seconds;
 * - `proofRefused`: a 403 "Confirm it is you first" (no proof, or it expired): re-authenticate;
 * - `failed`: anything else (the network, the service), with what to say.
 * A plain UiMessage (what `uiActor` throws) counts as `failed`; an Error (a bug) as the generic failure.
 */
export type SettingsFailure =
  | { kind: 'refused'; message: UiMessage; fields?: FormErrors }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null; message?: UiMessage }
  | { kind: 'proofRefused'; message: UiMessage }
  | { kind: 'failed'; message: UiMessage };

const KINDS: readonly string[] = ['refused', 'rateLimited', 'proofRefused', 'failed'];

export function asSettingsFailure(error: unknown): SettingsFailure {
  if (!error || typeof error !== 'object' || error instanceof Error) return { kind: 'failed', message: { descriptor: unexpectedFailure } };
  if ('kind' in error && typeof error.kind === 'string' && KINDS.includes(error.kind)) return error as SettingsFailure;
  if ('text' in error || 'descriptor' in error) return { kind: 'failed', message: error as UiMessage };
  return { kind: 'failed', message: { descriptor: unexpectedFailure } };
}

/** What a failure says: its message; a 429 without one, the generic "too many attempts". */
export function settingsFailureMessage(failure: SettingsFailure): UiMessage {
  if (failure.kind === 'rateLimited') return failure.message ?? { descriptor: settingsMessages.tooManyAttempts };
  return failure.message;
}

type Failed = { event: { error: unknown } };
/** A guard of the settings statecharts: the failed call's kind is `kind`. */
export const failureIs = (kind: SettingsFailure['kind']) => ({ event }: Failed) => asSettingsFailure(event.error).kind === kind;
/** What a failed call says, for the settings statecharts' `assign`s. */
export const failureText = ({ event }: Failed) => settingsFailureMessage(asSettingsFailure(event.error));
