// @vitest-environment node
import { codeError, companyAccessMessages as m, companyEmailErrors, representativeFormErrors, sharesExceed } from '@machines/business/company-access-messages';
import type { FormErrors, FormValues } from '@machines/shared/form.machine';

/**
 * The company's people and e-mails in words (issue 54): the representative form (a person by the
 * registration wizard's rules, or a company that holds shares; the 100 % total), a new company
 * e-mail and its code, each branch and boundary, compared by their descriptors.
 */

const e = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });
const TODAY = '2026-11-26';
/** A valid person: a director, not a shareholder. */
const person: FormValues = { kind: 'person', firstName: 'Ana', lastName: 'Pop', birthday: '1985-04-12', email: 'ana@example.com', phone: '', director: 'true', shareholder: '', ultimateOwner: '', share: '', '@today': TODAY };
/** A valid company that holds shares. */
const company: FormValues = { kind: 'company', companyName: 'Holding SRL', share: '25', '@today': TODAY };
const a = (n: number) => 'a'.repeat(n);
const without = (values: FormValues, name: string): FormValues => Object.fromEntries(Object.entries(values).filter(([key]) => key !== name));
const digits = (n: number) => '1'.repeat(n);

describe('representativeFormErrors: the kind first', () => {
  it.each([
    ['missing', without(person, 'kind')],
    ['empty', { ...person, kind: '' }],
    ['another word', { ...person, kind: 'trust' }],
    ['another case', { ...person, kind: 'Person' }],
    // Nothing else is checked while the kind is not chosen.
    ['with every other field wrong', { kind: '', firstName: '', birthday: 'x', email: 'x', share: 'x' }],
  ])('%s → kind required only', (_, values) => expect(representativeFormErrors(values)).toEqual({ kind: e(m.kindRequired) }));

  it('a valid person and a valid company pass', () => {
    expect(representativeFormErrors(person)).toEqual({});
    expect(representativeFormErrors(company)).toEqual({});
  });

  it('an empty person: every required field and the roles at once', () => {
    expect(representativeFormErrors({ kind: 'person' })).toEqual({
      firstName: e(m.firstNameRequired),
      lastName: e(m.lastNameRequired),
      birthday: e(m.birthdayRequired),
      email: e(m.emailRequired),
      roles: e(m.roleRequired),
    });
  });
});

describe('representativeFormErrors: a person', () => {
  it.each<[string, FormValues, FormErrors]>([
    ['first name empty', { firstName: '' }, { firstName: e(m.firstNameRequired) }],
    ['first name blank', { firstName: '   ' }, { firstName: e(m.firstNameRequired) }],
    ['first name of 100', { firstName: a(100) }, {}],
    ['first name of 100 with spaces around', { firstName: ` ${a(100)} ` }, {}],
    ['first name of 101', { firstName: a(101) }, { firstName: e(m.nameTooLong) }],
    ['last name empty', { lastName: '' }, { lastName: e(m.lastNameRequired) }],
    ['last name blank', { lastName: '\t' }, { lastName: e(m.lastNameRequired) }],
    ['last name of 100', { lastName: a(100) }, {}],
    ['last name of 101', { lastName: a(101) }, { lastName: e(m.nameTooLong) }],
    ['both names of 101', { firstName: a(101), lastName: a(101) }, { firstName: e(m.nameTooLong), lastName: e(m.nameTooLong) }],
  ])('%s', (_, change, errors) => expect(representativeFormErrors({ ...person, ...change })).toEqual(errors));

  it.each<[string, FormValues, FormErrors]>([
    ['birthday empty', { birthday: '' }, { birthday: e(m.birthdayRequired) }],
    ['birthday blank', { birthday: '  ' }, { birthday: e(m.birthdayRequired) }],
    ['birthday without leading zeros', { birthday: '1985-4-12' }, { birthday: e(m.birthdayFormat) }],
    ['birthday in another order', { birthday: '12.04.1985' }, { birthday: e(m.birthdayFormat) }],
    ['birthday with slashes', { birthday: '1985/04/12' }, { birthday: e(m.birthdayFormat) }],
    ['birthday that does not exist (2026-02-30)', { birthday: '2026-02-30' }, { birthday: e(m.birthdayFormat) }],
    ['birthday in month 13', { birthday: '1985-13-01' }, { birthday: e(m.birthdayFormat) }],
    ['birthday on 29 February of a leap year', { birthday: '2004-02-29' }, {}],
    ['birthday with spaces around', { birthday: ' 1985-04-12 ' }, {}],
    ['exactly 18 today', { birthday: '2008-11-26' }, {}],
    ['18 tomorrow (one day short)', { birthday: '2008-11-27' }, { birthday: e(m.tooYoung) }],
    ['18 next month', { birthday: '2008-12-01' }, { birthday: e(m.tooYoung) }],
    ['18 since last month', { birthday: '2008-10-27' }, {}],
    ['born this year', { birthday: '2026-01-01' }, { birthday: e(m.tooYoung) }],
    ['today not given: not known to be an adult', { birthday: '1985-04-12', '@today': '' }, { birthday: e(m.tooYoung) }],
  ])('%s', (_, change, errors) => expect(representativeFormErrors({ ...person, ...change })).toEqual(errors));

  it.each<[string, FormValues, FormErrors]>([
    ['e-mail empty', { email: '' }, { email: e(m.emailRequired) }],
    ['e-mail blank', { email: '   ' }, { email: e(m.emailRequired) }],
    ['e-mail of 5 characters', { email: 'a@b.c' }, { email: e(m.emailInvalid) }],
    ['e-mail of 6 characters', { email: 'a@b.cd' }, {}],
    ['e-mail without a dot', { email: 'ana@example' }, { email: e(m.emailInvalid) }],
    ['e-mail without @', { email: 'ana.example.com' }, { email: e(m.emailInvalid) }],
    ['e-mail the company has (another case, spaces)', { email: ' SALES@Example.com ', '@emails': 'billing@example.com\n\n sales@example.com ' }, { email: e(m.emailDuplicate) }],
    ['e-mail the company does not have', { email: 'ana@example.com', '@emails': 'billing@example.com\nsales@example.com' }, {}],
    ['phone left empty', { phone: '' }, {}],
    ['phone blank', { phone: '   ' }, {}],
    ['phone of 5 digits', { phone: digits(5) }, { phone: e(m.phoneFormat) }],
    ['phone of 6 digits', { phone: digits(6) }, {}],
    ['phone of 20 characters', { phone: digits(20) }, {}],
    ['phone of 21 characters', { phone: digits(21) }, { phone: e(m.phoneFormat) }],
    ['phone with + and 20 digits', { phone: `+${digits(20)}` }, {}],
    ['phone with spaces, brackets and dashes', { phone: '+40 (721) 000-000' }, {}],
    ['phone with spaces around', { phone: ' +40721000000 ' }, {}],
    ['phone with a letter', { phone: '0721a00000' }, { phone: e(m.phoneFormat) }],
    ['phone with + twice', { phone: '++40721000000' }, { phone: e(m.phoneFormat) }],
    ['phone with + inside', { phone: '40+721000000' }, { phone: e(m.phoneFormat) }],
  ])('%s', (_, change, errors) => expect(representativeFormErrors({ ...person, ...change })).toEqual(errors));

  it.each<[string, FormValues, FormErrors]>([
    ['no role', { director: '', shareholder: '', ultimateOwner: '' }, { roles: e(m.roleRequired) }],
    ['a role not ticked as "true"', { director: 'yes', shareholder: 'TRUE', ultimateOwner: '1' }, { roles: e(m.roleRequired) }],
    ['director only', { director: 'true' }, {}],
    ['ultimate owner only', { director: '', ultimateOwner: 'true' }, {}],
    ['shareholder only (with a share)', { director: '', shareholder: 'true', share: '10' }, {}],
    ['all three', { director: 'true', shareholder: 'true', ultimateOwner: 'true', share: '10' }, {}],
  ])('%s', (_, change, errors) => expect(representativeFormErrors({ ...person, ...change })).toEqual(errors));

  it.each<[string, FormValues, FormErrors]>([
    ['share not asked of a person who is no shareholder', { director: 'true', shareholder: '', share: 'nonsense' }, {}],
    ['share required', { share: '' }, { share: e(m.shareRequired) }],
    ['share blank', { share: '  ' }, { share: e(m.shareRequired) }],
    ['share not a number', { share: 'ten' }, { share: e(m.shareFormat) }],
    ['share with 3 decimals', { share: '12.345' }, { share: e(m.shareFormat) }],
    ['share of 4 digits', { share: '1000' }, { share: e(m.shareFormat) }],
    ['share negative', { share: '-5' }, { share: e(m.shareFormat) }],
    ['share 0', { share: '0' }, { share: e(m.shareRange) }],
    ['share 0.00', { share: '0.00' }, { share: e(m.shareRange) }],
    ['share 0.01', { share: '0.01' }, {}],
    ['share 12,5 (a decimal comma)', { share: '12,5' }, {}],
    ['share 100', { share: '100' }, {}],
    ['share 100.01', { share: '100.01' }, { share: e(m.shareRange) }],
    ['share 101', { share: '101' }, { share: e(m.shareRange) }],
    ['total exactly 100', { share: '40', '@otherShares': '60' }, {}],
    ['total 100.01', { share: '40.01', '@otherShares': '60' }, { share: e(m.sharesTotal) }],
    ['total over 100 (41 + 60)', { share: '41', '@otherShares': '60' }, { share: e(m.sharesTotal) }],
    ['other shares not given count as none', { share: '100' }, {}],
    ['other shares not a number count as none', { share: '100', '@otherShares': 'n/a' }, {}],
    ['a share out of range is said before the total', { share: '100.01', '@otherShares': '60' }, { share: e(m.shareRange) }],
  ])('%s', (_, change, errors) => expect(representativeFormErrors({ ...person, director: '', shareholder: 'true', ...change })).toEqual(errors));
});

describe('representativeFormErrors: a company that holds shares', () => {
  it.each<[string, FormValues, FormErrors]>([
    ['name empty', { companyName: '' }, { companyName: e(m.companyNameRequired) }],
    ['name blank', { companyName: '  ' }, { companyName: e(m.companyNameRequired) }],
    ['name of 200', { companyName: a(200) }, {}],
    ['name of 201', { companyName: a(201) }, { companyName: e(m.companyNameTooLong) }],
    ['always a shareholder: share required', { share: '' }, { share: e(m.shareRequired) }],
    ['share not a number', { share: '1/2' }, { share: e(m.shareFormat) }],
    ['share out of range', { share: '0' }, { share: e(m.shareRange) }],
    ['total exactly 100', { share: '60', '@otherShares': '40' }, {}],
    ['total 100.01', { share: '60.01', '@otherShares': '40' }, { share: e(m.sharesTotal) }],
    ['name and share both wrong', { companyName: '', share: '' }, { companyName: e(m.companyNameRequired), share: e(m.shareRequired) }],
    // A company has no names, birthday, e-mail, phone or roles to check.
    ['person fields ignored', { firstName: '', lastName: a(101), birthday: 'x', email: 'x', phone: 'x', director: '', shareholder: '', ultimateOwner: '' }, {}],
  ])('%s', (_, change, errors) => expect(representativeFormErrors({ ...company, ...change })).toEqual(errors));

  it('name missing', () => expect(representativeFormErrors(without(company, 'companyName'))).toEqual({ companyName: e(m.companyNameRequired) }));
});

describe('sharesExceed: this share and the others together pass 100 %', () => {
  it.each([
    ['40', '60', false],
    ['40.01', '60', true],
    ['41', '60', true],
    ['100', '0', false],
    ['100', '', false],
    ['100', 'n/a', false], // the others not a number: none
    ['0.01', '99.99', false],
    ['0.01', '100', true],
    ['50,5', '49,5', false], // decimal commas, exact decimals
    ['50,51', '49,5', true],
    ['33.33', '66.67', false],
    ['33.34', '66.67', true],
    ['', '100', false], // this share not a number: nothing to add
    ['ten', '100', false],
    ['12.345', '99', false],
    [' 50 ', ' 50.01 ', true],
  ])('%j + %j → %s', (share, others, exceeds) => expect(sharesExceed(share, others)).toBe(exceeds));
});

describe('companyEmailErrors: a new company e-mail', () => {
  it.each<[string, FormValues, FormErrors]>([
    ['no e-mail given', {}, { email: e(m.emailRequired) }],
    ['empty', { email: '' }, { email: e(m.emailRequired) }],
    ['blank', { email: '  ' }, { email: e(m.emailRequired) }],
    ['5 characters', { email: 'a@b.c' }, { email: e(m.emailInvalid) }],
    ['6 characters', { email: 'a@b.cd' }, {}],
    ['5 characters with spaces around', { email: '  a@b.c  ' }, { email: e(m.emailInvalid) }],
    ['no dot', { email: 'billing@example' }, { email: e(m.emailInvalid) }],
    ['no @', { email: 'billing.example.com' }, { email: e(m.emailInvalid) }],
    ['one the company has', { email: 'billing@example.com', '@emails': 'billing@example.com' }, { email: e(m.emailDuplicate) }],
    ['one the company has, another case and spaces', { email: ' Billing@EXAMPLE.com ', '@emails': 'sales@example.com\n billing@example.com \n' }, { email: e(m.emailDuplicate) }],
    ['a new one', { email: 'new@example.com', '@emails': 'billing@example.com\nsales@example.com' }, {}],
    ['a new one, no list', { email: 'new@example.com' }, {}],
  ])('%s', (_, values, errors) => expect(companyEmailErrors(values)).toEqual(errors));
});

describe('codeError: the 6-digit code from the e-mail', () => {
  it.each([
    ['123456', undefined],
    ['12 34 56', undefined],
    [' 123456 ', undefined],
    ['1 2 3 4 5 6', undefined],
    ['', e(m.codeIncomplete)],
    ['12345', e(m.codeIncomplete)],
    ['1234567', e(m.codeIncomplete)],
    ['12a456', e(m.codeIncomplete)],
    ['12-34-56', e(m.codeIncomplete)],
    ['１２３４５６', e(m.codeIncomplete)], // full-width digits are not digits here
  ])('%j → %j', (code, error) => expect(codeError(code)).toEqual(error));
});
