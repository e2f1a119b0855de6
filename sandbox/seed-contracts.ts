import type { DatabaseSync } from 'node:sqlite';
import { isPercentage, type ContractStatus } from '../machines/contracts/contract.rules.ts';
import { contractsOffered, dayOf, insertCompany, insertContract, plusDays, removeContractsOf, type IdentificationStatus } from './contracts-store.ts';
import { BRANDS } from './demo-facts.ts';
import { customerById } from './kernel/customers.ts';

/**
 * Smart contracts as seeded (sandbox/contracts-store.ts), in the brands that have contracts (brand 1:
 * features.contracts), relative to the seed's clock (`now`; days are UTC), so a fresh seed is always
 * the same for the same clock:
 *   - 120 companies with logos (inline SVG data: URLs): the 14 the contracts are for (Aurora Media,
 *     Blue Harbor Studios, …, ids 101–114), then 106 more made from word lists (Atlas Creative 15,
 *     Beacon Media 16, …, ids 115–220), for the create page's company search and its pages.
 *   - contracts@ ("Sunrise Studio <n> Ltd", a business) has 17 contracts with contracts-person@ (Mia
 *     Rossi) and contracts-other@ (Luca Bianchi), in every status, paying (sender) and receiving
 *     (beneficiary), as initiator and as counterparty (SEEDED_CONTRACTS, ids 101 …):
 *       UNSIGNED that Mia initiated (contracts@ pays: may sign or reject), UNSIGNED contracts@
 *       initiated (may sign or cancel; Mia pays, not identified yet); WAITING for Luca's signature
 *       (contracts@ signed and pays, not identified: Luca's signature makes it NEED_IDENTIFICATION)
 *       and WAITING for contracts@'s (Luca signed; activeFrom has come: contracts@'s signature makes
 *       it ACTIVE); NEED_IDENTIFICATION with contracts@ paying (NEW) and with Mia paying
 *       (PROCESSING); SIGNED (active in 5 days); ACTIVE three (one ends in 2 days, one without an
 *       end); TERMINATING by contracts@ (in 12 days) and by Mia (in 20 days); EXPIRED; TERMINATED
 *       (by Luca, 15 days ago); CANCELLED (by contracts@); REJECTED by Mia and by contracts@. Some
 *       have notes.
 *   - Mia and Luca also have two between themselves (ACTIVE, UNSIGNED).
 *   - Every contract names who signs for each side (the party's own name: "Ana Demo 1" for
 *     contracts@'s company, Mia Rossi, Luca Bianchi) and one to three obligations a side
 *     (PAYER_OBLIGATIONS, BENEFICIARY_OBLIGATIONS), as a created one does.
 * POST /__sandbox/sign-in-state of any of the three puts back the contracts they are a party of
 * (restoreContracts), with the same ids; the ones made since (contractCreate, ids after the seed's)
 * that they are a party of go, with their identification jobs and pushes.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

export const CONTRACTS_LOCAL = 'contracts';
export const CONTRACTS_PERSON_LOCAL = 'contracts-person';
export const CONTRACTS_OTHER_LOCAL = 'contracts-other';

/** A company's logo: its initials on its colour, as an inline SVG data: URL. */
const logoOf = (initials: string, colour: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colour}"/>` +
      `<text x="32" y="41" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`,
  ).toString('base64')}`;

/** The 14 companies the seeded contracts are for. */
const CONTRACT_COMPANIES: readonly { n: number; title: string; initials: string; colour: string }[] = [
  { n: 1, title: 'Aurora Media', initials: 'AM', colour: '#6D28D9' },
  { n: 2, title: 'Blue Harbor Studios', initials: 'BH', colour: '#1D4ED8' },
  { n: 3, title: 'Cedar Lane Productions', initials: 'CL', colour: '#15803D' },
  { n: 4, title: 'Driftwood Live', initials: 'DL', colour: '#B45309' },
  { n: 5, title: 'Ember & Ash Films', initials: 'EA', colour: '#B91C1C' },
  { n: 6, title: 'Foxglove Creative', initials: 'FC', colour: '#BE185D' },
  { n: 7, title: 'Golden Hour Media', initials: 'GH', colour: '#A16207' },
  { n: 8, title: 'Helix Broadcasting', initials: 'HB', colour: '#0E7490' },
  { n: 9, title: 'Indigo Wave', initials: 'IW', colour: '#4338CA' },
  { n: 10, title: 'Juniper Streams', initials: 'JS', colour: '#047857' },
  { n: 11, title: 'Kestrel Networks', initials: 'KN', colour: '#374151' },
  { n: 12, title: 'Lumen Arcade', initials: 'LA', colour: '#7C3AED' },
  { n: 13, title: 'Moonrise Records', initials: 'MR', colour: '#1E3A8A' },
  { n: 14, title: 'Northwind Cam Studio', initials: 'NC', colour: '#9D174D' },
];

/** How many companies a brand with contracts has (more than a page of the create page's search). */
export const SEEDED_COMPANY_COUNT = 120;
const FIRST_WORDS = ['Atlas', 'Beacon', 'Copper', 'Dune', 'Echo', 'Fern', 'Granite', 'Harbor', 'Iris', 'Jade', 'Keystone', 'Lantern', 'Maple', 'Nova', 'Orchid', 'Pine', 'Quartz', 'Raven', 'Sage', 'Tidal', 'Umber', 'Vista', 'Willow', 'Yarrow', 'Zenith'];
const SECOND_WORDS = ['Creative', 'Media', 'Studios', 'Records', 'Films', 'Live', 'Networks', 'Streams'];

/**
 * Every seeded company: the 14 of the contracts, then made ones up to SEEDED_COMPANY_COUNT, each
 * "<first word> <second word> <n>" (the word lists' lengths share no factor, so no two repeat),
 * with the initials of its two words on the 14's colours in turn. The same every time.
 */
export const SEEDED_COMPANIES: readonly { n: number; title: string; initials: string; colour: string }[] = [
  ...CONTRACT_COMPANIES,
  ...Array.from({ length: SEEDED_COMPANY_COUNT - CONTRACT_COMPANIES.length }, (_, i) => {
    const n = CONTRACT_COMPANIES.length + 1 + i;
    const first = FIRST_WORDS[i % FIRST_WORDS.length]!;
    const second = SECOND_WORDS[i % SECOND_WORDS.length]!;
    return { n, title: `${first} ${second} ${n}`, initials: `${first[0]}${second[0]}`, colour: CONTRACT_COMPANIES[i % CONTRACT_COMPANIES.length]!.colour };
  }),
];

/** What the payer (sender) of a seeded contract undertakes: the first one to three of these. */
export const PAYER_OBLIGATIONS: readonly string[] = [
  "Pay the beneficiary's share of the company's revenue by the 10th of each month",
  'Send a revenue statement with every payment',
  "Give the beneficiary read access to the company's sales reports",
];
/** What the beneficiary of a seeded contract undertakes: the first one to three of these. */
export const BENEFICIARY_OBLIGATIONS: readonly string[] = [
  "Promote the company's content on the beneficiary's channels every week",
  'Keep the revenue figures confidential',
  'Credit the company in every published work',
];

/** Who: contracts@ (B), contracts-person@ (P), contracts-other@ (O). */
type Who = 'B' | 'P' | 'O';

export interface SeededContract {
  n: number;
  status: ContractStatus;
  company: number;
  percentage: string;
  initiator: Who;
  sender: Who;
  beneficiary: Who;
  identification: IdentificationStatus;
  /** Days before the seed each side signed. */
  senderSigned?: number;
  beneficiarySigned?: number;
  /** Days before the seed it was made. */
  created: number;
  /** activeFrom and activeTo as days from the seed's day (activeTo null: until ended). */
  from: number;
  to: number | null;
  note?: string;
  /** A termination: by whom, when it takes effect (days from the seed; past for a TERMINATED one), why; asked for 30 days before it takes effect. */
  termination?: { by: Who; at: number; note: string };
  /** Days before the seed it last changed (a cancel or reject); else its latest signature, termination or creation. */
  changed?: number;
}

export const SEEDED_CONTRACTS: readonly SeededContract[] = [
  { n: 1, status: 'UNSIGNED', company: 1, percentage: '12.5', initiator: 'P', sender: 'B', beneficiary: 'P', identification: 'SUCCESS', created: 2, from: 7, to: 372, note: 'Revenue share for the spring streaming season' },
  { n: 2, status: 'UNSIGNED', company: 2, percentage: '30', initiator: 'B', sender: 'P', beneficiary: 'B', identification: 'NEW', created: 1, from: 10, to: null },
  { n: 3, status: 'WAITING', company: 3, percentage: '7.25', initiator: 'B', sender: 'B', beneficiary: 'O', identification: 'NEW', senderSigned: 3, created: 4, from: 14, to: 379, note: 'Affiliate traffic from the partner network' },
  { n: 4, status: 'WAITING', company: 4, percentage: '50', initiator: 'O', sender: 'O', beneficiary: 'B', identification: 'SUCCESS', senderSigned: 5, created: 6, from: -3, to: 362 },
  { n: 5, status: 'NEED_IDENTIFICATION', company: 5, percentage: '15', initiator: 'P', sender: 'B', beneficiary: 'P', identification: 'NEW', senderSigned: 8, beneficiarySigned: 9, created: 10, from: 5, to: 370 },
  { n: 6, status: 'NEED_IDENTIFICATION', company: 6, percentage: '22.75', initiator: 'B', sender: 'P', beneficiary: 'B', identification: 'PROCESSING', senderSigned: 11, beneficiarySigned: 12, created: 13, from: -2, to: null },
  { n: 7, status: 'SIGNED', company: 7, percentage: '5', initiator: 'O', sender: 'O', beneficiary: 'B', identification: 'SUCCESS', senderSigned: 16, beneficiarySigned: 15, created: 20, from: 5, to: 185 },
  { n: 8, status: 'ACTIVE', company: 8, percentage: '40', initiator: 'B', sender: 'B', beneficiary: 'P', identification: 'SUCCESS', senderSigned: 62, beneficiarySigned: 61, created: 65, from: -60, to: 30, note: 'Co-production: the documentary series' },
  { n: 9, status: 'ACTIVE', company: 9, percentage: '10', initiator: 'P', sender: 'P', beneficiary: 'B', identification: 'SUCCESS', senderSigned: 124, beneficiarySigned: 125, created: 130, from: -120, to: null },
  { n: 10, status: 'ACTIVE', company: 10, percentage: '33.33', initiator: 'O', sender: 'O', beneficiary: 'B', identification: 'SUCCESS', senderSigned: 45, beneficiarySigned: 44, created: 50, from: -40, to: 2 },
  {
    n: 11,
    status: 'TERMINATING',
    company: 11,
    percentage: '18',
    initiator: 'O',
    sender: 'B',
    beneficiary: 'O',
    identification: 'SUCCESS',
    senderSigned: 205,
    beneficiarySigned: 206,
    created: 210,
    from: -200,
    to: null,
    termination: { by: 'B', at: 12, note: 'The campaign ended early' },
  },
  {
    n: 12,
    status: 'TERMINATING',
    company: 12,
    percentage: '60',
    initiator: 'B',
    sender: 'P',
    beneficiary: 'B',
    identification: 'SUCCESS',
    senderSigned: 95,
    beneficiarySigned: 96,
    created: 100,
    from: -90,
    to: 275,
    note: 'Studio time and channel management',
    termination: { by: 'P', at: 20, note: 'I am moving my channel to another studio' },
  },
  { n: 13, status: 'EXPIRED', company: 13, percentage: '25', initiator: 'B', sender: 'B', beneficiary: 'O', identification: 'SUCCESS', senderSigned: 415, beneficiarySigned: 414, created: 420, from: -400, to: -35 },
  {
    n: 14,
    status: 'TERMINATED',
    company: 14,
    percentage: '8.5',
    initiator: 'O',
    sender: 'O',
    beneficiary: 'B',
    identification: 'SUCCESS',
    senderSigned: 295,
    beneficiarySigned: 294,
    created: 300,
    from: -290,
    to: null,
    termination: { by: 'O', at: -15, note: 'Replaced by a new agreement' },
  },
  { n: 15, status: 'CANCELLED', company: 1, percentage: '20', initiator: 'B', sender: 'B', beneficiary: 'P', identification: 'NEW', created: 30, from: -20, to: 345, note: 'Draft with the wrong share', changed: 28 },
  { n: 16, status: 'REJECTED', company: 2, percentage: '45', initiator: 'B', sender: 'P', beneficiary: 'B', identification: 'SUCCESS', beneficiarySigned: 25, created: 25, from: -10, to: null, changed: 24 },
  { n: 17, status: 'REJECTED', company: 3, percentage: '35', initiator: 'O', sender: 'B', beneficiary: 'O', identification: 'SUCCESS', beneficiarySigned: 40, created: 40, from: -30, to: 335, changed: 38 },
  // Between Mia and Luca only (contracts@ sees neither).
  { n: 18, status: 'ACTIVE', company: 7, percentage: '15', initiator: 'P', sender: 'O', beneficiary: 'P', identification: 'SUCCESS', senderSigned: 33, beneficiarySigned: 34, created: 35, from: -30, to: 150 },
  { n: 19, status: 'UNSIGNED', company: 8, percentage: '9.5', initiator: 'O', sender: 'P', beneficiary: 'O', identification: 'NEW', created: 3, from: 20, to: null },
];

/** A seeded contract's id in a brand (the n-th of the brand's b-th offering). */
export const seededContractId = (brandIndex: number, n: number): number => (brandIndex + 1) * 100 + n;
/** A seeded company's id in a brand: 101, 102, … in the first brand (120 of them: they run past 200), 10101, … in the second. */
export const seededCompanyId = (brandIndex: number, n: number): number => brandIndex * 10_000 + 100 + n;

const iso = (ms: number): string => new Date(ms).toISOString();

function writeBrand(db: DatabaseSync, brand: string, brandIndex: number, now: number, only?: number): void {
  const idOf = (local: string) => (db.prepare('SELECT id FROM customers WHERE login = ?').get(`${local}@${brand}.test`) as { id: number } | undefined)?.id;
  const b = idOf(CONTRACTS_LOCAL);
  const p = idOf(CONTRACTS_PERSON_LOCAL);
  const o = idOf(CONTRACTS_OTHER_LOCAL);
  if (b === undefined || p === undefined || o === undefined) return;
  const who: Record<Who, number> = { B: b, P: p, O: o };
  // Who signs for each party: their own name (the business's user's for contracts@'s company).
  const signerOf = (id: number) => {
    const row = db.prepare('SELECT first_name, last_name FROM customers WHERE id = ?').get(id) as { first_name: string | null; last_name: string | null };
    return [row.first_name, row.last_name].filter(Boolean).join(' ');
  };
  const today = dayOf(now);
  // The seed's contracts are made a few hours into their day, so each sorts on its own.
  const daysAgo = (days: number, n: number) => iso(now - days * DAY - (n % 7) * HOUR);
  for (const c of SEEDED_CONTRACTS) {
    if (only !== undefined && who[c.sender] !== only && who[c.beneficiary] !== only) continue;
    if (!isPercentage(c.percentage)) throw new Error(`seed-contracts: ${c.percentage} is not a percentage`);
    const termination = c.termination ? { at: now + c.termination.at * DAY, asked: now + c.termination.at * DAY - 30 * DAY } : null;
    const signed = [c.senderSigned, c.beneficiarySigned].filter((d): d is number => d !== undefined);
    const latest =
      c.changed !== undefined
        ? daysAgo(c.changed, c.n)
        : termination
          ? iso(c.status === 'TERMINATED' ? termination.at : termination.asked)
          : signed.length > 0
            ? daysAgo(Math.min(...signed), c.n)
            : daysAgo(c.created, c.n);
    insertContract(db, {
      id: seededContractId(brandIndex, c.n),
      status: c.status,
      identification_status: c.identification,
      percentage: c.percentage,
      initiator_id: who[c.initiator],
      sender_id: who[c.sender],
      beneficiary_id: who[c.beneficiary],
      sender_signed_at: c.senderSigned === undefined ? null : daysAgo(c.senderSigned, c.n),
      beneficiary_signed_at: c.beneficiarySigned === undefined ? null : daysAgo(c.beneficiarySigned, c.n),
      company_id: seededCompanyId(brandIndex, c.company),
      note: c.note ?? null,
      active_from: plusDays(today, c.from),
      active_to: c.to === null ? null : plusDays(today, c.to),
      terminated_at: termination ? iso(termination.at) : null,
      terminate_note: c.termination?.note ?? null,
      terminated_by: c.termination ? who[c.termination.by] : null,
      created_at: daysAgo(c.created, c.n),
      updated_at: latest,
      sender_signer_name: signerOf(who[c.sender]),
      beneficiary_signer_name: signerOf(who[c.beneficiary]),
      sender_obligations: JSON.stringify(PAYER_OBLIGATIONS.slice(0, 1 + (c.n % 3))),
      beneficiary_obligations: JSON.stringify(BENEFICIARY_OBLIGATIONS.slice(0, 1 + ((c.n + 1) % 3))),
    });
  }
}

/** The companies and contracts of every brand that has contracts. */
export function seedContracts(db: DatabaseSync, now: number): void {
  BRANDS.forEach((brand, b) => {
    if (!contractsOffered(brand)) return;
    for (const company of SEEDED_COMPANIES) insertCompany(db, { id: seededCompanyId(b, company.n), brand, title: company.title, logo: logoOf(company.initials, company.colour) });
    writeBrand(db, brand, b, now);
  });
}

/**
 * A customer's contracts as seeded (POST /__sandbox/sign-in-state): theirs go, seeded or made since
 * (with their signing tokens, identification jobs and pushes: removeContractsOf); the seeded ones
 * they are a party of come back.
 */
export function restoreContracts(db: DatabaseSync, customerId: number, now: number): void {
  const row = customerById(db, customerId);
  if (!row) return;
  removeContractsOf(db, customerId);
  const b = BRANDS.findIndex((brand) => brand === row.brand);
  if (b >= 0 && contractsOffered(row.brand)) writeBrand(db, row.brand, b, now, customerId);
}
