import type { RecoveryAnswer } from '@machines/auth/account-recovery.machine';
import type { RecoveryRequestValues } from '@machines/auth/account-recovery.rules';
import { api, asFormFailure } from '@/shared/api';

/**
 * Account recovery's calls and the activation code sent again (spec 002 s3, s5, s7), all
 * public. Each throws a FormFailure (field errors by `param`, or one message: a 429 says when to
 * try again); none opens the automatic error popup (the recovery statechart's actors, shown in place).
 */

/** Password change request: the recovery task and the check of the person's data. */
export async function requestPasswordChange(values: RecoveryRequestValues, signal?: AbortSignal): Promise<RecoveryAnswer> {
  return asFormFailure(async () => {
    const reply = await api().main.call('passwordChangeRequest', values, signal ? { signal } : {});
    if (!reply.taskId || !reply.verificationStatus) throw new Error('No recovery task in the reply');
    return {
      taskId: reply.taskId,
      emailId: reply.emailId ?? null,
      verificationStatus: reply.verificationStatus,
      rejectReason: reply.rejectReason ?? null,
      isRetryable: reply.isRetryable ?? false,
      recoveryEmail: reply.recoveryEmail ?? null,
    };
  });
}

/** Password change code check: whether the code typed is the e-mailed one (emailCodeIsValid). */
export async function checkPasswordChangeCode(input: { taskId: string; emailId: string; email: string; code: string }, signal?: AbortSignal): Promise<boolean> {
  return asFormFailure(async () => (await api().main.call('passwordChangeCodeCheck', input, signal ? { signal } : {})).emailCodeIsValid === true);
}

/** Password change with code: e-mail, code and the new password (002 s5). */
export async function changePasswordWithCode(input: { email: string; code: string; password: string }, signal?: AbortSignal): Promise<void> {
  await asFormFailure(() => api().main.call('passwordChangeWithCode', input, signal ? { signal } : {}));
}

/** Resend activation code: the same answer whether or not an account waits for it. */
export async function resendActivationCode(email: string, signal?: AbortSignal): Promise<void> {
  await asFormFailure(() => api().main.call('resendActivationCode', { email: email.trim() }, signal ? { signal } : {}));
}
