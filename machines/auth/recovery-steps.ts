/**
 * The account recovery pages (/account-recovery/email|status|reset|password|success). The route
 * checks the step before any page loads, so this stays apart from the recovery rules
 * (account-recovery.rules.ts), which bring the password rules and their messages.
 */
export const RECOVERY_STEPS = ['email', 'status', 'reset', 'password', 'success'] as const;
export type RecoveryStep = (typeof RECOVERY_STEPS)[number];
export const isRecoveryStep = (value: unknown): value is RecoveryStep => typeof value === 'string' && (RECOVERY_STEPS as readonly string[]).includes(value);
