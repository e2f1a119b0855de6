// @vitest-environment node
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ALLOWED_IPS_MAX,
  API_KEYS_MAX,
  API_LOG_LIMIT,
  allowedIpProblems,
  anyAddressAllowed,
  apiAddressAllowed,
  apiKeyProblems,
  apiLogFilterProblems,
  apiLogRequest,
  deliveryStatus,
  EXCERPT_MAX,
  excerptOf,
  EXPIRED_KEY_KEPT_MS,
  EXPIRY_CHOICES,
  expiresAtFor,
  filtersKey,
  hasMorePages,
  ipToOrNull,
  isAfter,
  isDeliveredStatus,
  isExpiryChoice,
  isOn,
  isTimestampFresh,
  joinPages,
  keyAccepts,
  keyState,
  makeCursor,
  mayRoll,
  mayTurnOn,
  nextAttemptAt,
  offersResend,
  offersRoll,
  offersSecretRotation,
  overlapUntil,
  onText,
  pageAfter,
  parseSignatureHeader,
  rangesOverlap,
  readApiLogFilters,
  readCursor,
  readWebhookLogFilters,
  RETRIES,
  RETRY_DELAY_MS,
  signatureHeader,
  signedPayload,
  VERIFICATION_SNIPPET,
  WEBHOOK_LOG_LIMIT,
  WEBHOOKS_MAX,
  webhookLogFilterProblems,
  webhookLogRequest,
  webhookProblems,
} from '@machines/public-api/public-api.rules';

/** The public API area (issue 57): every branch and boundary of the rules the pages, statecharts and sandbox share. */
const NOW = Date.parse('2026-12-01T12:00:00Z');
const HOUR = 3_600_000;

describe('limits and switches', () => {
  it('10 webhooks, 20 keys, 50 allowed entries; the logs 20 and 50 a page', () => {
    expect([WEBHOOKS_MAX, API_KEYS_MAX, ALLOWED_IPS_MAX, WEBHOOK_LOG_LIMIT, API_LOG_LIMIT]).toEqual([10, 20, 50, 20, 50]);
  });
  it.each([
    ['true', true],
    ['false', false],
    ['', false],
    [undefined, false],
    ['TRUE', false],
  ])('isOn(%j) is %s', (text, on) => expect(isOn(text)).toBe(on));
  it('onText is isOn backwards', () => {
    expect([onText(true), onText(false)]).toEqual(['true', 'false']);
  });
});

describe('webhookProblems', () => {
  it.each([
    [{ name: 'Orders', url: 'https://shop.example/hooks' }, {}],
    [{ name: '', url: 'https://shop.example/hooks' }, { name: 'required' }],
    [{ name: '   ', url: 'https://shop.example/hooks' }, { name: 'required' }],
    [{ name: 'x'.repeat(100), url: 'https://a.example' }, {}],
    [{ name: 'x'.repeat(101), url: 'https://a.example' }, { name: 'tooLong' }],
    [{ name: 'Orders', url: '' }, { url: 'required' }],
    [{ name: 'Orders', url: 'shop.example/hooks' }, { url: 'invalid' }],
    [{ name: 'Orders', url: 'ftp://shop.example/hooks' }, { url: 'invalid' }],
    [{ name: 'Orders', url: 'http://shop.example/hooks' }, { url: 'notHttps' }],
    [{ name: 'Orders', url: 'https://user:pw@shop.example/hooks' }, { url: 'credentials' }],
    [{ name: 'Orders', url: `https://a.example/${'x'.repeat(237)}` }, {}],
    [{ name: 'Orders', url: `https://a.example/${'x'.repeat(238)}` }, { url: 'tooLong' }],
    [{ name: '', url: '' }, { name: 'required', url: 'required' }],
  ])('%j → %j', (values, problems) => expect(webhookProblems(values)).toEqual(problems));
  it('http is right only for an insecure host named (the sandbox)', () => {
    expect(webhookProblems({ name: 'Sink', url: 'http://127.0.0.1:8787/__sandbox/webhook-sink/a' }, ['127.0.0.1'])).toEqual({});
    expect(webhookProblems({ name: 'Sink', url: 'http://localhost:8787/x' }, ['127.0.0.1'])).toEqual({ url: 'notHttps' });
  });
});

describe('apiKeyProblems', () => {
  it.each([
    [{ name: 'Production' }, {}],
    [{ name: '' }, { name: 'required' }],
    [{ name: 'x'.repeat(101) }, { name: 'tooLong' }],
  ])('%j → %j', (values, problems) => expect(apiKeyProblems(values)).toEqual(problems));
});

describe('allowedIpProblems (the settings allowed IP rules)', () => {
  it.each([
    [{ name: 'Office', ipFrom: '198.51.100.0', ipTo: '198.51.100.255' }, {}],
    [{ name: 'Office', ipFrom: '198.51.100.7', ipTo: '' }, {}],
    [{ name: 'Office', ipFrom: '2001:db8::1', ipTo: '2001:db8::ff' }, {}],
    [{ name: '', ipFrom: '198.51.100.7', ipTo: '' }, { name: 'required' }],
    [{ name: 'Office', ipFrom: '', ipTo: '' }, { ipFrom: 'required' }],
    [{ name: 'Office', ipFrom: '198.51.100', ipTo: '' }, { ipFrom: 'format' }],
    [{ name: 'Office', ipFrom: '198.51.100.0/24', ipTo: '' }, { ipFrom: 'format' }],
    [{ name: 'Office', ipFrom: '198.51.100.0', ipTo: 'nope' }, { ipTo: 'format' }],
    [{ name: 'Office', ipFrom: '198.51.100.0', ipTo: '2001:db8::1' }, { ipTo: 'family' }],
    [{ name: 'Office', ipFrom: '198.51.100.9', ipTo: '198.51.100.8' }, { ipTo: 'order' }],
    [{ name: 'Office', ipFrom: '198.51.100.9', ipTo: '198.51.100.9' }, {}],
  ])('%j → %j', (values, problems) => expect(allowedIpProblems(values)).toEqual(problems));
  it.each([
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    [' 10.0.0.9 ', '10.0.0.9'],
  ])('ipToOrNull(%j) is %j', (text, value) => expect(ipToOrNull(text)).toBe(value));
});

describe('rangesOverlap', () => {
  const range = (ipFrom: string, ipTo: string | null = null) => ({ ipFrom, ipTo });
  it.each([
    [range('10.0.0.0', '10.0.0.255'), range('10.0.0.100'), true],
    [range('10.0.0.0', '10.0.0.255'), range('10.0.0.255', '10.0.1.5'), true], // they share the edge
    [range('10.0.0.0', '10.0.0.255'), range('10.0.1.0', '10.0.1.255'), false],
    [range('10.0.0.50', '10.0.0.60'), range('10.0.0.0', '10.0.0.255'), true], // inside
    [range('10.0.0.0', '10.0.0.255'), range('10.0.0.50', '10.0.0.60'), true], // around
    [range('10.0.0.7'), range('10.0.0.7'), true],
    [range('10.0.0.7'), range('10.0.0.8'), false],
    [range('10.0.0.7'), range('::ffff:10.0.0.7'), true], // an IPv4-mapped address is the IPv4 one
    [range('10.0.0.7'), range('2001:db8::7'), false],
    [range('nope'), range('10.0.0.7'), false],
  ])('%j and %j: %s', (a, b, overlap) => {
    expect(rangesOverlap(a, b)).toBe(overlap);
    expect(rangesOverlap(b, a)).toBe(overlap);
  });
});

describe('apiAddressAllowed', () => {
  const office = { enabled: true, ipFrom: '198.51.100.0', ipTo: '198.51.100.255' };
  const home = { enabled: false, ipFrom: '203.0.113.7', ipTo: null };
  it.each([
    [[], '203.0.113.7', true], // no entry: from anywhere
    [[home], '192.0.2.1', true], // no entry on: from anywhere
    [[office, home], '198.51.100.0', true],
    [[office, home], '198.51.100.255', true],
    [[office, home], '198.51.101.0', false],
    [[office, home], '203.0.113.7', false], // only entries that are on count
    [[office], 'not an address', false],
  ])('%j from %s: %s', (entries, address, allowed) => expect(apiAddressAllowed(entries, address)).toBe(allowed));
});

describe('anyAddressAllowed', () => {
  it.each([
    [[], true],
    [[{ enabled: false }], true],
    [[{ enabled: false }, { enabled: true }], false],
  ])('%j: %s', (entries, any) => expect(anyAddressAllowed(entries)).toBe(any));
});

describe('the extensions offered only where the replies carry them', () => {
  it.each([
    [{}, false], // a server without the roll answers no expiry
    [{ expiresAt: null }, true],
    [{ expiresAt: '2026-12-02T12:00:00Z' }, false], // rolled already
  ])('offersRoll(%j) is %s', (key, offered) => expect(offersRoll(key)).toBe(offered));
  it.each([
    [{}, false],
    [{ secretLastFour: 'a1b2' }, true],
  ])('offersSecretRotation(%j) is %s', (webhook, offered) => expect(offersSecretRotation(webhook)).toBe(offered));
  it.each([
    [{}, false],
    [{ attempts: [] }, true],
  ])('offersResend(%j) is %s', (delivery, offered) => expect(offersResend(delivery)).toBe(offered));
  it.each([
    [{}, null],
    [{ previousSecretExpiresAt: null }, null],
    [{ previousSecretExpiresAt: '2026-12-01T12:00:00.000Z' }, null], // its moment has come
    [{ previousSecretExpiresAt: '2026-12-01T12:00:00.001Z' }, '2026-12-01T12:00:00.001Z'],
  ])('overlapUntil(%j) is %j', (webhook, until) => expect(overlapUntil(webhook, NOW)).toBe(until));
});

describe('roll and expiry', () => {
  it('the choices in order, and only those', () => {
    expect(EXPIRY_CHOICES).toEqual(['now', '1h', '24h', '7d']);
    expect(EXPIRY_CHOICES.every(isExpiryChoice)).toBe(true);
    expect(['', '2h', 'NOW', '7D'].some(isExpiryChoice)).toBe(false);
  });
  it.each([
    ['now', 0],
    ['1h', HOUR],
    ['24h', 24 * HOUR],
    ['7d', 7 * 24 * HOUR],
  ] as const)('%s expires %d ms from now', (choice, ms) => expect(expiresAtFor(choice, NOW)).toBe(NOW + ms));
  it('an expired key is listed 7 days more', () => expect(EXPIRED_KEY_KEPT_MS).toBe(7 * 24 * HOUR));

  const at = (ms: number) => new Date(NOW + ms).toISOString();
  it.each([
    [{ enabled: true }, 'active', true],
    [{ enabled: true, expiresAt: null }, 'active', true],
    [{ enabled: false, expiresAt: null }, 'disabled', false],
    [{ enabled: true, expiresAt: at(1) }, 'expiring', true],
    [{ enabled: false, expiresAt: at(HOUR) }, 'disabled', false],
    [{ enabled: true, expiresAt: at(0) }, 'expired', false], // its moment has come
    [{ enabled: false, expiresAt: at(-1) }, 'expired', false],
  ] as const)('%j is %s (accepts: %s)', (key, state, accepts) => {
    expect(keyState(key, NOW)).toBe(state);
    expect(keyAccepts(key, NOW)).toBe(accepts);
  });
  it.each([
    [{ expiresAt: null }, true, true],
    [{}, true, true],
    [{ expiresAt: at(HOUR) }, false, true],
    [{ expiresAt: at(0) }, false, false],
    [{ expiresAt: at(-HOUR) }, false, false],
  ])('%j: may roll %s, may be turned on %s', (key, roll, turnOn) => {
    expect(mayRoll(key)).toBe(roll);
    expect(mayTurnOn(key, NOW)).toBe(turnOn);
  });
});

describe('the logs filters', () => {
  it.each([
    [{ query: '', fromDate: '', toDate: '' }, {}],
    [{ query: 'transfer', fromDate: '2026-11-01', toDate: '2026-11-30' }, {}],
    [{ query: 'x'.repeat(255), fromDate: '', toDate: '' }, {}],
    [{ query: 'x'.repeat(256), fromDate: '', toDate: '' }, { query: 'query' }],
    [{ query: '', fromDate: '2026-02-30', toDate: '' }, { fromDate: 'fromDate' }],
    [{ query: '', fromDate: '', toDate: '1.12.2026' }, { toDate: 'toDate' }],
    [{ query: '', fromDate: '2026-12-01', toDate: '2026-12-01' }, {}],
    [{ query: '', fromDate: '2026-12-02', toDate: '2026-12-01' }, { toDate: 'range' }],
  ])('webhook log %j → %j', (filters, problems) => expect(webhookLogFilterProblems(filters)).toEqual(problems));
  it.each([
    [{ apiKeyId: '', fromDate: '', toDate: '' }, {}],
    [{ apiKeyId: '7', fromDate: '', toDate: '' }, {}],
    [{ apiKeyId: '0', fromDate: '', toDate: '' }, { apiKeyId: 'apiKeyId' }],
    [{ apiKeyId: '07', fromDate: '', toDate: '' }, { apiKeyId: 'apiKeyId' }],
    [{ apiKeyId: 'x', fromDate: '2026-12-03', toDate: '2026-12-01' }, { apiKeyId: 'apiKeyId', toDate: 'range' }],
  ])('API log %j → %j', (filters, problems) => expect(apiLogFilterProblems(filters)).toEqual(problems));

  it.each([
    [{}, {}],
    [{ query: '  evt_1  ', fromDate: '2026-11-01', toDate: '2026-11-30' }, { query: 'evt_1', fromDate: '2026-11-01', toDate: '2026-11-30' }],
    [{ query: ['a'], fromDate: 20261101, toDate: 'soon' }, {}],
    [{ query: 'q'.repeat(300) }, { query: 'q'.repeat(255) }],
    [{ fromDate: '2026-12-02', toDate: '2026-12-01' }, { fromDate: '2026-12-02' }], // the last day before the first is dropped
    [{ toDate: '2026-12-01' }, { toDate: '2026-12-01' }],
  ])('readWebhookLogFilters(%j) is %j', (search, filters) => expect(readWebhookLogFilters(search)).toEqual(filters));
  it.each([
    [{ apiKeyId: '12', fromDate: '2026-11-01' }, { apiKeyId: '12', fromDate: '2026-11-01' }],
    [{ apiKeyId: '-1' }, {}],
    [{ apiKeyId: '1.5' }, {}],
    [{ apiKeyId: 12 }, {}],
  ])('readApiLogFilters(%j) is %j', (search, filters) => expect(readApiLogFilters(search)).toEqual(filters));

  it('the webhook log request: limit 20, empty values dropped, the cursor when following', () => {
    expect(webhookLogRequest(42, {}, null)).toEqual({ customerId: 42, limit: 20 });
    expect(webhookLogRequest(42, { query: ' ipn ', fromDate: '2026-11-01', toDate: '' }, 'abc')).toEqual({ customerId: 42, limit: 20, query: 'ipn', fromDate: '2026-11-01', cursor: 'abc' });
  });
  it('the API log request: the key as a number, only a real one', () => {
    expect(apiLogRequest(42, { apiKeyId: '7', toDate: '2026-11-30' }, null)).toEqual({ customerId: 42, limit: 50, apiKeyId: 7, toDate: '2026-11-30' });
    expect(apiLogRequest(42, { apiKeyId: 'x' }, 'c')).toEqual({ customerId: 42, limit: 50, cursor: 'c' });
  });
});

describe('cursor paging', () => {
  const rows = [
    { id: 9, createdAt: '2026-11-30T10:00:00.000Z' },
    { id: 8, createdAt: '2026-11-30T10:00:00.000Z' }, // the same moment: the id keeps the order
    { id: 7, createdAt: '2026-11-30T09:00:00.000Z' },
    { id: 12, createdAt: '2026-11-29T09:00:00.000Z' },
    { id: 3, createdAt: '2026-11-28T09:00:00.000Z' },
  ];
  const filters = { query: 'ipn', fromDate: '' };

  it('filtersKey ignores order and empty values', () => {
    expect(filtersKey({ b: '2', a: '1', c: '', d: undefined })).toBe('a=1&b=2');
    expect(filtersKey({ a: '1', b: '2' })).toBe(filtersKey({ b: '2', a: '1' }));
    expect(filtersKey({ q: 'a&b=c' })).toBe('q=a%26b%3Dc');
    expect(filtersKey({ n: 7 })).toBe('n=7');
  });
  it('isAfter: older, or as old with a smaller id', () => {
    expect(isAfter(rows[1]!, rows[0]!)).toBe(true);
    expect(isAfter(rows[0]!, rows[1]!)).toBe(false);
    expect(isAfter(rows[2]!, rows[1]!)).toBe(true);
    expect(isAfter(rows[0]!, rows[0]!)).toBe(false);
  });
  it('pages follow each other to the end, each row once', () => {
    const first = pageAfter(rows, null, 2, filters);
    expect(first.items.map((r) => r.id)).toEqual([9, 8]);
    const second = pageAfter(rows, readCursor(first.nextCursor!, filters) as { createdAt: string; id: number }, 2, filters);
    expect(second.items.map((r) => r.id)).toEqual([7, 12]);
    const third = pageAfter(rows, readCursor(second.nextCursor!, filters) as { createdAt: string; id: number }, 2, filters);
    expect(third).toEqual({ items: [rows[4]], nextCursor: null });
  });
  it('a page exactly at the end names no next cursor', () => {
    expect(pageAfter(rows, null, 5, filters).nextCursor).toBeNull();
    expect(pageAfter(rows, null, 4, filters).nextCursor).not.toBeNull();
    expect(pageAfter([], null, 20, filters)).toEqual({ items: [], nextCursor: null });
  });
  it('a cursor is read back for the same filters only', () => {
    const cursor = makeCursor(rows[1]!, filters);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readCursor(cursor, { fromDate: '', query: 'ipn' })).toEqual(rows[1]);
    expect(readCursor(cursor, { query: 'transfer' })).toBe('otherFilters');
    expect(readCursor(cursor, {})).toBe('otherFilters');
  });
  it.each([
    ['not base64!'],
    [''],
    [btoa('not json')],
    [btoa(JSON.stringify([1]))],
    [btoa(JSON.stringify({ t: 'soon', i: 1, f: '' }))],
    [btoa(JSON.stringify({ t: '2026-11-30T10:00:00Z', i: 0, f: '' }))],
    [btoa(JSON.stringify({ t: '2026-11-30T10:00:00Z', i: 1.5, f: '' }))],
    [btoa(JSON.stringify({ t: '2026-11-30T10:00:00Z', i: 1 }))],
  ])('%j is not a cursor', (cursor) => expect(readCursor(cursor.replace(/=+$/, ''), {})).toBe('invalid'));
  it('joinPages keeps each row once, in the order read; hasMorePages reads the last page', () => {
    const pages = [
      { items: [rows[0]!, rows[1]!], nextCursor: 'a' },
      { items: [rows[1]!, rows[2]!], nextCursor: null },
    ];
    expect(joinPages(pages).map((r) => r.id)).toEqual([9, 8, 7]);
    expect(hasMorePages(pages)).toBe(false);
    expect(hasMorePages(pages.slice(0, 1))).toBe(true);
    expect(hasMorePages([])).toBe(false);
  });
});

describe('deliveries and retries', () => {
  it('3 retries, 10 minutes apart', () => {
    expect([RETRIES, RETRY_DELAY_MS]).toEqual([3, 600_000]);
    expect(nextAttemptAt(1, NOW)).toBe(NOW + 600_000);
    expect(nextAttemptAt(3, NOW)).toBe(NOW + 600_000);
    expect(nextAttemptAt(4, NOW)).toBeNull(); // the first attempt and three retries made
    expect(nextAttemptAt(5, NOW)).toBeNull();
  });
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [300, false],
    [199, false],
    [500, false],
    [null, false],
  ])('status %j delivers: %s', (status, delivered) => expect(isDeliveredStatus(status)).toBe(delivered));
  it.each([
    [[{ responseStatus: 200 }], null, 'delivered'],
    [[{ responseStatus: 500 }, { responseStatus: 200 }], null, 'delivered'],
    [[{ responseStatus: 500 }, { responseStatus: 204 }], NOW, 'delivered'],
    [[{ responseStatus: 500 }], NOW, 'pending'],
    [[], '2026-12-01T12:10:00Z', 'pending'],
    [[{ responseStatus: null }, { responseStatus: 500 }], null, 'failed'],
    [[], null, 'failed'],
  ] as const)('%j with next %j is %s', (attempts, next, status) => expect(deliveryStatus(attempts, next)).toBe(status));
  it('an answer is kept to 500 characters', () => {
    expect(EXCERPT_MAX).toBe(500);
    expect(excerptOf(null)).toBeNull();
    expect(excerptOf('')).toBeNull();
    expect(excerptOf('ok')).toBe('ok');
    expect(excerptOf('x'.repeat(500))).toBe('x'.repeat(500));
    const long = excerptOf('x'.repeat(501))!;
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the signature (a fixed vector)', () => {
  // Computed once outside this code (Python's hmac): HMAC-SHA256 of `1700000000.<body>` with the secret.
  const secret = 'whsec_test_secret';
  const body = '{"id":"evt_1","type":"transfer.incoming"}';
  const expected = 'c588b5b8366c3f56c01c1d3020efc9a6938f545fc5a54b1cb3f8f666d2957615';
  const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

  it('signs the timestamp, a point and the body', () => {
    expect(signedPayload(1700000000, body)).toBe(`1700000000.${body}`);
    expect(hmac(secret, signedPayload(1700000000, body))).toBe(expected);
  });
  it('the header holds t and one v1 per secret, newest first', () => {
    expect(signatureHeader(1700000000, [expected])).toBe(`t=1700000000,v1=${expected}`);
    expect(signatureHeader(1700000000, ['a'.repeat(64), 'b'.repeat(64)])).toBe(`t=1700000000,v1=${'a'.repeat(64)},v1=${'b'.repeat(64)}`);
  });
  it.each([
    [`t=1700000000,v1=${expected}`, { timestamp: 1700000000, signatures: [expected] }],
    [`v1=${expected}, t=1700000000`, { timestamp: 1700000000, signatures: [expected] }],
    [`t=1700000000,v1=${expected},v0=old`, { timestamp: 1700000000, signatures: [expected] }], // other schemes are ignored
    [`t=1700000000`, null],
    [`v1=${expected}`, null],
    [`t=soon,v1=${expected}`, null],
    [`t=1,t=2,v1=${expected}`, null],
    [`t=1700000000,v1=${expected.toUpperCase()}`, null],
    [`t=1700000000,v1=abc`, null],
    [`t=1700000000;v1=${expected}`, null],
    [``, null],
  ])('parseSignatureHeader(%j)', (header, parsed) => expect(parseSignatureHeader(header)).toEqual(parsed));
  it.each([
    [1700000000, 1700000300, true],
    [1700000000, 1700000301, false],
    [1700000300, 1700000000, true],
    [1700000301, 1700000000, false],
  ])('t %d at %d is fresh: %s', (t, now, fresh) => expect(isTimestampFresh(t, now)).toBe(fresh));

  it('the snippet the page gives to copy accepts a right signature and refuses a wrong one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'snippet-'));
    const file = join(dir, 'verify.mjs');
    writeFileSync(file, VERIFICATION_SNIPPET);
    const { verifyWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook: (secret: string, header: string, body: string) => boolean };
    const t = Math.floor(Date.now() / 1000);
    const right = hmac(secret, signedPayload(t, body));
    expect(verifyWebhook(secret, signatureHeader(t, [right]), body)).toBe(true);
    expect(verifyWebhook(secret, signatureHeader(t, ['0'.repeat(64), right]), body)).toBe(true); // the overlap: any v1
    expect(verifyWebhook('whsec_other', signatureHeader(t, [right]), body)).toBe(false);
    expect(verifyWebhook(secret, signatureHeader(t, [right]), `${body} `)).toBe(false);
    expect(verifyWebhook(secret, signatureHeader(t - 301, [hmac(secret, signedPayload(t - 301, body))]), body)).toBe(false);
  });
});
