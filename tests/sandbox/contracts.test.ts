// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_ACTIONS, CONTRACT_STATUSES, isPercentage, mayAct, nextStatus, partyOf, tabsOf, type ContractAction, type ContractStatus } from '../../machines/contracts/contract.rules';
import {
  CANNOT_ACT,
  NAME_TEXT,
  NO_ACCESS,
  NO_SUCH_CONTRACT,
  NOT_AVAILABLE,
  NOTE_REQUIRED,
  NOTE_TOO_LONG,
  ORDER_TEXT,
  PAGE_TEXT,
  READ_ONLY,
  STALE,
  STATUSES_TEXT,
} from '../../sandbox/handlers/contracts.ts';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { SEEDED_COMPANIES, SEEDED_CONTRACTS, seededContractId } from '../../sandbox/seed-contracts.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { contractsClient, refusal } from './contracts-client';

/**
 * The smart contracts' sandbox (sandbox/handlers/contracts.ts, sandbox/contracts-store.ts,
 * sandbox/seed-contracts.ts, the control API's signing page, clock, identification and signature):
 * brand 1 only; who sees which contract and as which party; the seeded contracts in every status
 * and their counts; the list's filters, orders and pages; every action × status × party against
 * the rules' table (200 where mayAct allows it, else 409), each leading where nextStatus says; the
 * terminate note; the signer check, the signing page (one-time, CSP, back to the app only), the
 * signatures moving the contract; identification; the clock (activeFrom, activeTo, a termination's
 * notice); the PDF; the refusals in the request's language; the sign-in state putting it back.
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
const APP = 'http://127.0.0.1:4174';
const WHO = { B, P, O } as const;

/** A seeded contract's id in brand1. */
const cid = (n: number) => seededContractId(0, n);

const { post, tokenOf, forget, idOf, ct, ok, answerOf } = contractsClient(() => sb);

const list = async (login: string, query: Record<string, string | number | string[]> = {}) => ok(login, 'GET', '/contract', { query: { pageSize: 1000, ...query } });
const contractOf = (login: string, id: number) => ok(login, 'GET', `/contract/${id}`);
const actOn = (login: string, id: number, action: Exclude<ContractAction, 'sign'>, note?: string) =>
  answerOf(login, 'POST', `/contract/${id}/${action}`, action === 'terminate' ? { body: { note: note ?? 'We are done' } } : {});
const canSign = async (login: string, id: number) => (await ok(login, 'GET', `/contract/${id}/checkSigner`)).canSign as boolean;

const restore = async (...logins: string[]) => {
  for (const login of logins.length ? logins : [B, P, O]) {
    expect((await post('/__sandbox/sign-in-state', { userLogin: login })).status).toBe(200);
    forget(login);
  }
};
const advance = async (login: string, days: number) => expect((await post('/__sandbox/contracts/advance', { login, days })).status).toBe(200);
const identify = async (contractId: number, outcome: string) => {
  const res = await post('/__sandbox/contracts/identify', { contractId, outcome });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: ContractStatus; identificationStatus: string };
};
const signAs = (login: string, contractId: number) => post('/__sandbox/contracts/sign', { login, contractId });

/** The statuses of the caller's contracts by id. */
const statusesOf = async (login: string): Promise<Record<number, ContractStatus>> => Object.fromEntries((await list(login)).data.map((c: any) => [c.id, c.status]));

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-contracts-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 60 * 86_400 });
});
afterAll(() => sb.close());

describe('the demo data', () => {
  it('contracts@ has 17 contracts in every status, paying and receiving, as initiator and counterparty; the meta counts are tabsOf’s', async () => {
    const reply = await list(B);
    const data: any[] = reply.data;
    expect(data).toHaveLength(17);
    expect(new Set(data.map((c) => c.status))).toEqual(new Set(CONTRACT_STATUSES));
    const me = idOf(B);
    expect(new Set(data.map((c) => c.direction))).toEqual(new Set(['PAY', 'RECEIVE']));
    expect(data.some((c) => c.initiatorId === me) && data.some((c) => c.initiatorId !== me)).toBe(true);
    const counts = { total: 0, requests: 0, pending: 0, active: 0, ended: 0, pay: 0, receive: 0 };
    for (const c of data) for (const tab of tabsOf(c)) counts[tab] += 1;
    expect(counts).toEqual({ total: 17, requests: 4, pending: 3, active: 5, ended: 5, pay: 8, receive: 9 });
    expect(reply.meta).toEqual({ ...counts, page: 1, pageSize: 1000, count: 17 });
    expect(await ok(B, 'GET', '/contract/stats')).toEqual(counts);
    // Every other party is Mia or Luca.
    expect(new Set(data.map((c) => (c.direction === 'PAY' ? c.beneficiary : c.sender).username))).toEqual(new Set([P, O]));
  });

  it('a contract as the contract says: the parties, the company with its logo, exact percentage text, dates, the payer’s identification for the payer only', async () => {
    const one = await contractOf(B, cid(1));
    expect(one).toEqual({
      id: cid(1),
      status: 'UNSIGNED',
      identificationStatus: 'SUCCESS',
      percentage: '12.5',
      initiatorId: idOf(P),
      direction: 'PAY',
      note: 'Revenue share for the spring streaming season',
      activeFrom: plusDays(7),
      activeTo: plusDays(372),
      terminateInfo: null,
      updatedAt: expect.any(String),
      createdAt: expect.any(String),
      company: { id: 101, title: 'Aurora Media', logo: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
      sender: { id: idOf(B), username: B, name: 'Sunrise Studio 1 Ltd' },
      beneficiary: { id: idOf(P), username: P, name: 'Mia Rossi' },
    });
    // The beneficiary sees it as RECEIVE, without the payer's identification.
    expect(await contractOf(P, cid(1))).toMatchObject({ id: cid(1), direction: 'RECEIVE', identificationStatus: null });
    const { data } = await list(B);
    for (const c of data) {
      expect(isPercentage(c.percentage)).toBe(true);
      expect(c.identificationStatus === null).toBe(c.direction === 'RECEIVE');
      expect(c.createdAt <= c.updatedAt).toBe(true);
    }
    // The TERMINATING ones: one contracts@ asked for, one Mia did.
    expect((await contractOf(B, cid(11))).terminateInfo).toEqual({ terminatedAt: iso(clock + 12 * DAY), note: 'The campaign ended early', terminatedBy: idOf(B) });
    expect((await contractOf(B, cid(12))).terminateInfo).toMatchObject({ terminatedBy: idOf(P), terminatedAt: iso(clock + 20 * DAY) });
    // NEED_IDENTIFICATION: contracts@ pays (NEW); Mia pays (PROCESSING, shown to her only).
    expect(await contractOf(B, cid(5))).toMatchObject({ status: 'NEED_IDENTIFICATION', direction: 'PAY', identificationStatus: 'NEW' });
    expect(await contractOf(B, cid(6))).toMatchObject({ status: 'NEED_IDENTIFICATION', direction: 'RECEIVE', identificationStatus: null });
    expect(await contractOf(P, cid(6))).toMatchObject({ direction: 'PAY', identificationStatus: 'PROCESSING' });
  });

  it('120 companies with logos (the contracts’ 14 first); Mia and Luca see their own contracts (two between themselves contracts@ does not see)', async () => {
    expect(SEEDED_COMPANIES.length).toBe(120);
    expect(SEEDED_COMPANIES.slice(0, 14).map((c) => c.n)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect((sb.db.prepare("SELECT COUNT(*) AS n FROM ct_companies WHERE brand = 'brand1' AND logo LIKE 'data:image/svg+xml;base64,%'").get() as { n: number }).n).toBe(120);
    const mine = (who: 'P' | 'O') => SEEDED_CONTRACTS.filter((c) => c.sender === who || c.beneficiary === who).map((c) => cid(c.n));
    expect((await list(P)).data.map((c: any) => c.id).sort()).toEqual(mine('P').sort());
    expect((await list(O)).data.map((c: any) => c.id).sort()).toEqual(mine('O').sort());
    expect(await answerOf(B, 'GET', `/contract/${cid(18)}`)).toEqual(refusal(404, NO_SUCH_CONTRACT));
  });

  it('no contracts in any other brand (none seeded there)', () => {
    expect((sb.db.prepare("SELECT COUNT(*) AS n FROM ct_companies WHERE brand <> 'brand1'").get() as { n: number }).n).toBe(0);
    expect((sb.db.prepare("SELECT COUNT(*) AS n FROM ct_contracts c JOIN customers s ON s.id = c.sender_id WHERE s.brand <> 'brand1'").get() as { n: number }).n).toBe(0);
  });
});

describe('who may call', () => {
  it('brand 1 only: every call of another brand’s customer answers 404 "Contracts are not available", in the request’s language', async () => {
    for (const login of ['contracts@brand2.test', 'personal@brand3.test']) {
      const calls: [string, string, Parameters<typeof ct>[3]][] = [
        ['GET', '/contract', {}],
        ['GET', '/contract/stats', {}],
        ['GET', `/contract/${cid(1)}`, {}],
        ['GET', `/contract/${cid(1)}/checkSigner`, {}],
        ['GET', `/contract/${cid(1)}/pdfUrl`, {}],
        ['GET', `/contract/${cid(1)}/signUrl`, {}],
        ...(['cancel', 'reject', 'terminateCancel', 'terminateNow'] as const).map((a): [string, string, Parameters<typeof ct>[3]] => ['POST', `/contract/${cid(1)}/${a}`, {}]),
        ['POST', `/contract/${cid(1)}/terminate`, { body: { note: 'x' } }],
      ];
      for (const [method, path, options] of calls) expect([login, method, path, await answerOf(login, method, path, options)]).toEqual([login, method, path, refusal(404, NOT_AVAILABLE)]);
    }
    const ru = await ct('contracts@brand2.test', 'GET', '/contract', { headers: { 'Accept-Language': 'ru' } });
    expect(ru.body).toEqual({ message: SANDBOX_TEXTS.ru[NOT_AVAILABLE] });
    expect(ru.headers.get('content-language')).toBe('ru');
  });

  it('a contract that is not the caller’s, an unknown id or not an id: 404 "There is no such contract"; no token: 401', async () => {
    for (const id of [String(cid(18)), '99999', 'abc', '0']) {
      expect(await answerOf(B, 'GET', `/contract/${id}`)).toEqual(refusal(404, NO_SUCH_CONTRACT));
      expect(await answerOf(B, 'GET', `/contract/${id}/checkSigner`)).toEqual(refusal(404, NO_SUCH_CONTRACT));
      expect(await answerOf(B, 'POST', `/contract/${id}/cancel`)).toEqual(refusal(404, NO_SUCH_CONTRACT));
    }
    expect((await ct('personal@brand1.test', 'GET', '/contract')).body.data).toEqual([]);
    expect((await ct(null, 'GET', '/contract')).status).toBe(401);
    const pt = await ct(B, 'GET', `/contract/${cid(18)}`, { headers: { 'Accept-Language': 'pt' } });
    expect(pt.body).toEqual({ message: SANDBOX_TEXTS.pt[NO_SUCH_CONTRACT] });
  });

  it('a business user acting for a company (X-Customer-Id) acts as that company; a company they may not act for: 404', async () => {
    const EMPLOYEE = 'employee@brand1.test';
    const acting = { 'X-Customer-Id': String(idOf(B)) };
    expect(await answerOf(EMPLOYEE, 'GET', '/contract', { headers: acting })).toEqual(refusal(404, CANNOT_ACT));
    expect(await answerOf(B, 'GET', '/contract', { headers: { 'X-Customer-Id': String(idOf(P)) } })).toEqual(refusal(404, CANNOT_ACT));
    expect(await answerOf(B, 'GET', '/contract', { headers: { 'X-Customer-Id': 'me' } })).toEqual(refusal(404, CANNOT_ACT));
    const rights = { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 };
    expect((await post('/__sandbox/authorised-user-rights', { userLogin: EMPLOYEE, companyLogin: B, rights })).status).toBe(200);
    try {
      expect((await ok(EMPLOYEE, 'GET', '/contract', { headers: acting, query: { pageSize: 1000 } })).data).toEqual((await list(B)).data);
      expect(await ok(EMPLOYEE, 'GET', `/contract/${cid(2)}/checkSigner`, { headers: acting })).toEqual({ canSign: true });
      const cancelled = await ok(EMPLOYEE, 'POST', `/contract/${cid(2)}/cancel`, { headers: acting });
      expect(cancelled).toMatchObject({ id: cid(2), status: 'CANCELLED', direction: 'RECEIVE', initiatorId: idOf(B) });
      // Without the header the employee acts as themselves: an employee holds nothing of their own.
      expect(await answerOf(EMPLOYEE, 'GET', '/contract')).toEqual(refusal(403, NO_ACCESS));
    } finally {
      await restore(EMPLOYEE, B);
    }
  });

  it('the merchant right decides (contractRights): level 1 reads (no action, no signing page, canSign false), level 0 nothing', async () => {
    const READER = 'contracts-reader@brand1.test';
    const acting = { 'X-Customer-Id': String(idOf(B)) };
    expect((await ok(READER, 'GET', '/contract', { headers: acting, query: { pageSize: 1000 } })).data).toEqual((await list(B)).data);
    expect(await ok(READER, 'GET', `/contract/${cid(2)}`, { headers: acting })).toEqual(await contractOf(B, cid(2)));
    expect((await ok(READER, 'GET', `/contract/${cid(2)}/pdfUrl`, { headers: acting })).pdfUrl).toMatch(/\/files\//);
    expect(await ok(READER, 'GET', `/contract/${cid(2)}/checkSigner`, { headers: acting })).toEqual({ canSign: false });
    expect(await canSign(B, cid(2))).toBe(true);
    expect(await answerOf(READER, 'GET', `/contract/${cid(2)}/signUrl`, { headers: acting })).toEqual(refusal(403, READ_ONLY));
    for (const action of ['cancel', 'reject', 'terminate', 'terminateCancel', 'terminateNow'] as const) {
      expect(await answerOf(READER, 'POST', `/contract/${cid(2)}/${action}`, { headers: acting, ...(action === 'terminate' ? { body: { note: 'No' } } : {}) })).toEqual(refusal(403, READ_ONLY));
    }
    expect((await contractOf(B, cid(2))).status).toBe('UNSIGNED');
    const none = { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 };
    expect((await post('/__sandbox/authorised-user-rights', { userLogin: READER, companyLogin: B, rights: none })).status).toBe(200);
    try {
      expect(await answerOf(READER, 'GET', '/contract', { headers: acting })).toEqual(refusal(403, NO_ACCESS));
      expect(await answerOf(READER, 'GET', '/contract/stats', { headers: acting })).toEqual(refusal(403, NO_ACCESS));
      expect(await answerOf(READER, 'GET', `/contract/${cid(2)}`, { headers: acting })).toEqual(refusal(403, NO_ACCESS));
    } finally {
      await restore(READER, B);
    }
  });
});

describe('the list', () => {
  beforeAll(() => restore());

  it('statuses, repeated or comma-separated; the counts stay the caller’s whatever the filters', async () => {
    const all = await list(B);
    const requests = await list(B, { statuses: 'UNSIGNED,WAITING' });
    expect(requests.data.map((c: any) => c.id).sort()).toEqual([cid(1), cid(2), cid(3), cid(4)]);
    expect((await list(B, { statuses: ['UNSIGNED', 'WAITING'] })).data).toEqual(requests.data);
    expect(requests.meta).toEqual({ ...all.meta, count: 4 });
    expect((await list(B, { statuses: ' TERMINATED ' })).data.map((c: any) => c.id)).toEqual([cid(14)]);
    expect(await answerOf(B, 'GET', '/contract', { query: { statuses: 'UNSIGNED,SOON' } })).toEqual(refusal(400, STATUSES_TEXT));
  });

  it('companyName and counterpartyName: parts, any case, the other party’s name', async () => {
    expect((await list(B, { companyName: 'HARBOR' })).data.map((c: any) => c.id).sort()).toEqual([cid(2), cid(16)]);
    const mia = SEEDED_CONTRACTS.filter((c) => (c.sender === 'B' || c.beneficiary === 'B') && (c.sender === 'P' || c.beneficiary === 'P')).map((c) => cid(c.n));
    expect((await list(B, { counterpartyName: 'mia ro' })).data.map((c: any) => c.id).sort()).toEqual(mia.sort());
    expect((await list(B, { counterpartyName: 'LUCA', statuses: 'ACTIVE' })).data.map((c: any) => c.id)).toEqual([cid(10)]);
    // Mia's counterparty in contracts@'s contracts is the company.
    expect((await list(P, { counterpartyName: 'sunrise' })).meta.count).toBe(mia.length);
    expect((await list(B, { counterpartyName: 'Sunrise' })).data).toEqual([]);
    expect(await answerOf(B, 'GET', '/contract', { query: { companyName: 'x'.repeat(256) } })).toEqual(refusal(400, NAME_TEXT));
  });

  it('orders: CREATED_AT (default, newest first; ASC), COMPANY_NAME (ASC, DESC), INCOMING_FIRST (the ones waiting for the caller’s signature first)', async () => {
    const data: any[] = (await list(B)).data;
    const byCreated = [...data].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    expect(data.map((c) => c.id)).toEqual(byCreated.map((c) => c.id));
    expect((await list(B, { orderDir: 'ASC' })).data.map((c: any) => c.id)).toEqual([...byCreated].reverse().map((c) => c.id));
    const titles = (await list(B, { orderBy: 'COMPANY_NAME', orderDir: 'ASC' })).data.map((c: any) => c.company.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    expect(titles[0]).toBe('Aurora Media');
    expect((await list(B, { orderBy: 'COMPANY_NAME' })).data[0].company.title).toBe('Northwind Cam Studio');
    const incoming: any[] = (await list(B, { orderBy: 'INCOMING_FIRST' })).data;
    const waiting = await Promise.all(incoming.map((c) => canSign(B, c.id)));
    expect(waiting).toEqual([true, true, true, ...Array(14).fill(false)]);
    expect(incoming.slice(0, 3).map((c) => c.id).sort()).toEqual([cid(1), cid(2), cid(4)]);
    expect(incoming.slice(3).map((c) => c.createdAt)).toEqual([...incoming.slice(3).map((c) => c.createdAt)].sort().reverse());
    expect(await answerOf(B, 'GET', '/contract', { query: { orderBy: 'NEWEST' } })).toEqual(refusal(400, ORDER_TEXT));
    expect(await answerOf(B, 'GET', '/contract', { query: { orderDir: 'UP' } })).toEqual(refusal(400, ORDER_TEXT));
  });

  it('pages: page 1 of 100 by default; pageSize up to 1000; page and pageSize out of range 400', async () => {
    const first = await ok(B, 'GET', '/contract');
    expect(first.meta).toMatchObject({ page: 1, pageSize: 100, count: 17 });
    expect(first.data).toHaveLength(17);
    const all = (await list(B)).data;
    const pages = [];
    for (let page = 1; page <= 4; page += 1) {
      const reply = await ok(B, 'GET', '/contract', { query: { page, pageSize: 5 } });
      expect(reply.meta).toMatchObject({ page, pageSize: 5, count: 17, total: 17 });
      pages.push(reply.data);
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 2]);
    expect(pages.flat()).toEqual(all);
    expect((await ok(B, 'GET', '/contract', { query: { page: 9, pageSize: 5 } })).data).toEqual([]);
    const outOfRange: Record<string, string | number>[] = [{ page: 0 }, { pageSize: 1001 }, { pageSize: 0 }, { page: 'two' }, { pageSize: 1.5 }];
    for (const query of outOfRange) {
      expect(await answerOf(B, 'GET', '/contract', { query })).toEqual(refusal(400, PAGE_TEXT));
    }
  });
});

describe('the actions follow the rules’ table', () => {
  // Every action on every contract of contracts@, and of Mia: 200 exactly where mayAct allows it
  // for that party in that status, leading where nextStatus says; else 409 and nothing changes.
  for (const action of CONTRACT_ACTIONS.filter((a): a is Exclude<ContractAction, 'sign'> => a !== 'sign')) {
    for (const viewer of ['B', 'P'] as const) {
      it(`${action} as ${viewer === 'B' ? 'contracts@' : 'contracts-person@'}, in every status`, async () => {
        await restore();
        const login = WHO[viewer];
        const me = idOf(login);
        const before: any[] = (await list(login)).data;
        let allowed = 0;
        for (const contract of before) {
          const may = mayAct(action, contract.status, partyOf(contract, me));
          const reply = await actOn(login, contract.id, action);
          if (!may) {
            expect([contract.id, contract.status, reply]).toEqual([contract.id, contract.status, refusal(409, STALE[action])]);
            expect((await contractOf(login, contract.id)).status).toBe(contract.status);
            continue;
          }
          allowed += 1;
          expect([contract.id, contract.status, reply.status]).toEqual([contract.id, contract.status, 200]);
          expect(reply.body.status).toBe(nextStatus(contract.status, { type: action }));
          expect(reply.body).toMatchObject({ id: contract.id, direction: contract.direction, updatedAt: iso(clock) });
          // Not twice: the contract has moved on.
          expect(await actOn(login, contract.id, action)).toEqual(refusal(409, STALE[action]));
        }
        expect(allowed).toBeGreaterThan(0);
      });
    }
  }

  it('terminate: the note trimmed, 1 to 500 characters (400 otherwise); the termination takes effect in 30 days; its author cancels it or ends it now, the other party cannot', async () => {
    await restore();
    expect(await actOn(B, cid(8), 'terminate', '   ')).toEqual(refusal(400, NOTE_REQUIRED));
    expect(await actOn(B, cid(8), 'terminate', 'x'.repeat(501))).toEqual(refusal(400, NOTE_TOO_LONG));
    expect((await contractOf(B, cid(8))).status).toBe('ACTIVE');
    const terminating = await actOn(B, cid(8), 'terminate', `  ${'y'.repeat(500)}  `);
    expect(terminating.status).toBe(200);
    expect(terminating.body).toMatchObject({ status: 'TERMINATING', terminateInfo: { terminatedAt: iso(clock + 30 * DAY), note: 'y'.repeat(500), terminatedBy: idOf(B) } });
    // Mia sees the same termination; she did not ask for it.
    expect((await contractOf(P, cid(8))).terminateInfo).toEqual(terminating.body.terminateInfo);
    expect(await actOn(P, cid(8), 'terminateCancel')).toEqual(refusal(409, STALE.terminateCancel));
    expect(await actOn(P, cid(8), 'terminateNow')).toEqual(refusal(409, STALE.terminateNow));
    const back = await actOn(B, cid(8), 'terminateCancel');
    expect(back.body).toMatchObject({ status: 'ACTIVE', terminateInfo: null });
    // Asked again, by Mia this time: hers to end now.
    expect((await actOn(P, cid(8), 'terminate', 'Other plans')).body.terminateInfo.terminatedBy).toBe(idOf(P));
    expect(await actOn(B, cid(8), 'terminateNow')).toEqual(refusal(409, STALE.terminateNow));
    const ended = await actOn(P, cid(8), 'terminateNow');
    expect(ended.body).toMatchObject({ status: 'TERMINATED', terminateInfo: { terminatedAt: iso(clock), note: 'Other plans', terminatedBy: idOf(P) } });
    // A body that breaks the contract: 400 from the server.
    expect((await ct(B, 'POST', `/contract/${cid(9)}/terminate`, { body: {} })).status).toBe(400);
  });

  it('a refusal in the request’s language', async () => {
    const reply = await ct(B, 'POST', `/contract/${cid(13)}/cancel`, { headers: { 'Accept-Language': 'uk' } });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: SANDBOX_TEXTS.uk[STALE.cancel] });
  });
});

describe('signing', () => {
  beforeEach(() => restore());

  it('checkSigner: a party whose signature the contract still waits for, while UNSIGNED or WAITING', async () => {
    expect(await canSign(B, cid(1))).toBe(true);
    expect(await canSign(P, cid(1))).toBe(true);
    expect(await canSign(B, cid(3))).toBe(false);
    expect(await canSign(O, cid(3))).toBe(true);
    expect(await canSign(B, cid(4))).toBe(true);
    expect(await canSign(O, cid(4))).toBe(false);
    for (const n of [5, 7, 8, 11, 13, 14, 15, 16]) expect(await canSign(B, cid(n))).toBe(false);
  });

  it('signUrl in every status: a page exactly where the table allows signing and the caller’s side has not signed, else 409', async () => {
    for (const login of [B, P]) {
      const me = idOf(login);
      for (const contract of (await list(login)).data) {
        const side = contract.sender.id === me ? 'sender_signed_at' : 'beneficiary_signed_at';
        const unsigned = (sb.db.prepare(`SELECT ${side} AS at FROM ct_contracts WHERE id = ?`).get(contract.id) as { at: string | null }).at === null;
        const expected = mayAct('sign', contract.status, partyOf(contract, me)) && unsigned;
        const reply = await answerOf(login, 'GET', `/contract/${contract.id}/signUrl`);
        expect([login, contract.id, contract.status, reply.status]).toEqual([login, contract.id, contract.status, expected ? 200 : 409]);
        expect([contract.id, await canSign(login, contract.id)]).toEqual([contract.id, expected]);
      }
    }
  });

  it('signUrl: a one-time page at the sandbox, client "spa"; 409 when the caller cannot sign', async () => {
    expect(await answerOf(B, 'GET', `/contract/${cid(3)}/signUrl`)).toEqual(refusal(409, STALE.sign));
    expect(await answerOf(B, 'GET', `/contract/${cid(8)}/signUrl`)).toEqual(refusal(409, STALE.sign));
    const reply = await ok(B, 'GET', `/contract/${cid(4)}/signUrl`, { query: { returnUrl: `${APP}/revenue-split/${cid(4)}` } });
    expect(reply.clientId).toBe('spa');
    expect(reply.signUrl).toMatch(new RegExp(`^${sb.url}/__sandbox/contracts/sign/[A-Za-z0-9_-]{43}$`));
  });

  it('the page shows the contract under a strict CSP, signs on its form and goes back to the app (303); the token works once', async () => {
    const returnUrl = `${APP}/revenue-split/${cid(4)}?from=sign`;
    const { signUrl } = await ok(B, 'GET', `/contract/${cid(4)}/signUrl`, { query: { returnUrl } });
    const page = await fetch(signUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Driftwood Live');
    expect(html).toContain('Sunrise Studio 1 Ltd');
    expect(html).toContain('Luca Bianchi');
    expect(html).toContain('50 %');
    expect(html).toContain(`<form method="post" action="${new URL(signUrl).pathname}">`);
    expect(html).toContain(`href="${returnUrl}"`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${APP}`);
    expect(csp).toContain('img-src data:');
    const signed = await fetch(signUrl, { method: 'POST', redirect: 'manual' });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(returnUrl);
    // Both signed, the payer identified, activeFrom has come: ACTIVE at once.
    expect(await contractOf(B, cid(4))).toMatchObject({ status: 'ACTIVE', updatedAt: iso(clock) });
    expect((sb.db.prepare('SELECT beneficiary_signed_at AS at FROM ct_contracts WHERE id = ?').get(cid(4)) as { at: string }).at).toBe(iso(clock));
    expect((await fetch(signUrl)).status).toBe(404);
    expect((await fetch(signUrl, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${sb.url}/__sandbox/contracts/sign/not-a-token-at-all-xxxxxxxx`)).status).toBe(404);
  });

  it('a returnUrl outside the app’s origins is ignored (the page says Signed); an expired token is refused', async () => {
    for (const returnUrl of ['https://evil.example/steal', 'javascript:alert(1)', 'http://evil.example:4174/', 'http://user:pw@127.0.0.1:4174/']) {
      await restore(B);
      const { signUrl } = await ok(B, 'GET', `/contract/${cid(1)}/signUrl`, { query: { returnUrl } });
      const page = await fetch(signUrl);
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self';");
      const html = await page.text();
      expect(html).not.toContain('evil');
      const signed = await fetch(signUrl, { method: 'POST', redirect: 'manual' });
      expect(signed.status).toBe(200);
      expect(await signed.text()).toContain('Signed');
      expect((await contractOf(B, cid(1))).status).toBe('WAITING');
    }
    await restore(B);
    const { signUrl } = await ok(B, 'GET', `/contract/${cid(1)}/signUrl`, { query: { returnUrl: 'http://localhost:5173/revenue-split' } });
    clock += 61 * 60_000;
    expect((await fetch(signUrl)).status).toBe(404);
    expect((await fetch(signUrl, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    expect((await contractOf(B, cid(1))).status).toBe('UNSIGNED');
  });

  it('a contract that changed after the page was opened: 409 page, nothing signed', async () => {
    const { signUrl } = await ok(B, 'GET', `/contract/${cid(2)}/signUrl`, { query: { returnUrl: `${APP}/revenue-split/${cid(2)}` } });
    expect((await actOn(B, cid(2), 'cancel')).status).toBe(200);
    expect((await fetch(signUrl)).status).toBe(409);
    const posted = await fetch(signUrl, { method: 'POST', redirect: 'manual' });
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain('can no longer be signed');
    expect((sb.db.prepare('SELECT beneficiary_signed_at AS at FROM ct_contracts WHERE id = ?').get(cid(2)) as { at: string | null }).at).toBeNull();
  });

  it('the signatures move the contract: UNSIGNED → WAITING → SIGNED (identified, not started); the last signature of a payer not identified → NEED_IDENTIFICATION, then identification', async () => {
    // contracts@ signs #1 on the page, Mia the control API's way.
    const { signUrl } = await ok(B, 'GET', `/contract/${cid(1)}/signUrl`);
    expect((await fetch(signUrl, { method: 'POST', redirect: 'manual' })).status).toBe(200);
    expect(await contractOf(P, cid(1))).toMatchObject({ status: 'WAITING' });
    expect(await canSign(B, cid(1))).toBe(false);
    expect((await signAs(P, cid(1))).status).toBe(200);
    expect((await contractOf(B, cid(1))).status).toBe('SIGNED');
    expect((await signAs(P, cid(1))).status).toBe(409);
    // #3: contracts@ pays and has not been identified: Luca's signature waits for it.
    expect((await signAs(O, cid(3))).status).toBe(200);
    expect(await contractOf(B, cid(3))).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: 'NEW' });
    expect(await contractOf(O, cid(3))).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: null });
    expect(await identify(cid(3), 'PROCESSING')).toEqual({ ok: true, status: 'NEED_IDENTIFICATION', identificationStatus: 'PROCESSING' });
    expect(await identify(cid(3), 'FAILED')).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: 'FAILED' });
    expect(await identify(cid(3), 'SUCCESS')).toMatchObject({ status: 'SIGNED', identificationStatus: 'SUCCESS' });
    // activeFrom in 14 days: ACTIVE then.
    await advance(B, 14);
    expect((await contractOf(B, cid(3))).status).toBe('ACTIVE');
    // #6: Mia pays; her identification succeeds after activeFrom: ACTIVE at once.
    expect(await identify(cid(6), 'SUCCESS')).toMatchObject({ status: 'ACTIVE' });
    // A non-party, or a status that takes no signature: 409.
    expect((await signAs(P, cid(3))).status).toBe(409);
    expect((await signAs(B, cid(13))).status).toBe(409);
  });
});

describe('the clock', () => {
  beforeEach(() => restore());

  it('advance: SIGNED reaches activeFrom → ACTIVE; ACTIVE passes activeTo → EXPIRED (the day after); TERMINATING reaches its date → TERMINATED', async () => {
    await advance(B, 2);
    expect(await statusesOf(B)).toMatchObject({ [cid(7)]: 'SIGNED', [cid(10)]: 'ACTIVE', [cid(11)]: 'TERMINATING' });
    await advance(B, 1);
    const expired = await contractOf(B, cid(10));
    expect(expired.status).toBe('EXPIRED');
    expect(expired.activeTo).toBe(plusDays(-1));
    expect(expired.updatedAt).toBe(iso(Date.parse(`${today()}T00:00:00Z`)));
    await advance(B, 2);
    const started = await contractOf(B, cid(7));
    expect(started).toMatchObject({ status: 'ACTIVE', activeFrom: today() });
    await advance(B, 7);
    const terminated = await contractOf(B, cid(11));
    expect(terminated.status).toBe('TERMINATED');
    expect(terminated.updatedAt).toBe(terminated.terminateInfo.terminatedAt);
    expect(Date.parse(terminated.terminateInfo.terminatedAt)).toBe(clock);
    // Mia's termination of #12 in 20 days (8 to go).
    expect((await contractOf(P, cid(12))).status).toBe('TERMINATING');
    await advance(P, 8);
    expect((await contractOf(B, cid(12))).status).toBe('TERMINATED');
    // The counts follow.
    expect((await ok(B, 'GET', '/contract/stats')).ended).toBe(5 + 3);
  });

  it('a termination whose contract ends first: EXPIRED at activeTo', async () => {
    expect((await actOn(B, cid(10), 'terminate', 'Stop')).body.status).toBe('TERMINATING');
    await advance(B, 3);
    expect(await contractOf(B, cid(10))).toMatchObject({ status: 'EXPIRED', terminateInfo: { note: 'Stop' } });
  });

  it('the sandbox’s own clock moves them too: a read applies what time has done', async () => {
    clock += 5 * DAY;
    await restore();
    expect((await contractOf(B, cid(7))).status).toBe('SIGNED');
    clock += 5 * DAY;
    expect((await list(B, { statuses: 'ACTIVE' })).data.map((c: any) => c.id)).toContain(cid(7));
    expect((await contractOf(B, cid(10))).status).toBe('EXPIRED');
    // A termination past its date (12 days after the restore) cannot be cancelled any more: 409 (a stale page).
    clock += 8 * DAY;
    expect(await actOn(B, cid(11), 'terminateCancel')).toEqual(refusal(409, STALE.terminateCancel));
    expect((await contractOf(B, cid(11))).status).toBe('TERMINATED');
  });

  it('the control routes refuse what they cannot use', async () => {
    expect((await post('/__sandbox/contracts/advance', { login: 'nobody@brand1.test', days: 1 })).status).toBe(404);
    expect((await post('/__sandbox/contracts/advance', { login: B, days: -1 })).status).toBe(404);
    expect((await post('/__sandbox/contracts/identify', { contractId: cid(5), outcome: 'MAYBE' })).status).toBe(404);
    expect((await post('/__sandbox/contracts/identify', { contractId: 1, outcome: 'SUCCESS' })).status).toBe(404);
    expect((await signAs('nobody@brand1.test', cid(1))).status).toBe(404);
  });
});

describe('the PDF', () => {
  it('pdfUrl: a documents file link (/files/<id>) to a real PDF made now, for the caller only', async () => {
    await restore();
    const { pdfUrl } = await ok(B, 'GET', `/contract/${cid(12)}/pdfUrl`);
    expect(pdfUrl).toMatch(/^\/files\/[A-Za-z0-9_-]{24}$/);
    const res = await fetch(`${sb.url}/documents${pdfUrl}`, { headers: { Authorization: `Bearer ${await tokenOf(B)}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="contract-${cid(12)}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    expect((await fetch(`${sb.url}/documents${pdfUrl}`, { headers: { Authorization: `Bearer ${await tokenOf(O)}` } })).status).toBe(404);
    expect(await answerOf(O, 'GET', `/contract/${cid(12)}/pdfUrl`)).toEqual(refusal(404, NO_SUCH_CONTRACT));
  });
});

describe('faults and the sign-in state', () => {
  it('a fault on one operation (contracts:contractList) answers as injected', async () => {
    expect((await post('/__sandbox/faults', { match: 'contracts:contractList', kind: '500', times: 1 })).status).toBe(200);
    expect((await ct(B, 'GET', '/contract')).status).toBe(500);
    expect((await ct(B, 'GET', '/contract')).status).toBe(200);
  });

  it('POST /__sandbox/sign-in-state puts the contracts back as seeded, with their ids; the other parties’ too', async () => {
    await restore();
    const seeded = (await list(B)).data;
    expect((await actOn(B, cid(2), 'cancel')).status).toBe(200);
    expect((await actOn(P, cid(8), 'terminate', 'Bye')).status).toBe(200);
    expect((await signAs(O, cid(3))).status).toBe(200);
    await ok(B, 'GET', `/contract/${cid(1)}/signUrl`);
    await restore(B);
    expect((await list(B)).data).toEqual(seeded);
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM ct_sign_tokens').get() as { n: number }).n).toBe(0);
    // Mia's and Luca's own contract is untouched by contracts@'s restore, and comes back with theirs.
    expect((await actOn(P, cid(19), 'reject')).body.status).toBe('REJECTED');
    await restore(B);
    expect((await contractOf(P, cid(19))).status).toBe('REJECTED');
    await restore(P);
    expect((await contractOf(P, cid(19))).status).toBe('UNSIGNED');
  });
});
