// @vitest-environment node
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasMoreIpnMessages, IPN_PAGE_SIZE, LOGO_MAX_BYTES, LOGOS_MAX } from '../../machines/merchant/merchant.rules';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { DEMO_USERS } from '../../sandbox/seed.ts';
import { MERCHANT_IPN_COUNT, SEEDED_NOTIFY_URL, seededIpnSecret, seededPbnSecret } from '../../sandbox/seed-merchant.ts';
import {
  FULL_ACCESS_ONLY,
  KEEP_A_DEFAULT,
  LOGO_NAME_TEXTS,
  NO_MERCHANT_ACCESS,
  NO_SUCH_BUTTON,
  NO_SUCH_LOGO,
  NO_SUCH_MESSAGE,
  NOT_AN_IMAGE,
  noAccountIn,
  TOO_MANY_LOGOS,
  URL_TEXTS,
} from '../../sandbox/handlers/merchant.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { sampleJpeg, samplePng } from '../support/sample-files';
import { mainWire, REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * The merchant area (issue 55, sandbox/handlers/merchant.ts, sandbox/merchant-store.ts,
 * sandbox/seed-merchant.ts, the control API's payments and IPN sink): who reads (any merchant level
 * but none) and who writes (full merchant access, else 403); the IPN messages in pages of 25 to the
 * exact multiple, one with its payload, confirmed twice; both settings from null to saved, the
 * secret shown once, the notify address's refusals; logos by their bytes, at most 1 MB and 20, the
 * default moving, the file served with its type; saved buttons with their field errors, the
 * currency refusal carrying `errors`, exact amounts; once per requestId; the sender posting a
 * signed notification to the sandbox's sink and to nothing else; the sign-in state restoring the
 * seeded area. Bodies go as the app writes them (mainWire: amounts as exact JSON numbers).
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const MINUTE = 60_000;
/** The sandbox's clock: it only moves forward. */
let clock = Date.parse('2026-12-01T09:00:00Z');
const SEEDED_AT = clock;

let sb: Sandbox;
let requestCount = 0;
const requestId = (tag = 'merchant') => `${tag}-${String((requestCount += 1)).padStart(6, '0')}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const tokens = new Map<string, string>();
async function tokenOf(login: string): Promise<string> {
  const kept = tokens.get(login);
  if (kept) return kept;
  const res = await post('/auth/login', { client: 'spa', username: login, password: 'Demo-pass-1', codeChallenge: CHALLENGE });
  const reply = (await res.json()) as { accessToken?: string };
  if (res.status !== 200 || !reply.accessToken) throw new Error(`sign-in of ${login}: ${res.status} ${JSON.stringify(reply)}`);
  tokens.set(login, reply.accessToken);
  return reply.accessToken;
}

/** A main-service call as the app writes it: its status and body. */
async function main(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await post(`/main/?method=${method}`, mainWire(method, body), { Authorization: `Bearer ${await tokenOf(login)}`, ...headers });
  return { status: res.status, body: (await res.json()) as any };
}
/** A call that must answer 200: its body. */
async function call(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<any> {
  const reply = await main(login, method, body, headers);
  if (reply.status !== 200) throw new Error(`${method} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

interface LogoFile {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  type: string;
}
/** logoCreate as the app sends it: the data part and the files in file[]. */
async function uploadLogo(login: string, data: Record<string, unknown>, files: LogoFile[]) {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  for (const file of files) form.append('file[]', new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${sb.url}/main/?method=logoCreate`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(login)}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
const png = (name = 'logo.png', size?: number): LogoFile => ({ bytes: samplePng(size), name, type: 'image/png' });
const jpeg = (name = 'logo.jpg', size?: number): LogoFile => ({ bytes: sampleJpeg(size), name, type: 'image/jpeg' });
const addLogo = async (login: string, name: string, file: LogoFile = png(), extra: Record<string, unknown> = {}) => {
  const reply = await uploadLogo(login, { name, requestId: requestId('logo'), ...extra }, [file]);
  if (reply.status !== 200 || reply.body.responseCode !== '00') throw new Error(`logoCreate: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.logo;
};

const idOf = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const refusal = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text });
const listed = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text, errors: [text] });
const DENIED = refusal('You cannot act for this customer', 'ENOA');
const CLOSED = refusal(NO_MERCHANT_ACCESS, 'ENOA');
const FORBIDDEN = { status: 403, body: { message: FULL_ACCESS_ONLY } };
const vfOf = (reply: any) => (reply.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);
const OK = { responseCode: '00' };

const MERCHANT = 'merchant@brand1.test';
const NEW = 'merchant-new@brand1.test';
/** merchant@'s company's user with merchant level 1 (reads) and 2 (full). */
const VIEWER = 'merchant-viewer@brand1.test';
const STAFF = 'merchant-staff@brand1.test';
/** company-b@'s user: nobody of merchant@'s company. */
const OUTSIDER = 'company-b-user@brand1.test';
/** admin@ administers business@ (one of the brand's first 30). */
const ADMIN = 'admin@brand1.test';
const BUSINESS = 'business@brand1.test';

const forMerchant = () => ({ fromCustomerId: idOf(MERCHANT) });
const messages = async (login: string, extra: Record<string, unknown> = {}) => call(login, 'ipnMessageList', extra);
const button = (extra: Record<string, unknown> = {}) => ({
  name: 'Tea',
  buttonType: 'buyNow',
  itemName: 'Green tea, 100 g',
  amount: '9.50',
  currencyCode: 'USD',
  requestId: requestId('button'),
  ...extra,
});

/** Every IPN message of the customer, page by page. */
async function allMessages(login: string): Promise<any[]> {
  const out: any[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const reply = await messages(login, { pageNumber });
    out.push(...reply.messages);
    if (!hasMoreIpnMessages(IPN_PAGE_SIZE, pageNumber, reply.total)) return out;
  }
}

/** What the sandbox's IPN sink received under a name. */
const sink = async (name: string) => ((await (await fetch(`${sb.url}/__sandbox/ipn-sink?name=${name}`)).json()) as { requests: { headers: Record<string, string>; body: string; answered: number }[] }).requests;
const payment = async (body: Record<string, unknown>) => {
  const res = await post('/__sandbox/merchant/payment', body);
  return { status: res.status, body: (await res.json()) as any };
};
const restore = async (login: string) => {
  expect((await post('/__sandbox/sign-in-state', { userLogin: login })).status).toBe(200);
  tokens.delete(login);
};

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-merchant-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 30 * 86_400 });
});
afterAll(() => sb.close());
afterEach(() => vi.restoreAllMocks());

describe('the demo merchants (issue 55)', () => {
  it('merchant@, merchant-new@, merchant-viewer@ (merchant level 1) and merchant-staff@ (2) in every brand', () => {
    const locals = DEMO_USERS.map((u) => u.local);
    expect(locals).toEqual(expect.arrayContaining(['merchant', 'merchant-new', 'merchant-viewer', 'merchant-staff']));
    const viewer = DEMO_USERS.find((u) => u.local === 'merchant-viewer')!;
    const staff = DEMO_USERS.find((u) => u.local === 'merchant-staff')!;
    expect(viewer.companies).toEqual([{ of: 'merchant', permissions: expect.objectContaining({ merchant: 1 }) }]);
    expect(staff.companies).toEqual([{ of: 'merchant', permissions: expect.objectContaining({ merchant: 2 }) }]);
    for (const brand of ['brand1', 'brand6']) expect(sb.db.prepare('SELECT COUNT(*) AS n FROM ipn_messages WHERE customer_id = ?').get(idOf(`merchant@${brand}.test`))).toEqual({ n: MERCHANT_IPN_COUNT });
  });

  it('merchant@: the settings on (https://shop.example/ipn, every status), the PBN setting on, two logos (the PNG the default), three buttons', async () => {
    expect((await call(MERCHANT, 'ipnSettingsGet')).settings).toEqual({
      notifyUrl: SEEDED_NOTIFY_URL,
      notifyStatusId: 2,
      statusId: 2,
      secretLastFour: seededIpnSecret('brand1').slice(-4),
      updatedAt: new Date(SEEDED_AT - 20 * 86_400_000).toISOString(),
    });
    expect(seededIpnSecret('brand1')).toHaveLength(32);
    expect((await call(MERCHANT, 'pbnSettingsGet')).settings).toMatchObject({ statusId: 2, secretLastFour: seededPbnSecret('brand1').slice(-4) });
    const { total, logos } = await call(MERCHANT, 'logoList');
    expect(total).toBe(2);
    expect(logos.map((l: any) => [l.name, l.isDefault, l.mimeType])).toEqual([
      ['Copper Kettle', true, 'image/png'],
      ['Winter sale', false, 'image/jpeg'],
    ]);
    const { buttons } = await call(MERCHANT, 'savedButtonList');
    expect(buttons.map((b: any) => [b.name, b.buttonType, b.amount, b.currencyCode, b.logoId])).toEqual([
      ['Winter box', 'buyNow', '149.00', 'RON', logos[1].id],
      ['Support the roastery', 'donate', null, 'EUR', null],
      ['Coffee beans 1 kg', 'buyNow', '24.90', 'USD', logos[0].id],
    ]);
  });

  it('merchant-new@ and a personal customer: nothing saved (the settings null, every list empty), full access to their own', async () => {
    for (const login of [NEW, 'personal@brand1.test']) {
      expect(await call(login, 'ipnSettingsGet')).toEqual({ ...OK, settings: null });
      expect(await call(login, 'pbnSettingsGet')).toEqual({ ...OK, settings: null });
      expect(await messages(login)).toEqual({ ...OK, total: 0, messages: [] });
      expect(await call(login, 'logoList')).toEqual({ ...OK, total: 0, logos: [] });
      expect(await call(login, 'savedButtonList')).toEqual({ ...OK, buttons: [] });
    }
    const created = await call('personal@brand1.test', 'savedButtonCreate', button());
    expect(created.button).toMatchObject({ name: 'Tea', amount: '9.50', currencyCode: 'USD' });
    expect(await call('personal@brand1.test', 'savedButtonDelete', { id: created.button.id, requestId: requestId() })).toEqual(OK);
  });
});

describe('who reads and who writes (issue 55)', () => {
  it('merchant-viewer@ (level 1) reads every list and item of the company and gets 403 on every write; nothing changes', async () => {
    const acting = forMerchant();
    const [message] = (await messages(MERCHANT)).messages;
    const [logo] = (await call(MERCHANT, 'logoList')).logos;
    const [saved] = (await call(MERCHANT, 'savedButtonList')).buttons;
    expect(await messages(VIEWER, acting)).toEqual(await messages(MERCHANT));
    expect(await call(VIEWER, 'ipnMessageGet', { id: message.id, ...acting })).toEqual(await call(MERCHANT, 'ipnMessageGet', { id: message.id }));
    expect(await call(VIEWER, 'ipnSettingsGet', acting)).toEqual(await call(MERCHANT, 'ipnSettingsGet'));
    expect(await call(VIEWER, 'pbnSettingsGet', acting)).toEqual(await call(MERCHANT, 'pbnSettingsGet'));
    expect(await call(VIEWER, 'logoList', acting)).toEqual(await call(MERCHANT, 'logoList'));
    expect(await call(VIEWER, 'logoGet', { id: logo.id, ...acting })).toEqual({ ...OK, logo });
    expect(await call(VIEWER, 'savedButtonList', acting)).toEqual(await call(MERCHANT, 'savedButtonList'));
    expect(await call(VIEWER, 'savedButtonGet', { id: saved.id, ...acting })).toEqual({ ...OK, button: saved });

    const writes: [string, Record<string, unknown>][] = [
      ['ipnMessageConfirm', { id: message.id }],
      ['ipnSettingsUpdate', { notifyUrl: 'https://viewer.example/ipn', notifyStatusId: 1, statusId: 2, requestId: requestId() }],
      ['pbnSettingsUpdate', { statusId: 1, requestId: requestId() }],
      ['logoUpdate', { id: logo.id, name: 'Viewer', isDefault: true, requestId: requestId() }],
      ['logoDelete', { id: logo.id, requestId: requestId() }],
      ['savedButtonCreate', button()],
      ['savedButtonUpdate', button({ id: saved.id })],
      ['savedButtonDelete', { id: saved.id, requestId: requestId() }],
    ];
    for (const [method, body] of writes) expect([method, await main(VIEWER, method, { ...body, ...acting })]).toEqual([method, FORBIDDEN]);
    expect(await uploadLogo(VIEWER, { name: 'Viewer', requestId: requestId(), ...acting }, [png()])).toEqual(FORBIDDEN);
    expect(await messages(MERCHANT)).toEqual(await messages(VIEWER, acting));
    expect((await call(MERCHANT, 'ipnMessageGet', { id: message.id })).ipnMessage.confirmedAt).toBe(message.confirmedAt);
    expect((await call(MERCHANT, 'ipnSettingsGet')).settings.notifyUrl).toBe(SEEDED_NOTIFY_URL);
    expect((await call(MERCHANT, 'logoList')).logos).toHaveLength(2);
    expect((await call(MERCHANT, 'savedButtonList')).buttons).toHaveLength(3);
  });

  it('the 403 is in the request’s language', async () => {
    const reply = await main(VIEWER, 'pbnSettingsUpdate', { statusId: 1, requestId: requestId(), ...forMerchant() }, { 'Accept-Language': 'pt' });
    expect(reply).toEqual({ status: 403, body: { message: SANDBOX_TEXTS.pt[FULL_ACCESS_ONLY] } });
  });

  it('merchant-staff@ (level 2) changes the company’s area', async () => {
    const acting = forMerchant();
    const created = await call(STAFF, 'savedButtonCreate', { ...button({ name: 'Staff button' }), ...acting });
    expect(created.responseCode).toBe('00');
    expect((await call(MERCHANT, 'savedButtonList')).buttons[0]).toEqual(created.button);
    expect(await call(STAFF, 'savedButtonDelete', { id: created.button.id, requestId: requestId(), ...acting })).toEqual(OK);
  });

  it('someone who may not act for the customer is denied (ENOA), reads and writes alike', async () => {
    const acting = forMerchant();
    expect(await messages(OUTSIDER, acting)).toEqual(DENIED);
    expect(await call(OUTSIDER, 'ipnSettingsGet', acting)).toEqual(DENIED);
    expect(await call(OUTSIDER, 'pbnSettingsUpdate', { statusId: 1, requestId: requestId(), ...acting })).toEqual(DENIED);
    expect(await call(OUTSIDER, 'ipnMessageConfirm', { id: 1, ...acting })).toEqual(DENIED);
    expect((await uploadLogo(OUTSIDER, { name: 'x', requestId: requestId(), ...acting }, [png()])).body).toEqual(DENIED);
  });

  it('an admin (business@ is one they administer) has no merchant access: reads refused (ENOA), writes 403', async () => {
    const acting = { fromCustomerId: idOf(BUSINESS) };
    expect(await messages(ADMIN, acting)).toEqual(CLOSED);
    expect(await call(ADMIN, 'ipnSettingsGet', acting)).toEqual(CLOSED);
    expect(await call(ADMIN, 'logoList', acting)).toEqual(CLOSED);
    expect(await main(ADMIN, 'pbnSettingsUpdate', { statusId: 2, requestId: requestId(), ...acting })).toEqual(FORBIDDEN);
    expect(await main(ADMIN, 'savedButtonCreate', { ...button(), ...acting })).toEqual(FORBIDDEN);
  });

  it('an authorised user with merchant level 0 (employee@ for business@) and an employee for themselves: the area is closed', async () => {
    expect(await messages('employee@brand1.test', { fromCustomerId: idOf(BUSINESS) })).toEqual(CLOSED);
    expect(await main('employee@brand1.test', 'ipnSettingsUpdate', { notifyStatusId: 1, statusId: 1, requestId: requestId(), fromCustomerId: idOf(BUSINESS) })).toEqual(FORBIDDEN);
    expect(await call(VIEWER, 'savedButtonList')).toEqual(CLOSED);
  });

  it('an owner whose own access another full-access user lowered to merchant level 1 reads and does not write', async () => {
    const owner = 'merchant-new@brand2.test';
    sb.db.prepare('INSERT INTO owner_access (company_id, access_rights, permissions) VALUES (?, 1, ?)').run(idOf(owner), JSON.stringify({ balanceInfo: 1, transfers: 1, history: 1, merchant: 1 }));
    try {
      expect(await call(owner, 'savedButtonList')).toEqual({ ...OK, buttons: [] });
      expect(await main(owner, 'savedButtonCreate', button())).toEqual(FORBIDDEN);
    } finally {
      sb.db.prepare('DELETE FROM owner_access WHERE company_id = ?').run(idOf(owner));
    }
    expect((await call(owner, 'savedButtonCreate', button())).responseCode).toBe('00');
  });
});

describe('IPN messages (issue 55)', () => {
  it('newest first in pages of 25: pages 1 to 3 full, page 4 empty (the exact multiple), total 75; no payload in the list', async () => {
    const pages = [];
    for (const pageNumber of [1, 2, 3, 4]) pages.push(await messages(MERCHANT, { pageNumber }));
    expect(pages.map((p) => [p.total, p.messages.length])).toEqual([
      [75, 25],
      [75, 25],
      [75, 25],
      [75, 0],
    ]);
    expect(hasMoreIpnMessages(IPN_PAGE_SIZE, 3, 75)).toBe(true);
    expect(hasMoreIpnMessages(IPN_PAGE_SIZE, 4, 75)).toBe(false);
    const all = pages.flatMap((p) => p.messages);
    expect(new Set(all.map((m: any) => m.id)).size).toBe(75);
    const times = all.map((m: any) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.every((m: any) => !('payload' in m))).toBe(true);
    // Mixed: every payment status and delivery status, some confirmed.
    expect(new Set(all.map((m: any) => m.paymentStatus))).toEqual(new Set(['pending', 'completed', 'failed', 'refunded']));
    expect(new Set(all.map((m: any) => m.deliveryStatus))).toEqual(new Set(['delivered', 'failed', 'notSent']));
    expect(all.filter((m: any) => m.confirmed).length).toBeGreaterThan(5);
    expect(all.find((m: any) => m.deliveryStatus === 'notSent')).toMatchObject({ notifyUrl: null, attempts: 0, lastAttemptAt: null, responseStatus: null });
    expect(all.filter((m: any) => m.deliveryStatus === 'failed').map((m: any) => m.responseStatus)).toEqual(expect.arrayContaining([500, null]));
    expect(await messages(MERCHANT, { pageNumber: 2, pageSize: 10 })).toMatchObject({ total: 75, messages: all.slice(10, 20) });
    expect(await allMessages(MERCHANT)).toEqual(all);
  });

  it('one with the JSON text that was posted; another customer’s id: UE', async () => {
    const [first] = (await messages(MERCHANT)).messages;
    const { ipnMessage } = await call(MERCHANT, 'ipnMessageGet', { id: first.id });
    const { payload, ...rest } = ipnMessage;
    expect(rest).toEqual(first);
    expect(JSON.parse(payload)).toEqual({
      notificationId: first.id,
      transactionId: first.transactionId,
      merchantId: idOf(MERCHANT),
      amount: first.amount,
      currencyCode: first.currencyCode,
      payerEmail: first.payerEmail,
      paymentStatus: first.paymentStatus,
      createdAt: first.createdAt,
    });
    expect(await call(NEW, 'ipnMessageGet', { id: first.id })).toEqual(refusal(NO_SUCH_MESSAGE));
    expect(await call(NEW, 'ipnMessageConfirm', { id: first.id })).toEqual(refusal(NO_SUCH_MESSAGE));
    expect(await call(MERCHANT, 'ipnMessageGet', { id: 1 })).toEqual(refusal(NO_SUCH_MESSAGE));
  });

  it('confirm marks it confirmed at the time; a second confirm answers the same message', async () => {
    const waiting = (await allMessages(MERCHANT)).find((m) => !m.confirmed)!;
    clock += MINUTE;
    const first = await call(MERCHANT, 'ipnMessageConfirm', { id: waiting.id });
    expect(first.ipnMessage).toMatchObject({ id: waiting.id, confirmed: true, confirmedAt: new Date(clock).toISOString() });
    clock += MINUTE;
    expect(await call(MERCHANT, 'ipnMessageConfirm', { id: waiting.id })).toEqual(first);
    expect((await call(MERCHANT, 'ipnMessageGet', { id: waiting.id })).ipnMessage).toEqual(first.ipnMessage);
  });
});

describe('IPN settings and the PBN setting (issue 55)', () => {
  const login = 'merchant-new@brand1.test';

  it('null until saved; turned on: a new secret in that reply only, then its last four; a regeneration replaces it', async () => {
    expect((await call(login, 'ipnSettingsGet')).settings).toBeNull();
    clock += MINUTE;
    const on = await call(login, 'ipnSettingsUpdate', { notifyUrl: ' https://orchard.example/ipn ', notifyStatusId: 1, statusId: 2, requestId: requestId() });
    expect(on.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const settings = { notifyUrl: 'https://orchard.example/ipn', notifyStatusId: 1, statusId: 2, secretLastFour: on.secret.slice(-4), updatedAt: new Date(clock).toISOString() };
    expect(on).toEqual({ ...OK, settings, secret: on.secret });
    expect(await call(login, 'ipnSettingsGet')).toEqual({ ...OK, settings });
    clock += MINUTE;
    const again = await call(login, 'ipnSettingsUpdate', { notifyUrl: 'https://orchard.example/ipn', notifyStatusId: 2, statusId: 2, requestId: requestId() });
    expect(again).toEqual({ ...OK, settings: { ...settings, notifyStatusId: 2, updatedAt: new Date(clock).toISOString() } });
    const renewed = await call(login, 'ipnSettingsUpdate', { notifyUrl: 'https://orchard.example/ipn', notifyStatusId: 2, statusId: 2, regenerateSecret: true, requestId: requestId() });
    expect(renewed.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(renewed.secret).not.toBe(on.secret);
    expect(renewed.settings.secretLastFour).toBe(renewed.secret.slice(-4));
    // Off with no address: the address is null, the secret stays.
    const off = await call(login, 'ipnSettingsUpdate', { notifyUrl: '', notifyStatusId: 1, statusId: 1, requestId: requestId() });
    expect(off).toEqual({ ...OK, settings: { notifyUrl: null, notifyStatusId: 1, statusId: 1, secretLastFour: renewed.secret.slice(-4), updatedAt: new Date(clock).toISOString() } });
  });

  it('off without a secret issues none', async () => {
    const reply = await call('merchant-new@brand3.test', 'ipnSettingsUpdate', { notifyStatusId: 1, statusId: 1, requestId: requestId() });
    expect(reply).toEqual({ ...OK, settings: { notifyUrl: null, notifyStatusId: 1, statusId: 1, secretLastFour: null, updatedAt: new Date(clock).toISOString() } });
  });

  it('the notify address: https (http only on the sandbox’s own host), no user name or password, required while on, an address; longer than 255: the contract’s 400', async () => {
    const update = (notifyUrl: string | null, statusId = 2) => call(login, 'ipnSettingsUpdate', { notifyUrl, notifyStatusId: 1, statusId, requestId: requestId() });
    expect(vfOf(await update('http://orchard.example/ipn'))).toEqual([['notifyUrl', URL_TEXTS.notHttps]]);
    expect(vfOf(await update('https://user:secret@orchard.example/ipn'))).toEqual([['notifyUrl', URL_TEXTS.credentials]]);
    expect(vfOf(await update(''))).toEqual([['notifyUrl', URL_TEXTS.required]]);
    expect(vfOf(await update(null))).toEqual([['notifyUrl', URL_TEXTS.required]]);
    expect(vfOf(await update('orchard.example/ipn'))).toEqual([['notifyUrl', URL_TEXTS.invalid]]);
    expect(vfOf(await update('ftp://orchard.example/ipn'))).toEqual([['notifyUrl', URL_TEXTS.invalid]]);
    const long = `https://orchard.example/${'a'.repeat(256 - 'https://orchard.example/'.length)}`;
    expect(long).toHaveLength(256);
    const tooLong = await main(login, 'ipnSettingsUpdate', { notifyUrl: long, notifyStatusId: 1, statusId: 2, requestId: requestId() });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^Request breaks the contract: \/notifyUrl must NOT have more than 255 characters/);
    expect((await update('http://127.0.0.1:9/ipn')).settings.notifyUrl).toBe('http://127.0.0.1:9/ipn');
    expect((await update('http://localhost:9/ipn')).settings.notifyUrl).toBe('http://localhost:9/ipn');
    expect((await update(`https://orchard.example/${'a'.repeat(255 - 'https://orchard.example/'.length)}`)).responseCode).toBe('00');
    // In the request's language.
    const ru = await call(login, 'ipnSettingsUpdate', { notifyUrl: 'http://orchard.example/ipn', notifyStatusId: 1, statusId: 2, requestId: requestId() }, { 'Accept-Language': 'ru' });
    expect(vfOf(ru)).toEqual([['notifyUrl', SANDBOX_TEXTS.ru[URL_TEXTS.notHttps]]]);
  });

  it('once per requestId: the same request answers the first reply (its secret too); other details with it: 422', async () => {
    const owner = 'merchant-new@brand5.test';
    const id = requestId('settings');
    const body = { notifyUrl: 'https://orchard.example/ipn', notifyStatusId: 1, statusId: 2, requestId: id };
    const first = await call(owner, 'ipnSettingsUpdate', body);
    clock += MINUTE;
    expect(await call(owner, 'ipnSettingsUpdate', body)).toEqual(first);
    expect((await call(owner, 'ipnSettingsGet')).settings).toEqual(first.settings);
    const other = await main(owner, 'ipnSettingsUpdate', { ...body, notifyStatusId: 2 });
    expect({ status: other.status, message: other.body.message, param: other.body.validationErrors?.[0]?.param }).toEqual({
      status: REUSED_WITH_OTHER_DETAILS.status,
      message: REUSED_WITH_OTHER_DETAILS.message,
      param: 'requestId',
    });
    expect((await call(owner, 'ipnSettingsGet')).settings).toEqual(first.settings);
  });

  it('PBN: null until saved; on issues a secret once; a regeneration replaces it; off keeps it', async () => {
    expect((await call(login, 'pbnSettingsGet')).settings).toBeNull();
    const on = await call(login, 'pbnSettingsUpdate', { statusId: 2, requestId: requestId() });
    expect(on.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const settings = { statusId: 2, secretLastFour: on.secret.slice(-4), updatedAt: new Date(clock).toISOString() };
    expect(on).toEqual({ ...OK, settings, secret: on.secret });
    expect(await call(login, 'pbnSettingsGet')).toEqual({ ...OK, settings });
    expect(await call(login, 'pbnSettingsUpdate', { statusId: 2, requestId: requestId() })).toEqual({ ...OK, settings });
    const renewed = await call(login, 'pbnSettingsUpdate', { statusId: 2, regenerateSecret: true, requestId: requestId() });
    expect(renewed.secret).not.toBe(on.secret);
    expect(await call(login, 'pbnSettingsUpdate', { statusId: 1, requestId: requestId() })).toEqual({ ...OK, settings: { ...settings, statusId: 1, secretLastFour: renewed.secret.slice(-4) } });
  });
});

describe('logos (issue 55)', () => {
  const login = 'merchant-new@brand1.test';

  it('a PNG named .jpg is a PNG, the first logo the default; its file is served with its type to whoever may act for the customer', async () => {
    const bytes = samplePng();
    const reply = await uploadLogo(login, { name: ' Orchard ', requestId: requestId() }, [{ bytes, name: 'orchard.jpg', type: 'image/jpeg' }]);
    expect(reply.status).toBe(200);
    const { logo } = reply.body;
    expect(logo).toEqual({ id: expect.any(Number), name: 'Orchard', isDefault: true, file: expect.stringMatching(/^\/files\/[A-Za-z0-9_-]+$/), mimeType: 'image/png', size: bytes.length, createdAt: new Date(clock).toISOString() });
    expect(await call(login, 'logoGet', { id: logo.id })).toEqual({ ...OK, logo });
    const served = await fetch(`${sb.url}/documents${logo.file}`, { headers: { Authorization: `Bearer ${await tokenOf(login)}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${sb.url}/documents${logo.file}`)).status).toBe(401);
    expect((await fetch(`${sb.url}/documents${logo.file}`, { headers: { Authorization: `Bearer ${await tokenOf(OUTSIDER)}` } })).status).toBe(404);
    // merchant@'s seeded logos are served too.
    const seeded = (await call(MERCHANT, 'logoList')).logos[1];
    const file = await fetch(`${sb.url}/documents${seeded.file}`, { headers: { Authorization: `Bearer ${await tokenOf(VIEWER)}` } });
    expect({ status: file.status, type: file.headers.get('content-type'), size: (await file.arrayBuffer()).byteLength }).toEqual({ status: 200, type: 'image/jpeg', size: seeded.size });
  });

  it('not a PNG or JPEG by its bytes (a text file named .png): UE with errors; nothing kept', async () => {
    const text: LogoFile = { bytes: new TextEncoder().encode('not an image at all'), name: 'logo.png', type: 'image/png' };
    const reply = await uploadLogo(login, { name: 'Text', requestId: requestId() }, [text]);
    expect(reply).toEqual({ status: 200, body: listed(NOT_AN_IMAGE) });
    const pt = await fetch(`${sb.url}/main/?method=logoCreate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenOf(login)}`, 'Accept-Language': 'pt' },
      body: (() => {
        const form = new FormData();
        form.append('data', new Blob([JSON.stringify({ name: 'Text', requestId: requestId() })], { type: 'application/json' }));
        form.append('file[]', new Blob([text.bytes], { type: text.type }), text.name);
        return form;
      })(),
    });
    expect(await pt.json()).toEqual(listed(SANDBOX_TEXTS.pt[NOT_AN_IMAGE]!));
    expect((await call(login, 'logoList')).total).toBe(1);
  });

  it('at most 1 MB: one byte more is a 413; exactly 1 MB is kept', async () => {
    const big = await uploadLogo(login, { name: 'Big', requestId: requestId() }, [png('big.png', LOGO_MAX_BYTES + 1)]);
    expect(big).toEqual({ status: 413, body: { message: 'The file is larger than 1 MB' } });
    const exact = await uploadLogo(login, { name: 'Exactly 1 MB', requestId: requestId() }, [jpeg('exact.jpg', LOGO_MAX_BYTES)]);
    expect(exact.body.logo).toMatchObject({ mimeType: 'image/jpeg', size: LOGO_MAX_BYTES, isDefault: false });
    expect(await call(login, 'logoDelete', { id: exact.body.logo.id, requestId: requestId() })).toEqual(OK);
  });

  it('file[] holds exactly one file; the name is required (VF name)', async () => {
    const two = await uploadLogo(login, { name: 'Two', requestId: requestId() }, [png(), jpeg()]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('Request breaks the contract: the part "file[]" takes exactly 1 file, not 2');
    const none = await uploadLogo(login, { name: 'None', requestId: requestId() }, []);
    expect(none.status).toBe(400);
    expect(vfOf((await uploadLogo(login, { name: '   ', requestId: requestId() }, [png()])).body)).toEqual([['name', LOGO_NAME_TEXTS.required]]);
  });

  it('isDefault moves the default; the list is the default first, then newest; the default cannot be unset by itself (UE); a rename', async () => {
    const [orchard] = (await call(login, 'logoList')).logos;
    clock += MINUTE;
    const second = await addLogo(login, 'Second', jpeg());
    expect(second.isDefault).toBe(false);
    clock += MINUTE;
    const third = await addLogo(login, 'Third', png(), { isDefault: true });
    expect(third.isDefault).toBe(true);
    expect((await call(login, 'logoList')).logos.map((l: any) => [l.name, l.isDefault])).toEqual([
      ['Third', true],
      ['Second', false],
      ['Orchard', false],
    ]);
    expect(await call(login, 'logoUpdate', { id: third.id, name: 'Third', isDefault: false, requestId: requestId() })).toEqual(refusal(KEEP_A_DEFAULT));
    const moved = await call(login, 'logoUpdate', { id: orchard.id, name: 'Orchard green', isDefault: true, requestId: requestId() });
    expect(moved.logo).toMatchObject({ id: orchard.id, name: 'Orchard green', isDefault: true });
    expect((await call(login, 'logoList')).logos.map((l: any) => [l.name, l.isDefault])).toEqual([
      ['Orchard green', true],
      ['Third', false],
      ['Second', false],
    ]);
    expect((await call(login, 'logoUpdate', { id: second.id, name: 'Second one', isDefault: false, requestId: requestId() })).logo).toMatchObject({ name: 'Second one', isDefault: false });
    expect(vfOf(await call(login, 'logoUpdate', { id: second.id, name: '  ', isDefault: false, requestId: requestId() }))).toEqual([['name', LOGO_NAME_TEXTS.required]]);
    expect(await call(login, 'logoUpdate', { id: (await call(MERCHANT, 'logoList')).logos[0].id, name: 'Mine', isDefault: true, requestId: requestId() })).toEqual(refusal(NO_SUCH_LOGO));
    expect(await call(login, 'logoGet', { id: (await call(MERCHANT, 'logoList')).logos[0].id })).toEqual(refusal(NO_SUCH_LOGO));
  });

  it('deleting the default makes the newest remaining one the default; a button that showed it shows none; the file goes', async () => {
    const logos = (await call(login, 'logoList')).logos;
    const def = logos.find((l: any) => l.isDefault);
    const shown = await call(login, 'savedButtonCreate', button({ logoId: def.id }));
    expect(shown.button.logoId).toBe(def.id);
    const id = requestId('logo-delete');
    expect(await call(login, 'logoDelete', { id: def.id, requestId: id })).toEqual(OK);
    const after = (await call(login, 'logoList')).logos;
    const newest = logos.filter((l: any) => l.id !== def.id).sort((a: any, b: any) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
    expect(after[0]).toMatchObject({ id: newest.id, isDefault: true });
    expect(after.filter((l: any) => l.isDefault)).toHaveLength(1);
    expect((await call(login, 'savedButtonGet', { id: shown.button.id })).button.logoId).toBeNull();
    expect((await fetch(`${sb.url}/documents${def.file}`, { headers: { Authorization: `Bearer ${await tokenOf(login)}` } })).status).toBe(404);
    // The same request again: the first reply; a new one: UE.
    expect(await call(login, 'logoDelete', { id: def.id, requestId: id })).toEqual(OK);
    expect(await call(login, 'logoDelete', { id: def.id, requestId: requestId() })).toEqual(refusal(NO_SUCH_LOGO));
  });

  it(`at most ${LOGOS_MAX} logos: the next is refused with errors`, async () => {
    const owner = 'merchant-new@brand3.test';
    for (let n = 1; n <= LOGOS_MAX; n += 1) await addLogo(owner, `Logo ${n}`);
    expect((await call(owner, 'logoList')).total).toBe(LOGOS_MAX);
    const reply = await uploadLogo(owner, { name: 'One more', requestId: requestId() }, [png()]);
    expect(reply.body).toEqual(listed(TOO_MANY_LOGOS));
    expect(TOO_MANY_LOGOS).toBe(`You have ${LOGOS_MAX} logos already: delete one first`);
    expect(await call(owner, 'logoList', { pageNumber: 2, pageSize: 15 })).toMatchObject({ total: LOGOS_MAX, logos: expect.any(Array) });
    expect((await call(owner, 'logoList', { pageNumber: 2, pageSize: 15 })).logos).toHaveLength(LOGOS_MAX - 15);
  });

  it('once per requestId: the same upload answers the first reply (one logo); another file with the same requestId: 422', async () => {
    const owner = 'merchant-new@brand4.test';
    const id = requestId('logo-twice');
    const file = png('same.png');
    const first = await uploadLogo(owner, { name: 'Same', requestId: id }, [file]);
    expect(first.body.responseCode).toBe('00');
    expect(await uploadLogo(owner, { name: 'Same', requestId: id }, [file])).toEqual(first);
    expect((await call(owner, 'logoList')).total).toBe(1);
    const other = await uploadLogo(owner, { name: 'Same', requestId: id }, [jpeg('same.png')]);
    expect({ status: other.status, param: other.body.validationErrors?.[0]?.param }).toEqual({ status: 422, param: 'requestId' });
    expect((await call(owner, 'logoList')).total).toBe(1);
  });
});

describe('saved buttons (issue 55)', () => {
  const login = 'merchant-new@brand1.test';

  it('amounts kept exactly as sent (0.10, 12345678901.99); a donate button without one; newest first; get, update, delete', async () => {
    clock += MINUTE;
    const cheap = await call(login, 'savedButtonCreate', button({ name: 'Cheap', amount: '0.10', returnUrl: 'https://orchard.example/thanks' }));
    expect(cheap).toEqual({
      ...OK,
      button: {
        id: expect.any(Number),
        name: 'Cheap',
        buttonType: 'buyNow',
        itemName: 'Green tea, 100 g',
        amount: '0.10',
        currencyCode: 'USD',
        logoId: null,
        returnUrl: 'https://orchard.example/thanks',
        cancelUrl: null,
        createdAt: new Date(clock).toISOString(),
        updatedAt: new Date(clock).toISOString(),
      },
    });
    clock += MINUTE;
    const dear = await call(login, 'savedButtonCreate', button({ name: 'Dear', amount: '12345678901.99', currencyCode: 'EUR' }));
    expect(dear.button).toMatchObject({ amount: '12345678901.99', currencyCode: 'EUR' });
    clock += MINUTE;
    const gift = await call(login, 'savedButtonCreate', button({ name: 'Gift', buttonType: 'donate', amount: null, currencyCode: 'RON' }));
    expect(gift.button).toMatchObject({ buttonType: 'donate', amount: null });
    const names = (await call(login, 'savedButtonList')).buttons.map((b: any) => b.name);
    expect(names.slice(0, 3)).toEqual(['Gift', 'Dear', 'Cheap']);
    expect(await call(login, 'savedButtonGet', { id: dear.button.id })).toEqual(dear);
    clock += MINUTE;
    const updated = await call(login, 'savedButtonUpdate', button({ id: cheap.button.id, name: 'Cheaper', amount: '0.05', cancelUrl: 'https://orchard.example/cart' }));
    expect(updated.button).toEqual({ ...cheap.button, name: 'Cheaper', amount: '0.05', returnUrl: null, cancelUrl: 'https://orchard.example/cart', updatedAt: new Date(clock).toISOString() });
    expect(await call(login, 'savedButtonDelete', { id: gift.button.id, requestId: requestId() })).toEqual(OK);
    expect(await call(login, 'savedButtonGet', { id: gift.button.id })).toEqual(refusal(NO_SUCH_BUTTON));
    expect(await call(login, 'savedButtonUpdate', button({ id: gift.button.id }))).toEqual(refusal(NO_SUCH_BUTTON));
    expect(await call(login, 'savedButtonDelete', { id: gift.button.id, requestId: requestId() })).toEqual(refusal(NO_SUCH_BUTTON));
    const theirs = (await call(MERCHANT, 'savedButtonList')).buttons[0];
    expect(await call(login, 'savedButtonGet', { id: theirs.id })).toEqual(refusal(NO_SUCH_BUTTON));
  });

  it('every field’s problem is a VF on the field, together', async () => {
    const reply = await call(
      login,
      'savedButtonCreate',
      button({ name: '  ', itemName: ' ', amount: '1.999', logoId: 999_999, returnUrl: 'http://orchard.example/thanks', cancelUrl: 'https://me:pw@orchard.example/cart' }),
    );
    expect(vfOf(reply)).toEqual([
      ['name', 'Enter a name for the button'],
      ['itemName', 'Enter the name of the item'],
      ['amount', 'Enter an amount above zero with at most 2 decimals'],
      ['logoId', 'Choose one of your logos'],
      ['returnUrl', URL_TEXTS.notHttps],
      ['cancelUrl', URL_TEXTS.credentials],
    ]);
    expect(vfOf(await call(login, 'savedButtonCreate', button({ amount: null })))).toEqual([['amount', 'Enter an amount above zero']]);
    expect(vfOf(await call(login, 'savedButtonCreate', button({ amount: '0' })))).toEqual([['amount', 'Enter an amount above zero with at most 2 decimals']]);
    // Another customer's logo is not theirs.
    const theirLogo = (await call(MERCHANT, 'logoList')).logos[0].id;
    expect(vfOf(await call(login, 'savedButtonCreate', button({ logoId: theirLogo })))).toEqual([['logoId', 'Choose one of your logos']]);
  });

  it('a currency without an open account: UE with errors (the response popup), after the fields are right', async () => {
    const reply = await call(login, 'savedButtonCreate', button({ currencyCode: 'GBP' }));
    expect(reply).toEqual(listed(noAccountIn('GBP')));
    expect(reply.errors).toEqual(['You have no open GBP account: add the currency first']);
    const ro = await call(login, 'savedButtonCreate', button({ currencyCode: 'GBP' }), { 'Accept-Language': 'ro' });
    expect(ro.errors).toEqual([SANDBOX_TEXTS.ro['You have no open {0} account: add the currency first']!.replace('{0}', 'GBP')]);
    expect(vfOf(await call(login, 'savedButtonCreate', button({ currencyCode: 'GBP', name: ' ' })))).toEqual([['name', 'Enter a name for the button']]);
    // An amount as a string breaks the contract (a JSON number with its digits: 400).
    const asText = await post('/main/?method=savedButtonCreate', { method: 'savedButtonCreate', ...button(), amount: '9.50' }, { Authorization: `Bearer ${await tokenOf(login)}` });
    expect(asText.status).toBe(400);
  });

  it('once per requestId: the same request twice makes one button; other details with it: 422', async () => {
    const owner = 'merchant-new@brand6.test';
    const body = button({ name: 'Once', requestId: requestId('button-twice') });
    const first = await call(owner, 'savedButtonCreate', body);
    expect(await call(owner, 'savedButtonCreate', body)).toEqual(first);
    expect((await call(owner, 'savedButtonList')).buttons).toHaveLength(1);
    const other = await main(owner, 'savedButtonCreate', { ...body, amount: '9.51' });
    expect({ status: other.status, param: other.body.validationErrors?.[0]?.param }).toEqual({ status: 422, param: 'requestId' });
    expect((await call(owner, 'savedButtonList')).buttons).toHaveLength(1);
  });
});

describe('the IPN sender and sink (POST /__sandbox/merchant/payment, /__sandbox/ipn-sink)', () => {
  const login = 'merchant-new@brand2.test';
  const settings = async (body: Record<string, unknown>) => call(login, 'ipnSettingsUpdate', { notifyStatusId: 1, statusId: 2, requestId: requestId('sender'), ...body });

  it('on: the payload is posted to the sandbox’s own sink, signed with the secret (HMAC-SHA256); delivered with 200; the newest in the list', async () => {
    const { secret } = await settings({ notifyUrl: `${sb.url}/__sandbox/ipn-sink/orchard-1`, regenerateSecret: true });
    clock += MINUTE;
    const reply = await payment({ login, amount: '12.50', currencyCode: 'EUR', payerEmail: 'buyer@example.com' });
    expect(reply.status).toBe(200);
    const { ipnMessage } = reply.body;
    expect(ipnMessage).toMatchObject({
      amount: '12.50',
      currencyCode: 'EUR',
      payerEmail: 'buyer@example.com',
      paymentStatus: 'completed',
      notifyUrl: `${sb.url}/__sandbox/ipn-sink/orchard-1`,
      deliveryStatus: 'delivered',
      attempts: 1,
      lastAttemptAt: new Date(clock).toISOString(),
      responseStatus: 200,
      confirmed: false,
      confirmedAt: null,
      createdAt: new Date(clock).toISOString(),
    });
    const received = await sink('orchard-1');
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe(ipnMessage.payload);
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers['x-signature']).toBe(`sha256=${createHmac('sha256', secret).update(received[0]!.body).digest('hex')}`);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ notificationId: ipnMessage.id, amount: '12.50', merchantId: idOf(login) });
    const { messages: list, total } = await messages(login);
    expect(total).toBe(1);
    const { payload: _payload, ...listed } = ipnMessage;
    expect(list).toEqual([listed]);
  });

  it('a sink whose name starts with fail answers 500: failed with 500', async () => {
    await settings({ notifyUrl: `${sb.url}/__sandbox/ipn-sink/fail-orchard` });
    const { ipnMessage } = (await payment({ login })).body;
    expect(ipnMessage).toMatchObject({ amount: '10.00', currencyCode: 'EUR', deliveryStatus: 'failed', attempts: 1, responseStatus: 500 });
    expect((await sink('fail-orchard')).map((r) => r.answered)).toEqual([500]);
  });

  it('an address outside the sandbox (or another port of 127.0.0.1) is never contacted: failed, no status', async () => {
    const called = vi.spyOn(globalThis, 'fetch');
    await settings({ notifyUrl: 'https://orchard.example/ipn' });
    const outside = (await payment({ login })).body.ipnMessage;
    expect(outside).toMatchObject({ notifyUrl: 'https://orchard.example/ipn', deliveryStatus: 'failed', attempts: 1, responseStatus: null, lastAttemptAt: new Date(clock).toISOString() });
    const port = Number(new URL(sb.url).port);
    await settings({ notifyUrl: `http://127.0.0.1:${port === 9 ? 10 : 9}/__sandbox/ipn-sink/other-port` });
    expect((await payment({ login })).body.ipnMessage).toMatchObject({ deliveryStatus: 'failed', responseStatus: null });
    const urls = called.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.filter((url) => url.includes('orchard.example') || url.includes('other-port'))).toEqual([]);
  });

  it('a status not notified (completed only, a pending payment) and notifications off: notSent, no attempt', async () => {
    await settings({ notifyUrl: `${sb.url}/__sandbox/ipn-sink/orchard-2` });
    expect((await payment({ login, paymentStatus: 'pending' })).body.ipnMessage).toMatchObject({ paymentStatus: 'pending', notifyUrl: null, deliveryStatus: 'notSent', attempts: 0, lastAttemptAt: null, responseStatus: null });
    await settings({ notifyStatusId: 2, notifyUrl: `${sb.url}/__sandbox/ipn-sink/orchard-2` });
    expect((await payment({ login, paymentStatus: 'refunded' })).body.ipnMessage).toMatchObject({ deliveryStatus: 'delivered', responseStatus: 200 });
    await settings({ statusId: 1, notifyUrl: `${sb.url}/__sandbox/ipn-sink/orchard-2` });
    expect((await payment({ login })).body.ipnMessage).toMatchObject({ notifyUrl: null, deliveryStatus: 'notSent', attempts: 0 });
    expect((await sink('orchard-2')).map((r) => JSON.parse(r.body).paymentStatus)).toEqual(['refunded']);
    // Never saved: notSent too.
    expect((await payment({ login: 'merchant-new@brand6.test' })).body.ipnMessage).toMatchObject({ deliveryStatus: 'notSent', notifyUrl: null });
  });

  it('the control API refuses an unknown login (404) and a wrong field (400)', async () => {
    expect((await payment({ login: 'nobody@brand1.test' })).status).toBe(404);
    expect((await payment({ login, amount: '1.2.3' })).status).toBe(400);
    expect((await payment({ login, paymentStatus: 'lost' })).status).toBe(400);
  });
});

describe('POST /__sandbox/sign-in-state gives the merchant area back as seeded (issue 55)', () => {
  it('merchant@: 75 messages, none confirmed anew, the seeded settings, logos and buttons with their ids', async () => {
    // As seeded (an earlier test confirmed a message), then everything changed.
    await restore(MERCHANT);
    const before = { messages: await allMessages(MERCHANT), ipn: await call(MERCHANT, 'ipnSettingsGet'), logos: await call(MERCHANT, 'logoList'), buttons: await call(MERCHANT, 'savedButtonList') };
    // Change everything.
    await payment({ login: MERCHANT });
    const waiting = before.messages.find((m) => !m.confirmed)!;
    await call(MERCHANT, 'ipnMessageConfirm', { id: waiting.id });
    await call(MERCHANT, 'ipnSettingsUpdate', { notifyStatusId: 1, statusId: 1, regenerateSecret: true, requestId: requestId() });
    await call(MERCHANT, 'logoDelete', { id: before.logos.logos[0].id, requestId: requestId() });
    await call(MERCHANT, 'savedButtonCreate', button());
    expect((await messages(MERCHANT)).total).toBe(MERCHANT_IPN_COUNT + 1);

    await restore(MERCHANT);
    clock += MINUTE;
    const after = { messages: await allMessages(MERCHANT), ipn: await call(MERCHANT, 'ipnSettingsGet'), logos: await call(MERCHANT, 'logoList'), buttons: await call(MERCHANT, 'savedButtonList') };
    expect(after.messages).toEqual(before.messages);
    expect(after.messages.find((m) => m.id === waiting.id).confirmed).toBe(false);
    expect(after.ipn).toEqual(before.ipn);
    expect(after.ipn.settings).toMatchObject({ notifyUrl: SEEDED_NOTIFY_URL, statusId: 2, secretLastFour: seededIpnSecret('brand1').slice(-4) });
    expect(after.logos).toEqual(before.logos);
    expect(after.buttons).toEqual(before.buttons);
    const served = await fetch(`${sb.url}/documents${after.logos.logos[0].file}`, { headers: { Authorization: `Bearer ${await tokenOf(MERCHANT)}` } });
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('merchant-new@: empty again (the settings null, no logos, their files gone)', async () => {
    const owner = 'merchant-new@brand4.test';
    const logo = (await call(owner, 'logoList')).logos[0];
    expect(logo).toBeDefined();
    await restore(owner);
    expect(await call(owner, 'logoList')).toEqual({ ...OK, total: 0, logos: [] });
    expect(sb.db.prepare('SELECT COUNT(*) AS n FROM files WHERE id = ?').get(logo.file.slice('/files/'.length))).toEqual({ n: 0 });
    await restore(NEW);
    for (const method of ['ipnSettingsGet', 'pbnSettingsGet']) expect(await call(NEW, method)).toEqual({ ...OK, settings: null });
    expect(await messages(NEW)).toEqual({ ...OK, total: 0, messages: [] });
    expect(await call(NEW, 'savedButtonList')).toEqual({ ...OK, buttons: [] });
  });
});
