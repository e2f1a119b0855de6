import { isStrongPassword } from '../registration/registration.rules.ts';
import { isRecoveryStep, type RecoveryStep } from './recovery-steps.ts';

/**
 * Account recovery's rules (spec 002 s2, s3 Account recovery form, s5), pure so the
 * statechart, the views, the sandbox and the table tests share them.
 */

/** The steps, each its own address: /account-recovery/<step>. */
export { RECOVERY_STEPS, isRecoveryStep, type RecoveryStep } from './recovery-steps.ts';

/** The recovery form's first fields (002 s3): the e-mail and the person's data. */
export interface RecoveryRequestValues {
  email: string;
  firstName: string;
  lastName: string;
  dob: string;
}
export const emptyRecoveryRequest = (): RecoveryRequestValues => ({ email: '', firstName: '', lastName: '', dob: '' });

export type RecoveryProblem = 'required' | 'format' | 'future' | 'codeFormat' | 'weakPassword' | 'passwordMismatch';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (text: string) => {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  // "2024-13-01" is no date at all; "2024-02-30" rolls over to another day.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** The first step's problems: every field required, the e-mail's format, a real date of birth not after today. */
export function requestErrors(values: RecoveryRequestValues, today: string): Partial<Record<keyof RecoveryRequestValues, RecoveryProblem>> {
  const errors: Partial<Record<keyof RecoveryRequestValues, RecoveryProblem>> = {};
  for (const field of ['email', 'firstName', 'lastName', 'dob'] as const) if (!values[field].trim()) errors[field] = 'required';
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'format';
  if (!errors.dob && !realDate(values.dob)) errors.dob = 'format';
  else if (!errors.dob && values.dob > today) errors.dob = 'future';
  return errors;
}

/** The e-mailed code: six digits (spaces typed between them do not count). */
export const normalCode = (code: string): string => code.replace(/\s+/g, '');
export function codeProblem(code: string): RecoveryProblem | null {
  const digits = normalCode(code);
  if (!digits) return 'required';
  return /^\d{6}$/.test(digits) ? null : 'codeFormat';
}

/** The password rule as the user sees it while typing (the sign-up's rule: 8 to 128, a letter, a digit). */
export function passwordChecks(password: string): { length: boolean; letter: boolean; digit: boolean } {
  return { length: password.length >= 8 && password.length <= 128, letter: /\p{L}/u.test(password), digit: /\d/.test(password) };
}

export function passwordErrors(password: string, repeat: string): Partial<Record<'password' | 'passwordRepeat', RecoveryProblem>> {
  const errors: Partial<Record<'password' | 'passwordRepeat', RecoveryProblem>> = {};
  if (!password) errors.password = 'required';
  else if (!isStrongPassword(password)) errors.password = 'weakPassword';
  if (!repeat) errors.passwordRepeat = 'required';
  else if (repeat !== password) errors.passwordRepeat = 'passwordMismatch';
  return errors;
}

/**
 * What a tab keeps of a recovery under way (sessionStorage `app.accountRecovery`): the step, the
 * task, the e-mail and the person's data typed, and the answer — never the code or a password.
 */
export interface StoredRecovery {
  step: RecoveryStep;
  values: RecoveryRequestValues;
  taskId: string | null;
  emailId: string | null;
  recoveryEmail: string | null;
  verificationStatus: 'approved' | 'rejected' | null;
  rejectReason: string | null;
  isRetryable: boolean;
}

/** Why a reload did not open the step asked for. */
export type RecoveryNotice = 'startAgain' | 'codeAgain';

/**
 * Where a (re)loaded recovery opens, from what the tab kept and the address asked for:
 * - the e-mail step when asked for, with what was typed;
 * - nothing kept (another tab, a finished recovery, storage cleared): the e-mail step, and when a
 *   later step was asked for, a notice that the recovery starts again;
 * - the status with its answer; the code step with its task and e-mail; the password step asks
 *   for the code again (it is never kept); the success as it was;
 * - a kept step that lacks what it needs: the e-mail step with the notice.
 */
export function resumeAt(stored: StoredRecovery | null, asked: RecoveryStep): { step: RecoveryStep; notice: RecoveryNotice | null } {
  if (asked === 'email') return { step: 'email', notice: null };
  if (!stored) return { step: 'email', notice: 'startAgain' };
  const hasTask = !!stored.taskId && !!stored.values.email;
  switch (stored.step) {
    case 'email':
      return { step: 'email', notice: 'startAgain' };
    case 'status':
      return hasTask && stored.verificationStatus ? { step: 'status', notice: null } : { step: 'email', notice: 'startAgain' };
    case 'reset':
      return hasTask && stored.emailId && stored.verificationStatus === 'approved' ? { step: 'reset', notice: null } : { step: 'email', notice: 'startAgain' };
    case 'password':
      return hasTask && stored.emailId && stored.verificationStatus === 'approved' ? { step: 'reset', notice: 'codeAgain' } : { step: 'email', notice: 'startAgain' };
    case 'success':
      return { step: 'success', notice: null };
  }
}

/** A kept recovery read back (anything else: none). */
export function storedRecoveryFrom(text: string | null): StoredRecovery | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredRecovery> | null;
    if (!value || typeof value !== 'object' || !isRecoveryStep(value.step) || !value.values || typeof value.values !== 'object') return null;
    // The four fields only (nothing else a tab may have kept goes out with a request).
    const kept = value.values as Partial<Record<keyof RecoveryRequestValues, unknown>>;
    if (Array.isArray(kept)) return null;
    const values = emptyRecoveryRequest();
    for (const field of Object.keys(values) as (keyof RecoveryRequestValues)[]) {
      const text = kept[field] === undefined ? '' : kept[field];
      if (typeof text !== 'string') return null;
      values[field] = text;
    }
    return {
      step: value.step,
      values,
      taskId: typeof value.taskId === 'string' ? value.taskId : null,
      emailId: typeof value.emailId === 'string' ? value.emailId : null,
      recoveryEmail: typeof value.recoveryEmail === 'string' ? value.recoveryEmail : null,
      verificationStatus: value.verificationStatus === 'approved' || value.verificationStatus === 'rejected' ? value.verificationStatus : null,
      rejectReason: typeof value.rejectReason === 'string' ? value.rejectReason : null,
      isRetryable: value.isRetryable === true,
    };
  } catch {
    return null;
  }
}
