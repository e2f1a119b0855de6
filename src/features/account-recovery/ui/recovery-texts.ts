import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RecoveryProblem, RecoveryStep } from '@machines/auth/account-recovery.rules';

/** Each step's heading (and the page title). */
export const RECOVERY_TITLES: Record<RecoveryStep, MessageDescriptor> = {
  email: msg`Recover your account`,
  status: msg`Your request`,
  reset: msg`Type the code`,
  password: msg`Choose a new password`,
  success: msg`Password changed`,
};

export const RECOVERY_PROBLEMS: Record<RecoveryProblem, MessageDescriptor> = {
  required: msg`Required.`,
  format: msg`Check the format.`,
  future: msg`The date cannot be in the future.`,
  codeFormat: msg`The code has 6 digits.`,
  weakPassword: msg`Use 8 to 128 characters with a letter and a digit.`,
  passwordMismatch: msg`The passwords do not match.`,
};
