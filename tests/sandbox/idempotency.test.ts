// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { requestHash } from '../../sandbox/kernel/ledger.ts';
import { LANGUAGES } from '../../machines/shared/languages.ts';
import { SANDBOX_MESSAGES } from '../../sandbox/messages.ts';
import { REUSED_WITH_OTHER_DETAILS, sandboxClient } from './client';

/**
 * Strict idempotency, as Stripe's API (issue 46 item 5), written as the attacks that went through:
 * a money-moving call without a requestId (it became the key "undefined": a second, different mass
 * p2p got the first one's reply and nothing moved) and a requestId reused with other details (it
 * was answered with the first reply). Now: no requestId, no call (400, the contract requires it);
 * the same id with the same request answers the first reply and moves nothing again; with other
 * details it is refused (422, in the request's language) and nothing moves.
 */
let sb: Sandbox;
const { post, tokenOf, call, unprocessable } = sandboxClient(() => sb.url);
const usdOf = async (token: string) => ((await call(token, 'balanceInquiry')).accounts as { accountId: number; type: number; currencyCode: string; balance: string }[]).find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
const raw = (token: string, method: string, body: Record<string, unknown>) => post(`/main/?method=${method}`, { method, ...body }, { Authorization: `Bearer ${token}` });

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-idempotency-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: strict idempotency (issue 46)', () => {
  it('a money-moving call without a requestId is refused (400) and moves nothing: two different mass p2p sends are not taken for one', async () => {
    const token = await tokenOf('personal@brand1.test');
    const usd = await usdOf(token);
    for (const [method, body] of [
      ['p2pMassTransfer', { accountId: usd.accountId, onlySummary: false, textContent: 'direct@brand1.test,3.00' }],
      ['p2pMassTransfer', { accountId: usd.accountId, onlySummary: false, textContent: 'simple@brand1.test,4.00' }],
      ['p2pTransfer', { accountId: usd.accountId, toEmail: 'direct@brand1.test', amount: '1.00' }],
      ['ownAccountsTransfer', { fromAccount: usd.accountId, toAccount: usd.accountId, toAmount: '1.00' }],
      ['p2pTransfer', { accountId: usd.accountId, toEmail: 'direct@brand1.test', amount: '1.00', requestId: '' }],
    ] as const) {
      const res = await raw(token, method, body);
      expect([method, res.status]).toEqual([method, 400]);
      expect(((await res.json()) as { message: string }).message).toMatch(/requestId/);
    }
    expect((await usdOf(token)).balance).toBe(usd.balance);
    // A summary moves nothing: it needs no requestId.
    expect((await call(token, 'p2pMassTransfer', { accountId: usd.accountId, onlySummary: true, textContent: 'direct@brand1.test,3.00' })).responseCode).toBe('00');
  });

  it('the same requestId: the same request (keys in any order) answers the first reply; other details are refused in the request’s language; nothing moves twice', async () => {
    const token = await tokenOf('personal@brand1.test');
    const usd = await usdOf(token);
    const body = { accountId: usd.accountId, toEmail: 'direct@brand1.test', amount: '2.00', requestId: 'idem-p2p-000001' };
    const first = await call(token, 'p2pTransfer', body);
    expect(first.responseCode).toBe('00');
    const after = (await usdOf(token)).balance;
    expect(await call(token, 'p2pTransfer', { requestId: body.requestId, amount: '2.00', toEmail: 'direct@brand1.test', accountId: usd.accountId })).toEqual(first);
    expect(await unprocessable(token, 'p2pTransfer', { ...body, amount: '200.00' })).toEqual(REUSED_WITH_OTHER_DETAILS);
    expect(await unprocessable(token, 'p2pTransfer', { ...body, toEmail: 'simple@brand1.test' }, 'ru')).toEqual({
      status: 422,
      message: 'Этот идентификатор уже использован для запроса с другими данными. Ничего не сделано: начните заново.',
      param: 'requestId',
      language: 'ru',
    });
    expect(await unprocessable(token, 'p2pTransfer', { ...body, amount: '3.00' }, 'pt-BR,pt;q=0.9')).toMatchObject({ status: 422, language: 'pt', message: SANDBOX_MESSAGES.pt.requestIdOtherDetails });
    expect((await usdOf(token)).balance).toBe(after);
  });

  it('a request’s fingerprint: the same for the same body in any key order, different for another value, another file or another file name', () => {
    const body = { a: 1, b: { c: [1, 2], d: 'x' } };
    expect(requestHash(body)).toBe(requestHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(requestHash(body)).not.toBe(requestHash({ ...body, a: 2 }));
    expect(requestHash({ b: { c: [2, 1], d: 'x' }, a: 1 })).not.toBe(requestHash(body)); // order in a list counts
    const file = { name: 'pay.csv', type: 'text/csv', text: 'a,b\n1,2' };
    expect(requestHash(body, { file })).toBe(requestHash(body, { file: { ...file } }));
    expect(requestHash(body, { file })).not.toBe(requestHash(body, { file: { ...file, text: 'a,b\n1,3' } }));
    expect(requestHash(body, { file })).not.toBe(requestHash(body, { file: { ...file, name: 'other.csv' } }));
    expect(requestHash(body, { file })).not.toBe(requestHash(body));
  });

  it('every sandbox message is written in all six languages, none left in English outside English', () => {
    const keys = Object.keys(SANDBOX_MESSAGES.en);
    for (const language of LANGUAGES) {
      expect(Object.keys(SANDBOX_MESSAGES[language]).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const text = SANDBOX_MESSAGES[language][key as keyof (typeof SANDBOX_MESSAGES)['en']];
        expect(text.trim().length).toBeGreaterThan(10);
        if (language !== 'en') expect([language, key, text]).not.toEqual([language, key, SANDBOX_MESSAGES.en[key as keyof (typeof SANDBOX_MESSAGES)['en']]]);
      }
    }
  });
});
