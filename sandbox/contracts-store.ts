import { createHash, randomBytes } from 'node:crypto';
import type { components } from '../api-schemas/generated/contracts.ts';
import { isFinalStatus, nextStatus, waitsForIdentification as waitsFor, type ContractAction, type ContractEvent, type ContractStatus } from '../machines/contracts/contract.rules.ts';
import type { Db } from './db.ts';
import { brandConfig } from './handlers/registration.ts';
import { customerById, type CustomerRow } from './kernel/customers.ts';

/**
 * Smart (revenue-split) contracts' state (sandbox/handlers/contracts.ts; api-schemas/contracts.yaml),
 * moved only by the app's rules (machines/contracts/contract.rules.ts `nextStatus`). The seed is
 * sandbox/seed-contracts.ts; the control API (sandbox/control.ts contractRoutes) moves the clock,
 * decides the payer's identification, signs as the other party and serves the signing page.
 *
 *   ct_companies    the companies whose revenue a contract splits (a brand's), with a logo (a data: URL).
 *   ct_contracts    a contract: sender (the payer) and beneficiary (who receives `percentage` of the
 *                   company's revenue, exact decimal text), who initiated it, its status, the payer's
 *                   identification (NEW, PROCESSING, SUCCESS, FAILED), when each side signed, the
 *                   dates it runs (YYYY-MM-DD; active_to NULL: until it is ended), and a termination
 *                   under way or done: when it takes effect, the note, who asked for it.
 *                   Each side's signer (the person who signs for the party) and obligations (a
 *                   JSON array of text), as the contract's creator wrote them (issue 59).
 *   ct_sign_tokens  a signing page's one-time token (a SHA-256 hash of it), for one signer and
 *                   contract, with the app's address to come back to; it lives SIGN_TOKEN_TTL_MS.
 *   ct_identification_jobs    the payer's video identification with a provider (jmo or nfd): a
 *                   random id (its page is /video-identity-job/<id>), the app's address to come
 *                   back to, open until the page decides it (passed or failed).
 *   ct_identification_pushes  an identification sent to the payer's phone (the sandbox's
 *                   other-device page shows it with Pass and Fail), pending until decided.
 *
 * Time: a contract's days are the service's, in UTC (activeFrom has come when it is today or
 * earlier; activeTo is over the day after). What time has done is applied before a contract is read
 * or acted on (applyTime): SIGNED reaches activeFrom → ACTIVE; ACTIVE or TERMINATING passes activeTo
 * → EXPIRED; TERMINATING reaches its terminatedAt → TERMINATED; always through `nextStatus` with the
 * matching event, the earliest due first.
 */

export type Contract = components['schemas']['Contract'];
export type ContractStats = components['schemas']['ContractStats'];
export type IdentificationStatus = 'NEW' | 'PROCESSING' | 'SUCCESS' | 'FAILED';
export const IDENTIFICATION_STATUSES: readonly IdentificationStatus[] = ['NEW', 'PROCESSING', 'SUCCESS', 'FAILED'];
export const isIdentificationStatus = (value: unknown): value is IdentificationStatus => typeof value === 'string' && (IDENTIFICATION_STATUSES as readonly string[]).includes(value);

const DAY = 86_400_000;
/** A termination takes effect this long after it is asked for (the notice). */
export const TERMINATION_NOTICE_MS = 30 * DAY;
/** A signing page's token lives this long on the sandbox's clock. */
export const SIGN_TOKEN_TTL_MS = 60 * 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();
/** The service's day (UTC) at an instant: YYYY-MM-DD. */
export const dayOf = (ms: number): string => iso(ms).slice(0, 10);
/** A day `days` later (earlier when negative). */
export const plusDays = (day: string, days: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY);
const startOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** Whether a brand has contracts (brands/<brand>/config.json features.contracts: brand 1 only, 000 s1). */
export const contractsOffered = (brand: string): boolean => brandConfig(brand).features.contracts === true;

// ---- rows ----------------------------------------------------------------------------------------

export interface CompanyRow {
  id: number;
  brand: string;
  title: string;
  logo: string | null;
}

export interface ContractRow {
  id: number;
  status: ContractStatus;
  identification_status: IdentificationStatus;
  percentage: string;
  initiator_id: number;
  sender_id: number;
  beneficiary_id: number;
  sender_signed_at: string | null;
  beneficiary_signed_at: string | null;
  company_id: number;
  note: string | null;
  active_from: string;
  active_to: string | null;
  terminated_at: string | null;
  terminate_note: string | null;
  terminated_by: number | null;
  created_at: string;
  updated_at: string;
  /** Who signs for each side and what each side undertakes (a JSON array of text); null on a contract made before they were kept. */
  sender_signer_name: string | null;
  beneficiary_signer_name: string | null;
  sender_obligations: string | null;
  beneficiary_obligations: string | null;
}

export const contractById = (db: Db, id: number): ContractRow | undefined => db.prepare('SELECT * FROM ct_contracts WHERE id = ?').get(id) as ContractRow | undefined;

/** A customer's contracts (as sender or beneficiary), oldest first. */
export const contractsOf = (db: Db, customerId: number): ContractRow[] =>
  db.prepare('SELECT * FROM ct_contracts WHERE sender_id = ? OR beneficiary_id = ? ORDER BY created_at, id').all(customerId, customerId) as unknown as ContractRow[];

export const companyById = (db: Db, id: number): CompanyRow | undefined => db.prepare('SELECT * FROM ct_companies WHERE id = ?').get(id) as CompanyRow | undefined;

/** A brand's companies (by id). */
export const companiesOfBrand = (db: Db, brand: string): CompanyRow[] =>
  db.prepare('SELECT * FROM ct_companies WHERE brand = ? ORDER BY id').all(brand) as unknown as CompanyRow[];

/** The companies for which these two customers have a contract that is not final (isFinalStatus), either way round. */
export function companiesInUse(db: Db, a: number, b: number): Set<number> {
  const rows = db
    .prepare('SELECT company_id, status FROM ct_contracts WHERE (sender_id = ? AND beneficiary_id = ?) OR (sender_id = ? AND beneficiary_id = ?)')
    .all(a, b, b, a) as { company_id: number; status: ContractStatus }[];
  return new Set(rows.filter((row) => !isFinalStatus(row.status)).map((row) => row.company_id));
}

/**
 * Whether the acting customer may make a contract for this company with this counterparty
 * (contractVerify, and contractCreate's 422): the company is one of the acting customer's brand;
 * the counterparty is another customer of that brand who can hold contracts (a person or a
 * business: not the acting customer, not an admin, not an authorised user, who holds nothing of
 * their own); and the two have no contract for the company that is not final.
 */
export function mayMakeContract(db: Db, actingId: number, companyId: number, counterpartyId: number): boolean {
  const acting = customerById(db, actingId);
  const company = companyById(db, companyId);
  const counterparty = customerById(db, counterpartyId);
  if (!acting || !company || !counterparty || company.brand !== acting.brand) return false;
  if (counterparty.id === acting.id || counterparty.brand !== acting.brand || !CONTRACT_PARTY_KINDS.includes(counterparty.kind)) return false;
  return !companiesInUse(db, actingId, counterpartyId).has(companyId);
}

/** The customer kinds that hold contracts (customerLookup finds only these): a person, a business. */
export const CONTRACT_PARTY_KINDS: readonly string[] = ['personal', 'business'];

/** Whether the customer is one of the contract's two parties. */
export const isPartyOf = (row: ContractRow, customerId: number): boolean => row.sender_id === customerId || row.beneficiary_id === customerId;

/** A party's name: a company's name, else the person's. */
export const partyNameOf = (c: Pick<CustomerRow, 'business_name' | 'first_name' | 'last_name' | 'login'>): string =>
  c.business_name ?? ([c.first_name, c.last_name].filter(Boolean).join(' ') || c.login);

const partyOf = (db: Db, id: number): Contract['sender'] => {
  const row = customerById(db, id);
  return { id, username: row?.login ?? '', name: row ? partyNameOf(row) : '' };
};

/** The side whose signature this customer gives, or null when they are not a party. */
const sideOf = (row: ContractRow, customerId: number): 'sender' | 'beneficiary' | null =>
  row.sender_id === customerId ? 'sender' : row.beneficiary_id === customerId ? 'beneficiary' : null;

/** Whether the customer may sign now (000 s6 checkSigner): UNSIGNED or WAITING, and their side has not signed yet. */
export function canSign(row: ContractRow, customerId: number): boolean {
  if (row.status !== 'UNSIGNED' && row.status !== 'WAITING') return false;
  const side = sideOf(row, customerId);
  return side === 'sender' ? row.sender_signed_at === null : side === 'beneficiary' ? row.beneficiary_signed_at === null : false;
}

/**
 * The contract as the viewer sees it (000 s3): `direction` PAY when they are the sender; the
 * payer's identification for the payer only; terminateInfo while a termination is under way or done.
 */
export function toContract(db: Db, row: ContractRow, viewerId: number): Contract {
  const company = companyById(db, row.company_id);
  const payer = row.sender_id === viewerId;
  return {
    id: row.id,
    status: row.status,
    identificationStatus: payer ? row.identification_status : null,
    percentage: row.percentage,
    initiatorId: row.initiator_id,
    direction: payer ? 'PAY' : 'RECEIVE',
    note: row.note,
    activeFrom: row.active_from,
    activeTo: row.active_to,
    terminateInfo:
      row.terminated_at !== null && row.terminated_by !== null ? { terminatedAt: row.terminated_at, note: row.terminate_note ?? '', terminatedBy: row.terminated_by } : null,
    updatedAt: row.updated_at,
    createdAt: row.created_at,
    company: { id: row.company_id, title: company?.title ?? '', logo: company?.logo ?? null },
    sender: partyOf(db, row.sender_id),
    beneficiary: partyOf(db, row.beneficiary_id),
  };
}

// ---- time ----------------------------------------------------------------------------------------

/** The earliest of what time has done to a contract by `now` (its instant and the rules' event), or null. */
function dueEvent(row: ContractRow, now: number): { at: number; event: ContractEvent } | null {
  const due: { at: number; event: ContractEvent }[] = [];
  if (row.status === 'SIGNED') due.push({ at: startOf(row.active_from), event: { type: 'activeFromReached' } });
  // activeTo is the last day the contract runs: it is over when the next day starts.
  if ((row.status === 'ACTIVE' || row.status === 'TERMINATING') && row.active_to !== null) due.push({ at: startOf(row.active_to) + DAY, event: { type: 'activeToReached' } });
  if (row.status === 'TERMINATING' && row.terminated_at !== null) due.push({ at: Date.parse(row.terminated_at), event: { type: 'terminationDue' } });
  const ready = due.filter((d) => d.at <= now).sort((a, b) => a.at - b.at);
  return ready[0] ?? null;
}

/** One contract moved on by time to `now` (nothing when nothing is due); answers it as it is now. */
export function applyTimeTo(db: Db, row: ContractRow, now: number): ContractRow {
  let current = row;
  for (let due = dueEvent(current, now); due; due = dueEvent(current, now)) {
    const next = nextStatus(current.status, due.event);
    if (next === null) break;
    const updatedAt = iso(Math.max(due.at, Date.parse(current.updated_at)));
    db.prepare('UPDATE ct_contracts SET status = ?, updated_at = ? WHERE id = ?').run(next, updatedAt, current.id);
    current = { ...current, status: next, updated_at: updatedAt };
  }
  return current;
}

/** Every contract of the customer moved on by time to `now`. */
export function applyTime(db: Db, customerId: number, now: number): void {
  for (const row of contractsOf(db, customerId)) if (!isFinalStatus(row.status)) applyTimeTo(db, row, now);
}

/**
 * The customer's contracts' times `days` back (the control API's clock): the dates they run, when
 * a termination takes effect, when they were made, signed and last changed. Then time is applied.
 */
export function shiftContractsClock(db: Db, customerId: number, days: number, now: number): number {
  const ms = days * DAY;
  const back = (value: string | null) => (value === null ? null : iso(Date.parse(value) - ms));
  const rows = contractsOf(db, customerId);
  for (const row of rows) {
    db.prepare(
      'UPDATE ct_contracts SET active_from = ?, active_to = ?, terminated_at = ?, created_at = ?, updated_at = ?, sender_signed_at = ?, beneficiary_signed_at = ? WHERE id = ?',
    ).run(
      plusDays(row.active_from, -days),
      row.active_to === null ? null : plusDays(row.active_to, -days),
      back(row.terminated_at),
      back(row.created_at),
      back(row.updated_at),
      back(row.sender_signed_at),
      back(row.beneficiary_signed_at),
      row.id,
    );
  }
  applyTime(db, customerId, now);
  return rows.length;
}

// ---- what the parties do -------------------------------------------------------------------------

/** A party's action other than signing, by the rules' table; null when the rules take it nowhere (stale). */
export function act(db: Db, row: ContractRow, action: Exclude<ContractAction, 'sign'>, actorId: number, now: number, note = ''): ContractRow | null {
  const next = nextStatus(row.status, { type: action });
  if (next === null) return null;
  const at = iso(now);
  if (action === 'terminate') {
    db.prepare('UPDATE ct_contracts SET status = ?, terminated_at = ?, terminate_note = ?, terminated_by = ?, updated_at = ? WHERE id = ?').run(next, iso(now + TERMINATION_NOTICE_MS), note, actorId, at, row.id);
  } else if (action === 'terminateCancel') {
    db.prepare('UPDATE ct_contracts SET status = ?, terminated_at = NULL, terminate_note = NULL, terminated_by = NULL, updated_at = ? WHERE id = ?').run(next, at, row.id);
  } else if (action === 'terminateNow') {
    db.prepare('UPDATE ct_contracts SET status = ?, terminated_at = ?, updated_at = ? WHERE id = ?').run(next, at, at, row.id);
  } else {
    db.prepare('UPDATE ct_contracts SET status = ?, updated_at = ? WHERE id = ?').run(next, at, row.id);
  }
  return contractById(db, row.id) ?? null;
}

/**
 * The signer's signature (the signing page, or the control API's): recorded on their side when
 * they may sign (canSign), and the contract moved by the rules' `sign` event: both signed or not,
 * identification needed while the payer's has not succeeded, started when activeFrom has come.
 * Null when they may not sign (nothing changes).
 */
export function sign(db: Db, row: ContractRow, signerId: number, now: number): ContractRow | null {
  const side = sideOf(row, signerId);
  if (side === null || !canSign(row, signerId)) return null;
  const otherSigned = side === 'sender' ? row.beneficiary_signed_at !== null : row.sender_signed_at !== null;
  const next = nextStatus(row.status, { type: 'sign', bothSigned: otherSigned, identificationNeeded: row.identification_status !== 'SUCCESS', started: row.active_from <= dayOf(now) });
  if (next === null) return null;
  const at = iso(now);
  db.prepare(`UPDATE ct_contracts SET status = ?, ${side === 'sender' ? 'sender_signed_at' : 'beneficiary_signed_at'} = ?, updated_at = ? WHERE id = ?`).run(next, at, at, row.id);
  return contractById(db, row.id) ?? null;
}

/**
 * The payer's identification decided (the control API): kept as given; a success moves a
 * contract waiting for it by the rules' `identified` event (ACTIVE when activeFrom has come, else SIGNED).
 */
export function identify(db: Db, row: ContractRow, outcome: IdentificationStatus, now: number): ContractRow {
  const at = iso(now);
  const next = outcome === 'SUCCESS' ? nextStatus(row.status, { type: 'identified', started: row.active_from <= dayOf(now) }) : null;
  db.prepare('UPDATE ct_contracts SET identification_status = ?, status = ?, updated_at = ? WHERE id = ?').run(outcome, next ?? row.status, at, row.id);
  return contractById(db, row.id)!;
}

/** Whether the contract waits for its payer's identification: NEED_IDENTIFICATION, and the identification has not succeeded. */
export const waitsForIdentification = (row: ContractRow): boolean => waitsFor(row.status, row.identification_status);

/**
 * The payer says their identification has started (contractIdentificationStarted): NEW or FAILED
 * becomes PROCESSING (PROCESSING stays); the status does not move.
 */
export function identificationStarted(db: Db, row: ContractRow, now: number): ContractRow {
  if (row.identification_status === 'PROCESSING') return row;
  db.prepare("UPDATE ct_contracts SET identification_status = 'PROCESSING', updated_at = ? WHERE id = ?").run(iso(now), row.id);
  return contractById(db, row.id)!;
}

/**
 * A video identification's or a push's outcome (the provider's page, the other device's page): the
 * contract moved on to now first; while it still waits for the identification, pass is SUCCESS
 * (the contract moves by the rules' `identified` event) and fail is FAILED (it keeps waiting).
 * Null when it no longer waits (identified meanwhile): nothing changes.
 */
export function decideIdentification(db: Db, row: ContractRow, outcome: IdentificationOutcome, now: number): ContractRow | null {
  const current = applyTimeTo(db, row, now);
  if (!waitsForIdentification(current)) return null;
  return identify(db, current, outcome === 'pass' ? 'SUCCESS' : 'FAILED', now);
}

// ---- creating one ---------------------------------------------------------------------------------

/** A new contract as the creator wrote it (contractCreate, its payload checked). */
export interface NewContract {
  companyId: number;
  initiatorId: number;
  senderId: number;
  beneficiaryId: number;
  senderSignerName: string;
  beneficiarySignerName: string;
  senderObligations: readonly string[];
  beneficiaryObligations: readonly string[];
  percentage: string;
  activeFrom: string;
  note: string | null;
}

/**
 * A new contract (contractCreate): UNSIGNED, nobody signed, the payer's identification NEW (each
 * contract identifies its payer, as the seed's), activeTo open (until it is ended), made now.
 */
export function createContract(db: Db, c: NewContract, now: number): ContractRow {
  const at = iso(now);
  const result = db
    .prepare(
      `INSERT INTO ct_contracts (status, identification_status, percentage, initiator_id, sender_id, beneficiary_id, sender_signed_at, beneficiary_signed_at,
         company_id, note, active_from, active_to, terminated_at, terminate_note, terminated_by, created_at, updated_at,
         sender_signer_name, beneficiary_signer_name, sender_obligations, beneficiary_obligations)
       VALUES ('UNSIGNED', 'NEW', ?, ?, ?, ?, NULL, NULL, ?, ?, ?, NULL, NULL, NULL, NULL, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      c.percentage,
      c.initiatorId,
      c.senderId,
      c.beneficiaryId,
      c.companyId,
      c.note,
      c.activeFrom,
      at,
      at,
      c.senderSignerName,
      c.beneficiarySignerName,
      JSON.stringify(c.senderObligations),
      JSON.stringify(c.beneficiaryObligations),
    );
  return contractById(db, Number(result.lastInsertRowid))!;
}

/** Each side's signer and obligations as kept (empty when a contract has none). */
export function termsOf(row: ContractRow): { senderSigner: string | null; beneficiarySigner: string | null; senderObligations: string[]; beneficiaryObligations: string[] } {
  const list = (json: string | null): string[] => {
    if (json === null) return [];
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  };
  return {
    senderSigner: row.sender_signer_name,
    beneficiarySigner: row.beneficiary_signer_name,
    senderObligations: list(row.sender_obligations),
    beneficiaryObligations: list(row.beneficiary_obligations),
  };
}

// ---- the payer's identification: jobs and pushes ---------------------------------------------------

export type IdentificationProvider = 'jmo' | 'nfd';
export const IDENTIFICATION_PROVIDERS: readonly IdentificationProvider[] = ['jmo', 'nfd'];
export type IdentificationOutcome = 'pass' | 'fail';

export interface IdentificationJobRow {
  id: string;
  contract_id: number;
  payer_id: number;
  provider: IdentificationProvider;
  return_url: string | null;
  status: 'open' | 'passed' | 'failed';
  created_at: string;
}

/** A new video identification job of the payer (16 random bytes, url-safe, after `vij_`); answers its id. */
export function newIdentificationJob(db: Db, job: { contractId: number; payerId: number; provider: IdentificationProvider; returnUrl: string | null }, now: number): string {
  const id = `vij_${randomBytes(16).toString('base64url')}`;
  db.prepare("INSERT INTO ct_identification_jobs (id, contract_id, payer_id, provider, return_url, status, created_at) VALUES (?, ?, ?, ?, ?, 'open', ?)").run(
    id,
    job.contractId,
    job.payerId,
    job.provider,
    job.returnUrl,
    iso(now),
  );
  return id;
}

/** A job by its id (undefined for anything that is not one). */
export const identificationJobById = (db: Db, id: string): IdentificationJobRow | undefined =>
  /^vij_[A-Za-z0-9_-]{10,60}$/.test(id) ? (db.prepare('SELECT * FROM ct_identification_jobs WHERE id = ?').get(id) as IdentificationJobRow | undefined) : undefined;

export const closeIdentificationJob = (db: Db, id: string, outcome: IdentificationOutcome): void =>
  void db.prepare('UPDATE ct_identification_jobs SET status = ? WHERE id = ?').run(outcome === 'pass' ? 'passed' : 'failed', id);

export interface IdentificationPushRow {
  id: number;
  contract_id: number;
  payer_id: number;
  status: 'pending' | 'passed' | 'failed';
  created_at: string;
}

/** An identification sent to the payer's phone (contractIdentificationPush). */
export const recordIdentificationPush = (db: Db, contractId: number, payerId: number, now: number): number =>
  Number(db.prepare("INSERT INTO ct_identification_pushes (contract_id, payer_id, status, created_at) VALUES (?, ?, 'pending', ?)").run(contractId, payerId, iso(now)).lastInsertRowid);

export const identificationPushById = (db: Db, id: number): IdentificationPushRow | undefined =>
  db.prepare('SELECT * FROM ct_identification_pushes WHERE id = ?').get(id) as IdentificationPushRow | undefined;

export const closeIdentificationPush = (db: Db, id: number, outcome: IdentificationOutcome): void =>
  void db.prepare('UPDATE ct_identification_pushes SET status = ? WHERE id = ?').run(outcome === 'pass' ? 'passed' : 'failed', id);

/** The pushes the other device shows (newest first): pending, on a contract that still waits for its payer's identification; `login` for one payer's. */
export function pendingIdentificationPushes(db: Db, login?: string): { id: number; contractId: number; login: string; createdAt: string }[] {
  const rows = db
    .prepare(
      `SELECT p.id, p.contract_id, c.login, p.created_at FROM ct_identification_pushes p
         JOIN ct_contracts k ON k.id = p.contract_id JOIN customers c ON c.id = p.payer_id
       WHERE p.status = 'pending' AND k.status = 'NEED_IDENTIFICATION' AND k.identification_status <> 'SUCCESS' ${login ? 'AND lower(c.login) = lower(?)' : ''}
       ORDER BY p.created_at DESC, p.id DESC LIMIT 50`,
    )
    .all(...(login ? [login] : [])) as { id: number; contract_id: number; login: string; created_at: string }[];
  return rows.map((row) => ({ id: row.id, contractId: row.contract_id, login: row.login, createdAt: row.created_at }));
}

// ---- the signing page's tokens -------------------------------------------------------------------

export interface SignTokenRow {
  token_hash: string;
  contract_id: number;
  signer_id: number;
  return_url: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new one-time token of the signing page for this signer and contract (32 random bytes, url-safe); only its hash is kept. */
export function newSignToken(db: Db, contractId: number, signerId: number, returnUrl: string | null, now: number): string {
  const token = randomBytes(32).toString('base64url');
  db.prepare('DELETE FROM ct_sign_tokens WHERE expires_at <= ?').run(iso(now));
  db.prepare('INSERT INTO ct_sign_tokens (token_hash, contract_id, signer_id, return_url, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, NULL)').run(
    hashToken(token),
    contractId,
    signerId,
    returnUrl,
    iso(now),
    iso(now + SIGN_TOKEN_TTL_MS),
  );
  return token;
}

/** The token's row while it may still be used (not used, not expired), else undefined. */
export function liveSignToken(db: Db, token: string, now: number): SignTokenRow | undefined {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = db.prepare('SELECT * FROM ct_sign_tokens WHERE token_hash = ?').get(hashToken(token)) as SignTokenRow | undefined;
  return row && row.used_at === null && Date.parse(row.expires_at) > now ? row : undefined;
}

export const useSignToken = (db: Db, row: SignTokenRow, now: number): void => void db.prepare('UPDATE ct_sign_tokens SET used_at = ? WHERE token_hash = ?').run(iso(now), row.token_hash);

// ---- the seed's writer ---------------------------------------------------------------------------

export const insertCompany = (db: Db, company: CompanyRow): void => void db.prepare('INSERT INTO ct_companies (id, brand, title, logo) VALUES (?, ?, ?, ?)').run(company.id, company.brand, company.title, company.logo);

export function insertContract(db: Db, row: ContractRow): void {
  db.prepare(
    `INSERT INTO ct_contracts (id, status, identification_status, percentage, initiator_id, sender_id, beneficiary_id, sender_signed_at, beneficiary_signed_at,
       company_id, note, active_from, active_to, terminated_at, terminate_note, terminated_by, created_at, updated_at,
       sender_signer_name, beneficiary_signer_name, sender_obligations, beneficiary_obligations)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.status,
    row.identification_status,
    row.percentage,
    row.initiator_id,
    row.sender_id,
    row.beneficiary_id,
    row.sender_signed_at,
    row.beneficiary_signed_at,
    row.company_id,
    row.note,
    row.active_from,
    row.active_to,
    row.terminated_at,
    row.terminate_note,
    row.terminated_by,
    row.created_at,
    row.updated_at,
    row.sender_signer_name,
    row.beneficiary_signer_name,
    row.sender_obligations,
    row.beneficiary_obligations,
  );
}

/**
 * A customer's contracts gone, the seeded ones and those made since (contractCreate: the creator is
 * always a party), with their signing tokens, identification jobs and pushes, and the kept replies
 * of the contractCreate submits that made them (either party's: a repeat would answer a contract
 * that is gone, so it makes a new one instead): the restore of
 * POST /__sandbox/sign-in-state.
 */
export function removeContractsOf(db: Db, customerId: number): void {
  const theirs = 'SELECT id FROM ct_contracts WHERE sender_id = ? OR beneficiary_id = ?';
  for (const table of ['ct_sign_tokens', 'ct_identification_jobs', 'ct_identification_pushes']) db.prepare(`DELETE FROM ${table} WHERE contract_id IN (${theirs})`).run(customerId, customerId);
  db.prepare(`DELETE FROM idempotent_replies WHERE method = 'contractCreate' AND json_extract(reply, '$.id') IN (${theirs})`).run(customerId, customerId);
  db.prepare('DELETE FROM ct_contracts WHERE sender_id = ? OR beneficiary_id = ?').run(customerId, customerId);
}
