import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { units } from './kernel/money.ts';
import { isCryptoCode } from '../machines/shared/crypto-currencies.ts';
import { centsText, generateAuthorizations, generateBatches, generateHistory, historyCount, UNITS_PER_CENT } from './seed-history.ts';

/**
 * The money side of the demo data (spec 001 s3): accounts, recent transactions and announcements.
 * `rich` customers (personal@ and business@) get every kind of account in USD, EUR, RON and a
 * crypto currency, a closed account, pending amounts, cards, recent p2p transfers (one disabled),
 * a recent wire, announcements with and without a required choice, wire and EFT templates and a
 * confirmed external card (card payouts); the others get three payment accounts;
 * `empty` customers get nothing (home's empty state). `cards` (cards@) has a card in every status
 * (docs/decisions.md "Cards") and two external cards; `one-card` (one-card@) has a single card.
 * `history` (history@) has two years of transactions (100,000 on brand1, sandbox/seed-history.ts),
 * a debit card with authorisations, and batches; business@ has a few batches too. Every open
 * payment account in a bank currency has its payment instruction. Amounts are decimal strings,
 * never floats; transactions also keep theirs as an exact integer of 10^-8 units (amount_units).
 */
export type AccountSet = 'rich' | 'basic' | 'empty' | 'cards' | 'one-card' | 'history';

/** ISO 13616 check digits of an IBAN from its country and BBAN (mod 97 of the rearranged digits). */
export function iban(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = String(98n - (BigInt(digits) % 97n)).padStart(2, '0');
  return `${country}${check}${bban}`;
}

/**
 * How to pay into a payment account from a bank: a US-style account number for USD (and other
 * non-European currencies), an IBAN for EUR (German-style) and RON (Romanian-style).
 */
function instructionOf(accountId: number, currency: string): { number: string; swift: string } {
  const digits = String(accountId).padStart(10, '0');
  if (currency === 'EUR') return { number: iban('DE', `37040044${digits}`), swift: 'FDBKDEFF' };
  if (currency === 'RON') return { number: iban('RO', `FDBK${digits.padStart(16, '0')}`), swift: 'FDBKROBU' };
  return { number: `40${digits}`, swift: 'FDBKUS33' };
}

/** Card accounts are the account types 2006–2135 (spec 001 s3). */
export const isCardType = (type: number): boolean => type >= 2006 && type <= 2135;

/** A PIN anyone would guess: four equal digits, or a run up or down (0123, 1234, 9876, 3210). */
export function isObviousPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  return [0, 1, -1].some((step) => steps.every((s) => s === step));
}

/**
 * The PIN a card is issued with: four digits from a hash of its account id, so a seeded card has
 * the same PIN in every fresh sandbox; never an obvious one.
 */
export function issuedPin(accountId: number): string {
  for (let round = 0; ; round += 1) {
    const pin = String(createHash('sha256').update(`card-pin:${accountId}:${round}`).digest().readUInt32BE(0) % 10_000).padStart(4, '0');
    if (!isObviousPin(pin)) return pin;
  }
}

/** Card numbers of 16 digits or more: the first 6 and last 4, `•` between; shorter ones as typed. */
export const maskCardNumber = (digits: string): string =>
  digits.length >= 16 ? `${digits.slice(0, 6)}${'•'.repeat(digits.length - 10)}${digits.slice(-4)}` : digits;

/** What the sandbox keeps of an external card's number (to refuse adding it twice): its SHA-256. */
export const cardNumberHash = (digits: string): string => createHash('sha256').update(digits).digest('hex');

/**
 * The small amount "charged" to an added external card, which confirming it asks for: 1.10–1.99
 * USD from the card's id: 1 and then 10 + (id mod 90) cents, e.g. card 7 → 1.17 (this rule is for
 * the demo-user notes in docs/demo-users.md: a demo user has no bank statement to read the amount from).
 */
export const verificationAmount = (cardId: number): string => `1.${String(10 + (cardId % 90))}`;

/** Adds an external card (ids follow the highest one, so a fresh seed always gives the same ids). */
export function insertExternalCard(
  db: DatabaseSync,
  customerId: number,
  card: { digits: string; brand: string | null; month: number; year: number; holder: string; confirmed?: boolean },
): number {
  const { next } = db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM external_cards').get() as { next: number };
  db.prepare(
    `INSERT INTO external_cards (id, customer_id, number_hash, masked, brand, expiry_month, expiry_year, holder, confirmed, attempts_left, verification_amount)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 3, ?)`,
  ).run(next, customerId, cardNumberHash(card.digits), maskCardNumber(card.digits), card.brand, card.month, card.year, card.holder, card.confirmed ? 1 : 0, verificationAmount(next));
  return next;
}

interface Ids {
  account: number;
  transaction: number;
  announcement: number;
  authorization: number;
  batch: number;
  instruction: number;
}

/** Where each kind of seeded row starts numbering (ids follow, so a fresh seed gives the same ids). */
export const ID_FLOORS: Ids = { account: 50_000, transaction: 900_000, announcement: 70_000, authorization: 80_000, batch: 60_000, instruction: 90_000 };

export function accountSeeder(db: DatabaseSync, start: Ids = ID_FLOORS) {
  const insertAccount = db.prepare(`INSERT INTO accounts
    (id, customer_id, type, sub_type, status_id, currency, balance, balance_min, pending, card_is_virtual, card_alias, card_expiry_month, card_expiry_year, card_reissued_status_id, settlement_account_id, wallet_address, card_pin, card_express, card_network)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertTransaction = db.prepare(`INSERT INTO transactions
    (id, customer_id, account_id, created, type, amount, amount_units, currency, status, counterparty, counterparty_email, permission, disabled)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertAnnouncement = db.prepare('INSERT INTO announcements (id, customer_id, text_key, created, confirmation, is_read, choice) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertAuthorization = db.prepare(
    'INSERT INTO authorizations (id, customer_id, card_account_id, settlement_account_id, created, merchant, amount, currency, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertBatch = db.prepare(
    'INSERT INTO batches (id, customer_id, name, type, created, status, payments_count, total_amount, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertInstruction = db.prepare(
    `INSERT INTO instructions (id, customer_id, account_id, bank_account_number, bank_name, beneficiary_name, swift, reference, currency, viewed)
     VALUES (?, ?, ?, ?, 'First Demo Bank', ?, ?, ?, ?, 0)`,
  );
  const insertExternal = db.prepare('INSERT INTO external_transfers (transaction_id, customer_id, type, country, currency, beneficiary) VALUES (?, ?, ?, ?, ?, ?)');
  const insertTemplate = db.prepare(
    'INSERT INTO payment_templates (customer_id, name, type, amount, currency, country, beneficiary, wire_status, eft_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const customerOf = db.prepare('SELECT kind, first_name, last_name, business_name FROM customers WHERE id = ?');
  const paymentAccountsOf = db.prepare('SELECT id, currency FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 ORDER BY id');
  const setBalance = db.prepare('UPDATE accounts SET balance = ? WHERE id = ?');
  const ids: Ids = { ...start };

  const account = (
    customerId: number,
    fields: { type?: number; subType?: string; status?: number; currency: string; balance: string; min?: string; pending?: string; virtual?: boolean; alias?: string; expiry?: [number, number]; settlement?: number; reissued?: number; network?: string },
  ) => {
    ids.account += 1;
    const card = isCardType(fields.type ?? 1001);
    insertAccount.run(
      ids.account,
      customerId,
      fields.type ?? 1001,
      fields.subType ?? null,
      fields.status ?? 1,
      fields.currency,
      fields.balance,
      fields.min ?? null,
      fields.pending ?? null,
      fields.virtual === undefined ? null : fields.virtual ? 1 : 0,
      fields.alias ?? null,
      fields.expiry?.[0] ?? null,
      fields.expiry?.[1] ?? null,
      fields.reissued ?? null,
      fields.settlement ?? null,
      null,
      // Every card has the PIN it was issued with, and a network; no express reissue yet.
      card ? issuedPin(ids.account) : null,
      card ? 0 : null,
      card ? (fields.network ?? 'VISA') : null,
    );
    return ids.account;
  };

  /**
   * cards@: a card in every status of 001 s4 (aliases are unique, so tests and demos find them by
   * name), a debit card on the USD payment account, and two external cards (one to confirm).
   */
  const cardsSet = (customerId: number, brandIndex: number) => {
    const usd = account(customerId, { currency: 'USD', balance: '5000.00' });
    account(customerId, { currency: 'EUR', balance: '1200.00' });
    const card = (alias: string, status: number, fields: { type?: number; currency?: string; balance?: string; virtual?: boolean; expiry?: [number, number]; reissued?: number; network?: string } = {}) =>
      account(customerId, {
        type: fields.type ?? 2010,
        subType: 'PREPAID',
        status,
        currency: fields.currency ?? 'USD',
        balance: fields.balance ?? '0.00',
        virtual: fields.virtual ?? false,
        alias,
        expiry: fields.expiry ?? [6, 2029],
        ...(fields.reissued !== undefined ? { reissued: fields.reissued } : {}),
        network: fields.network ?? ((fields.currency ?? 'USD') === 'EUR' ? 'MC' : 'VISA'),
      });
    card('Everyday card', 2, { balance: '820.00', expiry: [11, 2028] });
    card('Weekend card', 71, { type: 2011, balance: '50.00', expiry: [4, 2029] });
    card('Old card', 38, { type: 2012, currency: 'EUR', balance: '12.00', expiry: [10, 2026] });
    card('New card', 21, { type: 2030, expiry: [11, 2029] });
    card('Reissued card', 2, { balance: '100.00', expiry: [12, 2026], reissued: 19 });
    card('Online card', 2, { type: 2020, currency: 'EUR', balance: '75.00', virtual: true, expiry: [8, 2028] });
    card('Subscriptions card', 71, { type: 2021, balance: '10.00', virtual: true, expiry: [2, 2029] });
    const others: [string, number][] = [
      ['Fraud card', 18],
      ['Blocked card', 4],
      ['Submitted card', 0],
      ['Printing card', 19],
      ['Printed card', 20],
      ['Pending card', 23],
      ['Limited card', 27],
      ['Processing card', 41],
      ['Documents card', 65],
    ];
    for (const [alias, status] of others) card(alias, status);
    account(customerId, { type: 2040, subType: 'DEBIT', status: 2, currency: 'USD', balance: '0.00', virtual: false, alias: 'Debit card', expiry: [7, 2029], settlement: usd, network: 'MC' });
    const holder = `Ana Demo ${brandIndex}`;
    insertExternalCard(db, customerId, { digits: '4242424242424242', brand: 'VISA', month: 12, year: 2029, holder, confirmed: true });
    insertExternalCard(db, customerId, { digits: '5555555555554444', brand: 'MASTERCARD', month: 8, year: 2030, holder });
  };

  const batches = (customerId: number, count: number, months: number) =>
    generateBatches(customerId, count, months, (b) => {
      ids.batch += 1;
      insertBatch.run(ids.batch, customerId, b.name, b.type, b.created, b.status, b.paymentsCount, b.total, b.currency);
    });

  /**
   * history@: USD, EUR and RON payment accounts with two years of transactions (one prepared
   * statement, in the caller's database transaction); each balance is an opening balance plus
   * the account's completed transactions, exactly. A debit card settling to the USD account with
   * its authorisations, and batches.
   */
  const historySet = (customerId: number, brandIndex: number) => {
    const usd = account(customerId, { currency: 'USD', balance: '0.00' });
    const eur = account(customerId, { currency: 'EUR', balance: '0.00' });
    const ron = account(customerId, { currency: 'RON', balance: '0.00' });
    const accounts = [
      { id: usd, currency: 'USD' },
      { id: eur, currency: 'EUR' },
      { id: ron, currency: 'RON' },
    ] as [{ id: number; currency: string }, { id: number; currency: string }, { id: number; currency: string }];
    const sums = generateHistory(customerId, accounts, historyCount(brandIndex), (row) => {
      ids.transaction += 1;
      insertTransaction.run(ids.transaction, customerId, row.accountId, row.created, row.type, centsText(row.cents), row.cents * UNITS_PER_CENT, row.currency, row.status, row.counterparty, row.email, null, 0);
    });
    const opening: Record<string, number> = { USD: 2_500_000, EUR: 1_800_000, RON: 9_000_000 };
    for (const { id, currency } of accounts) {
      const sum = sums.get(id)!;
      // Never below the opening balance's tenth, whatever the generated flows add up to.
      const start = Math.max(opening[currency]!, opening[currency]! / 10 - sum);
      setBalance.run(centsText(start + sum), id);
    }
    const card = account(customerId, { type: 2040, subType: 'DEBIT', status: 2, currency: 'USD', balance: '0.00', virtual: false, alias: 'Debit card', expiry: [7, 2029], settlement: usd, network: 'MC' });
    generateAuthorizations(customerId, 35, 'USD', (a) => {
      ids.authorization += 1;
      insertAuthorization.run(ids.authorization, customerId, card, usd, a.created, a.merchant, centsText(a.cents), a.currency, a.status);
    });
    batches(customerId, 45, 24);
  };

  /** A payment instruction for every open payment account in a bank currency (none viewed yet). */
  const instructions = (customerId: number) => {
    const who = customerOf.get(customerId) as { first_name: string | null; last_name: string | null; business_name: string | null } | undefined;
    const beneficiary = who?.business_name ?? [who?.first_name, who?.last_name].filter(Boolean).join(' ');
    for (const { id, currency } of paymentAccountsOf.all(customerId) as { id: number; currency: string }[]) {
      if (isCryptoCode(currency)) continue;
      const { number, swift } = instructionOf(id, currency);
      ids.instruction += 1;
      insertInstruction.run(ids.instruction, customerId, id, number, beneficiary || 'Account holder', swift, `PB-${customerId}-${id}`, currency);
    }
  };

  const money = (customerId: number, set: AccountSet, brandIndex: number) => {
    if (set === 'empty') return;
    if (set === 'cards') return cardsSet(customerId, brandIndex);
    if (set === 'history') return historySet(customerId, brandIndex);
    if (set === 'one-card') {
      account(customerId, { currency: 'USD', balance: '300.00' });
      account(customerId, { type: 2010, subType: 'PREPAID', status: 2, currency: 'USD', balance: '25.00', virtual: false, alias: 'Only card', expiry: [5, 2029] });
      return;
    }
    // Slightly different figures per brand, so screenshots of two brands are told apart.
    const cents = String(brandIndex).padStart(2, '0');
    const usd = account(customerId, { currency: 'USD', balance: `12500.${cents}`, ...(set === 'rich' ? { pending: '-120.50' } : {}) });
    const eur = account(customerId, { currency: 'EUR', balance: `8300.1${brandIndex}` });
    account(customerId, { currency: 'RON', balance: '42000.00' });
    if (set !== 'rich') return;

    account(customerId, { type: 4001, currency: 'USD', balance: '-120.00', min: '-500.00' });
    account(customerId, { type: 4002, currency: 'EUR', balance: '1540.25', pending: '310.00' });
    account(customerId, { currency: 'USDT', balance: '250.12345678' });
    account(customerId, { type: 4002, status: 11, currency: 'RON', balance: '0.00' });
    account(customerId, { type: 2010, subType: 'PREPAID', status: 2, currency: 'USD', balance: '310.40', virtual: false, alias: 'Travel card', expiry: [9, 2028], settlement: usd });
    account(customerId, { type: 2020, subType: 'PREPAID', status: 71, currency: 'EUR', balance: '45.00', virtual: true, alias: 'Online shopping', expiry: [3, 2027], settlement: eur });

    const transaction = (created: string, type: string, amount: string, currency: string, status: string, counterparty: string | null, email: string | null, options: { permission?: string; disabled?: boolean; accountId?: number } = {}) => {
      ids.transaction += 1;
      insertTransaction.run(ids.transaction, customerId, options.accountId ?? (currency === 'EUR' ? eur : usd), created, type, amount, units(amount), currency, status, counterparty, email, options.permission ?? null, options.disabled ? 1 : 0);
    };
    transaction('2026-11-17T09:12:00Z', 'deposit', '2000.00', 'USD', 'completed', 'Northwind Payroll', null);
    transaction('2026-11-18T14:03:00Z', 'p2p', '-75.00', 'USD', 'completed', 'Maria Ionescu', 'maria.ionescu@example.com', { permission: '3d' });
    transaction('2026-11-18T14:03:00Z', 'fee', '-0.75', 'USD', 'completed', null, null);
    transaction('2026-11-19T08:40:00Z', 'p2p', '-20.00', 'EUR', 'completed', 'Old Contact', 'old.contact@example.com', { permission: '3d', disabled: true });
    transaction('2026-11-20T16:25:00Z', 'wire', '-1250.00', 'EUR', 'processing', 'Atelier Lumière SARL', null, { permission: '3d' });
    // The wire's country and beneficiary, so "send again" fills the external transfer form.
    insertExternal.run(ids.transaction, customerId, 'wire', 'FR', 'EUR', JSON.stringify({ beneficiaryName: 'Atelier Lumière SARL', beneficiaryAddress: '12 rue de Rivoli, 75004 Paris', iban: 'FR1420041010050500013M02606', extraParams: { purposeOfPayment: 'services' } }));
    transaction('2026-11-20T16:25:00Z', 'fee', '-12.50', 'EUR', 'completed', null, null);
    transaction('2026-11-21T10:05:00Z', 'p2p', '-40.00', 'USD', 'completed', 'Jonas Berg', 'jonas.berg@example.com', { permission: '3d' });
    transaction('2026-11-21T18:30:00Z', 'card', '-18.90', 'USD', 'completed', 'Corner Café', null);
    transaction('2026-11-22T11:00:00Z', 'p2p', '-15.00', 'USD', 'rejected', 'Sam Lee', 'sam.lee@example.com', { permission: '3d' });
    transaction('2026-11-22T12:45:00Z', 'p2p', '150.00', 'USD', 'completed', 'Maria Ionescu', 'maria.ionescu@example.com');

    const announcement = (key: string, created: string, confirmation: boolean, read: boolean) => {
      ids.announcement += 1;
      insertAnnouncement.run(ids.announcement, customerId, key, created, confirmation ? 1 : 0, read ? 1 : 0, null);
    };
    announcement('feesUpdate', '2026-11-22T08:00:00Z', true, false);
    announcement('newCards', '2026-11-19T08:00:00Z', false, false);
    announcement('maintenance', '2026-11-10T08:00:00Z', false, true);
    // Preapproved (recurring) payments (001 s3, s4): two to others, one between own accounts.
    const subscription = db.prepare(
      'INSERT INTO subscriptions (customer_id, kind, from_account, to_account, to_email, amount, currency, frequency, end_date, transactions, user_cancel, reference, created, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    subscription.run(customerId, 'p2p', usd, null, 'maria.ionescu@example.com', '450.00', 'USD', 'monthly', null, 12, 0, 'Rent share', '2026-09-01T09:00:00Z', 'active');
    subscription.run(customerId, 'p2p', eur, null, 'jonas.berg@example.com', '25.00', 'EUR', 'weekly', '2027-06-30', null, 0, 'Language lessons', '2026-10-05T09:00:00Z', 'active');
    subscription.run(customerId, 'ownTransfer', usd, eur, null, '100.00', 'EUR', 'monthly', null, null, 1, 'Locked savings', '2026-08-15T09:00:00Z', 'active');
    if ((customerOf.get(customerId) as { kind: string } | undefined)?.kind === 'business') batches(customerId, 8, 8);

    // External transfers (sandbox/handlers/external.ts): two usable templates and an unusable
    // one (001 s3: status 1 or 2 is usable), and a confirmed card at another bank for card payouts.
    const template = (name: string, type: 'wire' | 'eft', country: string, currency: string, amount: string | null, status: number, beneficiary: Record<string, unknown>) =>
      insertTemplate.run(customerId, name, type, amount, currency, country, JSON.stringify(beneficiary), type === 'wire' ? status : null, type === 'eft' ? status : null);
    template('Rent – Lisbon', 'wire', 'PT', 'EUR', '850.00', 1, {
      beneficiaryName: 'Maria Ferreira',
      beneficiaryAddress: 'Rua Augusta 100, Lisboa',
      iban: 'PT50000201231234567890154',
      extraParams: { purposeOfPayment: 'family' },
    });
    template('Old supplier', 'wire', 'DE', 'EUR', null, 3, { beneficiaryName: 'Alte Firma GmbH', beneficiaryAddress: 'Hauptstraße 1, Berlin', iban: 'DE89370400440532013000' });
    // Branch 001 is Mizuho's Tokyo Head Office in the sandbox's branch list.
    template('Tokyo office', 'eft', 'JP', 'JPY', null, 2, { beneficiaryName: 'Sato Kenji', bankCode: '0001', branchCode: '001', accountNumber: '1234567', extraParams: { accountType: 'futsu' } });
    const who = customerOf.get(customerId) as { first_name: string | null; last_name: string | null; business_name: string | null };
    const holder = who.business_name ?? [who.first_name, who.last_name].filter(Boolean).join(' ');
    insertExternalCard(db, customerId, { digits: '4111111111111111', brand: 'VISA', month: 10, year: 2029, holder, confirmed: true });
  };

  return (customerId: number, set: AccountSet, brandIndex: number) => {
    money(customerId, set, brandIndex);
    instructions(customerId);
  };
}

/**
 * Gives one customer their seeded accounts, activity, announcements, external cards, templates,
 * external transfers, authorisations, batches and payment instructions again, and forgets their PIN requests, kept
 * replies of idempotent submits, exports, files, sent e-mails and a company's transaction requests (new ids after the highest ones), so an end-to-end test that adds a currency or answers an announcement can run
 * again, or be retried, against the same sandbox without touching anyone else. (The seeded requests
 * of business@ come back with sandbox/seed-requests.ts, which /__sandbox/customer-money calls after this.)
 */
export function reseedMoney(db: DatabaseSync, customerId: number, set: AccountSet, brandIndex: number): void {
  const max = (table: string, floor: number) => (db.prepare(`SELECT COALESCE(MAX(id), ${floor}) AS id FROM ${table}`).get() as { id: number }).id;
  const tables = [
    'transaction_requests',
    'outbox',
    'files',
    'exports',
    'instructions',
    'batches',
    'authorizations',
    'idempotent_replies',
    'approvals',
    'subscriptions',
    'external_transfers',
    'payment_templates',
    'pin_operations',
    'external_cards',
    'announcements',
    'transactions',
    'accounts',
  ];
  for (const table of tables) db.prepare(`DELETE FROM ${table} WHERE customer_id = ?`).run(customerId);
  accountSeeder(db, {
    account: max('accounts', ID_FLOORS.account),
    transaction: max('transactions', ID_FLOORS.transaction),
    announcement: max('announcements', ID_FLOORS.announcement),
    authorization: max('authorizations', ID_FLOORS.authorization),
    batch: max('batches', ID_FLOORS.batch),
    instruction: max('instructions', ID_FLOORS.instruction),
  })(customerId, set, brandIndex);
}
