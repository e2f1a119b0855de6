// @vitest-environment node
import {
  RECOVERY_STEPS,
  codeProblem,
  emptyRecoveryRequest,
  isRecoveryStep,
  normalCode,
  passwordChecks,
  passwordErrors,
  requestErrors,
  resumeAt,
  storedRecoveryFrom,
  type RecoveryNotice,
  type RecoveryProblem,
  type RecoveryRequestValues,
  type RecoveryStep,
  type StoredRecovery,
} from '@machines/auth/account-recovery.rules';

/**
 * Account recovery's rules (spec 002 s2, s3 Account recovery form, s5): the steps, the
 * first step's fields, the e-mailed code, the new password (the sign-up's rule), where a reloaded
 * recovery opens and what a tab keeps of it; every branch and boundary of each rule.
 */

const TODAY = '2026-11-26';

const valid: RecoveryRequestValues = { email: 'anna@example.com', firstName: 'Anna', lastName: 'Berg', dob: '1990-05-17' };

type RequestErrors = Partial<Record<keyof RecoveryRequestValues, RecoveryProblem>>;

// ---- the steps ---------------------------------------------------------------------------------------

describe('the steps (RECOVERY_STEPS, isRecoveryStep)', () => {
  it('lists the five steps in order', () => {
    expect(RECOVERY_STEPS).toEqual(['email', 'status', 'reset', 'password', 'success']);
  });

  it.each<[string, unknown, boolean]>([
    ['email', 'email', true],
    ['status', 'status', true],
    ['reset', 'reset', true],
    ['password', 'password', true],
    ['success', 'success', true],
    ['another word', 'code', false],
    ['empty string', '', false],
    ['a step in capitals', 'Email', false],
    ['a step with a space', 'email ', false],
    ['a step with its address', '/account-recovery/email', false],
    ['undefined', undefined, false],
    ['null', null, false],
    ['a number', 0, false],
    ['a boolean', true, false],
    ['an array holding a step', ['email'], false],
    ['an object', { step: 'email' }, false],
  ])('%s: %j', (_name, value, expected) => {
    expect(isRecoveryStep(value)).toBe(expected);
  });
});

// ---- the first step's fields ------------------------------------------------------------------------

describe('the empty request', () => {
  it('has every field blank, a new object each time', () => {
    expect(emptyRecoveryRequest()).toEqual({ email: '', firstName: '', lastName: '', dob: '' });
    expect(emptyRecoveryRequest()).not.toBe(emptyRecoveryRequest());
  });
});

describe('the first step\'s problems (requestErrors, today 2026-11-26)', () => {
  it('a complete, right request has none', () => {
    expect(requestErrors(valid, TODAY)).toEqual({});
  });

  describe('every field is required', () => {
    it.each<[keyof RecoveryRequestValues, string]>([
      ['email', ''],
      ['email', '   '],
      ['email', '\t\n'],
      ['firstName', ''],
      ['firstName', '  '],
      ['lastName', ''],
      ['lastName', ' \t '],
      ['dob', ''],
      ['dob', '   '],
    ])('%s %j', (field, text) => {
      expect(requestErrors({ ...valid, [field]: text }, TODAY)).toEqual({ [field]: 'required' });
    });
  });

  describe('the e-mail\'s format', () => {
    it.each<[string, string, RecoveryProblem | null]>([
      ['a usual address', 'anna@example.com', null],
      ['a 2-letter top-level domain', 'anna@example.ee', null],
      ['a subdomain', 'anna.berg@mail.example.co.uk', null],
      ['spaces around are trimmed', '  anna@example.ee  ', null],
      ['a tab around is trimmed', '\tanna@example.ee\t', null],
      ['no @', 'annaexample.com', 'format'],
      ['no dot after the @', 'anna@examplecom', 'format'],
      ['a dot only before the @', 'anna.berg@examplecom', 'format'],
      ['a 1-letter top-level domain', 'anna@example.c', 'format'],
      ['nothing before the @', '@example.com', 'format'],
      ['nothing between the @ and the dot', 'anna@.com', 'format'],
      ['two @', 'anna@@example.com', 'format'],
      ['a space inside', 'an na@example.com', 'format'],
      ['a dot at the end', 'anna@example.', 'format'],
    ])('%s: %j', (_name, email, expected) => {
      expect(requestErrors({ ...valid, email }, TODAY)).toEqual(expected ? { email: expected } : {});
    });
  });

  describe('the date of birth: a real YYYY-MM-DD date, not after today', () => {
    it.each<[string, string, RecoveryProblem | null]>([
      ['day.month.year', '17.05.1990', 'format'],
      ['day/month/year', '17/05/1990', 'format'],
      ['a 1-digit month and day', '1990-5-7', 'format'],
      ['no dashes', '19900517', 'format'],
      ['a 2-digit year', '90-05-17', 'format'],
      ['a date and a time', '1990-05-17T00:00', 'format'],
      ['words', 'yesterday', 'format'],
      ['29 February in a common year (2023)', '2023-02-29', 'format'],
      ['30 February in a leap year (2024)', '2024-02-30', 'format'],
      ['31 April', '2024-04-31', 'format'],
      ['29 February in a leap year (2024)', '2024-02-29', null],
      ['29 February 2000 (divisible by 400)', '2000-02-29', null],
      ['29 February 1900 (divisible by 100, not 400)', '1900-02-29', 'format'],
      ['31 December', '1999-12-31', null],
      ['1 January', '1970-01-01', null],
      ['today', '2026-11-26', null],
      ['yesterday', '2026-11-25', null],
      ['tomorrow', '2026-11-27', 'future'],
      ['next month', '2026-12-01', 'future'],
      ['next year', '2027-01-01', 'future'],
    ])('%s: %j', (_name, dob, expected) => {
      expect(requestErrors({ ...valid, dob }, TODAY)).toEqual(expected ? { dob: expected } : {});
    });
  });

  describe('several problems at once', () => {
    it.each<[string, RecoveryRequestValues, RequestErrors]>([
      ['everything blank', emptyRecoveryRequest(), { email: 'required', firstName: 'required', lastName: 'required', dob: 'required' }],
      ['everything whitespace', { email: ' ', firstName: ' ', lastName: '\t', dob: ' ' }, { email: 'required', firstName: 'required', lastName: 'required', dob: 'required' }],
      ['a wrong e-mail, no first name, a future date', { ...valid, email: 'anna', firstName: '', dob: '2026-11-27' }, { email: 'format', firstName: 'required', dob: 'future' }],
      ['a wrong e-mail and an impossible date', { ...valid, email: 'anna@example.c', dob: '2023-02-29' }, { email: 'format', dob: 'format' }],
      ['no e-mail, no last name, a wrong date format', { ...valid, email: '', lastName: '', dob: '17.05.1990' }, { email: 'required', lastName: 'required', dob: 'format' }],
    ])('%s', (_name, values, expected) => {
      expect(requestErrors(values, TODAY)).toEqual(expected);
    });
  });
});

// ---- the e-mailed code ------------------------------------------------------------------------------

describe('the code without its spaces (normalCode)', () => {
  it.each<[string, string]>([
    ['', ''],
    ['   ', ''],
    ['123456', '123456'],
    ['123 456', '123456'],
    [' 1 2 3 4 5 6 ', '123456'],
    ['12\t34\n56', '123456'],
    ['12-34', '12-34'],
  ])('%j -> %j', (code, expected) => {
    expect(normalCode(code)).toBe(expected);
  });
});

describe('the code\'s problem (codeProblem): six digits', () => {
  it.each<[string, string, RecoveryProblem | null]>([
    ['empty', '', 'required'],
    ['spaces only', '   ', 'required'],
    ['a tab and a newline only', '\t\n', 'required'],
    ['six digits', '123456', null],
    ['six digits in two groups', '123 456', null],
    ['six digits with spaces around and between', ' 1 2 3 4 5 6 ', null],
    ['five digits', '12345', 'codeFormat'],
    ['seven digits', '1234567', 'codeFormat'],
    ['five digits and a letter', '12345a', 'codeFormat'],
    ['letters only', 'abcdef', 'codeFormat'],
    ['digits with a dash', '123-456', 'codeFormat'],
    ['one digit', '1', 'codeFormat'],
  ])('%s: %j', (_name, code, expected) => {
    expect(codeProblem(code)).toBe(expected);
  });
});

// ---- the new password (the sign-up's rule) ----------------------------------------------------------

describe('the password rule while typed (passwordChecks)', () => {
  it.each<[string, string, { length: boolean; letter: boolean; digit: boolean }]>([
    ['empty', '', { length: false, letter: false, digit: false }],
    ['7 characters, letters only', 'abcdefg', { length: false, letter: true, digit: false }],
    ['7 characters with a letter and a digit', 'abcdef1', { length: false, letter: true, digit: true }],
    ['8 characters with a letter and a digit', 'abcdefg1', { length: true, letter: true, digit: true }],
    ['128 characters', `a1${'x'.repeat(126)}`, { length: true, letter: true, digit: true }],
    ['129 characters', `a1${'x'.repeat(127)}`, { length: false, letter: true, digit: true }],
    ['digits only', '12345678', { length: true, letter: false, digit: true }],
    ['letters only', 'abcdefgh', { length: true, letter: true, digit: false }],
    ['a Cyrillic letter (ж) counts as a letter', 'жжжжжжж1', { length: true, letter: true, digit: true }],
    ['Cyrillic only', 'жжжжжжжж', { length: true, letter: true, digit: false }],
    ['an accented letter (õ) counts as a letter', '1234567õ', { length: true, letter: true, digit: true }],
    ['symbols and digits are no letter', '!@#$%^&1', { length: true, letter: false, digit: true }],
    ['spaces only', '        ', { length: true, letter: false, digit: false }],
  ])('%s', (_name, password, expected) => {
    expect(passwordChecks(password)).toEqual(expected);
  });
});

describe('the new password\'s problems (passwordErrors)', () => {
  type PasswordErrors = Partial<Record<'password' | 'passwordRepeat', RecoveryProblem>>;
  const long128 = `a1${'x'.repeat(126)}`;
  const long129 = `a1${'x'.repeat(127)}`;

  it.each<[string, string, string, PasswordErrors]>([
    ['both empty', '', '', { password: 'required', passwordRepeat: 'required' }],
    ['no password, a repeat', '', 'abcdefg1', { password: 'required', passwordRepeat: 'passwordMismatch' }],
    ['letters only', 'abcdefgh', 'abcdefgh', { password: 'weakPassword' }],
    ['digits only', '12345678', '12345678', { password: 'weakPassword' }],
    ['7 characters', 'abcdef1', 'abcdef1', { password: 'weakPassword' }],
    ['129 characters', long129, long129, { password: 'weakPassword' }],
    ['weak and repeated differently', 'abc', 'abd', { password: 'weakPassword', passwordRepeat: 'passwordMismatch' }],
    ['weak and not repeated', 'abc', '', { password: 'weakPassword', passwordRepeat: 'required' }],
    ['strong, not repeated', 'abcdefg1', '', { passwordRepeat: 'required' }],
    ['strong, repeated differently', 'abcdefg1', 'abcdefg2', { passwordRepeat: 'passwordMismatch' }],
    ['strong, repeated with another case', 'abcdefg1', 'ABCDEFG1', { passwordRepeat: 'passwordMismatch' }],
    ['strong, repeated with a space', 'abcdefg1', 'abcdefg1 ', { passwordRepeat: 'passwordMismatch' }],
    ['8 characters, repeated', 'abcdefg1', 'abcdefg1', {}],
    ['128 characters, repeated', long128, long128, {}],
    ['a Cyrillic password, repeated', 'жжжжжжж1', 'жжжжжжж1', {}],
  ])('%s', (_name, password, repeat, expected) => {
    expect(passwordErrors(password, repeat)).toEqual(expected);
  });
});

// ---- where a reloaded recovery opens ----------------------------------------------------------------

const stored = (overrides: Partial<StoredRecovery> = {}): StoredRecovery => ({
  step: 'status',
  values: { ...valid },
  taskId: 'task-1',
  emailId: 'email-1',
  recoveryEmail: 'a***@example.com',
  verificationStatus: 'approved',
  rejectReason: null,
  isRetryable: false,
  ...overrides,
});

describe('where a (re)loaded recovery opens (resumeAt)', () => {
  type Resume = { step: RecoveryStep; notice: RecoveryNotice | null };
  const email: Resume = { step: 'email', notice: null };
  const startAgain: Resume = { step: 'email', notice: 'startAgain' };

  describe('the e-mail step when asked for, whatever was kept', () => {
    it.each<[string, StoredRecovery | null]>([
      ['nothing kept', null],
      ['kept on the e-mail step', stored({ step: 'email' })],
      ['kept on the status', stored({ step: 'status' })],
      ['kept on the code step', stored({ step: 'reset' })],
      ['kept on the password step', stored({ step: 'password' })],
      ['kept on the success', stored({ step: 'success' })],
    ])('%s', (_name, kept) => {
      expect(resumeAt(kept, 'email')).toEqual(email);
    });
  });

  describe('nothing kept: the e-mail step, and a later step asked for starts again', () => {
    it.each<[RecoveryStep]>([['status'], ['reset'], ['password'], ['success']])('asked %s', (asked) => {
      expect(resumeAt(null, asked)).toEqual(startAgain);
    });
  });

  describe('what was kept, for a later step asked for', () => {
    it.each<[string, StoredRecovery, RecoveryStep, Resume]>([
      ['kept on the e-mail step', stored({ step: 'email' }), 'status', startAgain],
      ['kept on the e-mail step, asked the code', stored({ step: 'email' }), 'reset', startAgain],
      // status
      ['status with its task and an approval', stored({ step: 'status' }), 'status', { step: 'status', notice: null }],
      ['status with its task and a rejection', stored({ step: 'status', verificationStatus: 'rejected', rejectReason: 'DATA_MISMATCH', isRetryable: true, emailId: null }), 'status', { step: 'status', notice: null }],
      ['status, asked another step: the kept step wins', stored({ step: 'status' }), 'password', { step: 'status', notice: null }],
      ['status without a task', stored({ step: 'status', taskId: null }), 'status', startAgain],
      ['status with an empty task', stored({ step: 'status', taskId: '' }), 'status', startAgain],
      ['status without the e-mail', stored({ step: 'status', values: { ...valid, email: '' } }), 'status', startAgain],
      ['status without an answer', stored({ step: 'status', verificationStatus: null }), 'status', startAgain],
      // the code step
      ['code step, approved, with its e-mail id', stored({ step: 'reset' }), 'reset', { step: 'reset', notice: null }],
      ['code step, rejected', stored({ step: 'reset', verificationStatus: 'rejected' }), 'reset', startAgain],
      ['code step, no answer', stored({ step: 'reset', verificationStatus: null }), 'reset', startAgain],
      ['code step without an e-mail id', stored({ step: 'reset', emailId: null }), 'reset', startAgain],
      ['code step with an empty e-mail id', stored({ step: 'reset', emailId: '' }), 'reset', startAgain],
      ['code step without a task', stored({ step: 'reset', taskId: null }), 'reset', startAgain],
      ['code step without the e-mail', stored({ step: 'reset', values: { ...valid, email: '' } }), 'reset', startAgain],
      // the password step
      ['password step, approved: the code again', stored({ step: 'password' }), 'password', { step: 'reset', notice: 'codeAgain' }],
      ['password step without an e-mail id', stored({ step: 'password', emailId: null }), 'password', startAgain],
      ['password step, rejected', stored({ step: 'password', verificationStatus: 'rejected' }), 'password', startAgain],
      ['password step without a task', stored({ step: 'password', taskId: null }), 'password', startAgain],
      ['password step without the e-mail', stored({ step: 'password', values: { ...valid, email: '' } }), 'password', startAgain],
      // the success
      ['success', stored({ step: 'success' }), 'success', { step: 'success', notice: null }],
      ['success with nothing else kept', stored({ step: 'success', taskId: null, emailId: null, verificationStatus: null, values: emptyRecoveryRequest() }), 'success', { step: 'success', notice: null }],
      ['success, asked the status', stored({ step: 'success' }), 'status', { step: 'success', notice: null }],
    ])('%s', (_name, kept, asked, expected) => {
      expect(resumeAt(kept, asked)).toEqual(expected);
    });
  });
});

// ---- what a tab keeps, read back --------------------------------------------------------------------

describe('a kept recovery read back (storedRecoveryFrom)', () => {
  const noTask = { taskId: null, emailId: null, recoveryEmail: null, verificationStatus: null, rejectReason: null, isRetryable: false };

  describe('anything else is none', () => {
    it.each<[string, string | null]>([
      ['null', null],
      ['empty text', ''],
      ['not JSON', '{step: status}'],
      ['cut-off JSON', '{"step":"status","values":{'],
      ['JSON null', 'null'],
      ['a JSON number', '42'],
      ['a JSON string', '"status"'],
      ['JSON true', 'true'],
      ['an empty array', '[]'],
      ['an array holding a step', '["status"]'],
      ['an empty object', '{}'],
      ['an unknown step', JSON.stringify({ step: 'code', values: valid })],
      ['a step in capitals', JSON.stringify({ step: 'Status', values: valid })],
      ['no step', JSON.stringify({ values: valid })],
      ['a numeric step', JSON.stringify({ step: 1, values: valid })],
      ['no values', JSON.stringify({ step: 'status', taskId: 'task-1' })],
      ['values null', JSON.stringify({ step: 'status', values: null })],
      ['values a string', JSON.stringify({ step: 'status', values: 'anna@example.com' })],
      ['a numeric e-mail', JSON.stringify({ step: 'status', values: { ...valid, email: 1 } })],
      ['a null first name', JSON.stringify({ step: 'status', values: { ...valid, firstName: null } })],
      ['a boolean last name', JSON.stringify({ step: 'status', values: { ...valid, lastName: true } })],
      ['a date of birth as an object', JSON.stringify({ step: 'status', values: { ...valid, dob: { y: 1990 } } })],
    ])('%s', (_name, text) => {
      expect(storedRecoveryFrom(text)).toBeNull();
    });
  });

  it.each<[string, StoredRecovery]>([
    ['a complete status, approved', stored()],
    ['a rejection that may be tried again', stored({ step: 'status', emailId: null, recoveryEmail: null, verificationStatus: 'rejected', rejectReason: 'DATA_MISMATCH', isRetryable: true })],
    ['the code step', stored({ step: 'reset' })],
    ['the password step', stored({ step: 'password' })],
    ['the e-mail step with nothing of a task', { step: 'email', values: { ...valid }, ...noTask }],
    ['the success', stored({ step: 'success' })],
  ])('reads back what it kept: %s', (_name, kept) => {
    expect(storedRecoveryFrom(JSON.stringify(kept))).toEqual(kept);
  });

  it('fills the values not kept with empty text, and the task with nothing', () => {
    expect(storedRecoveryFrom(JSON.stringify({ step: 'email', values: { email: 'anna@example.com' } }))).toEqual({
      step: 'email',
      values: { email: 'anna@example.com', firstName: '', lastName: '', dob: '' },
      ...noTask,
    });
  });

  it('reads empty values as all blank', () => {
    expect(storedRecoveryFrom(JSON.stringify({ step: 'status', values: {}, taskId: 'task-1' }))).toEqual({
      step: 'status',
      values: { email: '', firstName: '', lastName: '', dob: '' },
      ...noTask,
      taskId: 'task-1',
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['wrong types', { taskId: 5, emailId: {}, recoveryEmail: true, verificationStatus: 'pending', rejectReason: 1, isRetryable: 'true' }],
    ['nulls', { taskId: null, emailId: null, recoveryEmail: null, verificationStatus: null, rejectReason: null, isRetryable: null }],
    ['other wrong types', { taskId: ['task-1'], emailId: 1, recoveryEmail: {}, verificationStatus: 'APPROVED', rejectReason: false, isRetryable: 1 }],
  ])('reads optional fields of %s as nothing and isRetryable as false', (_name, fields) => {
    expect(storedRecoveryFrom(JSON.stringify({ step: 'status', values: valid, ...fields }))).toEqual({ step: 'status', values: valid, ...noTask });
  });

  it('never gives back a code or a password, even when the text has them', () => {
    const read = storedRecoveryFrom(JSON.stringify({ ...stored(), code: '123456', password: 'abcdefg1', passwordRepeat: 'abcdefg1' }));
    expect(read).toEqual(stored());
    expect(read).not.toHaveProperty('code');
    expect(read).not.toHaveProperty('password');
    expect(read).not.toHaveProperty('passwordRepeat');
  });
});

describe('found by the tables', () => {
  it.each(['2024-13-01', '2024-02-32', '2024-00-10', '1990-05-00'])('a date of birth of the right shape that is no date (%s) is a format problem, not a crash', (dob) => {
    expect(requestErrors({ email: 'a@b.co', firstName: 'A', lastName: 'B', dob }, '2026-11-26')).toEqual({ dob: 'format' });
  });

  it('a kept recovery reads back the four fields of the data only (never a code or a password kept inside them); an array is not data', () => {
    const read = storedRecoveryFrom(JSON.stringify({ step: 'status', values: { email: 'a@b.co', firstName: 'A', lastName: 'B', dob: '1990-01-01', code: '123456', password: 'abcdefg1' } }));
    expect(read?.values).toEqual({ email: 'a@b.co', firstName: 'A', lastName: 'B', dob: '1990-01-01' });
    expect(storedRecoveryFrom(JSON.stringify({ step: 'status', values: ['x'] }))).toBeNull();
  });
});

