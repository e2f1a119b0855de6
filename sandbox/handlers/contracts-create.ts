import Big from 'big.js';
import { contractCreateProblems, type CreateProblem } from '../../machines/contracts/contract-create.rules.ts';
import { CONTRACT_DEFAULT_PAGE_SIZE, CONTRACT_PAGE_SIZE } from '../../machines/contracts/contract.rules.ts';
import { isEmailValid } from '../../machines/shared/email.ts';
import {
  companiesInUse,
  companiesOfBrand,
  companyById,
  CONTRACT_PARTY_KINDS,
  createContract,
  dayOf,
  identificationStarted,
  mayMakeContract,
  newIdentificationJob,
  recordIdentificationPush,
  toContract,
  waitsForIdentification,
  type CompanyRow,
  type ContractRow,
} from '../contracts-store.ts';
import { transaction } from '../db.ts';
import type { HandlerReply, ServiceContext, ServiceHandlerMap } from '../handler-types.ts';
import { customerByEmail, customerById } from '../kernel/customers.ts';
import { requestHash } from '../kernel/ledger.ts';
import type { Issue } from '../kernel/replies.ts';
import { say } from '../messages.ts';
import { actingOf, answer, appReturnUrl, contractFor, idOf, isReply, mayWrite, NAME_TEXT, ownOrigin, refusal, type Caller } from './contracts.ts';

/**
 * Making a smart contract and identifying its payer (issue 59; api-schemas/contracts.yaml
 * contractCreate, contractVerify, contractIdentificationStarted, contractIdentificationPush,
 * splitPaySignerIdentification, companyList, customerLookup; spec 000 s3, s4, s5, s7), beside the
 * lifecycle's calls in sandbox/handlers/contracts.ts, on sandbox/contracts-store.ts. The same
 * callers as there:
 *
 * - Brand 1 only: any other brand's caller gets 404 "Contracts are not available" on every call.
 * - Who: the signed-in customer, or the customer X-Customer-Id names when the caller may act for
 *   them (404 "You cannot act for this customer" otherwise); the merchant area's right decides
 *   (contractRights): none, 403 on every call; the reads (companyList, customerLookup) need `read`;
 *   the rest are writes and need `act` (403 "Only a user with full access to the merchant area can
 *   act on contracts"): a reader may look a company or a customer up, and make nothing.
 * - contractCreate: the payload checked by the app's own schema (machines/contracts/
 *   contract-create.rules.ts contractCreateProblems, with today the sandbox clock's UTC day): a
 *   field's problem answers 400 `{ message, validationErrors: [{ param, description }] }` (param the
 *   payload's field, description CREATE_TEXTS' sentence for the problem, message the first one's). A
 *   body the contract itself refuses (a signer name over 256 characters, no obligations, a
 *   requestId that is not one) is the server's 400 before this handler runs. Then: the caller is
 *   the sender or the beneficiary (else 400 on senderId); the company is one of the brand's (else
 *   404 "There is no such company"); the pair passes contractVerify's check (else 422 "A contract
 *   for this company with this customer cannot be made"). It starts UNSIGNED with the caller as its
 *   initiator, nobody signed, the payer's identification NEW, from activeFrom with no end, the
 *   signer names, obligations and note trimmed (an empty note: none), the percentage as exact
 *   decimal text without needless zeros ("12.50" is kept as "12.5"); it answers the contract as the
 *   caller sees it. Once per requestId for the acting customer (idempotent_replies, as the public
 *   API area's submits): the same requestId with the same body answers the first reply again and
 *   makes nothing; with another body, or on another call, 409; refusals are not kept.
 * - contractVerify: isValid when the company is one of the brand's, the counterparty another customer
 *   of the brand who holds contracts (a person or a business: not the acting customer, not an admin,
 *   not an authorised user, who holds nothing of their own), and the two have no contract for that
 *   company that is not final (contracts-store mayMakeContract). Unknown ids are not refusals: false.
 * - companyList: the brand's companies by title (A to Z, any case); `query` a part of the title in
 *   any case (at most 255 characters); `forCounterpartyCustomerId` leaves out the companies the
 *   caller already has a contract with that customer for that is not final; `page` (1) and
 *   `pageSize` (100, at most 1000), else 400. meta.count is how many match, meta.total how many the
 *   brand has.
 * - customerLookup: the customer of the brand whose login is the e-mail (trimmed, any case): `{ id,
 *   type }`, BUSINESS for a business, PERSONAL for a person. Nobody with it, an authorised user or
 *   an admin (they hold no contracts), or the acting customer themselves: 404 "There is no customer
 *   with this e-mail". No e-mail, or not one: 400.
 * - The payer's identification (splitPaySignerIdentification, contractIdentificationStarted,
 *   contractIdentificationPush): the contract must be the caller's (404), the caller its payer (the
 *   sender; else 409 "Only the payer of the contract is identified for it") and the contract must
 *   wait for the identification (NEED_IDENTIFICATION, the identification not SUCCESS; else 409).
 *   splitPaySignerIdentification opens a video identification job with the provider (jmo by
 *   default, or nfd) and answers `{ jobId, url: <the sandbox's origin>/video-identity-job/<jobId>,
 *   provider }`: the provider's page (sandbox/control.ts) decides it; its returnUrl is kept only
 *   when it is an address of the app (appReturnUrl). identificationStarted: NEW or FAILED becomes
 *   PROCESSING (PROCESSING stays); answers the contract. identificationPush records a push to the
 *   payer's phone (the sandbox's other-device page shows it with Pass and Fail): `{ sent: true }`.
 */

/** The refusals and field texts (translated in sandbox/texts). */
export const NO_SUCH_COMPANY = 'There is no such company';
export const NOT_A_PARTY = 'You can only make a contract you are a party of: as its payer or its beneficiary';
export const PAIR_REFUSED = 'A contract for this company with this customer cannot be made';
export const COMPANY_PAGE_TEXT = 'Ask for page 1 or later, with 1 to 1000 companies a page';
export const COUNTERPARTY_TEXT = 'Choose the other party by their customer id';
export const EMAIL_MISSING = 'Enter an e-mail address';
export const EMAIL_INVALID = 'Enter a valid e-mail address';
export const NO_SUCH_CUSTOMER = 'There is no customer with this e-mail';
export const NOT_PAYER = 'Only the payer of this contract can be identified for it';
export const NOT_WAITING = 'This contract does not wait for the payer’s identification now';
/** Each problem of the create payload (contract-create.rules.ts), in the words of the app's form. */
export const CREATE_TEXTS: Readonly<Record<CreateProblem, string>> = {
  companyRequired: 'Choose the company the contract is for',
  counterpartyRequired: 'Find the other party by their e-mail',
  sameParty: 'The payer and the beneficiary must be different customers',
  signerRequired: 'Enter the name of the person who signs',
  signerTooLong: 'Use at most 256 characters',
  obligationsRequired: 'Enter at least one obligation',
  obligationTooLong: 'Keep each obligation to 500 characters at most',
  obligationsTooMany: 'List at most 20 obligations',
  percentageWrong: 'Enter a share above 0 and up to 100, with at most two decimals',
  activeFromRequired: 'Choose the day the contract starts',
  activeFromPast: 'The contract cannot start before today',
  noteTooLong: 'Use at most 1000 characters',
};

/** The provider when the call names none (000 s4: jmo or nfd). */
export const DEFAULT_PROVIDER = 'jmo';

// ---- replies ----------------------------------------------------------------------------------------

/** 400: the fields' problems, the first one's words as the message. */
const fieldProblems = (issues: readonly Issue[]): HandlerReply => ({ status: 400, body: { message: issues[0]!.description, validationErrors: issues } });

// ---- once per requestId -----------------------------------------------------------------------------

const OPERATION = 'contractCreate';

/** The kept reply of this customer and requestId as it answers a repeat (409 for another body or another call), or null when there is none. */
function keptReply(ctx: Caller, acting: number, requestId: string, hash: string): HandlerReply | null {
  const kept = ctx.db.prepare('SELECT method, body_hash, reply FROM idempotent_replies WHERE customer_id = ? AND request_id = ?').get(acting, requestId) as
    | { method: string; body_hash: string; reply: string }
    | undefined;
  if (!kept) return null;
  if (kept.method !== OPERATION || kept.body_hash !== hash) {
    const { text, language } = say(ctx.headers, kept.method !== OPERATION ? 'requestIdOtherCall' : 'requestIdOtherDetails');
    return { status: 409, body: { message: text }, headers: { 'Content-Language': language } };
  }
  return { status: 200, body: JSON.parse(kept.reply) as unknown };
}

/** Keeps a 200 reply as sent; anything else is not kept. */
function keep(ctx: Caller, acting: number, requestId: string, hash: string, reply: HandlerReply): void {
  if (reply.status !== 200) return;
  ctx.db.prepare('INSERT INTO idempotent_replies (customer_id, request_id, method, body_hash, reply) VALUES (?, ?, ?, ?, ?)').run(acting, requestId, OPERATION, hash, JSON.stringify(reply.body));
}

// ---- creating one -----------------------------------------------------------------------------------

type CreateContext = ServiceContext<'contracts', 'contractCreate'>;

/** The contract made from a checked payload, or the refusal (400, 404, 422); nothing is written on a refusal. */
function create(ctx: CreateContext, acting: number): HandlerReply {
  const problems = contractCreateProblems(ctx.body, dayOf(ctx.now()));
  const issues = (Object.entries(problems) as [string, CreateProblem][]).map(([param, problem]) => ({ param, description: CREATE_TEXTS[problem] }));
  if (issues.length > 0) return fieldProblems(issues);
  const body = ctx.body;
  if (body.senderId !== acting && body.beneficiaryId !== acting) return fieldProblems([{ param: 'senderId', description: NOT_A_PARTY }]);
  const company = companyById(ctx.db, body.companyId);
  if (!company || company.brand !== customerById(ctx.db, acting)?.brand) return refusal(404, NO_SUCH_COMPANY);
  const counterparty = body.senderId === acting ? body.beneficiaryId : body.senderId;
  if (!mayMakeContract(ctx.db, acting, company.id, counterparty)) return refusal(422, PAIR_REFUSED);
  const note = body.note?.trim() ?? '';
  const row = createContract(
    ctx.db,
    {
      companyId: company.id,
      initiatorId: acting,
      senderId: body.senderId,
      beneficiaryId: body.beneficiaryId,
      senderSignerName: body.senderSignerName.trim(),
      beneficiarySignerName: body.beneficiarySignerName.trim(),
      senderObligations: body.senderObligations.map((line) => line.trim()),
      beneficiaryObligations: body.beneficiaryObligations.map((line) => line.trim()),
      percentage: new Big(body.percentage).toFixed(),
      activeFrom: body.activeFrom,
      note: note === '' ? null : note,
    },
    ctx.now(),
  );
  return answer(toContract(ctx.db, row, acting));
}

// ---- the company list -------------------------------------------------------------------------------

interface CompanyQuery {
  query: string;
  counterparty: number | null;
  page: number;
  pageSize: number;
}

/** The company list's query as asked, or its 400. */
function companyQueryOf(query: URLSearchParams): CompanyQuery | HandlerReply {
  const text = (query.get('query') ?? '').trim();
  if (text.length > 255) return refusal(400, NAME_TEXT);
  const counterparty = query.has('forCounterpartyCustomerId') ? idOf(query.get('forCounterpartyCustomerId')) : null;
  if (query.has('forCounterpartyCustomerId') && counterparty === null) return refusal(400, COUNTERPARTY_TEXT);
  const page = query.has('page') ? idOf(query.get('page')) : 1;
  const pageSize = query.has('pageSize') ? idOf(query.get('pageSize')) : CONTRACT_DEFAULT_PAGE_SIZE;
  if (page === null || pageSize === null || pageSize > CONTRACT_PAGE_SIZE) return refusal(400, COMPANY_PAGE_TEXT);
  return { query: text, counterparty, page, pageSize };
}

const byTitle = (a: CompanyRow, b: CompanyRow): number => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id - b.id;

// ---- the payer's identification -----------------------------------------------------------------------

/**
 * The contract of an identification call, with who the caller acts as: the caller's (404), a writer
 * (403), its payer (409), waiting for the identification (409).
 */
function payerContract(ctx: Caller, idText: string): { acting: number; row: ContractRow } | HandlerReply {
  const found = contractFor(ctx, idText);
  if (isReply(found)) return found;
  const readOnly = mayWrite(ctx, found.acting);
  if (readOnly) return readOnly;
  if (found.row.sender_id !== found.acting) return refusal(409, NOT_PAYER);
  if (!waitsForIdentification(found.row)) return refusal(409, NOT_WAITING);
  return found;
}

// ---- the handlers ---------------------------------------------------------------------------------

export const contractCreateHandlers: ServiceHandlerMap<'contracts'> = {
  contractCreate: (ctx) => {
    const acting = actingOf(ctx);
    if (isReply(acting)) return acting;
    const readOnly = mayWrite(ctx, acting);
    if (readOnly) return readOnly;
    const hash = requestHash({ request: ctx.body });
    return transaction(ctx.db, () => {
      const kept = keptReply(ctx, acting, ctx.body.requestId, hash);
      if (kept) return kept;
      const reply = create(ctx, acting);
      keep(ctx, acting, ctx.body.requestId, hash, reply);
      return reply;
    });
  },

  contractVerify: (ctx) => {
    const acting = actingOf(ctx);
    if (isReply(acting)) return acting;
    const readOnly = mayWrite(ctx, acting);
    if (readOnly) return readOnly;
    return answer({ isValid: mayMakeContract(ctx.db, acting, ctx.body.companyId, ctx.body.counterpartyId) });
  },

  companyList: (ctx) => {
    const acting = actingOf(ctx);
    if (isReply(acting)) return acting;
    const query = companyQueryOf(ctx.query);
    if (isReply(query)) return query;
    const all = companiesOfBrand(ctx.db, customerById(ctx.db, acting)?.brand ?? '');
    const inUse = query.counterparty === null ? new Set<number>() : companiesInUse(ctx.db, acting, query.counterparty);
    const part = query.query.toLocaleLowerCase('en');
    const matching = all.filter((company) => company.title.toLocaleLowerCase('en').includes(part) && !inUse.has(company.id)).sort(byTitle);
    const start = (query.page - 1) * query.pageSize;
    return answer({
      data: matching.slice(start, start + query.pageSize).map((company) => ({ id: company.id, title: company.title, logo: company.logo })),
      meta: { count: matching.length, total: all.length },
    });
  },

  customerLookup: (ctx) => {
    const acting = actingOf(ctx);
    if (isReply(acting)) return acting;
    const email = (ctx.query.get('email') ?? '').trim();
    if (email === '') return refusal(400, EMAIL_MISSING);
    if (email.length > 255 || !isEmailValid(email)) return refusal(400, EMAIL_INVALID);
    const found = customerByEmail(ctx.db, email);
    const brand = customerById(ctx.db, acting)?.brand;
    if (!found || found.brand !== brand || found.id === acting || !CONTRACT_PARTY_KINDS.includes(found.kind)) return refusal(404, NO_SUCH_CUSTOMER);
    return answer({ id: found.id, type: found.kind === 'business' ? 'BUSINESS' : 'PERSONAL' });
  },

  splitPaySignerIdentification: (ctx) =>
    transaction(ctx.db, () => {
      const found = payerContract(ctx, String(ctx.body.contractId));
      if (isReply(found)) return found;
      const provider = ctx.body.provider ?? DEFAULT_PROVIDER;
      const jobId = newIdentificationJob(ctx.db, { contractId: found.row.id, payerId: found.acting, provider, returnUrl: appReturnUrl(ctx.body.returnUrl ?? null) }, ctx.now());
      return answer({ jobId, url: `${ownOrigin(ctx.headers)}/video-identity-job/${jobId}`, provider });
    }),

  contractIdentificationStarted: (ctx) =>
    transaction(ctx.db, () => {
      const found = payerContract(ctx, ctx.params.id);
      if (isReply(found)) return found;
      return answer(toContract(ctx.db, identificationStarted(ctx.db, found.row, ctx.now()), found.acting));
    }),

  contractIdentificationPush: (ctx) =>
    transaction(ctx.db, () => {
      const found = payerContract(ctx, ctx.params.contractId);
      if (isReply(found)) return found;
      recordIdentificationPush(ctx.db, found.row.id, found.acting, ctx.now());
      return answer({ sent: true });
    }),
};
