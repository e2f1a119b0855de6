// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { CONTRACT_STATUSES, isFinalStatus, type ContractStatus } from '../../machines/contracts/contract.rules';
import { CANNOT_ACT, NAME_TEXT, NO_SUCH_CONTRACT, NOT_AVAILABLE, READ_ONLY } from '../../sandbox/handlers/contracts.ts';
import {
  COMPANY_PAGE_TEXT,
  COUNTERPARTY_TEXT,
  CREATE_TEXTS,
  EMAIL_INVALID,
  EMAIL_MISSING,
  NO_SUCH_COMPANY,
  NO_SUCH_CUSTOMER,
  NOT_A_PARTY,
  NOT_PAYER,
  NOT_WAITING,
  PAIR_REFUSED,
} from '../../sandbox/handlers/contracts-create.ts';
import { SANDBOX_MESSAGES } from '../../sandbox/messages.ts';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { BENEFICIARY_OBLIGATIONS, PAYER_OBLIGATIONS, SEEDED_COMPANIES, SEEDED_CONTRACTS, seededCompanyId, seededContractId } from '../../sandbox/seed-contracts.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { contractsClient, refusal, type CallOptions } from './contracts-client';

/**
 * Making a smart contract and identifying its payer (issue 59: sandbox/handlers/contracts-create.ts,
 * sandbox/contracts-store.ts, the control API's provider page and other-device pushes): brand 1
 * only and the merchant right as for every contract call; contractCreate's checks (the app's own
 * schema at its edges, the caller a party, the brand's company, the pair contractVerify accepts)
 * and once per requestId; contractVerify's rules; the company list's search, counterparty filter
 * and pages; the customer lookup; the payer's identification from NEED_IDENTIFICATION through the
 * provider's page (failed, then passed) and through a push on the other device; the seed's signers
 * and obligations on the signing page and in the PDF; the sign-in state taking created contracts away.
 */
const DAY = 86_400_000;
/** The sandbox's clock: it only moves forward. */
let clock = Date.parse('2026-12-01T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const today = () => iso(clock).slice(0, 10);
const plusDays = (days: number) => iso(Date.parse(`${today()}T00:00:00Z`) + days * DAY).slice(0, 10);

let sb: Sandbox;

const B = 'contracts@brand1.test';
const P = 'contracts-person@brand1.test';
const O = 'contracts-other@brand1.test';
const READER = 'contracts-reader@brand1.test';
const APP = 'http://127.0.0.1:4174';

/** A seeded contract's id and a seeded company's id in brand1. */
const cid = (n: number) => seededContractId(0, n);
const company = (n: number) => seededCompanyId(0, n);
const LAST_SEEDED = cid(SEEDED_CONTRACTS.length);

const form = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });

const { post, tokenOf, forget, idOf, ct, ok, answerOf } = contractsClient(() => sb);
const fieldRefusal = (...issues: [string, string][]) => ({ status: 400, body: { message: issues[0]![1], validationErrors: issues.map(([param, description]) => ({ param, description })) } });

let requests = 0;
/** A fresh requestId (8 to 64 letters, digits and dashes). */
const requestId = () => `create-${(requests += 1).toString().padStart(4, '0')}-test`;

/** A valid create payload: contracts@ pays Mia from today, for a company none of their contracts is for. */
function payload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    companyId: company(40),
    senderId: idOf(B),
    senderSignerName: 'Ana Demo',
    senderObligations: ['Pay the share by the 10th of each month', 'Send a statement with each payment'],
    beneficiaryId: idOf(P),
    beneficiarySignerName: 'Mia Rossi',
    beneficiaryObligations: ['Promote the company every week'],
    activeFrom: today(),
    percentage: '12.5',
    note: 'Made by the test',
    requestId: requestId(),
    ...overrides,
  };
}
const create = (login: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => answerOf(login, 'PUT', '/contract', { body, headers });
const verify = async (login: string, companyId: number, counterpartyId: number, headers: Record<string, string> = {}) =>
  (await ok(login, 'POST', '/contract/verify', { body: { companyId, counterpartyId }, headers })).isValid as boolean;
const contractOf = (login: string, id: number) => ok(login, 'GET', `/contract/${id}`);
const contractCount = () => (sb.db.prepare('SELECT COUNT(*) AS n FROM ct_contracts').get() as { n: number }).n;
const signAs = async (login: string, contractId: number) => {
  const res = await post('/__sandbox/contracts/sign', { login, contractId });
  expect(res.status).toBe(200);
  return ((await res.json()) as { status: ContractStatus }).status;
};
const restore = async (...logins: string[]) => {
  for (const login of logins.length ? logins : [B, P, O]) {
    expect((await post('/__sandbox/sign-in-state', { userLogin: login })).status).toBe(200);
    forget(login);
  }
};
/** The three identification calls of a contract, as one caller. */
const identificationCalls = (login: string, id: number, headers: Record<string, string> = {}) =>
  Promise.all([
    answerOf(login, 'POST', '/split-pay-signer-identification', { body: { contractId: id }, headers }),
    answerOf(login, 'POST', `/contract/${id}/identificationStarted`, { headers }),
    answerOf(login, 'POST', `/contract/${id}/identificationPush`, { headers }),
  ]);

/** The company titles of brand1 in the list's order (A to Z, any case). */
const sortedTitles = () => SEEDED_COMPANIES.map((c) => c.title).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-contracts-create-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 60 * 86_400 });
});
afterAll(() => sb.close());

describe('who may call', () => {
  it('brand 1 only: every new call of another brand’s customer answers 404 "Contracts are not available"', async () => {
    const login = 'contracts@brand2.test';
    const calls: [string, string, CallOptions][] = [
      ['PUT', '/contract', { body: payload() }],
      ['POST', '/contract/verify', { body: { companyId: company(1), counterpartyId: idOf(P) } }],
      ['POST', `/contract/${cid(5)}/identificationStarted`, {}],
      ['POST', `/contract/${cid(5)}/identificationPush`, {}],
      ['POST', '/split-pay-signer-identification', { body: { contractId: cid(5) } }],
      ['GET', '/company', {}],
      ['GET', '/customer/lookup', { query: { email: 'personal@brand2.test' } }],
    ];
    for (const [method, path, options] of calls) expect([method, path, await answerOf(login, method, path, options)]).toEqual([method, path, refusal(404, NOT_AVAILABLE)]);
    const ru = await ct(login, 'GET', '/company', { headers: { 'Accept-Language': 'ru' } });
    expect(ru.body).toEqual({ message: SANDBOX_TEXTS.ru[NOT_AVAILABLE] });
  });

  it('a reader (merchant level 1, acting for contracts@) looks companies and customers up, and makes, verifies and identifies nothing: 403', async () => {
    const acting = { 'X-Customer-Id': String(idOf(B)) };
    expect((await ok(READER, 'GET', '/company', { headers: acting })).meta).toEqual({ count: 120, total: 120 });
    expect(await ok(READER, 'GET', '/customer/lookup', { headers: acting, query: { email: P } })).toEqual({ id: idOf(P), type: 'PERSONAL' });
    const before = contractCount();
    expect(await create(READER, payload(), acting)).toEqual(refusal(403, READ_ONLY));
    expect(await answerOf(READER, 'POST', '/contract/verify', { headers: acting, body: { companyId: company(40), counterpartyId: idOf(P) } })).toEqual(refusal(403, READ_ONLY));
    expect(await identificationCalls(READER, cid(5), acting)).toEqual([refusal(403, READ_ONLY), refusal(403, READ_ONLY), refusal(403, READ_ONLY)]);
    expect(contractCount()).toBe(before);
    // A company the caller may not act for: 404, as for every contract call.
    expect(await create(B, payload(), { 'X-Customer-Id': String(idOf(P)) })).toEqual(refusal(404, CANNOT_ACT));
  });
});

describe('creating a contract', () => {
  beforeEach(() => restore());

  it('contracts@ pays Mia: UNSIGNED, initiated by contracts@, nobody signed, the payer’s identification NEW; the signers and obligations kept trimmed; Mia receives it', async () => {
    const before = contractCount();
    const made = await ok(B, 'PUT', '/contract', {
      body: payload({ senderSignerName: '  Ana Demo  ', senderObligations: ['  Pay the share  ', 'Send a statement'], percentage: '12.50', note: '  Made by the test  ', activeFrom: plusDays(3) }),
    });
    expect(made).toEqual({
      id: expect.any(Number),
      status: 'UNSIGNED',
      identificationStatus: 'NEW',
      percentage: '12.5',
      initiatorId: idOf(B),
      direction: 'PAY',
      note: 'Made by the test',
      activeFrom: plusDays(3),
      activeTo: null,
      terminateInfo: null,
      updatedAt: iso(clock),
      createdAt: iso(clock),
      company: { id: company(40), title: SEEDED_COMPANIES[39]!.title, logo: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
      sender: { id: idOf(B), username: B, name: 'Sunrise Studio 1 Ltd' },
      beneficiary: { id: idOf(P), username: P, name: 'Mia Rossi' },
    });
    expect(made.id).toBeGreaterThan(LAST_SEEDED);
    expect(contractCount()).toBe(before + 1);
    expect(sb.db.prepare('SELECT sender_signer_name, beneficiary_signer_name, sender_obligations, beneficiary_obligations, sender_signed_at, beneficiary_signed_at FROM ct_contracts WHERE id = ?').get(made.id)).toEqual({
      sender_signer_name: 'Ana Demo',
      beneficiary_signer_name: 'Mia Rossi',
      sender_obligations: JSON.stringify(['Pay the share', 'Send a statement']),
      beneficiary_obligations: JSON.stringify(['Promote the company every week']),
      sender_signed_at: null,
      beneficiary_signed_at: null,
    });
    expect(await contractOf(P, made.id)).toMatchObject({ id: made.id, direction: 'RECEIVE', identificationStatus: null, initiatorId: idOf(B), status: 'UNSIGNED' });
    expect(await ok(P, 'GET', `/contract/${made.id}/checkSigner`)).toEqual({ canSign: true });
    expect(await ok(B, 'GET', `/contract/${made.id}/checkSigner`)).toEqual({ canSign: true });
    // In the lists and counts: one more request for both.
    expect((await ok(B, 'GET', '/contract/stats')).requests).toBe(5);
    // Without a note: none; the receiving side too (Luca pays contracts@).
    const receiving = await ok(B, 'PUT', '/contract', { body: payload({ companyId: company(41), senderId: idOf(O), beneficiaryId: idOf(B), note: '   ' }) });
    expect(receiving).toMatchObject({ direction: 'RECEIVE', initiatorId: idOf(B), note: null, identificationStatus: null });
    expect(await contractOf(O, receiving.id)).toMatchObject({ direction: 'PAY', identificationStatus: 'NEW', initiatorId: idOf(B) });
    // The share's edges are accepted: 100 and 0.01.
    expect((await ok(B, 'PUT', '/contract', { body: payload({ companyId: company(42), percentage: '100' }) })).percentage).toBe('100');
    expect((await ok(B, 'PUT', '/contract', { body: payload({ companyId: company(43), percentage: '0.01', senderSignerName: 'x'.repeat(256) }) })).percentage).toBe('0.01');
  });

  it('400 at the schema’s edges, each problem by its param (the first one’s words as the message); a body the contract itself refuses is the server’s 400; nothing is made', async () => {
    const before = contractCount();
    for (const percentage of ['0', '100.01', '0.00', '101']) {
      expect([percentage, await create(B, payload({ percentage }))]).toEqual([percentage, fieldRefusal(['percentage', CREATE_TEXTS.percentageWrong])]);
    }
    expect(await create(B, payload({ activeFrom: plusDays(-1) }))).toEqual(fieldRefusal(['activeFrom', CREATE_TEXTS.activeFromPast]));
    expect(await create(B, payload({ senderSignerName: '   ' }))).toEqual(fieldRefusal(['senderSignerName', CREATE_TEXTS.signerRequired]));
    expect(await create(B, payload({ beneficiaryObligations: ['  '] }))).toEqual(fieldRefusal(['beneficiaryObligations', CREATE_TEXTS.obligationsRequired]));
    expect(await create(B, payload({ beneficiaryId: idOf(B) }))).toEqual(fieldRefusal(['beneficiaryId', CREATE_TEXTS.sameParty]));
    // Several at once, in the payload's order.
    expect(await create(B, payload({ senderSignerName: ' ', percentage: '0', activeFrom: plusDays(-3) }))).toEqual(
      fieldRefusal(['senderSignerName', CREATE_TEXTS.signerRequired], ['activeFrom', CREATE_TEXTS.activeFromPast], ['percentage', CREATE_TEXTS.percentageWrong]),
    );
    // Over the contract's own limits (a signer name of 257 characters, no obligations or 21, an
    // obligation of 501, a note of 1001, a share of 1000, no requestId): the server's 400 before the handler.
    for (const broken of [
      { senderSignerName: 'x'.repeat(257) },
      { beneficiaryObligations: [] },
      { senderObligations: Array(21).fill('Pay') },
      { senderObligations: ['x'.repeat(501)] },
      { note: 'x'.repeat(1001) },
      { percentage: '1000' },
      { requestId: 'short' },
    ]) {
      const reply = await create(B, payload(broken));
      expect([broken, reply.status, reply.body.message]).toEqual([broken, 400, expect.stringMatching(/^Request breaks the contract/)]);
    }
    expect(contractCount()).toBe(before);
    // In the request's language.
    const ru = await ct(B, 'PUT', '/contract', { body: payload({ activeFrom: plusDays(-1) }), headers: { 'Accept-Language': 'ru' } });
    expect(ru.body).toEqual({ message: SANDBOX_TEXTS.ru[CREATE_TEXTS.activeFromPast], validationErrors: [{ param: 'activeFrom', description: SANDBOX_TEXTS.ru[CREATE_TEXTS.activeFromPast] }] });
  });

  it('the caller must be a party (400 on senderId); the company must be the brand’s (404); the pair must pass contractVerify (422)', async () => {
    const before = contractCount();
    expect(await create(B, payload({ senderId: idOf(P), beneficiaryId: idOf(O) }))).toEqual(fieldRefusal(['senderId', NOT_A_PARTY]));
    expect(await create(B, payload({ companyId: 99_999 }))).toEqual(refusal(404, NO_SUCH_COMPANY));
    // contracts@ and Mia already have an UNSIGNED contract for Aurora Media (101).
    expect(await create(B, payload({ companyId: company(1) }))).toEqual(refusal(422, PAIR_REFUSED));
    expect(await create(P, payload({ companyId: company(1) }))).toEqual(refusal(422, PAIR_REFUSED));
    // An admin, an authorised user, a customer of another brand, nobody: no contract.
    for (const other of ['admin@brand1.test', 'employee@brand1.test', 'contracts-person@brand2.test']) {
      expect([other, await create(B, payload({ beneficiaryId: idOf(other) }))]).toEqual([other, refusal(422, PAIR_REFUSED)]);
    }
    expect(await create(B, payload({ beneficiaryId: 2_000_000 }))).toEqual(refusal(422, PAIR_REFUSED));
    expect(contractCount()).toBe(before);
    const pt = await ct(B, 'PUT', '/contract', { body: payload({ companyId: company(1) }), headers: { 'Accept-Language': 'pt' } });
    expect(pt.body).toEqual({ message: SANDBOX_TEXTS.pt[PAIR_REFUSED] });
  });

  it('once per requestId: the same body answers the first contract again and makes nothing; another body 409; a second contract for the pair 422', async () => {
    const body = payload({ companyId: company(50) });
    const before = contractCount();
    const first = await create(B, body);
    expect(first.status).toBe(200);
    const again = await create(B, body);
    expect(again).toEqual(first);
    expect(contractCount()).toBe(before + 1);
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM ct_contracts WHERE company_id = ?').get(company(50)) as { n: number }).n).toBe(1);
    // The same requestId with other details: 409, in the request's language.
    expect(await create(B, { ...body, percentage: '13' })).toEqual(refusal(409, SANDBOX_MESSAGES.en.requestIdOtherDetails));
    const uk = await ct(B, 'PUT', '/contract', { body: { ...body, percentage: '13' }, headers: { 'Accept-Language': 'uk' } });
    expect(uk.body).toEqual({ message: SANDBOX_MESSAGES.uk.requestIdOtherDetails });
    // A new requestId is a new submit: the pair now has a contract for the company.
    expect(await create(B, { ...body, requestId: requestId() })).toEqual(refusal(422, PAIR_REFUSED));
    // Refusals are not kept: the same requestId, fixed, makes the contract.
    const fixing = payload({ companyId: company(51), percentage: '0' });
    expect((await create(B, fixing)).status).toBe(400);
    expect((await create(B, { ...fixing, percentage: '5' })).status).toBe(200);
    expect(contractCount()).toBe(before + 2);
  });
});

describe('contractVerify', () => {
  beforeAll(() => restore());

  it('valid only for a brand’s company, another person or business of the brand, and no contract of theirs for it that is not final', async () => {
    const mia = idOf(P);
    const luca = idOf(O);
    // Aurora Media: contracts@ and Mia have 101 (UNSIGNED), so no; either way round.
    expect(await verify(B, company(1), mia)).toBe(false);
    expect(await verify(P, company(1), idOf(B))).toBe(false);
    // Cedar Lane Productions: contracts@ has one with Luca (103, WAITING), none with Mia.
    expect(await verify(B, company(3), mia)).toBe(true);
    expect(await verify(B, company(3), luca)).toBe(false);
    // Only final ones (113 EXPIRED, 114 TERMINATED with Luca): yes.
    expect(await verify(B, company(13), luca)).toBe(true);
    expect(await verify(B, company(14), luca)).toBe(true);
    // Every company the pair has a contract for that is not final: no; all others: yes.
    const pair = SEEDED_CONTRACTS.filter((c) => new Set([c.sender, c.beneficiary]).has('B') && new Set([c.sender, c.beneficiary]).has('P'));
    for (const n of [1, 2, 5, 6, 8, 9, 12, 20, 120]) {
      const busy = pair.some((c) => c.company === n && !isFinalStatus(c.status));
      expect([n, await verify(B, company(n), mia)]).toEqual([n, !busy]);
    }
    // Unknown ids, the caller themselves, an admin, an authorised user, another brand's customer: false, not a refusal.
    expect(await verify(B, 99_999, mia)).toBe(false);
    expect(await verify(B, company(20), 2_000_000)).toBe(false);
    for (const other of [B, 'admin@brand1.test', 'employee@brand1.test', 'contracts-person@brand2.test']) expect([other, await verify(B, company(20), idOf(other))]).toEqual([other, false]);
    // A personal and a business customer of the brand: yes.
    expect(await verify(B, company(20), idOf('personal@brand1.test'))).toBe(true);
    expect(await verify(B, company(20), idOf('business@brand1.test'))).toBe(true);
    // A body that breaks the contract: the server's 400.
    expect((await ct(B, 'POST', '/contract/verify', { body: { companyId: 0, counterpartyId: mia } })).status).toBe(400);
  });
});

describe('companyList', () => {
  beforeAll(() => restore());

  it('the brand’s 120 companies by title, 100 a page by default; pages of 50; meta counts the matches and all', async () => {
    const titles = sortedTitles();
    const first = await ok(B, 'GET', '/company');
    expect(first.meta).toEqual({ count: 120, total: 120 });
    expect(first.data.map((c: any) => c.title)).toEqual(titles.slice(0, 100));
    for (const c of first.data) expect(c).toEqual({ id: expect.any(Number), title: expect.any(String), logo: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    expect(first.data.find((c: any) => c.title === 'Aurora Media').id).toBe(company(1));
    expect(first.data.find((c: any) => c.title === 'Atlas Creative 15').id).toBe(company(15));
    const pages = [];
    for (let page = 1; page <= 4; page += 1) {
      const reply = await ok(B, 'GET', '/company', { query: { page, pageSize: 50 } });
      expect(reply.meta).toEqual({ count: 120, total: 120 });
      pages.push(reply.data.map((c: any) => c.title));
    }
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20, 0]);
    expect(pages[1]).toEqual(titles.slice(50, 100));
    expect(pages.flat()).toEqual(titles);
    expect((await ok(B, 'GET', '/company', { query: { pageSize: 1000 } })).data).toHaveLength(120);
  });

  it('query: a part of the title in any case; forCounterpartyCustomerId leaves out the companies the caller has a contract with them for that is not final', async () => {
    expect((await ok(B, 'GET', '/company', { query: { query: '  aurora ' } })).data.map((c: any) => c.title)).toEqual(['Aurora Media']);
    const media = sortedTitles().filter((title) => title.toLowerCase().includes('media'));
    const found = await ok(B, 'GET', '/company', { query: { query: 'MEDIA' } });
    expect(found.data.map((c: any) => c.title)).toEqual(media);
    expect(found.meta).toEqual({ count: media.length, total: 120 });
    expect(await ok(B, 'GET', '/company', { query: { query: 'no such title' } })).toEqual({ data: [], meta: { count: 0, total: 120 } });
    // Mia: contracts@ and she have contracts that are not final for companies 1, 2, 5, 6, 8, 9, 12.
    const forMia = await ok(B, 'GET', '/company', { query: { forCounterpartyCustomerId: idOf(P), pageSize: 1000 } });
    expect(forMia.meta).toEqual({ count: 113, total: 120 });
    const ids = new Set(forMia.data.map((c: any) => c.id));
    for (const n of [1, 2, 5, 6, 8, 9, 12]) expect([n, ids.has(company(n))]).toEqual([n, false]);
    for (const n of [3, 4, 7, 10, 11, 13, 14, 15, 120]) expect([n, ids.has(company(n))]).toEqual([n, true]);
    expect(await ok(B, 'GET', '/company', { query: { forCounterpartyCustomerId: idOf(P), query: 'aurora' } })).toEqual({ data: [], meta: { count: 0, total: 120 } });
    // Luca: 3, 4, 7, 10, 11 (13 EXPIRED, 14 TERMINATED and 17 REJECTED are final).
    expect((await ok(B, 'GET', '/company', { query: { forCounterpartyCustomerId: idOf(O) } })).meta.count).toBe(115);
    // Someone without contracts: all of them.
    expect((await ok(B, 'GET', '/company', { query: { forCounterpartyCustomerId: 2_000_000 } })).meta.count).toBe(120);
  });

  it('page, pageSize, query and the counterparty out of range: 400', async () => {
    for (const query of [{ page: 0 }, { pageSize: 1001 }, { pageSize: 0 }, { page: 'two' }, { pageSize: 1.5 }] as Record<string, string | number>[]) {
      expect(await answerOf(B, 'GET', '/company', { query })).toEqual(refusal(400, COMPANY_PAGE_TEXT));
    }
    expect(await answerOf(B, 'GET', '/company', { query: { query: 'x'.repeat(256) } })).toEqual(refusal(400, NAME_TEXT));
    expect(await answerOf(B, 'GET', '/company', { query: { forCounterpartyCustomerId: 'mia' } })).toEqual(refusal(400, COUNTERPARTY_TEXT));
  });
});

describe('customerLookup', () => {
  it('by login e-mail (trimmed, any case) among the brand’s customers: PERSONAL or BUSINESS; an authorised user, an admin, unknown, another brand’s or the caller: 404; no e-mail or not one: 400', async () => {
    const lookup = (email: string, login = B) => answerOf(login, 'GET', '/customer/lookup', { query: { email } });
    expect(await lookup('personal@brand1.test')).toEqual({ status: 200, body: { id: idOf('personal@brand1.test'), type: 'PERSONAL' } });
    expect(await lookup('  BUSINESS@Brand1.test ')).toEqual({ status: 200, body: { id: idOf('business@brand1.test'), type: 'BUSINESS' } });
    expect(await lookup(P)).toEqual({ status: 200, body: { id: idOf(P), type: 'PERSONAL' } });
    expect(await lookup(B, P)).toEqual({ status: 200, body: { id: idOf(B), type: 'BUSINESS' } });
    for (const email of ['employee@brand1.test', READER, 'admin@brand1.test', 'nobody@brand1.test', 'personal@brand2.test', B]) {
      expect([email, await lookup(email)]).toEqual([email, refusal(404, NO_SUCH_CUSTOMER)]);
    }
    expect(await answerOf(B, 'GET', '/customer/lookup')).toEqual(refusal(400, EMAIL_MISSING));
    expect(await lookup('   ')).toEqual(refusal(400, EMAIL_MISSING));
    for (const email of ['not-an-email', 'a@b', `${'x'.repeat(250)}@brand1.test`]) expect([email, await lookup(email)]).toEqual([email, refusal(400, EMAIL_INVALID)]);
    const es = await ct(B, 'GET', '/customer/lookup', { query: { email: 'nobody@brand1.test' }, headers: { 'Accept-Language': 'es' } });
    expect(es.body).toEqual({ message: SANDBOX_TEXTS.es[NO_SUCH_CUSTOMER] });
  });
});

describe('the payer’s identification', () => {
  beforeEach(() => restore());

  /** A contract contracts@ pays Mia for, both signed: NEED_IDENTIFICATION (a new contract's identification is NEW). */
  async function waitingContract(companyN: number, activeFrom = today()): Promise<number> {
    const made = await ok(B, 'PUT', '/contract', { body: payload({ companyId: company(companyN), activeFrom }) });
    expect(await identificationCalls(B, made.id)).toEqual([refusal(409, NOT_WAITING), refusal(409, NOT_WAITING), refusal(409, NOT_WAITING)]);
    expect(await signAs(B, made.id)).toBe('WAITING');
    expect(await signAs(P, made.id)).toBe('NEED_IDENTIFICATION');
    expect(await contractOf(B, made.id)).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: 'NEW' });
    return made.id;
  }

  it('through the provider’s page: a job, the page under its CSP, started (PROCESSING), failed (FAILED), a second job passed (SUCCESS and ACTIVE)', async () => {
    const id = await waitingContract(60);
    // Only the payer: Mia (the beneficiary) gets 409 on all three; Luca (no party) 404.
    expect(await identificationCalls(P, id)).toEqual([refusal(409, NOT_PAYER), refusal(409, NOT_PAYER), refusal(409, NOT_PAYER)]);
    expect(await identificationCalls(O, id)).toEqual([refusal(404, NO_SUCH_CONTRACT), refusal(404, NO_SUCH_CONTRACT), refusal(404, NO_SUCH_CONTRACT)]);

    const returnUrl = `${APP}/revenue-split/${id}`;
    const job = await ok(B, 'POST', '/split-pay-signer-identification', { body: { contractId: id, returnUrl } });
    expect(job).toEqual({ jobId: expect.stringMatching(/^vij_[A-Za-z0-9_-]+$/), url: `${sb.url}/video-identity-job/${job.jobId}`, provider: 'jmo' });
    const page = await fetch(job.url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${APP}`);
    const html = await page.text();
    for (const text of ['JMO video identification', `${id}`, 'Identity confirmed', 'Identity not confirmed', 'Mia Rossi', B]) expect([text, html.includes(text)]).toEqual([text, true]);
    expect(html).not.toContain('<script');

    // The app says the identification has started: PROCESSING (and it stays).
    expect(await ok(B, 'POST', `/contract/${id}/identificationStarted`)).toMatchObject({ id, status: 'NEED_IDENTIFICATION', identificationStatus: 'PROCESSING', updatedAt: iso(clock) });
    expect((await ok(B, 'POST', `/contract/${id}/identificationStarted`)).identificationStatus).toBe('PROCESSING');

    // The provider: not confirmed. FAILED, still waiting; back to the app.
    const failed = await form(job.url, { outcome: 'fail' });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(returnUrl);
    expect(await contractOf(B, id)).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: 'FAILED' });
    // The job is over: a second answer, or the page again, 409; nothing changes.
    expect((await form(job.url, { outcome: 'pass' })).status).toBe(409);
    expect((await fetch(job.url)).status).toBe(409);
    expect((await contractOf(B, id)).identificationStatus).toBe('FAILED');

    // Started again from FAILED; a second job with nfd (an outside returnUrl is ignored).
    expect((await ok(B, 'POST', `/contract/${id}/identificationStarted`)).identificationStatus).toBe('PROCESSING');
    const second = await ok(B, 'POST', '/split-pay-signer-identification', { body: { contractId: id, provider: 'nfd', returnUrl: 'https://evil.example/steal' } });
    expect(second.provider).toBe('nfd');
    expect(second.jobId).not.toBe(job.jobId);
    const secondPage = await fetch(second.url);
    expect(secondPage.headers.get('content-security-policy')).toContain("form-action 'self';");
    const secondHtml = await secondPage.text();
    expect(secondHtml).toContain('NFD video identification');
    expect(secondHtml).not.toContain('evil');
    expect((await form(second.url, { outcome: 'maybe' })).status).toBe(400);
    const passed = await form(second.url, { outcome: 'pass' });
    expect(passed.status).toBe(200);
    expect(await passed.text()).toContain('Done');
    // activeFrom is today: ACTIVE at once.
    expect(await contractOf(B, id)).toMatchObject({ status: 'ACTIVE', identificationStatus: 'SUCCESS', updatedAt: iso(clock) });
    expect(await contractOf(P, id)).toMatchObject({ status: 'ACTIVE', identificationStatus: null });
    // It no longer waits: 409 on all three; an unknown job: 404.
    expect(await identificationCalls(B, id)).toEqual([refusal(409, NOT_WAITING), refusal(409, NOT_WAITING), refusal(409, NOT_WAITING)]);
    expect((await fetch(`${sb.url}/video-identity-job/vij_unknownunknownunknown`)).status).toBe(404);
    expect((await form(`${sb.url}/video-identity-job/not-a-job`, { outcome: 'pass' })).status).toBe(404);
  });

  it('a job whose contract was identified meanwhile: 409 page, nothing changes; activeFrom to come: SIGNED', async () => {
    const id = await waitingContract(61, plusDays(5));
    const job = await ok(B, 'POST', '/split-pay-signer-identification', { body: { contractId: id } });
    const other = await ok(B, 'POST', '/split-pay-signer-identification', { body: { contractId: id } });
    const passed = await form(other.url, { outcome: 'pass' });
    expect(passed.status).toBe(200);
    expect(await contractOf(B, id)).toMatchObject({ status: 'SIGNED', identificationStatus: 'SUCCESS' });
    expect((await fetch(job.url)).status).toBe(409);
    expect((await form(job.url, { outcome: 'fail' })).status).toBe(409);
    expect(await contractOf(B, id)).toMatchObject({ status: 'SIGNED', identificationStatus: 'SUCCESS' });
  });

  it('a push to the payer’s phone: recorded, listed on the other device’s page with Pass and Fail; Fail, then Pass', async () => {
    const id = await waitingContract(62, plusDays(5));
    expect(await identificationCalls(P, id)).toEqual([refusal(409, NOT_PAYER), refusal(409, NOT_PAYER), refusal(409, NOT_PAYER)]);
    expect(await ok(B, 'POST', `/contract/${id}/identificationPush`)).toEqual({ sent: true });
    const pushes = async () => ((await (await fetch(`${sb.url}/__sandbox/contracts/identification-pushes?login=${B}`)).json()) as { pushes: { id: number; contractId: number; login: string }[] }).pushes;
    const [push] = await pushes();
    expect(push).toEqual({ id: expect.any(Number), contractId: id, login: B, createdAt: iso(clock) });
    const device = await (await fetch(`${sb.url}/__sandbox/device`)).text();
    expect(device).toContain(`/__sandbox/contracts/identification-pushes/${push!.id}/pass`);
    expect(device).toContain(`/__sandbox/contracts/identification-pushes/${push!.id}/fail`);
    expect(device).toContain(`identification for the contract ${id}`);
    // Fail on the device page (a form): back to the page; FAILED; the push is no longer listed.
    const failed = await form(`${sb.url}/__sandbox/contracts/identification-pushes/${push!.id}/fail`, {});
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('/__sandbox/device');
    expect(await contractOf(B, id)).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: 'FAILED' });
    expect(await pushes()).toEqual([]);
    expect(await (await fetch(`${sb.url}/__sandbox/device`)).text()).not.toContain(`identification-pushes/${push!.id}/`);
    // Pushed again, passed (JSON): SUCCESS, SIGNED (activeFrom in 5 days); a decided push: 409.
    expect(await ok(B, 'POST', `/contract/${id}/identificationPush`)).toEqual({ sent: true });
    const [again] = await pushes();
    const pass = await post(`/__sandbox/contracts/identification-pushes/${again!.id}/pass`, {});
    expect(await pass.json()).toEqual({ ok: true, status: 'SIGNED', identificationStatus: 'SUCCESS' });
    expect((await post(`/__sandbox/contracts/identification-pushes/${again!.id}/fail`, {})).status).toBe(409);
    expect((await post('/__sandbox/contracts/identification-pushes/999999/pass', {})).status).toBe(404);
    expect(await contractOf(B, id)).toMatchObject({ status: 'SIGNED', identificationStatus: 'SUCCESS' });
  });

  it('the seeded ones: 105 (contracts@ pays, NEW) takes a job; 106 (Mia pays) is Mia’s; the control API’s identify still decides', async () => {
    expect((await ok(B, 'POST', '/split-pay-signer-identification', { body: { contractId: cid(5) } })).provider).toBe('jmo');
    expect(await identificationCalls(B, cid(6))).toEqual([refusal(409, NOT_PAYER), refusal(409, NOT_PAYER), refusal(409, NOT_PAYER)]);
    expect((await ok(P, 'POST', `/contract/${cid(6)}/identificationStarted`)).identificationStatus).toBe('PROCESSING');
    const res = await post('/__sandbox/contracts/identify', { contractId: cid(5), outcome: 'SUCCESS' });
    expect(await res.json()).toEqual({ ok: true, status: 'SIGNED', identificationStatus: 'SUCCESS' });
  });
});

describe('the seed’s terms: the signing page and the PDF', () => {
  beforeAll(() => restore());

  it('every seeded contract names its signers and one to three obligations a side', () => {
    const rows = sb.db.prepare('SELECT * FROM ct_contracts WHERE id <= ?').all(LAST_SEEDED) as Record<string, string | null>[];
    expect(rows).toHaveLength(SEEDED_CONTRACTS.length);
    for (const row of rows) {
      expect(row.sender_signer_name).toMatch(/\S/);
      expect(row.beneficiary_signer_name).toMatch(/\S/);
      const sender = JSON.parse(row.sender_obligations!) as string[];
      const beneficiary = JSON.parse(row.beneficiary_obligations!) as string[];
      expect(sender.length >= 1 && sender.length <= 3 && sender.every((o) => PAYER_OBLIGATIONS.includes(o))).toBe(true);
      expect(beneficiary.length >= 1 && beneficiary.length <= 3 && beneficiary.every((o) => BENEFICIARY_OBLIGATIONS.includes(o))).toBe(true);
    }
    expect(rows.find((row) => Number(row.id) === cid(1))).toMatchObject({ sender_signer_name: 'Ana Demo 1', beneficiary_signer_name: 'Mia Rossi' });
    expect(new Set(CONTRACT_STATUSES)).toEqual(new Set(rows.map((row) => row.status)));
  });

  it('the signing page shows who signs for each side and the obligations; the PDF has them', async () => {
    const made = await ok(B, 'PUT', '/contract', { body: payload({ companyId: company(70), senderObligations: ['Pay <b>on time</b>'] }) });
    const { signUrl } = await ok(B, 'GET', `/contract/${made.id}/signUrl`);
    const html = await (await fetch(signUrl)).text();
    expect(html).toContain('signed for by Ana Demo');
    expect(html).toContain('signed for by Mia Rossi');
    expect(html).toContain('<li>Pay &#60;b&#62;on time&#60;/b&#62;</li>');
    expect(html).toContain('<li>Promote the company every week</li>');
    const { pdfUrl } = await ok(B, 'GET', `/contract/${made.id}/pdfUrl`);
    const bytes = Buffer.from(await (await fetch(`${sb.url}/documents${pdfUrl}`, { headers: { Authorization: `Bearer ${await tokenOf(B)}` } })).arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(bytes)).toContain('Promote the company every week');
    expect(pdfText(bytes)).toContain('Signs for it: Mia Rossi');
  });
});

/** The text of a PDF's content streams (inflated where they are compressed). */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const chunk = bytes.subarray(start, end);
    try {
      text += inflateSync(chunk).toString('latin1');
    } catch {
      text += chunk.toString('latin1');
    }
  }
  return text;
}

describe('the sign-in state', () => {
  it('POST /__sandbox/sign-in-state takes the contracts they made away, with their jobs, pushes and kept replies; the seeded ones come back', async () => {
    await restore();
    const seeded = (await ok(B, 'GET', '/contract', { query: { pageSize: 1000 } })).data;
    const body = payload({ companyId: company(80) });
    const made = await ok(B, 'PUT', '/contract', { body });
    await signAs(B, made.id);
    await signAs(P, made.id);
    await ok(B, 'POST', '/split-pay-signer-identification', { body: { contractId: made.id } });
    await ok(B, 'POST', `/contract/${made.id}/identificationPush`);
    // Mia makes one with Luca (contracts@ is no party of it).
    const theirs = await ok(P, 'PUT', '/contract', { body: payload({ companyId: company(81), senderId: idOf(P), beneficiaryId: idOf(O) }) });
    await restore(B);
    expect((await ok(B, 'GET', '/contract', { query: { pageSize: 1000 } })).data).toEqual(seeded);
    const count = (table: string) => (sb.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE contract_id = ?`).get(made.id) as { n: number }).n;
    expect([count('ct_identification_jobs'), count('ct_identification_pushes')]).toEqual([0, 0]);
    expect(await answerOf(P, 'GET', `/contract/${made.id}`)).toEqual(refusal(404, NO_SUCH_CONTRACT));
    // Mia's and Luca's own one stays until one of them is restored.
    expect((await contractOf(P, theirs.id)).status).toBe('UNSIGNED');
    await restore(P);
    expect(await answerOf(O, 'GET', `/contract/${theirs.id}`)).toEqual(refusal(404, NO_SUCH_CONTRACT));
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM ct_contracts WHERE id > ?').get(LAST_SEEDED) as { n: number }).n).toBe(0);
    // The kept reply went with the contract: the same submit makes a new one.
    const remade = await ok(B, 'PUT', '/contract', { body });
    expect(remade.id).toBeGreaterThan(made.id);
  });
});
