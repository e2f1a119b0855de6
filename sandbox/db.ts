import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { seed } from './seed.ts';

/**
 * The sandbox's state: node:sqlite (no native build), WAL, STRICT tables, money as exact decimal
 * text (never floats). Restarting keeps the data; `reset` drops everything and re-seeds.
 * Cards keep their PIN (card_pin), express reissue flag (card_express) and network; external
 * cards keep only a hash of the number and its masked form, never the full number.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY,
  brand TEXT NOT NULL,
  login TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  kind TEXT NOT NULL,
  first_name TEXT, last_name TEXT, business_name TEXT,
  auth_flow TEXT NOT NULL,
  migration TEXT NOT NULL,
  terms_pending INTEGER NOT NULL,
  permissions TEXT NOT NULL,
  profile TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS accounts (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  type INTEGER NOT NULL,
  sub_type TEXT,
  status_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  balance TEXT NOT NULL,
  balance_min TEXT,
  pending TEXT,
  card_is_virtual INTEGER,
  card_alias TEXT,
  card_expiry_month INTEGER,
  card_expiry_year INTEGER,
  card_reissued_status_id INTEGER,
  settlement_account_id INTEGER,
  wallet_address TEXT,
  card_pin TEXT,
  card_express INTEGER,
  card_network TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS transactions (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  account_id INTEGER NOT NULL,
  created TEXT NOT NULL,
  type TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL,
  counterparty TEXT,
  counterparty_email TEXT,
  permission TEXT,
  disabled INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE TABLE IF NOT EXISTS announcements (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  text_key TEXT NOT NULL,
  created TEXT NOT NULL,
  confirmation INTEGER NOT NULL,
  is_read INTEGER NOT NULL DEFAULT 0,
  choice TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS refresh_tokens (
  hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  family TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  used_at INTEGER,
  revoked INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE TABLE IF NOT EXISTS devices (
  id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  code TEXT NOT NULL,
  type TEXT NOT NULL,
  location TEXT,
  last_activity_at TEXT,
  push_token TEXT,
  secret TEXT,
  linked INTEGER NOT NULL,
  approved INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS pending_logins (
  key TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  flow TEXT NOT NULL,
  code TEXT NOT NULL,
  challenge TEXT,
  otp TEXT,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS external_cards (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  number_hash TEXT NOT NULL,
  masked TEXT NOT NULL,
  brand TEXT,
  expiry_month INTEGER NOT NULL,
  expiry_year INTEGER NOT NULL,
  holder TEXT NOT NULL,
  confirmed INTEGER NOT NULL DEFAULT 0,
  attempts_left INTEGER NOT NULL,
  verification_amount TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS pin_operations (
  operation_id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  created INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS idempotent_replies (
  customer_id INTEGER NOT NULL,
  request_id TEXT NOT NULL,
  method TEXT NOT NULL,
  reply TEXT NOT NULL,
  PRIMARY KEY (customer_id, request_id)
) STRICT;
CREATE TABLE IF NOT EXISTS login_failures (
  login TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_start INTEGER NOT NULL,
  locked_until INTEGER
) STRICT;
`;

/** Bump when SCHEMA or the seed's shape changes: older sandbox databases are rebuilt. */
const SCHEMA_VERSION = 8;

export type Db = DatabaseSync;

export function openDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;');
  // A database from an older sandbox (another schema version) is rebuilt from the seed.
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (version !== SCHEMA_VERSION) {
    db.exec('DROP TABLE IF EXISTS idempotent_replies; DROP TABLE IF EXISTS pin_operations; DROP TABLE IF EXISTS external_cards; DROP TABLE IF EXISTS announcements; DROP TABLE IF EXISTS transactions; DROP TABLE IF EXISTS login_failures; DROP TABLE IF EXISTS pending_logins; DROP TABLE IF EXISTS refresh_tokens; DROP TABLE IF EXISTS devices; DROP TABLE IF EXISTS accounts; DROP TABLE IF EXISTS customers;');
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  }
  db.exec(SCHEMA);
  const count = db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number };
  if (count.n === 0) transaction(db, () => seed(db));
  return db;
}

export function resetDb(db: Db): void {
  transaction(db, () => {
    db.exec('DELETE FROM idempotent_replies; DELETE FROM pin_operations; DELETE FROM external_cards; DELETE FROM announcements; DELETE FROM transactions; DELETE FROM login_failures; DELETE FROM pending_logins; DELETE FROM refresh_tokens; DELETE FROM devices; DELETE FROM accounts; DELETE FROM customers;');
    seed(db);
  });
}

/** node:sqlite has no transaction helper: BEGIN IMMEDIATE … COMMIT, ROLLBACK on error. */
export function transaction<T>(db: Db, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
