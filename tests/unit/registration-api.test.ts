// @vitest-environment node
import { fakeMainApi } from '../support/fake-main-api';
import { checkEmailExists, createAccount, registrationField, toBusinessRegistration } from '../../src/entities/registration';
import { emptyBusinessDraft, emptyPerson, type BusinessDraft } from '../../machines/registration/registration-draft';

/**
 * Registration's calls (entities/registration): the e-mail state read from the reply, create
 * account's body (the draft as typed: shares and numbers stay text, the people without their
 * client-side e-mail state) and its refusals as a FormFailure with fields by param.
 */
let replies: unknown[] = [];
let sent: { url: string; body: any }[] = [];

beforeEach(() => {
  replies = [];
  // The calls recorded as this file reads them (url and body).
  sent = fakeMainApi(() => replies.shift()) as typeof sent;
});

const person = {
  type: 'freelancers',
  firstName: 'Ioana',
  lastName: 'Popescu',
  birthday: '1990-05-17',
  email: 'ioana@example.com',
  phone: '0721555010',
  countryCode: 'RO',
  city: 'Cluj-Napoca',
  street: 'Strada 1',
  postalCode: '400114',
  taxId: '1900517123456',
  sourceOfFunds: 'salary',
  agreements: ['termsAndConditions'],
  password: '12345678a',
};

function businessDraft(): BusinessDraft {
  const draft = emptyBusinessDraft();
  draft.generalForm.registrationNumber = '12345678';
  draft.dueDilligenceForm.answers = { controlAccount: '2' };
  draft.root = { directors: ['p1'], shareholders: [{ kind: 'person', id: 'p1', share: '25' }] };
  draft.persons = {
    p1: { ...emptyPerson('p1'), email: 'a@b.example', isUser: true, accessRights: 2, emailState: 0 },
    p2: { ...emptyPerson('p2'), email: 'c@d.example', isUser: false, accessRights: null, emailState: null },
  };
  return draft;
}

describe('checkEmailExists', () => {
  it('sends the trimmed e-mail and answers the state', async () => {
    replies = [{ responseCode: '00', emailState: 3 }];
    expect(await checkEmailExists('  x@y.example ')).toBe(3);
    expect(sent[0]).toMatchObject({ url: 'http://api.test/main/?method=checkEmailExists', body: { method: 'checkEmailExists', email: 'x@y.example' } });
  });

  it('throws when the call fails or the reply does not say', async () => {
    replies = [new Response('{"message":"down"}', { status: 500, headers: { 'Content-Type': 'application/json' } })];
    await expect(checkEmailExists('x@y.example')).rejects.toHaveProperty('descriptor');
    replies = [{ responseCode: '00' }];
    await expect(checkEmailExists('x@y.example')).rejects.toHaveProperty('descriptor');
  });
});

describe('createAccount', () => {
  it('personal: the form as it is (numeric text stays text), and the new customer id', async () => {
    replies = [{ responseCode: '00', customerId: 5001 }];
    expect(await createAccount({ captcha: 'token', requestId: 'req-00000001', registrationType: 'personal', brand: 'brand2', person })).toEqual({ customerId: 5001 });
    expect(sent[0]!.body).toEqual({ method: 'createAccount', captcha: 'token', requestId: 'req-00000001', registrationType: 'personal', brand: 'brand2', person });
  });

  it('business: the draft as typed, the people without their e-mail state, rights not chosen left out', async () => {
    replies = [{ responseCode: '00', customerId: 5002 }];
    const draft = businessDraft();
    await createAccount({ captcha: 'token', requestId: 'req-00000002', registrationType: 'business', business: draft });
    const body = sent[0]!.body;
    expect(body.business.root.shareholders[0].share).toBe('25');
    expect(body.business.generalForm.registrationNumber).toBe('12345678');
    expect(body.business.dueDilligenceForm.answers.controlAccount).toBe('2');
    expect(body.business.persons.p1).not.toHaveProperty('emailState');
    expect(body.business.persons.p1.accessRights).toBe(2);
    expect(body.business.persons.p2).not.toHaveProperty('accessRights');
    expect(body).not.toHaveProperty('brand');
    const { emailState: _state, accessRights: _rights, ...p2 } = draft.persons.p2!;
    expect(toBusinessRegistration(draft).persons.p2).toEqual(p2);
  });

  it('a refusal (VF) is a FormFailure with the fields the form names, and the message', async () => {
    replies = [
      {
        responseCode: 'VF',
        validationErrors: [
          { param: 'person.email', description: 'An account with this e-mail already exists: sign in instead' },
          { param: 'captcha', description: 'The captcha was not passed' },
        ],
      },
    ];
    await expect(createAccount({ captcha: 'robot', requestId: 'req-00000003', registrationType: 'personal', person })).rejects.toEqual({
      fields: { email: { text: 'An account with this e-mail already exists: sign in instead' }, captcha: { text: 'The captcha was not passed' } },
      message: { text: 'person.email: An account with this e-mail already exists: sign in instead, captcha: The captcha was not passed' },
    });
    expect(registrationField('business.persons.p2.email')).toBe('persons.p2.email');
    expect(registrationField('business.generalForm.name')).toBe('generalForm.name');
  });

  it('another refusal or a failure is a message only', async () => {
    replies = [{ responseCode: 'UE', responseDescription: 'Registration is not available for this brand' }];
    await expect(createAccount({ captcha: 't', requestId: 'req-00000004', registrationType: 'personal', person })).rejects.toEqual({ message: { text: 'Registration is not available for this brand' } });
    replies = [new Response('', { status: 500 })];
    const failure = await createAccount({ captcha: 't', requestId: 'req-00000005', registrationType: 'personal', person }).catch((e: unknown) => e);
    expect(failure).not.toHaveProperty('fields');
    expect(failure).toHaveProperty('message.descriptor');
  });
});
