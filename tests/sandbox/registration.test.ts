// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { BUSINESS_PURPOSES, BUSINESS_SOURCES_OF_FUNDS, PERSONAL_AGREEMENTS } from '../../sandbox/reference-lists.ts';
import { activationLink } from '../../sandbox/handlers/registration.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../machines/registration/captcha.ts';
import { activationFromSearch } from '../../machines/auth/activation.logic.ts';

/**
 * Registration (spec 002 s3, s4, s5, s7): check email exists (0 free, 1 exists, 3 a
 * business user's login) and create account, public calls: the captcha, the app's rules server
 * side, an existing e-mail refused, the customer created not yet activated once per requestId, the
 * activation e-mail in the outbox with its link, and the activation that then signs in.
 */
const clock = Date.parse('2026-11-22T10:00:00Z');
let sb: Sandbox;

const post = (path: string, body: unknown) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const main = (method: string, body: Record<string, unknown>) => post(`/main/?method=${method}`, { method, ...body });
/** A public call that must keep the contract (200). */
const call = async (method: string, body: Record<string, unknown>): Promise<any> => {
  const res = await main(method, body);
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
};
const emailState = async (email: string) => (await call('checkEmailExists', { email })).emailState;
const outboxOf = async (login: string) => (await (await fetch(`${sb.url}/__sandbox/outbox?login=${encodeURIComponent(login)}`)).json()).messages;
const customerRow = (login: string) =>
  sb.db.prepare('SELECT id, brand, kind, first_name, last_name, business_name, permissions, profile FROM customers WHERE login = ?').get(login) as
    | { id: number; brand: string; kind: string; first_name: string; last_name: string; business_name: string | null; permissions: string; profile: string }
    | undefined;
const countOf = (login: string) => (sb.db.prepare('SELECT COUNT(*) AS n FROM customers WHERE login = ?').get(login) as { n: number }).n;

let requests = 0;
const newRequestId = () => `reg-test-${String(++requests).padStart(4, '0')}`;

const person = (overrides: Record<string, unknown> = {}) => ({
  type: 'freelancers',
  firstName: 'Ioana',
  lastName: 'Popescu',
  birthday: '1990-05-17',
  email: 'ioana.popescu@example.com',
  phone: '+40 721 555 010',
  countryCode: 'RO',
  city: 'Cluj-Napoca',
  street: 'Strada Memorandumului 28',
  postalCode: '400114',
  sourceOfFunds: 'salary',
  agreements: PERSONAL_AGREEMENTS.map((a) => a.id),
  password: 'Registr8tion',
  ...overrides,
});
const personal = (overrides: Record<string, unknown> = {}, body: Record<string, unknown> = {}) =>
  call('createAccount', { captcha: SANDBOX_CAPTCHA_TOKEN, requestId: newRequestId(), registrationType: 'personal', person: person(overrides), ...body });

const address = { countryCode: 'RO', city: 'Bucharest', street: 'Calea Victoriei 12', postalCode: '010061' };
const draftPerson = (id: string, fields: Record<string, unknown>) => ({
  id,
  firstName: 'Mihai',
  lastName: 'Ionescu',
  birthday: '1985-02-03',
  email: '',
  phone: '+40 722 000 111',
  address,
  taxId: '',
  sourceOfFunds: [],
  sourceDetails: {},
  isUser: false,
  ...fields,
});
let drafts = 0;
/**
 * A valid draft: p1 (director, 60 % shareholder, user with full access), p2 (user, initiate), the
 * company c3 (40 %) with its director p4; the users' e-mails new for each draft.
 */
const draft = (change: (d: any) => void = () => {}) => {
  const n = ++drafts;
  const d = {
    version: '3.54',
    finished: ['generalForm', 'financialInfoForm', 'dueDilligenceForm', 'legalForm', 'directorsHub', 'shareholdersHub', 'usersHub'],
    generalForm: {
      businessType: 'affiliatePrograms',
      name: 'Nova Ads SRL',
      tradingName: 'Nova',
      registrationCountryCode: 'RO',
      // Numeric-looking text stays text (the app sends the draft as typed).
      registrationNumber: '12345678',
      registrationDate: '2020-03-01',
      email: 'office@nova-ads.example',
      phone: '+40 21 000 1111',
      website: 'https://nova-ads.example',
      industry: 'marketing',
    },
    financialInfoForm: { sourcesOfFunds: [BUSINESS_SOURCES_OF_FUNDS[0]!.id], purposesOfAccount: [BUSINESS_PURPOSES[0]!.id], estimatedMonthlyDeposit: 'from5kTo25k', currencies: ['EUR', 'USD'] },
    dueDilligenceForm: { answers: { businessAnotherAccount: 'false', controlAccount: '1', mainCustomerCountries: 'RO, DE', monthlyTransactions: 'upTo10', regulatedActivity: 'false' } },
    legalForm: { address, agreements: [] },
    root: { directors: ['p1'], shareholders: [{ kind: 'person', id: 'p1', share: '60' }, { kind: 'company', id: 'c3', share: '40' }] },
    persons: {
      p1: draftPerson('p1', { firstName: 'Elena', lastName: 'Marin', email: `elena.marin.${n}@nova-ads.example`, isUser: true, accessRights: 2, sourceOfFunds: ['savings'], sourceDetails: { savings: 'Salary savings since 2010' } }),
      p2: draftPerson('p2', { firstName: 'Radu', lastName: 'Stan', email: `radu.stan.${n}@nova-ads.example`, isUser: true, accessRights: 3 }),
      p4: draftPerson('p4', { firstName: 'Ana', lastName: 'Dobre', email: 'ana.dobre@nova-ads.example' }),
    },
    companies: {
      c3: { id: 'c3', name: 'Holding Trei SRL', country: 'RO', tradingName: '', number: '998877', date: '2015-06-30', address, directors: ['p4'], shareholders: [] },
    },
  };
  change(d);
  return d;
};
const business = (change?: (d: any) => void, body: Record<string, unknown> = {}) =>
  call('createAccount', { captcha: SANDBOX_CAPTCHA_TOKEN, requestId: newRequestId(), registrationType: 'business', business: draft(change), ...body });

const params = (reply: { responseCode: string; validationErrors?: { param: string }[] }) => (reply.validationErrors ?? []).map((e) => e.param);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-registration-')), 'db.sqlite'), now: () => clock });
});
afterAll(() => sb.close());

describe('check email exists', () => {
  it('0 free, 1 a customer’s login, 3 a business user’s login; trimmed, any case', async () => {
    expect(await emailState('nobody@example.com')).toBe(0);
    expect(await emailState('personal@brand1.test')).toBe(1);
    expect(await emailState('business@brand3.test')).toBe(1);
    expect(await emailState('inactive@brand1.test')).toBe(1);
    expect(await emailState('  Employee@Brand1.TEST ')).toBe(3);
    expect(await emailState('approver@brand2.test')).toBe(3);
  });

  it('is public, and a blank e-mail is refused', async () => {
    expect(await call('checkEmailExists', { email: '   ' })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'email' }] });
    expect((await main('checkEmailExists', {})).status).toBe(400);
    expect((await main('checkEmailExists', { email: `${'a'.repeat(250)}@x.io` })).status).toBe(400);
  });
});

describe('create account: personal', () => {
  it('refuses a captcha that was not passed, and creates nothing', async () => {
    const reply = await personal({ email: 'captcha@example.com' }, { captcha: 'robot' });
    expect(reply).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'captcha', description: 'The captcha was not passed' }] });
    expect(countOf('captcha@example.com')).toBe(0);
  });

  it('refuses an e-mail that exists (a customer’s or a business user’s)', async () => {
    expect(params(await personal({ email: 'Personal@brand1.test' }))).toEqual(['person.email']);
    const employee = await personal({ email: 'initiator@brand1.test' });
    expect(employee.validationErrors[0]).toMatchObject({ param: 'person.email', description: expect.stringMatching(/business user/) });
  });

  it('checks the form with the app’s rules', async () => {
    const reply = await personal({ birthday: '2010-01-01', password: 'onlyletters', agreements: ['privacyPolicy'], email: 'no-at-sign.example', phone: 'call me', type: 'webcamModels' }, { brand: 'brand2' });
    expect(params(reply).sort()).toEqual(['person.agreements', 'person.birthday', 'person.email', 'person.password', 'person.phone', 'person.type']);
    // Just 18 on the day is an adult.
    expect((await personal({ birthday: '2008-11-22', email: 'eighteen@example.com' })).responseCode).toBe('00');
    expect(params(await personal({ birthday: '2008-11-23', email: 'seventeen@example.com' }))).toEqual(['person.birthday']);
    // A password shorter than 8 breaks the contract itself.
    expect((await main('createAccount', { captcha: SANDBOX_CAPTCHA_TOKEN, requestId: newRequestId(), registrationType: 'personal', person: person({ password: 'a1' }) })).status).toBe(400);
    // personal needs person (business needs business).
    expect((await main('createAccount', { captcha: SANDBOX_CAPTCHA_TOKEN, requestId: newRequestId(), registrationType: 'personal', business: draft() })).status).toBe(400);
  });

  it('is refused where the brand does not allow registration', async () => {
    expect(await personal({ email: 'brand3-person@example.com' }, { brand: 'brand3' })).toMatchObject({ responseCode: 'UE' });
    expect(params(await personal({ email: 'nobrand@example.com' }, { brand: 'brand9' }))).toEqual(['brand']);
  });

  it('creates an inactive customer once per requestId, e-mails the activation link, and the code then signs in', async () => {
    const requestId = newRequestId();
    const body = { captcha: SANDBOX_CAPTCHA_TOKEN, requestId, registrationType: 'personal', brand: 'brand2', person: person({ email: ' Ioana.Popescu@Example.com ', taxId: '1900517123456' }) };
    const first = await call('createAccount', body);
    expect(first).toEqual({ responseCode: '00', customerId: expect.any(Number) });
    // The same request again (a lost reply): the same customer, nothing created twice.
    expect(await call('createAccount', body)).toEqual(first);
    expect(await call('createAccount', { ...body, captcha: 'used-up' })).toEqual(first);
    const login = 'ioana.popescu@example.com';
    expect(countOf(login)).toBe(1);
    const row = customerRow(login)!;
    expect(row).toMatchObject({ id: first.customerId, brand: 'brand2', kind: 'personal', first_name: 'Ioana', last_name: 'Popescu', business_name: null });
    const profile = JSON.parse(row.profile);
    expect(profile).toMatchObject({ inactive: true, activationCode: expect.stringMatching(/^\d{6}$/), residenceCountryCode: 'RO' });
    expect(profile.registration).toMatchObject({ type: 'freelancers', birthday: '1990-05-17', taxId: '1900517123456', address: { city: 'Cluj-Napoca' } });
    expect(JSON.stringify(profile)).not.toContain('Registr8tion');
    expect(await emailState(login)).toBe(1);

    const messages = await outboxOf(login);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ login, to: login, subject: 'Activate your account', sentAt: new Date(clock).toISOString() });
    const link = messages[0].link as string;
    expect(link).toBe(activationLink('activation', login, profile.activationCode));
    const search = Object.fromEntries(new URL(link, 'http://app.test').searchParams);
    expect(activationFromSearch(search)).toEqual({ action: 'activation', user: login, code: profile.activationCode });

    // Not before activation; then the code activates and signs in, and the password signs in.
    const signIn = () => post('/auth/login', { client: 'spa', username: login, password: 'Registr8tion' });
    expect((await signIn()).status).toBe(403);
    const activated = await call('activateAccount', { username: search.user, activationCode: search.code });
    expect(activated).toMatchObject({ responseCode: '00', accessToken: expect.any(String), refreshToken: expect.any(String) });
    const tokens = await (await signIn()).json();
    expect(tokens).toMatchObject({ authFlow: 'simple', accessToken: expect.any(String), userId: first.customerId });
    expect((await post('/auth/login', { client: 'spa', username: login, password: 'Demo-pass-1' })).status).toBe(401);
  });

  it('a refused request keeps nothing: the same requestId succeeds once it is right', async () => {
    const requestId = newRequestId();
    const body = { captcha: 'robot', requestId, registrationType: 'personal', person: person({ email: 'retry@example.com' }) };
    expect((await call('createAccount', body)).responseCode).toBe('VF');
    const ok = await call('createAccount', { ...body, captcha: SANDBOX_CAPTCHA_TOKEN });
    expect(ok.responseCode).toBe('00');
    expect(customerRow('retry@example.com')?.brand).toBe('brand1');
  });
});

describe('create account: business', () => {
  it('creates the company (its first full-access user signs in as it) and an employee per other user, each e-mailed', async () => {
    const reply = await business((d) => {
      d.persons.p1.email = ' Elena.Marin@nova-ads.example';
      d.persons.p2.email = 'radu.stan@nova-ads.example';
    });
    expect(reply).toEqual({ responseCode: '00', customerId: expect.any(Number) });
    const owner = customerRow('elena.marin@nova-ads.example')!;
    expect(owner).toMatchObject({ id: reply.customerId, kind: 'business', business_name: 'Nova Ads SRL', first_name: 'Elena' });
    const ownerProfile = JSON.parse(owner.profile);
    expect(ownerProfile).toMatchObject({ inactive: true, type: 2 });
    expect(ownerProfile.registration.generalForm.registrationNumber).toBe('12345678');
    expect(ownerProfile.registration.persons.p1).not.toHaveProperty('emailState');
    const employee = customerRow('radu.stan@nova-ads.example')!;
    expect(employee).toMatchObject({ kind: 'employee', business_name: 'Nova Ads SRL' });
    // Their rights are for the company (sandbox/access.ts), not on their own record.
    expect(JSON.parse(employee.permissions)).toMatchObject({ transfers: 0, balanceInfo: 0 });
    const relation = sb.db.prepare('SELECT access_rights, permissions FROM authorized_users WHERE user_id = ? AND company_id = ?').get(employee.id, reply.customerId) as { access_rights: number; permissions: string };
    expect(relation.access_rights).toBe(3);
    expect(JSON.parse(relation.permissions)).toMatchObject({ transfers: 3, balanceInfo: 2 });
    const employeeProfile = JSON.parse(employee.profile);
    expect(employeeProfile).toMatchObject({ inactive: true, businessId: reply.customerId, accessRights: 3 });
    // The director who is not a user gets no login.
    expect(await emailState('ana.dobre@nova-ads.example')).toBe(0);
    expect(await emailState('radu.stan@nova-ads.example')).toBe(3);

    const [ownerMail] = await outboxOf('elena.marin@nova-ads.example');
    expect(ownerMail).toMatchObject({ to: 'elena.marin@nova-ads.example', subject: expect.stringContaining('business account'), link: activationLink('activationBusiness', 'elena.marin@nova-ads.example', ownerProfile.activationCode) });
    const [employeeMail] = await outboxOf('radu.stan@nova-ads.example');
    expect(employeeMail).toMatchObject({ to: 'radu.stan@nova-ads.example', link: activationLink('activationEmployee', 'radu.stan@nova-ads.example', employeeProfile.activationCode) });

    const activated = await call('activateBusiness', { email: 'elena.marin@nova-ads.example', activationCode: ownerProfile.activationCode });
    expect(activated).toMatchObject({ responseCode: '00', accessToken: expect.any(String) });
    expect(await call('activateEmployee', { email: 'radu.stan@nova-ads.example', activationCode: employeeProfile.activationCode })).toMatchObject({ responseCode: '00', accessToken: expect.any(String) });

    // Its people (issue 54): p1, a shareholder and director, is one person and the company's own sign-in; the
    // shareholding company with its share; c3's director p4 is that company's, not this one's.
    const signedIn = async (method: string) => (await (await fetch(`${sb.url}/main/?method=${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${activated.accessToken}` }, body: JSON.stringify({ method }) })).json()) as any;
    expect((await signedIn('businessShareholderList')).shareholders.map((p: any) => [p.id, p.kind, p.firstName ?? p.companyName, p.share, p.positionIds, p.userId])).toEqual([
      [1, 'person', 'Elena', '60', [6, 2], reply.customerId],
      [2, 'company', 'Holding Trei SRL', '40', [9], null],
    ]);
    expect((await signedIn('businessDirectorList')).directors.map((p: any) => [p.id, p.lastName, p.email])).toEqual([[1, 'Marin', 'elena.marin@nova-ads.example']]);
    expect((await signedIn('businessUserList')).users.map((u: any) => [u.email, u.isOwner, u.representativeId])).toEqual([
      ['elena.marin@nova-ads.example', true, 1],
      ['radu.stan@nova-ads.example', false, null],
    ]);
  });

  it('refuses a user’s e-mail that exists, two users with one e-mail, and a captcha not passed', async () => {
    const taken = await business((d) => (d.persons.p2.email = 'personal@brand1.test'));
    expect(params(taken)).toEqual(['business.persons.p2.email']);
    const twice = await business((d) => {
      d.persons.p1.email = 'same@twice.example';
      d.persons.p2.email = 'SAME@twice.example';
    });
    expect(params(twice)).toEqual(['business.persons.p2.email']);
    expect(params(await business((d) => (d.persons.p1.email = 'captcha-biz@example.com'), { captcha: 'robot' }))).toEqual(['captcha']);
    expect(countOf('captcha-biz@example.com')).toBe(0);
  });

  it('checks the draft with the wizard’s rules', async () => {
    const noFullAccess = await business((d) => {
      d.persons.p1.email = 'nofull@example.com';
      d.persons.p1.accessRights = 4;
    });
    expect(params(noFullAccess)).toEqual(['business.persons']);
    const tree = await business((d) => {
      d.persons.p1.email = 'tree@example.com';
      d.root.directors = [];
      d.root.shareholders[0].share = '95';
      d.companies.c3.directors = [];
      d.persons.p1.sourceDetails = {};
      d.generalForm.registrationDate = '2027-01-01';
      d.generalForm.businessType = 'webcamStudios';
      delete d.dueDilligenceForm.answers.regulatedActivity;
      delete d.persons.p2.accessRights;
    });
    expect(params(tree).sort()).toEqual(
      [
        'business.companies.c3.directors',
        'business.dueDilligenceForm.regulatedActivity',
        'business.generalForm.registrationDate',
        'business.persons.p1.sourceDetails',
        'business.persons.p2.accessRights',
        'business.root.directors',
        'business.root.shareholders',
      ].sort(),
    );
    // webcamStudios is offered in brand1 (the default); not in brand2.
    expect(params(await business((d) => (d.persons.p1.email = 'webcam@example.com'), { brand: 'brand2' }))).toEqual([]);
    expect(params(await business((d) => {
      d.persons.p1.email = 'webcam2@example.com';
      d.generalForm.businessType = 'webcamStudios';
    }, { brand: 'brand2' }))).toEqual(['business.generalForm.businessType']);
    // A share sent as a number breaks the contract (the app sends the draft as typed).
    const numeric = await main('createAccount', { captcha: SANDBOX_CAPTCHA_TOKEN, requestId: newRequestId(), registrationType: 'business', business: draft((d) => (d.root.shareholders[0].share = 60)) });
    expect(numeric.status).toBe(400);
  });

  it('is idempotent on requestId', async () => {
    const body = { captcha: SANDBOX_CAPTCHA_TOKEN, requestId: newRequestId(), registrationType: 'business', business: draft((d) => {
      d.persons.p1.email = 'once@biz.example';
      d.persons.p2.email = 'once-user@biz.example';
    }) };
    const first = await call('createAccount', body);
    expect(await call('createAccount', body)).toEqual(first);
    expect(countOf('once@biz.example') + countOf('once-user@biz.example')).toBe(2);
    expect(await outboxOf('once@biz.example')).toHaveLength(1);
  });
});
