// @vitest-environment node
import {
  BUTTON_TYPES,
  buttonCurrencies,
  openPaymentAccounts,
  INTERNAL_PAGES,
  IPN_DEFAULTS,
  IPN_PAGE_SIZE,
  LOGO_MAX_BYTES,
  LOGO_PAGE_SIZE,
  MERCHANT_FALLBACK,
  MERCHANT_HOME,
  MERCHANT_PAGES,
  NOTIFY_COMPLETED,
  NOTIFY_EVERY_STATUS,
  STATUS_OFF,
  STATUS_ON,
  buttonProblems,
  buttonSnippet,
  defaultLogoAfter,
  escapeHtml,
  hasFullMerchantAccess,
  hasMoreIpnMessages,
  imageKindOf,
  ipnSettingsOrDefaults,
  isMerchantPage,
  isNotified,
  logoFileProblem,
  maskedSecret,
  mayUseMerchantArea,
  merchantLevelOf,
  merchantPageFor,
  nameProblem,
  notifyUrlProblem,
  urlProblem,
  type ButtonValues,
  type MerchantFacts,
  type MerchantPage,
} from '../../machines/merchant/merchant.rules';
import { buttonMessage, logoFileMessage, merchantMessages as m, nameMessage, urlMessage } from '../../machines/merchant/merchant-messages';

/** The merchant area's rules (issue 55; spec 001 s2, s3, s6, s9). */

describe('the pages and the full-access guard (001 s2, s6)', () => {
  it('has the twelve children of /merchant/, home security/verification, the three internal pages', () => {
    expect(MERCHANT_PAGES).toHaveLength(12);
    expect(MERCHANT_HOME).toBe('security/verification');
    expect(MERCHANT_FALLBACK).toBe('buttons/my_saved_buttons');
    expect(INTERNAL_PAGES).toEqual(['internal/api_key', 'internal/api_log', 'internal/webhook_log']);
    expect(isMerchantPage('ipn/history')).toBe(true);
    expect(isMerchantPage('ipn')).toBe(false);
    expect(isMerchantPage('internal/api_keys')).toBe(false);
    expect(isMerchantPage('')).toBe(false);
  });

  const LEVELS = [0, 1, 2, 3, 4, 5] as const;
  /** Every kind with every listed level, and unlisted. */
  const FACTS: [string, MerchantFacts, number][] = [
    ...LEVELS.flatMap((level): [string, MerchantFacts, number][] => [
      [`an employee at level ${level}`, { kind: 'employee', merchantLevel: level }, level],
      [`an owner lowered to level ${level}`, { kind: 'business', merchantLevel: level }, level],
      [`a personal customer listed at ${level}`, { kind: 'personal', merchantLevel: level }, level],
    ]),
    ['an owner, not listed', { kind: 'business', merchantLevel: undefined }, 2],
    ['a personal customer, not listed', { kind: 'personal', merchantLevel: undefined }, 2],
    ['an employee, not listed', { kind: 'employee', merchantLevel: undefined }, 0],
    ['an admin, not listed', { kind: 'admin', merchantLevel: undefined }, 0],
    ['an admin listed at 2', { kind: 'admin', merchantLevel: 2 }, 0],
  ];

  it.each(FACTS)('%s: level %#', (_, facts, level) => {
    expect(merchantLevelOf(facts)).toBe(level);
    expect(mayUseMerchantArea(facts)).toBe(level !== 0);
    expect(hasFullMerchantAccess(facts)).toBe(level === 2);
  });

  const pageCases = FACTS.flatMap(([who, facts, level]) =>
    MERCHANT_PAGES.map((page): [string, MerchantPage, MerchantFacts, MerchantPage | null] => [
      who,
      page,
      facts,
      level === 0 ? null : INTERNAL_PAGES.includes(page) && level !== 2 ? 'buttons/my_saved_buttons' : page,
    ]),
  );

  it('the page table covers every outcome', () => {
    expect(pageCases).toHaveLength(FACTS.length * 12);
    expect(new Set(pageCases.map((c) => c[3] === null ? 'closed' : c[3] === c[1] ? 'shown' : 'fallback'))).toEqual(new Set(['closed', 'shown', 'fallback']));
  });

  it.each(pageCases)('%s asking for %s', (_, page, facts, expected) => {
    expect(merchantPageFor(page, facts)).toBe(expected);
  });
});

describe('"more" IPN messages (001 s9)', () => {
  it.each([
    [25, 1, 0, false],
    [25, 1, 24, false],
    [25, 1, 25, true], // the exact multiple: one more (empty) page is offered
    [25, 1, 26, true],
    [25, 2, 49, false],
    [25, 2, 50, true],
    [25, 3, 75, true],
    [25, 4, 75, false], // the empty page read: the button goes
    [25, 3, 76, true],
    [25, 4, 76, false],
    [1, 1, 1, true],
    [1, 2, 1, false],
  ])('pageSize %i × page %i with %i in all → %j', (size, page, total, more) => {
    expect(hasMoreIpnMessages(size, page, total)).toBe(more);
  });

  it('pages of 25 and 1000 (001 s9)', () => {
    expect(IPN_PAGE_SIZE).toBe(25);
    expect(LOGO_PAGE_SIZE).toBe(1000);
  });
});

describe('the IPN settings (001 s3, s9)', () => {
  it('defaults when none were saved: notifyStatusId 1, statusId 1, no address, no secret', () => {
    expect(IPN_DEFAULTS).toEqual({ notifyUrl: null, notifyStatusId: 1, statusId: 1, secretLastFour: null });
    expect(ipnSettingsOrDefaults(null)).toEqual(IPN_DEFAULTS);
    expect(ipnSettingsOrDefaults(undefined)).toEqual(IPN_DEFAULTS);
    const saved = { notifyUrl: 'https://shop.example/ipn', notifyStatusId: 2, statusId: 2, secretLastFour: 'a1B2' };
    expect(ipnSettingsOrDefaults(saved)).toBe(saved);
    expect([STATUS_OFF, STATUS_ON, NOTIFY_COMPLETED, NOTIFY_EVERY_STATUS]).toEqual([1, 2, 1, 2]);
  });

  it.each([
    [NOTIFY_COMPLETED, 'completed', true],
    [NOTIFY_COMPLETED, 'pending', false],
    [NOTIFY_COMPLETED, 'failed', false],
    [NOTIFY_COMPLETED, 'refunded', false],
    [NOTIFY_EVERY_STATUS, 'completed', true],
    [NOTIFY_EVERY_STATUS, 'pending', true],
    [NOTIFY_EVERY_STATUS, 'failed', true],
    [NOTIFY_EVERY_STATUS, 'refunded', true],
  ] as const)('notifyStatusId %i notifies a %s payment: %j', (notify, status, expected) => {
    expect(isNotified(notify, status)).toBe(expected);
  });

  it('a secret by its last four characters', () => {
    expect(maskedSecret('a1B2')).toBe('••••••••a1B2');
    expect(maskedSecret(null)).toBe('');
    expect(maskedSecret(undefined)).toBe('');
    expect(maskedSecret('')).toBe('');
  });
});

describe('addresses (urlProblem, notifyUrlProblem)', () => {
  const SANDBOX = ['127.0.0.1', 'localhost'];
  it.each([
    ['', true, [], 'required'],
    ['   ', true, [], 'required'],
    ['', false, [], null],
    [null, false, [], null],
    [undefined, true, [], 'required'],
    ['https://shop.example/ipn', true, [], null],
    ['  https://shop.example/ipn  ', true, [], null],
    ['https://shop.example:8443/ipn?x=1', true, [], null],
    ['HTTPS://SHOP.EXAMPLE/IPN', true, [], null],
    ['http://shop.example/ipn', true, [], 'notHttps'],
    ['http://shop.example/ipn', true, SANDBOX, 'notHttps'],
    ['http://127.0.0.1:8787/__sandbox/ipn-sink/a', true, SANDBOX, null],
    ['http://localhost:8787/x', true, SANDBOX, null],
    ['http://127.0.0.1:8787/x', true, [], 'notHttps'],
    ['http://127.0.0.2/x', true, SANDBOX, 'notHttps'],
    ['ftp://shop.example/ipn', true, [], 'invalid'],
    ['javascript:alert(1)', true, [], 'invalid'],
    ['shop.example/ipn', true, [], 'invalid'],
    ['/ipn', true, [], 'invalid'],
    ['https://', true, [], 'invalid'],
    ['https://shop example/ipn', true, [], 'invalid'],
    ['https://user:pass@shop.example/ipn', true, [], 'credentials'],
    ['https://user@shop.example/ipn', true, [], 'credentials'],
    [`https://shop.example/${'a'.repeat(255 - 'https://shop.example/'.length)}`, true, [], null],
    [`https://shop.example/${'a'.repeat(256 - 'https://shop.example/'.length)}`, true, [], 'tooLong'],
  ] as const)('%j (required %j, insecure hosts %j) → %j', (text, required, hosts, expected) => {
    expect(urlProblem(text, { required, insecureHosts: hosts })).toBe(expected);
  });

  it.each([
    [{ notifyUrl: null, statusId: STATUS_OFF }, null],
    [{ notifyUrl: '', statusId: STATUS_OFF }, null],
    [{ notifyUrl: null, statusId: STATUS_ON }, 'required'],
    [{ notifyUrl: 'http://shop.example', statusId: STATUS_OFF }, 'notHttps'],
    [{ notifyUrl: 'https://shop.example', statusId: STATUS_ON }, null],
  ] as const)('notify address %j → %j', (values, expected) => {
    expect(notifyUrlProblem(values)).toBe(expected);
  });
  it('the sandbox host passes only when named', () => {
    expect(notifyUrlProblem({ notifyUrl: 'http://127.0.0.1:9/x', statusId: STATUS_ON }, SANDBOX)).toBeNull();
    expect(notifyUrlProblem({ notifyUrl: 'http://127.0.0.1:9/x', statusId: STATUS_ON })).toBe('notHttps');
  });
});

describe('logo files', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
  it.each([
    ['a PNG signature', PNG, 'image/png'],
    ['a PNG signature alone', PNG.slice(0, 8), 'image/png'],
    ['seven bytes of it', PNG.slice(0, 7), null],
    ['one byte off', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b], null],
    ['a JPEG start', [0xff, 0xd8, 0xff, 0xe0, 0, 16], 'image/jpeg'],
    ['a JPEG start alone', [0xff, 0xd8, 0xff], 'image/jpeg'],
    ['two bytes of it', [0xff, 0xd8], null],
    ['a GIF', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], null],
    ['a PDF', [0x25, 0x50, 0x44, 0x46], null],
    ['text', [...new TextEncoder().encode('<svg></svg>')], null],
    ['nothing', [], null],
  ] as const)('%s → %j', (_, bytes, expected) => {
    expect(imageKindOf(new Uint8Array(bytes))).toBe(expected);
  });

  it.each([
    [null, 'required'],
    [{ type: 'image/png', size: 0 }, 'empty'],
    [{ type: 'image/png', size: 1 }, null],
    [{ type: 'image/jpeg', size: LOGO_MAX_BYTES }, null],
    [{ type: 'image/jpeg', size: LOGO_MAX_BYTES + 1 }, 'tooLarge'],
    [{ type: 'image/gif', size: 10 }, 'type'],
    [{ type: 'image/svg+xml', size: 10 }, 'type'],
    [{ type: '', size: 10 }, 'type'],
    [{ type: 'image/gif', size: LOGO_MAX_BYTES + 1 }, 'type'],
  ] as const)('%j → %j', (file, expected) => {
    expect(logoFileProblem(file)).toBe(expected);
    expect(LOGO_MAX_BYTES).toBe(1024 * 1024);
  });

  it.each([
    ['', 100, 'required'],
    ['   ', 100, 'required'],
    ['Main', 100, null],
    ['a'.repeat(100), 100, null],
    [` ${'a'.repeat(100)} `, 100, null],
    ['a'.repeat(101), 100, 'tooLong'],
    ['a'.repeat(127), 127, null],
    ['a'.repeat(128), 127, 'tooLong'],
  ] as const)('name %j (at most %i) → %j', (text, max, expected) => {
    expect(nameProblem(text, max)).toBe(expected);
  });

  const logo = (id: number, isDefault: boolean, createdAt: string) => ({ id, isDefault, createdAt });
  it.each([
    ['no logos', [], null],
    ['the default kept', [logo(1, false, '2026-11-01'), logo(2, true, '2026-10-01')], 2],
    ['none default: the newest', [logo(1, false, '2026-11-01'), logo(2, false, '2026-11-20'), logo(3, false, '2026-10-01')], 2],
    ['none default, same time: the higher id', [logo(4, false, '2026-11-01'), logo(7, false, '2026-11-01')], 7],
    ['one logo', [logo(9, false, '2026-11-01')], 9],
  ] as const)('%s → %j', (_, logos, expected) => {
    expect(defaultLogoAfter(logos)).toBe(expected);
  });
});

describe('saved buttons (buttonProblems)', () => {
  const good: ButtonValues = { name: 'Gift card', buttonType: 'buyNow', itemName: 'Gift card 50', amount: '50.00', currencyCode: 'EUR', logoId: 3, returnUrl: '', cancelUrl: '' };
  const known = { currencies: ['EUR', 'USD', 'BTC'], logoIds: [3, 4] };

  it('a right one has no problems; the types are buy now and donate', () => {
    expect(buttonProblems(good, known)).toEqual({});
    expect(BUTTON_TYPES).toEqual(['buyNow', 'donate']);
  });

  it.each([
    ['no name', { name: ' ' }, { name: 'required' }],
    ['a long name', { name: 'n'.repeat(101) }, { name: 'tooLong' }],
    ['an unknown type', { buttonType: 'subscribe' }, { buttonType: 'buttonType' }],
    ['no item', { itemName: '' }, { itemName: 'required' }],
    ['an item of 127', { itemName: 'i'.repeat(127) }, {}],
    ['an item of 128', { itemName: 'i'.repeat(128) }, { itemName: 'tooLong' }],
    ['buy now without an amount', { amount: '' }, { amount: 'amountRequired' }],
    ['buy now with spaces only', { amount: '  ' }, { amount: 'amountRequired' }],
    ['donate without an amount', { buttonType: 'donate', amount: '' }, {}],
    ['donate with an amount', { buttonType: 'donate', amount: '5' }, {}],
    ['an amount of 0', { amount: '0.00' }, { amount: 'amountInvalid' }],
    ['a negative amount', { amount: '-1' }, { amount: 'amountInvalid' }],
    ['three decimals in EUR', { amount: '1.005' }, { amount: 'amountInvalid' }],
    ['a decimal comma', { amount: '0,10' }, {}],
    ['the smallest', { amount: '0.01' }, {}],
    ['fifteen digits', { amount: '123456789012345.99' }, {}],
    ['sixteen digits', { amount: '1234567890123456' }, { amount: 'amountInvalid' }],
    ['eight decimals in BTC', { currencyCode: 'BTC', amount: '0.00000001' }, {}],
    ['nine decimals in BTC', { currencyCode: 'BTC', amount: '0.000000001' }, { amount: 'amountInvalid' }],
    ['letters', { amount: '1e3' }, { amount: 'amountInvalid' }],
    ['a currency without an account', { currencyCode: 'GBP' }, { currencyCode: 'currency' }],
    ['no logo', { logoId: null }, {}],
    ['a logo not theirs', { logoId: 99 }, { logoId: 'logo' }],
    ['an https return address', { returnUrl: 'https://shop.example/thanks' }, {}],
    ['an http return address', { returnUrl: 'http://shop.example/thanks' }, { returnUrl: 'notHttps' }],
    ['a cancel address with credentials', { cancelUrl: 'https://a:b@shop.example' }, { cancelUrl: 'credentials' }],
    ['a relative cancel address', { cancelUrl: '/cancel' }, { cancelUrl: 'invalid' }],
  ] as const)('%s → %j', (_, change, expected) => {
    expect(buttonProblems({ ...good, ...change }, known)).toEqual(expected);
  });

  it('several problems at once, each by its field', () => {
    expect(buttonProblems({ ...good, name: '', itemName: '', amount: '0', currencyCode: 'XXX', logoId: 1, returnUrl: 'x', cancelUrl: 'http://a.example' }, known)).toEqual({
      name: 'required',
      itemName: 'required',
      amount: 'amountInvalid',
      currencyCode: 'currency',
      logoId: 'logo',
      returnUrl: 'invalid',
      cancelUrl: 'notHttps',
    });
  });
});

describe('the currencies a button may take (buttonCurrencies)', () => {
  const account = (type: number, accountStatusId: number, currencyCode: string) => ({ type, accountStatusId, currencyCode });
  it.each([
    ['no accounts', [], []],
    ['an open payment account', [account(1001, 1, 'EUR')], ['EUR']],
    ['a closed one (11) is left out', [account(1001, 11, 'EUR')], []],
    ['a status next to closed (10, 12) is open', [account(1001, 10, 'GBP'), account(1001, 12, 'USD')], ['GBP', 'USD']],
    ['prepayment (4001), receiving (4002) and cards (2010) are left out', [account(4001, 1, 'EUR'), account(4002, 1, 'USD'), account(2010, 2, 'GBP')], []],
    ['each currency once, in order', [account(1001, 1, 'USD'), account(1001, 1, 'EUR'), account(1001, 2, 'USD'), account(1001, 11, 'CHF')], ['EUR', 'USD']],
  ])('%s', (_name, accounts, expected) => {
    expect(buttonCurrencies(accounts)).toEqual(expected);
  });
});

describe('open payment accounts (openPaymentAccounts)', () => {
  it('keeps the open payment accounts in their order, whole; leaves out closed ones and other kinds', () => {
    const a = { accountId: 1, type: 1001, accountStatusId: 1, balance: '5.00' };
    const b = { accountId: 2, type: 1001, accountStatusId: 11, balance: '9.00' };
    const c = { accountId: 3, type: 4001, accountStatusId: 1, balance: '1.00' };
    const d = { accountId: 4, type: 1001, accountStatusId: 2, balance: '0.00' };
    expect(openPaymentAccounts([d, a, b, c])).toEqual([d, a]);
    expect(openPaymentAccounts([])).toEqual([]);
  });
});

describe('the snippet (escaping)', () => {
  it.each([
    ['plain', 'plain'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['say "hi"', 'say &quot;hi&quot;'],
    ["it's", 'it&#39;s'],
    ['&amp;', '&amp;amp;'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(escapeHtml(text)).toBe(expected);
  });

  const input = { checkoutUrl: 'https://pay.brand1.example/checkout', merchantId: 1042, buttonId: 7, label: 'Buy "Gift" <50>' };

  it('posts the merchant and the button to the checkout; the label escaped', () => {
    expect(buttonSnippet(input)).toBe(
      [
        '<form action="https://pay.brand1.example/checkout" method="post" target="_blank">',
        '  <input type="hidden" name="merchantId" value="1042">',
        '  <input type="hidden" name="buttonId" value="7">',
        '  <button type="submit">Buy &quot;Gift&quot; &lt;50&gt;</button>',
        '</form>',
      ].join('\n'),
    );
  });

  it('an address with quotes and ampersands is escaped in the attribute', () => {
    expect(buttonSnippet({ ...input, checkoutUrl: 'https://x.example/pay?a=1&b="2"' })).toContain('<form action="https://x.example/pay?a=1&amp;b=&quot;2&quot;" method="post" target="_blank">');
  });

  it('nothing a merchant typed can close the form or add an element', () => {
    const html = buttonSnippet({ ...input, label: '</button></form><img src=x onerror=alert(1)>' });
    expect(html.match(/<form/g)).toHaveLength(1);
    expect(html.match(/<\/form>/g)).toHaveLength(1);
    expect(html.match(/<\/button>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<img/);
  });
});

describe('the problems in words (merchant-messages)', () => {
  const d = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });
  it.each([
    ['name', 'required', m.nameRequired],
    ['name', 'tooLong', m.nameTooLong],
    ['itemName', 'required', m.itemNameRequired],
    ['itemName', 'tooLong', m.itemNameTooLong],
    ['returnUrl', 'tooLong', m.urlTooLong],
    ['cancelUrl', 'invalid', m.urlInvalid],
    ['returnUrl', 'notHttps', m.urlNotHttps],
    ['cancelUrl', 'credentials', m.urlCredentials],
    ['amount', 'amountRequired', m.amountRequired],
    ['amount', 'amountInvalid', m.amountInvalid],
    ['currencyCode', 'currency', m.currency],
    ['buttonType', 'buttonType', m.buttonType],
    ['logoId', 'logo', m.logo],
  ] as const)('%s %s', (field, problem, descriptor) => {
    expect(buttonMessage(field, problem)).toEqual(d(descriptor));
  });

  it.each([
    ['required', m.urlRequired],
    ['invalid', m.urlInvalid],
    ['notHttps', m.urlNotHttps],
    ['tooLong', m.urlTooLong],
    ['credentials', m.urlCredentials],
  ] as const)('the address %s', (problem, descriptor) => {
    expect(urlMessage(problem)).toEqual(d(descriptor));
  });

  it.each([
    ['required', m.logoRequired],
    ['empty', m.logoEmpty],
    ['type', m.logoType],
    ['tooLarge', m.logoTooLarge],
  ] as const)('the logo file %s', (problem, descriptor) => {
    expect(logoFileMessage(problem)).toEqual(d(descriptor));
  });

  it('a name: 100 characters for names, 127 for items', () => {
    expect(nameMessage('required')).toEqual(d(m.nameRequired));
    expect(nameMessage('tooLong', 127)).toEqual(d(m.itemNameTooLong));
  });
});
