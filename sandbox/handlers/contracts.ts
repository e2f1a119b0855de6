import { CONTRACT_DEFAULT_PAGE_SIZE, CONTRACT_ORDERS, CONTRACT_PAGE_SIZE, contractRights, isContractStatus, mayAct, partyOf, tabsOf, type ContractAction, type ContractOrder, type ContractStatus } from '../../machines/contracts/contract.rules.ts';
import { accessFor } from '../access.ts';
import {
  act,
  applyTime,
  canSign,
  contractById,
  contractsOf,
  contractsOffered,
  isPartyOf,
  newSignToken,
  termsOf,
  toContract,
  type Contract,
  type ContractRow,
  type ContractStats,
} from '../contracts-store.ts';
import { transaction, type Db } from '../db.ts';
import { contractPdf } from '../documents/contract-pdf.ts';
import { fileLink, storeFile } from '../documents/files.ts';
import { regulatedEntityOf } from '../documents/regulated-entity.ts';
import type { HandlerReply, ServiceHandlerMap } from '../handler-types.ts';
import { customerById } from '../kernel/customers.ts';
import { merchantFactsOf } from '../merchant-store.ts';

/**
 * Smart (revenue-split) contracts (api-schemas/contracts.yaml, service `contracts` under
 * /contracts; spec 000 s1, s3 Contract and the list's meta, s4 statuses and actions, s6 the signer
 * check, s7 Contracts service, s8 404 with a message, s9 page sizes), on sandbox/contracts-store.ts.
 * The lifecycle and who may do what are the app's rules (machines/contracts/contract.rules.ts):
 *
 * - Brand 1 only (000 s1: the brand's features.contracts): a caller of any other brand gets 404
 *   "Contracts are not available" on every call.
 * - Who: the signed-in customer, or the customer an `X-Customer-Id` header names when the caller
 *   may act for them (sandbox/access.ts accessFor: a business user for their company); a header
 *   naming anyone else: 404 "You cannot act for this customer". What they may do follows the
 *   merchant area's right (the rules' contractRights): no merchant level, 403 "You have no access
 *   to contracts" on every call; reading only (a lower level, an admin), 403 "Only a user with full
 *   access to the merchant area can act on contracts" for the actions and the signing page. A contract is the caller's when
 *   they are its sender or beneficiary; an id that is not: 404 "There is no such contract".
 * - As the caller sees it: `direction` PAY when they are the sender, else RECEIVE; the payer's
 *   `identificationStatus` for the payer only (null for the beneficiary).
 * - Time first: every call applies what the sandbox's clock has done to the caller's contracts
 *   (activeFrom reached, activeTo over, a termination's notice over) through the rules' nextStatus.
 * - Actions (cancel, reject, terminate, terminateCancel, terminateNow): only when `mayAct(action,
 *   status, partyOf(the contract as the caller sees it, the caller))` (the termination's author by
 *   terminateInfo.terminatedBy), else 409 "This contract changed meanwhile: it can no longer be …"
 *   (a stale page). The new status is nextStatus's; terminate's note is trimmed, 1 to 500
 *   characters (400 otherwise), and the termination takes effect 30 days later (terminateInfo);
 *   terminateCancel clears it; terminateNow takes effect now. Each answers the contract as it is now.
 * - contractCheckSigner: canSign while UNSIGNED or WAITING, the caller's side has not signed and the caller may act.
 *   contractSignUrl: 409 when the caller cannot sign; else a one-time signing page (the sandbox's
 *   /__sandbox/contracts/sign/<token>, sandbox/control.ts contractRoutes) and clientId "spa"; its
 *   `returnUrl` is kept only when it is an address of the app (http on 127.0.0.1 or localhost).
 * - contractList: `statuses` (repeated or comma-separated), `companyName` and `counterpartyName`
 *   (parts, any case), `orderBy` COMPANY_NAME | INCOMING_FIRST (those waiting for the caller's
 *   signature first) | CREATED_AT (default), `orderDir` (default DESC), `page` (1), `pageSize`
 *   (100, at most 1000); an unknown value: 400. The meta counts are tabsOf over all the caller's
 *   contracts, whatever the filters; `count` is how many match the filters.
 * - contractPdfUrl: the PDF made now (with each side's signer and obligations) and kept 30 minutes
 *   as the caller's file on the documents service (sandbox/documents/files.ts): `pdfUrl` is its
 *   `/files/<id>` link, as a generated document's redirectLink, fetched with the bearer token
 *   (documents getFile).
 * Making a contract, the company list, the customer lookup and the payer's identification are
 * sandbox/handlers/contracts-create.ts (issue 59), on the helpers exported here (actingOf,
 * mayWrite, contractFor, ownOrigin, appReturnUrl); server.ts merges both maps.
 */

/** The refusals (translated in sandbox/texts). */
export const NOT_AVAILABLE = 'Contracts are not available';
export const NO_SUCH_CONTRACT = 'There is no such contract';
export const CANNOT_ACT = 'You cannot act for this customer';
export const NOTE_REQUIRED = 'Say why the contract ends: the other party reads it';
export const NOTE_TOO_LONG = 'Use at most 500 characters';
export const STATUSES_TEXT = 'Choose statuses a contract can have';
export const ORDER_TEXT = 'Choose an order the list offers';
export const PAGE_TEXT = 'Ask for page 1 or later, with 1 to 1000 contracts a page';
export const NAME_TEXT = 'Use at most 255 characters';
export const NO_ACCESS = 'You have no access to contracts';
export const READ_ONLY = 'Only a user with full access to the merchant area can act on contracts';
/** An action the contract's status (or the caller's part in it) no longer allows: the page was stale. */
export const STALE: Readonly<Record<ContractAction, string>> = {
  sign: 'This contract changed meanwhile: it can no longer be signed',
  cancel: 'This contract changed meanwhile: it can no longer be cancelled',
  reject: 'This contract changed meanwhile: it can no longer be rejected',
  terminate: 'This contract changed meanwhile: it can no longer be terminated',
  terminateCancel: 'This contract changed meanwhile: its termination can no longer be cancelled',
  terminateNow: 'This contract changed meanwhile: it can no longer be terminated now',
};

/** Terminate's note, trimmed (the app's TERMINATE_NOTE_MAX, machines/contracts/contract.machine.ts). */
export const TERMINATE_NOTE_MAX = 500;
/** The API client the contract calls are (000 s7). */
export const SIGN_CLIENT_ID = 'spa';

// ---- replies ----------------------------------------------------------------------------------------

export const answer = (body: Record<string, unknown>): HandlerReply => ({ status: 200, body });
export const refusal = (status: 400 | 403 | 404 | 409 | 422, text: string): HandlerReply => ({ status, body: { message: text } });
export const isReply = (value: unknown): value is HandlerReply => typeof value === 'object' && value !== null && 'status' in value;

// ---- who --------------------------------------------------------------------------------------------

export interface Caller {
  db: Db;
  customerId: number | null;
  headers: Pick<Headers, 'get'>;
  now: () => number;
}

/** A positive whole number as text (an id of the path or a header), else null. */
export const idOf = (text: string | null | undefined): number | null => (text && /^[1-9]\d{0,14}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The customer the call acts as (the header's company, else the signed-in customer), or its 404; their contracts moved on to now. */
export function actingOf(ctx: Caller): number | HandlerReply {
  const caller = ctx.customerId === null ? undefined : customerById(ctx.db, ctx.customerId);
  if (!caller || !contractsOffered(caller.brand)) return refusal(404, NOT_AVAILABLE);
  const header = ctx.headers.get('x-customer-id');
  const acting = header === null ? caller.id : idOf(header);
  if (acting === null || accessFor(ctx.db, caller.id, acting) === null) return refusal(404, CANNOT_ACT);
  if (contractRights(merchantFactsOf(ctx.db, caller.id, acting)) === 'none') return refusal(403, NO_ACCESS);
  transaction(ctx.db, () => applyTime(ctx.db, acting, ctx.now()));
  return acting;
}

/** A write's caller: acting with full merchant access (contractRights `act`), else the 403. */
export const mayWrite = (ctx: Caller, acting: number): HandlerReply | null =>
  contractRights(merchantFactsOf(ctx.db, ctx.customerId!, acting)) === 'act' ? null : refusal(403, READ_ONLY);

/** The caller's contract by the path's id (moved on to now), with who the caller acts as; else the 404. */
export function contractFor(ctx: Caller, idText: string): { acting: number; row: ContractRow } | HandlerReply {
  const acting = actingOf(ctx);
  if (isReply(acting)) return acting;
  const id = idOf(idText);
  const row = id === null ? undefined : contractById(ctx.db, id);
  if (!row || !isPartyOf(row, acting)) return refusal(404, NO_SUCH_CONTRACT);
  return { acting, row };
}

/** The counts of every tab (tabsOf) over these contracts. */
function countsOf(contracts: readonly Contract[]): ContractStats {
  const counts: ContractStats = { total: 0, requests: 0, pending: 0, active: 0, ended: 0, pay: 0, receive: 0 };
  for (const contract of contracts) for (const tab of tabsOf(contract)) counts[tab] += 1;
  return counts;
}

// ---- the list's query ---------------------------------------------------------------------------------

interface ListQuery {
  statuses: ContractStatus[];
  companyName: string;
  counterpartyName: string;
  orderBy: ContractOrder;
  descending: boolean;
  page: number;
  pageSize: number;
}

const isOrder = (text: string): text is ContractOrder => (CONTRACT_ORDERS as readonly string[]).includes(text);

/** The list's query as asked, or its 400. */
function listQueryOf(query: URLSearchParams): ListQuery | HandlerReply {
  const statusTexts = query
    .getAll('statuses')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const statuses = statusTexts.filter(isContractStatus);
  if (statuses.length !== statusTexts.length) return refusal(400, STATUSES_TEXT);
  const companyName = (query.get('companyName') ?? '').trim();
  const counterpartyName = (query.get('counterpartyName') ?? '').trim();
  if (companyName.length > 255 || counterpartyName.length > 255) return refusal(400, NAME_TEXT);
  const orderBy = query.get('orderBy') ?? 'CREATED_AT';
  const orderDir = query.get('orderDir') ?? 'DESC';
  if (!isOrder(orderBy) || (orderDir !== 'ASC' && orderDir !== 'DESC')) return refusal(400, ORDER_TEXT);
  const page = query.has('page') ? idOf(query.get('page')) : 1;
  const pageSize = query.has('pageSize') ? idOf(query.get('pageSize')) : CONTRACT_DEFAULT_PAGE_SIZE;
  if (page === null || pageSize === null || pageSize > CONTRACT_PAGE_SIZE) return refusal(400, PAGE_TEXT);
  return { statuses, companyName, counterpartyName, orderBy, descending: orderDir === 'DESC', page, pageSize };
}

const contains = (text: string, part: string): boolean => part === '' || text.toLocaleLowerCase('en').includes(part.toLocaleLowerCase('en'));

/** The caller's contracts matching the query, in its order. */
function listed(rows: readonly { row: ContractRow; view: Contract }[], acting: number, query: ListQuery): Contract[] {
  const matching = rows.filter(({ view }) => {
    const counterparty = view.direction === 'PAY' ? view.beneficiary : view.sender;
    return (query.statuses.length === 0 || query.statuses.includes(view.status)) && contains(view.company.title, query.companyName) && contains(counterparty.name, query.counterpartyName);
  });
  const dir = query.descending ? -1 : 1;
  const oldestFirst = (a: ContractRow, b: ContractRow) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id);
  const sorted = [...matching].sort((a, b) => {
    if (query.orderBy === 'COMPANY_NAME') {
      const byTitle = a.view.company.title.localeCompare(b.view.company.title, 'en', { sensitivity: 'base' });
      // The same company: the newest first.
      return byTitle !== 0 ? dir * byTitle : -oldestFirst(a.row, b.row);
    }
    if (query.orderBy === 'INCOMING_FIRST') {
      // Those waiting for the caller's signature first, whatever the direction.
      const waiting = Number(canSign(b.row, acting)) - Number(canSign(a.row, acting));
      if (waiting !== 0) return waiting;
    }
    return dir * oldestFirst(a.row, b.row);
  });
  return sorted.map(({ view }) => view);
}

// ---- the actions ----------------------------------------------------------------------------------

type ConfirmableAction = Exclude<ContractAction, 'sign'>;

/** A party's action by the rules' table (409 when the contract's status no longer allows it for the caller), answering the contract as it is now. */
function perform(ctx: Caller, idText: string, action: ConfirmableAction, noteText?: string): HandlerReply {
  return transaction(ctx.db, () => {
    const found = contractFor(ctx, idText);
    if (isReply(found)) return found;
    const { acting, row } = found;
    const readOnly = mayWrite(ctx, acting);
    if (readOnly) return readOnly;
    if (!mayAct(action, row.status, partyOf(toContract(ctx.db, row, acting), acting))) return refusal(409, STALE[action]);
    const note = noteText?.trim() ?? '';
    if (action === 'terminate') {
      if (note === '') return refusal(400, NOTE_REQUIRED);
      if (note.length > TERMINATE_NOTE_MAX) return refusal(400, NOTE_TOO_LONG);
    }
    const after = act(ctx.db, row, action, acting, ctx.now(), note);
    if (!after) return refusal(409, STALE[action]);
    return answer(toContract(ctx.db, after, acting));
  });
}

// ---- the signing page -------------------------------------------------------------------------------

/** The sandbox's own origin as the request reached it (the signing page and the identification provider's page are served there). */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;
export const ownOrigin = (headers: Pick<Headers, 'get'>): string => {
  const host = headers.get('host') ?? '';
  return HOST.test(host) ? `http://${host}` : 'http://127.0.0.1';
};

/** Where the signing page may send the signer back: an address of the app's own origins (http on 127.0.0.1 or localhost, any port), else null. */
export function appReturnUrl(text: string | null): string | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const appHost = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  return url.protocol === 'http:' && appHost && url.username === '' && url.password === '' ? url.href : null;
}

// ---- the handlers ---------------------------------------------------------------------------------

export const contractHandlers: ServiceHandlerMap<'contracts'> = {
  contractList: (ctx) => {
    const acting = actingOf(ctx);
    if (isReply(acting)) return acting;
    const query = listQueryOf(ctx.query);
    if (isReply(query)) return query;
    const rows = contractsOf(ctx.db, acting).map((row) => ({ row, view: toContract(ctx.db, row, acting) }));
    const matching = listed(rows, acting, query);
    const start = (query.page - 1) * query.pageSize;
    return answer({
      data: matching.slice(start, start + query.pageSize),
      meta: { ...countsOf(rows.map(({ view }) => view)), page: query.page, pageSize: query.pageSize, count: matching.length },
    });
  },

  contractStats: (ctx) => {
    const acting = actingOf(ctx);
    if (isReply(acting)) return acting;
    return answer({ ...countsOf(contractsOf(ctx.db, acting).map((row) => toContract(ctx.db, row, acting))) });
  },

  contractGet: (ctx) => {
    const found = contractFor(ctx, ctx.params.id);
    return isReply(found) ? found : answer(toContract(ctx.db, found.row, found.acting));
  },

  contractCheckSigner: (ctx) => {
    const found = contractFor(ctx, ctx.params.id);
    return isReply(found) ? found : answer({ canSign: canSign(found.row, found.acting) && mayWrite(ctx, found.acting) === null });
  },

  contractPdfUrl: async (ctx) => {
    const found = contractFor(ctx, ctx.params.id);
    if (isReply(found)) return found;
    const { acting, row } = found;
    const brand = customerById(ctx.db, acting)?.brand ?? 'brand1';
    const content = await contractPdf({
      contract: toContract(ctx.db, row, acting),
      signed: { sender: row.sender_signed_at, beneficiary: row.beneficiary_signed_at },
      terms: termsOf(row),
      entity: regulatedEntityOf(brand),
      created: new Date(ctx.now()),
    });
    const fileId = storeFile(ctx.db, { customerId: acting, name: `contract-${row.id}.pdf`, mime: 'application/pdf', content, now: ctx.now() });
    return answer({ pdfUrl: fileLink(fileId) });
  },

  contractSignUrl: (ctx) =>
    transaction(ctx.db, () => {
      const found = contractFor(ctx, ctx.params.id);
      if (isReply(found)) return found;
      const readOnly = mayWrite(ctx, found.acting);
      if (readOnly) return readOnly;
      if (!mayAct('sign', found.row.status, partyOf(toContract(ctx.db, found.row, found.acting), found.acting)) || !canSign(found.row, found.acting)) return refusal(409, STALE.sign);
      const token = newSignToken(ctx.db, found.row.id, found.acting, appReturnUrl(ctx.query.get('returnUrl')), ctx.now());
      return answer({ signUrl: `${ownOrigin(ctx.headers)}/__sandbox/contracts/sign/${token}`, clientId: SIGN_CLIENT_ID });
    }),

  contractCancel: (ctx) => perform(ctx, ctx.params.id, 'cancel'),
  contractReject: (ctx) => perform(ctx, ctx.params.id, 'reject'),
  contractTerminate: (ctx) => perform(ctx, ctx.params.id, 'terminate', ctx.body.note),
  contractTerminateCancel: (ctx) => perform(ctx, ctx.params.id, 'terminateCancel'),
  contractTerminateNow: (ctx) => perform(ctx, ctx.params.id, 'terminateNow'),
};
