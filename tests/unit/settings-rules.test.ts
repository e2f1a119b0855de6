// @vitest-environment node
import {
  PROOF_MARGIN_MS,
  SETTINGS_CHANGES,
  TWO_STEP_MODES,
  canChooseTwoStepMode,
  emptyPasswordChange,
  isTwoStepMode,
  isTwoStepOn,
  keptProof,
  needsReauthentication,
  offeredTwoStepModes,
  passwordChangeProblems,
  usableProof,
  type PasswordChangeProblem,
  type PasswordChangeValues,
  type SettingsChange,
  type TwoStepMode,
} from '@machines/settings/settings.rules';
import { asSettingsFailure, passwordChangeErrors, settingsFailureMessage, settingsMessages, type SettingsFailure } from '@machines/settings/settings-messages';
import { unexpectedFailure } from '@machines/shared/ui-message';

/**
 * Settings and security's rules (001 s5, s7; 000 s3; docs/decisions.md "Settings and security: the
 * calls"): whether two-step verification is on, the modes offered, the password change's problems
 * and their words, which changes need re-authentication, a kept proof, and how a failed call is
 * read; every branch and boundary of each rule.
 */

describe('isTwoStepOn (000 s3: anything but "no" is on; missing is off)', () => {
  it.each<[string, string | null | undefined, boolean]>([
    ['no', 'no', false],
    ['sms', 'sms', true],
    ['otp', 'otp', true],
    ['push', 'push', true],
    ['an unknown mode is on, as the spec words it', 'email', true],
    ['"No" in capitals is not "no"', 'No', true],
    ['"no " with a space is not "no"', 'no ', true],
    ['missing: undefined', undefined, false],
    ['missing: null', null, false],
    ['missing: empty text', '', false],
  ])('%s', (_name, mode, on) => {
    expect(isTwoStepOn(mode)).toBe(on);
  });
});

describe('isTwoStepMode', () => {
  it.each<[unknown, boolean]>([
    ['no', true],
    ['sms', true],
    ['otp', true],
    ['push', true],
    ['SMS', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
    [['sms'], false],
  ])('%j: %s', (value, expected) => {
    expect(isTwoStepMode(value)).toBe(expected);
  });
  it('lists the four modes of login2faMode', () => expect(TWO_STEP_MODES).toEqual(['no', 'sms', 'otp', 'push']));
});

describe('offeredTwoStepModes (off and SMS always, push with a linked device, otp only while current)', () => {
  it.each<[string | null | undefined, boolean, TwoStepMode[]]>([
    ['no', false, ['no', 'sms']],
    ['no', true, ['no', 'sms', 'push']],
    ['sms', false, ['no', 'sms']],
    ['sms', true, ['no', 'sms', 'push']],
    ['otp', false, ['no', 'sms', 'otp']],
    ['otp', true, ['no', 'sms', 'otp', 'push']],
    // The current mode stays in the list: a push user whose device was removed still sees push on.
    ['push', false, ['no', 'sms', 'push']],
    ['push', true, ['no', 'sms', 'push']],
    [undefined, false, ['no', 'sms']],
    [null, true, ['no', 'sms', 'push']],
    ['', false, ['no', 'sms']],
    ['email', true, ['no', 'sms', 'push']],
  ])('current %j, linked device %s → %j', (current, linked, offered) => {
    expect(offeredTwoStepModes(current, linked)).toEqual(offered);
  });
});

describe('canChooseTwoStepMode (offered and not the one on)', () => {
  it.each<[string, string | null | undefined, boolean, boolean]>([
    ['sms', 'no', false, true],
    ['no', 'sms', false, true],
    ['no', 'no', false, false],
    ['sms', 'sms', true, false],
    ['push', 'no', true, true],
    ['push', 'no', false, false],
    ['otp', 'no', true, false],
    ['otp', 'otp', false, false],
    ['no', 'otp', false, true],
    ['no', undefined, false, false],
    ['no', null, true, false],
    ['no', '', false, false],
    ['sms', undefined, false, true],
    ['no', 'email', false, true],
    ['email', 'no', true, false],
  ])('%s while %j is current (device %s): %s', (mode, current, linked, allowed) => {
    expect(canChooseTwoStepMode(mode, current, linked)).toBe(allowed);
  });
});

describe('passwordChangeProblems (001 s5: password, passwordNew, passwordNewRepeat)', () => {
  const values = (password: string, passwordNew: string, passwordNewRepeat: string): PasswordChangeValues => ({ password, passwordNew, passwordNewRepeat });
  type Problems = Partial<Record<keyof PasswordChangeValues, PasswordChangeProblem>>;

  it.each<[string, PasswordChangeValues, Problems]>([
    ['all right', values('old-pass1', 'n3w-pass', 'n3w-pass'), {}],
    ['all empty: each required', emptyPasswordChange(), { password: 'required', passwordNew: 'required', passwordNewRepeat: 'required' }],
    ['the current missing', values('', 'n3w-pass', 'n3w-pass'), { password: 'required' }],
    ['the current of spaces is typed (the service judges it)', values('   ', 'n3w-pass', 'n3w-pass'), {}],
    ['the repeat missing', values('old-pass1', 'n3w-pass', ''), { passwordNewRepeat: 'required' }],
    ['the repeat differs', values('old-pass1', 'n3w-pass', 'n3w-pasS'), { passwordNewRepeat: 'mismatch' }],
    ['the repeat with a trailing space differs (nothing trimmed)', values('old-pass1', 'n3w-pass', 'n3w-pass '), { passwordNewRepeat: 'mismatch' }],
    ['the new one missing, the repeat typed', values('old-pass1', '', 'n3w-pass'), { passwordNew: 'required', passwordNewRepeat: 'mismatch' }],
    ['7 characters: weak', values('old-pass1', 'abcdef1', 'abcdef1'), { passwordNew: 'weakPassword' }],
    ['8 characters: enough', values('old-pass1', 'abcdefg1', 'abcdefg1'), {}],
    ['128 characters: enough', values('old-pass1', `a${'1'.repeat(127)}`, `a${'1'.repeat(127)}`), {}],
    ['129 characters: too long', values('old-pass1', `a${'1'.repeat(128)}`, `a${'1'.repeat(128)}`), { passwordNew: 'weakPassword' }],
    ['no digit: weak', values('old-pass1', 'abcdefgh', 'abcdefgh'), { passwordNew: 'weakPassword' }],
    ['no letter: weak', values('old-pass1', '12345678', '12345678'), { passwordNew: 'weakPassword' }],
    ['a letter of any script counts', values('old-pass1', 'пароль12', 'пароль12'), {}],
    ['the same as the current one', values('n3w-pass', 'n3w-pass', 'n3w-pass'), { passwordNew: 'sameAsCurrent' }],
    ['weak and the same: the rule first', values('abc', 'abc', 'abc'), { passwordNew: 'weakPassword' }],
    ['differs from the current only by case: allowed', values('N3W-PASS', 'n3w-pass', 'n3w-pass'), {}],
  ])('%s', (_name, given, problems) => {
    expect(passwordChangeProblems(given)).toEqual(problems);
  });
});

describe('passwordChangeErrors (the problems in words, by field)', () => {
  it('each problem has its own words', () => {
    expect(passwordChangeErrors(emptyPasswordChange())).toEqual({
      password: { descriptor: settingsMessages.passwordRequired },
      passwordNew: { descriptor: settingsMessages.passwordNewRequired },
      passwordNewRepeat: { descriptor: settingsMessages.passwordNewRepeatRequired },
    });
    expect(passwordChangeErrors({ password: 'x', passwordNew: 'short1', passwordNewRepeat: 'other' })).toEqual({
      passwordNew: { descriptor: settingsMessages.passwordNewWeak },
      passwordNewRepeat: { descriptor: settingsMessages.passwordNewRepeatMismatch },
    });
    expect(passwordChangeErrors({ password: 'n3w-pass', passwordNew: 'n3w-pass', passwordNewRepeat: 'n3w-pass' })).toEqual({
      passwordNew: { descriptor: settingsMessages.passwordNewSame },
    });
    expect(passwordChangeErrors({ password: 'old-pass1', passwordNew: 'n3w-pass', passwordNewRepeat: 'n3w-pass' })).toEqual({});
  });

  it('the cancelled confirmation says exactly "Confirmation canceled" (002 s8)', () => {
    expect(settingsMessages.confirmationCanceled.message).toBe('Confirmation canceled');
  });
});

describe('needsReauthentication (a small table)', () => {
  it.each<[SettingsChange, boolean]>([
    ['twoStepMode', true],
    ['password', true],
    ['email', true],
    ['phone', true],
    ['accessIpList', false],
    ['payoutBlacklist', false],
    ['notifications', false],
    ['linkDevice', false],
    ['removeDevice', false],
  ])('%s: %s', (change, needed) => {
    expect(needsReauthentication(change)).toBe(needed);
  });

  it('the table lists every change once; anything else (read at run time) needs none', () => {
    expect(SETTINGS_CHANGES).toHaveLength(new Set(SETTINGS_CHANGES).size);
    expect(SETTINGS_CHANGES.filter(needsReauthentication)).toEqual(['twoStepMode', 'password', 'email', 'phone']);
    expect(needsReauthentication('toString' as SettingsChange)).toBe(false);
    expect(needsReauthentication('somethingElse' as SettingsChange)).toBe(false);
  });
});

describe('a kept proof (keptProof, usableProof)', () => {
  const now = 1_700_000_000_000;
  it('keeps when it ends, from expiresIn in seconds', () => {
    expect(keptProof('p-1', 300, now)).toEqual({ proof: 'p-1', expiresAt: now + 300_000 });
  });

  it.each<[string, number, string | null]>([
    ['just kept', now, 'p-1'],
    ['one ms before the margin', now + 300_000 - PROOF_MARGIN_MS - 1, 'p-1'],
    ['at the margin: no longer used', now + 300_000 - PROOF_MARGIN_MS, null],
    ['after its end', now + 300_001, null],
  ])('%s', (_name, at, usable) => {
    expect(usableProof(keptProof('p-1', 300, now), at)).toBe(usable);
  });

  it('none kept, or an empty proof: none', () => {
    expect(usableProof(null, now)).toBeNull();
    expect(usableProof(undefined, now)).toBeNull();
    expect(usableProof({ proof: '', expiresAt: now + 300_000 }, now)).toBeNull();
  });
});

describe('asSettingsFailure and settingsFailureMessage (how a failed settings call is read)', () => {
  const text = { text: 'Wrong code' };
  it.each<[string, unknown, SettingsFailure]>([
    ['a refusal as it is', { kind: 'refused', message: text }, { kind: 'refused', message: text }],
    ['a refusal with fields', { kind: 'refused', message: text, fields: { password: text } }, { kind: 'refused', message: text, fields: { password: text } }],
    ['a 429 as it is', { kind: 'rateLimited', retryAfterSeconds: 30 }, { kind: 'rateLimited', retryAfterSeconds: 30 }],
    ['a 403 as it is', { kind: 'proofRefused', message: text }, { kind: 'proofRefused', message: text }],
    ['a failure as it is', { kind: 'failed', message: text }, { kind: 'failed', message: text }],
    ['a plain UiMessage (text) is a failure', text, { kind: 'failed', message: text }],
    ['a plain UiMessage (descriptor) is a failure', { descriptor: unexpectedFailure }, { kind: 'failed', message: { descriptor: unexpectedFailure } }],
    ['an unknown kind is the generic failure', { kind: 'terms' }, { kind: 'failed', message: { descriptor: unexpectedFailure } }],
    ['a bug (an Error) never shows its text', new Error('boom'), { kind: 'failed', message: { descriptor: unexpectedFailure } }],
    ['nothing', undefined, { kind: 'failed', message: { descriptor: unexpectedFailure } }],
    ['a string', 'oops', { kind: 'failed', message: { descriptor: unexpectedFailure } }],
  ])('%s', (_name, error, failure) => {
    expect(asSettingsFailure(error)).toEqual(failure);
  });

  it('a 429 says its own message, else "too many attempts"; the others their message', () => {
    expect(settingsFailureMessage({ kind: 'rateLimited', retryAfterSeconds: 30, message: text })).toBe(text);
    expect(settingsFailureMessage({ kind: 'rateLimited', retryAfterSeconds: null })).toEqual({ descriptor: settingsMessages.tooManyAttempts });
    expect(settingsFailureMessage({ kind: 'refused', message: text })).toBe(text);
    expect(settingsFailureMessage({ kind: 'proofRefused', message: text })).toBe(text);
    expect(settingsFailureMessage({ kind: 'failed', message: text })).toBe(text);
  });
});
