import { isStrongPassword } from '../registration/registration.rules.ts';

/**
 * Settings and security's rules (001 s5, s7; 000 s3; docs/decisions.md "Settings and security: the
 * calls"), pure so the statecharts, the views, the sandbox and the table tests share them
 * (tests/unit/settings-rules.test.ts). Problems are codes here; the words the user reads are
 * lingui descriptors in ./settings-messages.ts (this file is loaded by Node as it is, without the
 * lingui macro).
 */

// ---- two-step verification (login2faMode) --------------------------------------------------------

/** The modes of `login2faMode`: off, a code by SMS, an authenticator app's code, a push to a linked device. */
export const TWO_STEP_MODES = ['no', 'sms', 'otp', 'push'] as const;
export type TwoStepMode = (typeof TWO_STEP_MODES)[number];

export const isTwoStepMode = (value: unknown): value is TwoStepMode => typeof value === 'string' && (TWO_STEP_MODES as readonly string[]).includes(value);

/**
 * Whether two-step verification is on (000 s3: anything but 'no' means it is on).
 *
 * A missing value (undefined, null or an empty string) counts as off: the profile did not say, and
 * the page must not claim a protection it cannot show; the choice then offers to turn it on, and
 * the service still asks its second factor where one is set (check-password's `secondFactor`).
 * Any other text, known mode or not, is on, exactly as the spec words it.
 */
export function isTwoStepOn(login2faMode: string | null | undefined): boolean {
  if (login2faMode === undefined || login2faMode === null || login2faMode === '') return false;
  return login2faMode !== 'no';
}

/**
 * The modes the page offers, in the order of TWO_STEP_MODES: off and SMS always; push when a device
 * is linked (auth profile `scp` is `push`); the authenticator app only when it is the current mode
 * (enrolling one is not in the spec). The current mode is always in the list, so the page never
 * shows a choice with nothing chosen (a push user whose device was removed still sees push as on).
 */
export function offeredTwoStepModes(current: string | null | undefined, hasLinkedDevice: boolean): TwoStepMode[] {
  return TWO_STEP_MODES.filter((mode) => mode === 'no' || mode === 'sms' || mode === current || (mode === 'push' && hasLinkedDevice));
}

/** A mode the customer may choose now: offered, and not the one already on (a missing mode is off). */
export function canChooseTwoStepMode(mode: string, current: string | null | undefined, hasLinkedDevice: boolean): mode is TwoStepMode {
  const on = isTwoStepOn(current) ? current : 'no';
  return isTwoStepMode(mode) && mode !== on && offeredTwoStepModes(current, hasLinkedDevice).includes(mode);
}

// ---- password change (001 s5: password, passwordNew, passwordNewRepeat) ---------------------------

export interface PasswordChangeValues {
  password: string;
  passwordNew: string;
  passwordNewRepeat: string;
}
export type PasswordChangeField = keyof PasswordChangeValues;
export const PASSWORD_CHANGE_FIELDS: readonly PasswordChangeField[] = ['password', 'passwordNew', 'passwordNewRepeat'];
export const emptyPasswordChange = (): PasswordChangeValues => ({ password: '', passwordNew: '', passwordNewRepeat: '' });

/** `weakPassword`: not the sign-up's rule; `sameAsCurrent`: the new one is the current one; `mismatch`: the repeat differs. */
export type PasswordChangeProblem = 'required' | 'weakPassword' | 'sameAsCurrent' | 'mismatch';

/**
 * The password change form's problems, by field (none: it may be sent). Every field is required
 * (a password is taken as typed: spaces count, nothing is trimmed); the new password follows the
 * sign-up's rule (isStrongPassword) and differs from the current one; the repeat equals the new one.
 */
export function passwordChangeProblems(values: PasswordChangeValues): Partial<Record<PasswordChangeField, PasswordChangeProblem>> {
  const problems: Partial<Record<PasswordChangeField, PasswordChangeProblem>> = {};
  if (!values.password) problems.password = 'required';
  if (!values.passwordNew) problems.passwordNew = 'required';
  else if (!isStrongPassword(values.passwordNew)) problems.passwordNew = 'weakPassword';
  else if (values.passwordNew === values.password) problems.passwordNew = 'sameAsCurrent';
  if (!values.passwordNewRepeat) problems.passwordNewRepeat = 'required';
  else if (values.passwordNewRepeat !== values.passwordNew) problems.passwordNewRepeat = 'mismatch';
  return problems;
}

// ---- re-authentication (an extension: POST /auth/check-password, the proof X-Reauth-Proof) --------

/** The changes of the settings and the profile, and whether each needs a fresh proof that it is the customer. */
const REAUTHENTICATION = {
  twoStepMode: true,
  password: true,
  email: true,
  phone: true,
  accessIpList: false,
  payoutBlacklist: false,
  notifications: false,
  linkDevice: false,
  removeDevice: false,
} as const satisfies Record<string, boolean>;

export type SettingsChange = keyof typeof REAUTHENTICATION;
export const SETTINGS_CHANGES = Object.keys(REAUTHENTICATION) as SettingsChange[];

/** Whether a change needs re-authentication first (OWASP ASVS 5.0, sensitive changes); anything not in the table does not. */
export function needsReauthentication(change: SettingsChange): boolean {
  return Object.hasOwn(REAUTHENTICATION, change) && REAUTHENTICATION[change];
}

/** How long before its end a kept proof is no longer used (a change sent at the last second would be refused). */
export const PROOF_MARGIN_MS = 10_000;

/** A proof the app keeps after a re-authentication, with when it ends (ms since the epoch). */
export interface KeptProof {
  proof: string;
  expiresAt: number;
}

/** The proof as kept at `now` from check-password's answer (`expiresIn` in seconds). */
export const keptProof = (proof: string, expiresInSeconds: number, now: number): KeptProof => ({ proof, expiresAt: now + expiresInSeconds * 1000 });

/** The kept proof when it still serves a change at `now` (more than PROOF_MARGIN_MS before its end), else null. */
export function usableProof(kept: KeptProof | null | undefined, now: number): string | null {
  if (!kept || !kept.proof) return null;
  return now < kept.expiresAt - PROOF_MARGIN_MS ? kept.proof : null;
}
