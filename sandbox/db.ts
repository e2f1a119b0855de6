import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The sandbox's state: node:sqlite (no native build), WAL, STRICT tables, money as exact decimal
 * text (never floats). Restarting keeps the data; `reset` drops everything and re-seeds.
 * Cards keep their PIN (card_pin), express reissue flag (card_express) and network; external
 * cards keep only a hash of the number and its masked form, never the full number. Transactions
 * also keep their amount as an exact integer of 10^-8 units (amount_units) for filters and sums.
 * The history area adds card authorisations, batches, exports, generated files (30
 * minutes), payment instructions and the outbox of e-mails the sandbox "sent". External transfers
 * keep their country, the currency they arrive in and the beneficiary (JSON) per transaction id
 * (external_transfers); wire and EFT templates keep theirs in payment_templates. A business's
 * transfers created by a user who may only initiate wait as transaction_requests (sandbox/requests.ts)
 * with the work an approval would hold; an approval held for someone acting for a customer keeps
 * who confirms it (approvals.caller_id). Global pay batches (sandbox/handlers/global-pay.ts) keep
 * their payments (amounts and fees as exact text, the allowed methods as JSON, each payment's
 * processing start and what it debited) and the recipients' receive links. An e-mail of the outbox
 * may carry the link it sends (an activation link); registrations keep each create account's
 * requestId with the customer it created (sandbox/handlers/registration.ts). Identity checks
 * (sandbox/handlers/identity.ts) keep the provider's workflow runs (the SDK token hashed) and video
 * identity jobs with the customer, the app's origin to return to and the provider's decision.
 * A company's representatives certify through the secret of their link (representative_secrets:
 * the company, the person, their personal certification as JSON once given, when). Who may act for
 * a company is authorized_users: a user, a company, the access right chosen for them and their
 * permissions by area (sandbox/access.ts). Security settings (issue 49, sandbox/handlers/settings.ts)
 * keep each customer's two-step verification mode (customers.two_step_mode), the codes waiting to
 * confirm a change or a re-authentication (settings_changes: a new password only as its hash), the
 * re-authentication proofs (hashed, per user and session) and the QR codes' deeplinks (120 s, once).
 * The security lists (issue 50, sandbox/handlers/security-lists.ts): the allowed IP list's mode
 * (customers.access_ip_mode) and entries (access_ips, canonical addresses), the payout blacklist
 * (payout_blacklist, e-mails lower-cased, with what each blocks), the sign-ins (login_history) and
 * the notification settings (notification_settings, one row a key). Invoices (issue 51,
 * sandbox/invoice-store.ts, sandbox/handlers/invoices.ts): one row each, seen by its payee (null:
 * the service itself) and its payer, with both parties' names and e-mails as sent, the amount as
 * exact text and units, the fee once paid, the status, the notes, and while a business approver has
 * to decide its payment the held p2p row (pending_transaction_id). Company (issue 52,
 * sandbox/handlers/company.ts): the customers each admin administers (admin_customers: an admin
 * acts only for those, sandbox/access.ts) and the admin documents on a customer's file
 * (admin_documents: the bytes are a kept row of files, which never expires and goes only with its
 * document: a trigger keeps it from any other delete). The company's own file (issue 53,
 * sandbox/company-file-store.ts, sandbox/handlers/company-file.ts): one row per business customer
 * (company_files: its registration facts, addresses, corporate, additional and source-of-wealth
 * documents, financial details and due-diligence answers, the statements it signs and its
 * representatives' addresses, as JSON), written by the seed or made from the customer's row the
 * first time it is read. The company's people and access (issue 54, sandbox/company-people-store.ts,
 * sandbox/permission-changes.ts): its representatives (company_people, each as JSON), the owner's
 * own access once another full-access user changed it (owner_access), each authorised user's
 * permission flags and the version of their access (authorized_users.flags, .version), and the
 * changes of who may do what, waiting for another full-access user or decided (permission_changes).
 * The merchant area (issue 55, sandbox/merchant-store.ts, sandbox/handlers/merchant.ts): the
 * instant payment notifications of each customer's received payments (ipn_messages: the payment,
 * the JSON text posted, its delivery and its confirmation), the IPN settings and the PBN setting
 * (ipn_settings, pbn_settings: one row a customer once saved, the secret as issued: the IPN secret
 * signs what is posted), the business logos (merchant_logos: name, the default, the bytes a kept
 * row of files held like an admin document's) and the saved payment buttons (saved_buttons: the
 * amount as exact text, the logo they show until it is deleted); what the sandbox's IPN sink
 * received (ipn_sink, POST /__sandbox/ipn-sink/<name>). Merchant tools, 2 of 2 (issue 56,
 * sandbox/merchant-checks-store.ts, sandbox/handlers/merchant-checks.ts): the subscriptions payers
 * took out with a merchant and their installments (merchant_subscriptions, merchant_installments:
 * amounts as exact text), the identity verification checks a merchant ran with the fee charged
 * (merchant_identity_checks) and what providers reported about payers' e-mails, for every merchant
 * alike (reputation_entries, the e-mail lower-cased). (`subscriptions` and `identity_checks` were
 * taken: a customer's own preapproved payments and KYC identity checks.) The public API area
 * (sandbox/public-api-store.ts, sandbox/handlers/public-api.ts; tables pa_*): a customer's webhooks
 * (pa_webhooks: the signing secret as issued, the rotated one while it still signs), API keys
 * (pa_api_keys: a SHA-256 hash of the secret and its last four, never the secret; a roll's expiry
 * and successor), allowed IP ranges (pa_allowed_ips), the log of the requests made with the keys
 * (pa_api_requests), the events and their deliveries to the webhooks with each attempt
 * (pa_events, pa_webhook_requests, pa_delivery_attempts), and the sandbox's webhook sink
 * (pa_webhook_sink, pa_sink_modes). Smart contracts (sandbox/contracts-store.ts,
 * sandbox/handlers/contracts.ts; tables ct_*): the companies whose revenue is split (ct_companies,
 * with their logos), the contracts between a sender and a beneficiary with their status, the
 * payer's identification, both signatures, the dates, a termination, each side's signer and
 * obligations (ct_contracts), the signing page's one-time tokens, hashed (ct_sign_tokens), the
 * payer's video identification jobs (ct_identification_jobs) and the identification pushes to the
 * payer's phone (ct_identification_pushes). Support tickets (issue 60, sandbox/support-store.ts,
 * sandbox/handlers/helpdesk.ts, sandbox/handlers/support.ts; tables hd_*): the help desk's contact
 * of each customer who called it (hd_contacts), their tickets with the custom read-at field
 * (hd_tickets), the tickets' threads (hd_threads), the uploads and attachments with their bytes
 * (hd_files) and the first reply of each create or reply requestId (hd_kept_replies).
 */
/**
 * The history's indexes, built after a bulk seed. Newest first per customer and per account, with
 * status and amount_units riding along at the end, so counts by status or direction and the
 * summary's sums are answered from the index alone (no lookup of 100,000 rows); the texts a
 * keyword searches (a scan of the index instead of the table: about 4 times faster); the
 * counterparty e-mail (exact, any case).
 */
const TRANSACTION_INDEX_NAMES = ['transactions_by_customer', 'transactions_by_account', 'transactions_by_text', 'transactions_by_email'];
const TRANSACTION_INDEXES = `
CREATE INDEX IF NOT EXISTS transactions_by_customer ON transactions (customer_id, created DESC, id DESC, status, amount_units);
CREATE INDEX IF NOT EXISTS transactions_by_account ON transactions (customer_id, account_id, created DESC, id DESC, status, amount_units);
CREATE INDEX IF NOT EXISTS transactions_by_text ON transactions (customer_id, type, counterparty, counterparty_email);
CREATE INDEX IF NOT EXISTS transactions_by_email ON transactions (customer_id, counterparty_email COLLATE NOCASE) WHERE counterparty_email IS NOT NULL;
`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY,
  brand TEXT NOT NULL,
  login TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  kind TEXT NOT NULL,
  first_name TEXT, last_name TEXT, business_name TEXT,
  auth_flow TEXT NOT NULL,
  -- login2faMode (000 s3): the sign-in's second factor, set from the settings (issue 49)
  two_step_mode TEXT NOT NULL DEFAULT 'no' CHECK (two_step_mode IN ('no', 'sms', 'otp', 'push')),
  -- the allowed IP list (issue 50): on, sign-in only from an address of access_ips
  access_ip_mode TEXT NOT NULL DEFAULT 'off' CHECK (access_ip_mode IN ('on', 'off')),
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
  amount_units INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL,
  counterparty TEXT,
  counterparty_email TEXT,
  permission TEXT,
  disabled INTEGER NOT NULL DEFAULT 0,
  reference TEXT,
  note TEXT,
  invoice_id INTEGER
) STRICT;
${TRANSACTION_INDEXES}
CREATE TABLE IF NOT EXISTS authorizations (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  card_account_id INTEGER NOT NULL,
  settlement_account_id INTEGER NOT NULL,
  created TEXT NOT NULL,
  merchant TEXT,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS authorizations_by_settlement ON authorizations (customer_id, settlement_account_id, created DESC, id DESC);
CREATE TABLE IF NOT EXISTS batches (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  created TEXT NOT NULL,
  status TEXT NOT NULL,
  payments_count INTEGER NOT NULL,
  total_amount TEXT NOT NULL,
  currency TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS exports (
  id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  type TEXT NOT NULL,
  request TEXT NOT NULL,
  created INTEGER NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  file_id TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS files (
  id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  mime TEXT NOT NULL,
  content BLOB NOT NULL,
  created INTEGER NOT NULL,
  -- 1: kept until removed (an admin document's file); 0: a generated file, gone after 30 minutes
  kept INTEGER NOT NULL DEFAULT 0 CHECK (kept IN (0, 1))
) STRICT;
CREATE TABLE IF NOT EXISTS instructions (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  account_id INTEGER NOT NULL,
  bank_account_number TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  beneficiary_name TEXT NOT NULL,
  swift TEXT NOT NULL,
  reference TEXT NOT NULL,
  currency TEXT NOT NULL,
  viewed INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  created INTEGER NOT NULL,
  link TEXT,
  code TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS registrations (
  request_id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  created INTEGER NOT NULL
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
  revoked INTEGER NOT NULL DEFAULT 0,
  -- when this token was issued (idle expiry) and when its session signed in (absolute expiry), ms
  issued INTEGER NOT NULL,
  family_started INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS refresh_tokens_family ON refresh_tokens (family);
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
  resends INTEGER NOT NULL DEFAULT 0,
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
  -- sha256 of the request (body and files): the same id with other details is refused
  body_hash TEXT NOT NULL,
  reply TEXT NOT NULL,
  PRIMARY KEY (customer_id, request_id)
) STRICT;
CREATE TABLE IF NOT EXISTS payment_templates (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  to_email TEXT,
  amount TEXT,
  currency TEXT,
  note TEXT,
  country TEXT,
  beneficiary TEXT,
  wire_status INTEGER,
  eft_status INTEGER,
  UNIQUE (customer_id, type, name)
) STRICT;
CREATE TABLE IF NOT EXISTS external_transfers (
  transaction_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  country TEXT NOT NULL,
  currency TEXT NOT NULL,
  beneficiary TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS subscriptions (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  from_account INTEGER NOT NULL,
  to_account INTEGER,
  to_email TEXT,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  frequency TEXT NOT NULL,
  end_date TEXT,
  transactions INTEGER,
  user_cancel INTEGER NOT NULL,
  reference TEXT,
  created TEXT NOT NULL,
  status TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS approvals (
  operation_id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  caller_id INTEGER,
  transaction_id INTEGER,
  approve_type TEXT NOT NULL,
  code TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  resends INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  work TEXT NOT NULL,
  created TEXT NOT NULL,
  -- The confirmation that ended it (the code and the reply it had), so a repeat answers the same.
  confirmed_code TEXT,
  confirm_reply TEXT,
  -- Why it failed (a wrong code too many, or the work refused), for approvalStatus.
  reason TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS transaction_requests (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  created_by INTEGER NOT NULL REFERENCES customers(id),
  created TEXT NOT NULL,
  transaction_type TEXT NOT NULL,
  grouped TEXT NOT NULL,
  amount TEXT NOT NULL,
  fee TEXT NOT NULL,
  currency TEXT NOT NULL,
  account_id INTEGER NOT NULL,
  beneficiary TEXT NOT NULL,
  count INTEGER,
  batch_id INTEGER,
  held_transaction_id INTEGER,
  work TEXT NOT NULL,
  status TEXT NOT NULL,
  decided_by INTEGER REFERENCES customers(id),
  decided TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS transaction_requests_by_customer ON transaction_requests (customer_id, created DESC, id DESC);
CREATE TABLE IF NOT EXISTS global_pay_batches (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  account_id INTEGER NOT NULL,
  batch_name TEXT NOT NULL,
  status TEXT NOT NULL,
  created TEXT NOT NULL,
  submitted TEXT,
  content_key TEXT NOT NULL,
  request_ids TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS global_pay_batches_by_content ON global_pay_batches (customer_id, content_key);
CREATE TABLE IF NOT EXISTS global_pay_payments (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES global_pay_batches(id),
  line INTEGER,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  beneficiary_type TEXT NOT NULL,
  beneficiary_name TEXT NOT NULL,
  beneficiary_email TEXT NOT NULL,
  beneficiary_country_code TEXT NOT NULL,
  fee_share TEXT NOT NULL,
  payment_methods TEXT NOT NULL,
  status TEXT NOT NULL,
  fee TEXT NOT NULL,
  received_by TEXT,
  failure_reason TEXT,
  processing_since TEXT,
  debited TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS global_pay_payments_by_batch ON global_pay_payments (batch_id, id);
CREATE TABLE IF NOT EXISTS global_pay_links (
  id TEXT PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES global_pay_payments(id),
  created TEXT NOT NULL,
  expires TEXT NOT NULL,
  used_at TEXT,
  method TEXT,
  details TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS global_pay_links_by_payment ON global_pay_links (payment_id);
CREATE TABLE IF NOT EXISTS recovery_tasks (
  task_id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers(id),
  status TEXT NOT NULL,
  email_id TEXT,
  code TEXT,
  code_expires INTEGER,
  tries INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  requester TEXT NOT NULL DEFAULT 'local'
) STRICT;
CREATE TABLE IF NOT EXISTS identity_checks (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  token_hash TEXT,
  return_origin TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  created INTEGER NOT NULL,
  decided INTEGER
) STRICT;
CREATE TABLE IF NOT EXISTS representative_secrets (
  secret TEXT PRIMARY KEY,
  brand TEXT NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  person_id INTEGER NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  certification TEXT,
  used_at INTEGER
) STRICT;
CREATE TABLE IF NOT EXISTS authorized_users (
  user_id INTEGER NOT NULL REFERENCES customers(id),
  company_id INTEGER NOT NULL REFERENCES customers(id),
  access_rights INTEGER NOT NULL,
  permissions TEXT NOT NULL,
  -- the user's permission flags for this company (main.yaml PermissionFlags, JSON); null: the company's own (issue 54)
  flags TEXT,
  -- goes up with every change to this user's access (a change names the version it read: 409 otherwise)
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (user_id, company_id)
) STRICT;
CREATE TABLE IF NOT EXISTS sei_authorisations (
  id TEXT PRIMARY KEY,
  client_name TEXT NOT NULL,
  scopes TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  customer_id INTEGER REFERENCES customers(id),
  code TEXT UNIQUE
) STRICT;
CREATE TABLE IF NOT EXISTS settings_changes (
  -- the two-step change's reqId, the password change's requestKey, or a re-authentication's second step
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('twoStep', 'password', 'reauth')),
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  -- the session (refresh token family) that asked: only it may confirm
  family TEXT NOT NULL,
  code TEXT NOT NULL,
  -- where the code went (sms, otp, push) and whether the other-device page shows it
  channel TEXT NOT NULL,
  on_device INTEGER NOT NULL,
  -- what the code confirms: the mode, or the new password's hash (JSON)
  change TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('waiting', 'done', 'void')),
  attempts INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL,
  -- the confirmation that succeeded (its code), so a repeat answers the same
  confirmed_code TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS settings_changes_by_customer ON settings_changes (customer_id, kind, created);
CREATE TABLE IF NOT EXISTS reauth_proofs (
  hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  family TEXT NOT NULL,
  expires INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS deeplinks (
  token TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('approveLogin', 'linkDevice')),
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  login_key TEXT,
  created INTEGER NOT NULL,
  used_at INTEGER
) STRICT;
CREATE TABLE IF NOT EXISTS login_failures (
  login TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_start INTEGER NOT NULL,
  locked_until INTEGER
) STRICT;
CREATE TABLE IF NOT EXISTS access_ips (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  -- canonical forms (machines/settings/ip-rules.ts canonicalIp); to_ip NULL for one address
  ip TEXT NOT NULL,
  to_ip TEXT,
  created TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS access_ips_by_customer ON access_ips (customer_id, id);
CREATE TABLE IF NOT EXISTS payout_blacklist (
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  -- lower-cased
  email TEXT NOT NULL,
  block_type TEXT NOT NULL CHECK (block_type IN ('all', 'p2p', 'mass')),
  created TEXT NOT NULL,
  PRIMARY KEY (customer_id, email)
) STRICT;
CREATE TABLE IF NOT EXISTS login_history (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  at TEXT NOT NULL,
  device TEXT,
  ip TEXT,
  country_code TEXT,
  city TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS login_history_by_customer ON login_history (customer_id, at DESC, id DESC);
CREATE TABLE IF NOT EXISTS invoices (
  id INTEGER PRIMARY KEY,
  brand TEXT NOT NULL,
  -- who sent it and is paid: NULL for the service itself (a system invoice)
  payee_id INTEGER REFERENCES customers(id),
  payer_id INTEGER NOT NULL REFERENCES customers(id),
  payee_name TEXT NOT NULL,
  -- lower-cased
  payee_email TEXT NOT NULL,
  payer_name TEXT NOT NULL,
  payer_email TEXT NOT NULL,
  payee_account_id INTEGER,
  payer_account_id INTEGER,
  amount TEXT NOT NULL,
  amount_units INTEGER NOT NULL,
  currency TEXT NOT NULL,
  fee TEXT NOT NULL,
  -- YYYY-MM-DD
  due_date TEXT NOT NULL,
  sent TEXT NOT NULL,
  updated TEXT NOT NULL,
  status_id INTEGER NOT NULL CHECK (status_id IN (1, 2, 3, 4)),
  note TEXT,
  rejection_note TEXT,
  is_funding INTEGER NOT NULL CHECK (is_funding IN (0, 1)),
  is_system INTEGER NOT NULL CHECK (is_system IN (0, 1)),
  pending_transaction_id INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS invoices_by_payer ON invoices (payer_id, sent DESC, id DESC);
CREATE INDEX IF NOT EXISTS invoices_by_payee ON invoices (payee_id, sent DESC, id DESC);
CREATE TABLE IF NOT EXISTS notification_settings (
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  identified TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value IN (0, 1)),
  grp TEXT NOT NULL,
  PRIMARY KEY (customer_id, identified)
) STRICT;
CREATE TABLE IF NOT EXISTS admin_customers (
  admin_id INTEGER NOT NULL REFERENCES customers(id),
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  PRIMARY KEY (admin_id, customer_id)
) STRICT;
CREATE TABLE IF NOT EXISTS admin_documents (
  -- never an id a removed document had (AUTOINCREMENT); from 40001 (sandbox/handlers/company.ts)
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  -- the bytes: a kept row of files
  file_id TEXT NOT NULL REFERENCES files(id),
  file_name TEXT NOT NULL,
  mime TEXT NOT NULL CHECK (mime IN ('application/pdf', 'image/jpeg', 'image/png')),
  size INTEGER NOT NULL,
  assigned_at TEXT NOT NULL,
  -- the admin's login
  assigned_by TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS admin_documents_by_customer ON admin_documents (customer_id, assigned_at DESC, id DESC);
-- The company's own file (issue 53): one per business customer, the file as JSON (sandbox/company-file-store.ts CompanyFile).
CREATE TABLE IF NOT EXISTS company_files (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id),
  data TEXT NOT NULL,
  -- when it last changed (ISO)
  updated TEXT NOT NULL
) STRICT;
-- The company's people (issue 54; 002 s7 Business lists): representatives by id within the company,
-- the person as JSON (sandbox/company-people-store.ts CompanyPerson).
CREATE TABLE IF NOT EXISTS company_people (
  company_id INTEGER NOT NULL REFERENCES customers(id),
  id INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (company_id, id)
) STRICT;
-- The owner's own access to their company when another full-access user changed it (issue 54); none: full.
CREATE TABLE IF NOT EXISTS owner_access (
  company_id INTEGER PRIMARY KEY REFERENCES customers(id),
  access_rights INTEGER NOT NULL,
  permissions TEXT NOT NULL,
  flags TEXT,
  version INTEGER NOT NULL DEFAULT 1
) STRICT;
-- Permission changes waiting for another full-access user or decided (issue 54, an extension).
CREATE TABLE IF NOT EXISTS permission_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES customers(id),
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  author_id INTEGER NOT NULL REFERENCES customers(id),
  -- what it changes (JSON: targetUserId, representativeId, emailId, before, after, the target's version)
  data TEXT NOT NULL,
  created TEXT NOT NULL,
  decided TEXT,
  decided_by INTEGER,
  failure_reason TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS permission_changes_by_company ON permission_changes (company_id, created DESC);
-- The company's e-mails (issue 54; 002 s7 Company emails).
CREATE TABLE IF NOT EXISTS company_emails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id INTEGER NOT NULL REFERENCES customers(id),
  email TEXT NOT NULL,
  is_primary INTEGER NOT NULL DEFAULT 0,
  confirmed INTEGER NOT NULL DEFAULT 0,
  code TEXT,
  code_sent TEXT,
  code_failures INTEGER NOT NULL DEFAULT 0,
  UNIQUE (company_id, email)
) STRICT;
-- The analytics collector (002 s9 events; POST /analytics/events, issue 52): what the app reported.
CREATE TABLE IF NOT EXISTS analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received INTEGER NOT NULL,
  at INTEGER NOT NULL,
  event TEXT NOT NULL,
  props TEXT NOT NULL,
  -- the test that sent it (X-Sandbox-Scope), so tests in parallel read only their own
  scope TEXT,
  -- the browser's random analytics id (issue 61), when the batch carried one
  anonymous_id TEXT
);

-- The merchant area (issue 55): instant payment notifications, one a payment received, newest first per customer.
CREATE TABLE IF NOT EXISTS ipn_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  transaction_id INTEGER NOT NULL,
  created TEXT NOT NULL,
  -- exact decimal text
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  payer_email TEXT NOT NULL,
  payment_status TEXT NOT NULL CHECK (payment_status IN ('pending', 'completed', 'failed', 'refunded')),
  -- where it was posted (the settings' address then); NULL when notifications were off
  notify_url TEXT,
  -- the JSON text posted (signed with the IPN secret: X-Signature)
  payload TEXT NOT NULL,
  delivery_status TEXT NOT NULL CHECK (delivery_status IN ('delivered', 'failed', 'notSent')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_attempt_at TEXT,
  response_status INTEGER,
  confirmed_at TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS ipn_messages_by_customer ON ipn_messages (customer_id, created DESC, id DESC);
-- The IPN settings a customer saved (none: the defaults of 001 s9); the secret as issued (it signs the posts).
CREATE TABLE IF NOT EXISTS ipn_settings (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id),
  notify_url TEXT,
  notify_status_id INTEGER NOT NULL CHECK (notify_status_id IN (1, 2)),
  status_id INTEGER NOT NULL CHECK (status_id IN (1, 2)),
  secret TEXT,
  updated TEXT NOT NULL
) STRICT;
-- The payment button notification setting a customer saved (none: off, no secret).
CREATE TABLE IF NOT EXISTS pbn_settings (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id),
  status_id INTEGER NOT NULL CHECK (status_id IN (1, 2)),
  secret TEXT,
  updated TEXT NOT NULL
) STRICT;
-- Business logos: exactly one default while a customer has any; the bytes a kept row of files.
CREATE TABLE IF NOT EXISTS merchant_logos (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  is_default INTEGER NOT NULL CHECK (is_default IN (0, 1)),
  file_id TEXT NOT NULL REFERENCES files(id),
  mime TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
  size INTEGER NOT NULL,
  created TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS merchant_logos_by_customer ON merchant_logos (customer_id, is_default DESC, created DESC, id DESC);
-- Saved payment buttons; logo_id goes back to NULL when the logo is deleted.
CREATE TABLE IF NOT EXISTS saved_buttons (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  button_type TEXT NOT NULL CHECK (button_type IN ('buyNow', 'donate')),
  item_name TEXT NOT NULL,
  -- exact decimal text; NULL: the payer chooses (donate)
  amount TEXT,
  currency TEXT NOT NULL,
  logo_id INTEGER REFERENCES merchant_logos(id),
  return_url TEXT,
  cancel_url TEXT,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS saved_buttons_by_customer ON saved_buttons (customer_id, created DESC, id DESC);
-- What the sandbox's IPN sink received (POST /__sandbox/ipn-sink/<name>), with what it answered.
CREATE TABLE IF NOT EXISTS ipn_sink (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  received INTEGER NOT NULL,
  headers TEXT NOT NULL,
  body TEXT NOT NULL,
  status INTEGER NOT NULL
) STRICT;
-- Merchant tools, 2 of 2 (issue 56, sandbox/merchant-checks-store.ts). The subscriptions payers took
-- out with a merchant (not the customer's own preapproved payments: those are subscriptions), with
-- the amount as exact text; next_payment_at kept in step with the first scheduled installment.
CREATE TABLE IF NOT EXISTS merchant_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  payer_name TEXT NOT NULL,
  payer_email TEXT NOT NULL,
  item_name TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  frequency TEXT NOT NULL CHECK (frequency IN ('weekly', 'monthly', 'yearly')),
  status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'completed')),
  started TEXT NOT NULL,
  next_payment_at TEXT,
  -- NULL: it runs until cancelled
  installments_total INTEGER,
  cancelled_at TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS merchant_subscriptions_by_customer ON merchant_subscriptions (customer_id, started DESC, id DESC);
-- A subscription's installments, numbered from 1; due_date a day (YYYY-MM-DD).
CREATE TABLE IF NOT EXISTS merchant_installments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id INTEGER NOT NULL REFERENCES merchant_subscriptions(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  due_date TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('paid', 'failed', 'scheduled', 'cancelled')),
  paid_at TEXT,
  UNIQUE (subscription_id, number)
) STRICT;
-- The identity verification checks a merchant ran (not the customer's own KYC checks: those are
-- identity_checks), with the fee charged as exact text; account_id names the paying account
-- without a reference (a customer's accounts are re-seeded by POST /__sandbox/customer-money).
CREATE TABLE IF NOT EXISTS merchant_identity_checks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  account_id INTEGER NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  country_code TEXT NOT NULL,
  reference TEXT,
  status TEXT NOT NULL CHECK (status IN ('invited', 'inProgress', 'approved', 'declined', 'expired')),
  fee_amount TEXT NOT NULL,
  fee_currency TEXT NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS merchant_identity_checks_by_customer ON merchant_identity_checks (customer_id, created DESC, id DESC);
-- What payment providers reported about payers' e-mails (global: any merchant looks up); the e-mail in lower case.
CREATE TABLE IF NOT EXISTS reputation_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  event_type TEXT NOT NULL CHECK (event_type IN ('chargeback', 'fraudReport', 'refundRequest', 'completedPayment', 'accountClosed')),
  reported_at TEXT NOT NULL,
  amount TEXT,
  currency TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS reputation_entries_by_email ON reputation_entries (email, reported_at DESC, id DESC);
-- The public API area (sandbox/public-api-store.ts, sandbox/handlers/public-api.ts). Times are ISO
-- text (UTC, milliseconds), so they sort as they read. A webhook's signing secret is kept as issued
-- (it signs every delivery); after a rotation the old one signs beside it until
-- previous_secret_expires_at.
CREATE TABLE IF NOT EXISTS pa_webhooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_expires_at TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS pa_webhooks_by_customer ON pa_webhooks (customer_id, created_at, id);
-- API keys: only a SHA-256 hash of the secret and its last four are kept, never the secret. A rolled
-- key has expires_at and rolled_to_id (the key made in its place; no reference: either may go first).
CREATE TABLE IF NOT EXISTS pa_api_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  secret_hash TEXT NOT NULL UNIQUE,
  secret_last_four TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  last_used_at TEXT,
  rolled_to_id INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS pa_api_keys_by_customer ON pa_api_keys (customer_id, created_at, id);
-- The addresses a customer's keys may be used from: one address (ip_to NULL) or a range, canonical.
CREATE TABLE IF NOT EXISTS pa_allowed_ips (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  ip_from TEXT NOT NULL,
  ip_to TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS pa_allowed_ips_by_customer ON pa_allowed_ips (customer_id, created_at, id);
-- The requests made with a customer's keys (the key's id and name as they were: a deleted key's stay).
CREATE TABLE IF NOT EXISTS pa_api_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  api_key_id INTEGER NOT NULL,
  api_key_name TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  response_status INTEGER NOT NULL,
  ip_address TEXT NOT NULL,
  created_at TEXT NOT NULL,
  duration_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS pa_api_requests_by_customer ON pa_api_requests (customer_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS pa_api_requests_by_key ON pa_api_requests (customer_id, api_key_id, created_at DESC, id DESC);
-- The events posted to a customer's webhooks (their id is the payload's evt_<id>).
CREATE TABLE IF NOT EXISTS pa_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  type TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
-- Webhook requests (deliveries): one per event and webhook that was on, with the webhook's name and
-- address as they were (a deleted webhook's stay), the JSON text posted, when the next automatic
-- attempt is due (NULL: none) and how many automatic attempts were made (a resend is not counted).
CREATE TABLE IF NOT EXISTS pa_webhook_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  webhook_id INTEGER NOT NULL,
  webhook_name TEXT NOT NULL,
  url TEXT NOT NULL,
  event_type TEXT NOT NULL CHECK (event_type IN ('transfer.incoming', 'ipn.created', 'webhook.ping')),
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL,
  next_attempt_at TEXT,
  automatic_attempts INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX IF NOT EXISTS pa_webhook_requests_by_customer ON pa_webhook_requests (customer_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS pa_webhook_requests_due ON pa_webhook_requests (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
-- Each attempt of a delivery: when, what the address answered (NULL: not reached, not in time, or
-- not contacted), how long it took, the start of the answer, whether it was a resend.
CREATE TABLE IF NOT EXISTS pa_delivery_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  webhook_request_id INTEGER NOT NULL REFERENCES pa_webhook_requests(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  response_status INTEGER,
  duration_ms INTEGER NOT NULL,
  response_excerpt TEXT,
  manual INTEGER NOT NULL CHECK (manual IN (0, 1))
) STRICT;
CREATE INDEX IF NOT EXISTS pa_delivery_attempts_by_request ON pa_delivery_attempts (webhook_request_id, id);
-- The webhook sink (POST /__sandbox/webhook-sink/<name>): what it received, and how each sink answers.
CREATE TABLE IF NOT EXISTS pa_webhook_sink (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  received INTEGER NOT NULL,
  headers TEXT NOT NULL,
  body TEXT NOT NULL,
  status INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS pa_sink_modes (
  name TEXT PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('ok', 'fail', 'timeout'))
) STRICT;
-- Smart (revenue-split) contracts (sandbox/contracts-store.ts, sandbox/handlers/contracts.ts). The
-- companies whose revenue a contract splits (a brand's; the logo a data: URL); a contract between a
-- sender (the payer) and a beneficiary (who receives the percentage, exact decimal text), its status,
-- the payer's identification, each side's signature, the dates it runs (YYYY-MM-DD, the service's
-- UTC day; active_to NULL: until ended) and a termination (when it takes effect, the note, who
-- asked); times are ISO text (UTC, milliseconds). A signing page's one-time token is kept hashed.
-- A created contract keeps each side's signer name and obligations (a JSON array of text; NULL only
-- on a seed written before they existed). The payer's video identification jobs (the provider's
-- page, /video-identity-job/<id>) and the identification pushes to the payer's phone (the other
-- device's page) go with their contract.
CREATE TABLE IF NOT EXISTS ct_companies (
  id INTEGER PRIMARY KEY,
  brand TEXT NOT NULL,
  title TEXT NOT NULL,
  logo TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS ct_contracts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  status TEXT NOT NULL CHECK (status IN ('UNSIGNED', 'WAITING', 'NEED_IDENTIFICATION', 'SIGNED', 'ACTIVE', 'TERMINATING', 'EXPIRED', 'TERMINATED', 'CANCELLED', 'REJECTED')),
  identification_status TEXT NOT NULL CHECK (identification_status IN ('NEW', 'PROCESSING', 'SUCCESS', 'FAILED')),
  percentage TEXT NOT NULL,
  initiator_id INTEGER NOT NULL REFERENCES customers(id),
  sender_id INTEGER NOT NULL REFERENCES customers(id),
  beneficiary_id INTEGER NOT NULL REFERENCES customers(id),
  sender_signed_at TEXT,
  beneficiary_signed_at TEXT,
  company_id INTEGER NOT NULL REFERENCES ct_companies(id),
  note TEXT,
  active_from TEXT NOT NULL,
  active_to TEXT,
  terminated_at TEXT,
  terminate_note TEXT,
  terminated_by INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sender_signer_name TEXT,
  beneficiary_signer_name TEXT,
  sender_obligations TEXT,
  beneficiary_obligations TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS ct_contracts_by_sender ON ct_contracts (sender_id, created_at);
CREATE INDEX IF NOT EXISTS ct_contracts_by_beneficiary ON ct_contracts (beneficiary_id, created_at);
CREATE TABLE IF NOT EXISTS ct_sign_tokens (
  token_hash TEXT PRIMARY KEY,
  contract_id INTEGER NOT NULL REFERENCES ct_contracts(id) ON DELETE CASCADE,
  signer_id INTEGER NOT NULL REFERENCES customers(id),
  return_url TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS ct_identification_jobs (
  id TEXT PRIMARY KEY,
  contract_id INTEGER NOT NULL REFERENCES ct_contracts(id) ON DELETE CASCADE,
  payer_id INTEGER NOT NULL REFERENCES customers(id),
  provider TEXT NOT NULL CHECK (provider IN ('jmo', 'nfd')),
  return_url TEXT,
  status TEXT NOT NULL CHECK (status IN ('open', 'passed', 'failed')),
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS ct_identification_pushes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contract_id INTEGER NOT NULL REFERENCES ct_contracts(id) ON DELETE CASCADE,
  payer_id INTEGER NOT NULL REFERENCES customers(id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'passed', 'failed')),
  created_at TEXT NOT NULL
) STRICT;

-- Support tickets (sandbox/support-store.ts, sandbox/handlers/helpdesk.ts, sandbox/handlers/support.ts;
-- tables hd_*): the help desk's contact of a customer (its login e-mail and display name), a
-- contact's tickets (a number per brand's desk, the desk's status, the other fields as JSON by
-- apiName, the custom read-at field), their threads (AGENT or END_USER, whom each is addressed to,
-- the whole text), the uploads and attachments with their bytes (thread_id NULL: an upload waiting
-- for its ticket or reply) and the first reply of each requestId of a contact. Times are ISO text.
CREATE TABLE IF NOT EXISTS hd_contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL UNIQUE REFERENCES customers(id),
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS hd_tickets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id INTEGER NOT NULL REFERENCES hd_contacts(id),
  brand TEXT NOT NULL,
  number INTEGER NOT NULL,
  subject TEXT NOT NULL,
  department_id TEXT NOT NULL,
  status TEXT NOT NULL,
  fields TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (brand, number)
) STRICT;
CREATE INDEX IF NOT EXISTS hd_tickets_by_contact ON hd_tickets (contact_id, updated_at);
CREATE TABLE IF NOT EXISTS hd_threads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id INTEGER NOT NULL REFERENCES hd_tickets(id) ON DELETE CASCADE,
  author_type TEXT NOT NULL CHECK (author_type IN ('AGENT', 'END_USER')),
  author_name TEXT NOT NULL,
  to_address TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS hd_threads_by_ticket ON hd_threads (ticket_id, created_at);
CREATE TABLE IF NOT EXISTS hd_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id INTEGER NOT NULL REFERENCES hd_contacts(id),
  thread_id INTEGER REFERENCES hd_threads(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL,
  content BLOB NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS hd_files_by_thread ON hd_files (thread_id);
CREATE INDEX IF NOT EXISTS hd_files_by_contact ON hd_files (contact_id, created_at);
CREATE TABLE IF NOT EXISTS hd_kept_replies (
  contact_id INTEGER NOT NULL REFERENCES hd_contacts(id),
  request_id TEXT NOT NULL,
  operation TEXT NOT NULL,
  -- sha256 of the call (its path's ids and body): the same requestId with another body is refused
  body_hash TEXT NOT NULL,
  reply TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (contact_id, request_id)
) STRICT;

-- A kept file an admin document or a merchant's logo holds goes only with it: a sweep of a
-- customer's files (POST /__sandbox/customer-money forgets their generated files) leaves it where it is.
CREATE TRIGGER IF NOT EXISTS files_held_by_admin_documents BEFORE DELETE ON files
  WHEN OLD.kept = 1 AND EXISTS (SELECT 1 FROM admin_documents WHERE file_id = OLD.id)
  BEGIN SELECT RAISE(IGNORE); END;
CREATE TRIGGER IF NOT EXISTS files_held_by_merchant_logos BEFORE DELETE ON files
  WHEN OLD.kept = 1 AND EXISTS (SELECT 1 FROM merchant_logos WHERE file_id = OLD.id)
  BEGIN SELECT RAISE(IGNORE); END;
`;

/** Every table, those that refer to others first (the order to drop or empty them in). */
const TABLES = [
  'hd_kept_replies',
  'hd_files',
  'hd_threads',
  'hd_tickets',
  'hd_contacts',
  'ct_identification_pushes',
  'ct_identification_jobs',
  'ct_sign_tokens',
  'ct_contracts',
  'ct_companies',
  'pa_sink_modes',
  'pa_webhook_sink',
  'pa_delivery_attempts',
  'pa_webhook_requests',
  'pa_events',
  'pa_api_requests',
  'pa_allowed_ips',
  'pa_api_keys',
  'pa_webhooks',
  'reputation_entries',
  'merchant_identity_checks',
  'merchant_installments',
  'merchant_subscriptions',
  'ipn_sink',
  'saved_buttons',
  'merchant_logos',
  'pbn_settings',
  'ipn_settings',
  'ipn_messages',
  'company_emails',
  'permission_changes',
  'owner_access',
  'company_people',
  'company_files',
  'analytics_events',
  'admin_documents',
  'admin_customers',
  'invoices',
  'notification_settings',
  'login_history',
  'payout_blacklist',
  'access_ips',
  'deeplinks',
  'reauth_proofs',
  'settings_changes',
  'sei_authorisations',
  'global_pay_links',
  'global_pay_payments',
  'global_pay_batches',
  'transaction_requests',
  'identity_checks',
  'representative_secrets',
  'recovery_tasks',
  'registrations',
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
  'login_failures',
  'authorized_users',
  'pending_logins',
  'refresh_tokens',
  'devices',
  'accounts',
  'customers',
];

/** Bump when SCHEMA or the seed's shape changes: older sandbox databases are rebuilt. */
const SCHEMA_VERSION = 48;

export type Db = DatabaseSync;

/** Fills an empty database with the demo data (sandbox/seed.ts `seed`, given by whoever opens the database). */
export type Seed = (db: Db) => void;

/**
 * Opens (and creates or upgrades) the database. An empty one is filled by `seed` when one is given;
 * without it the tables stay empty. db.ts does not know the seed: whoever opens a fresh database
 * (sandbox/main.ts, server.ts) gives it, so the seed's imports (handlers among them) stay above.
 */
export function openDb(path: string, seed?: Seed): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;');
  // A database from an older sandbox (another schema version) is rebuilt from the seed.
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (version !== SCHEMA_VERSION) {
    db.exec(TABLES.map((table) => `DROP TABLE IF EXISTS ${table};`).join(' '));
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  }
  db.exec(SCHEMA);
  const count = db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number };
  if (count.n === 0 && seed) {
    transaction(db, () => seedAll(db, seed));
    freshSeeds.set(db, writeMark(db));
  }
  return db;
}

/**
 * Empties every table and seeds again. A database that holds exactly a seed this connection just
 * wrote (nothing changed since, here or in another connection: `--reset` right after a first
 * open) is left as it is, so a fresh start does not seed twice.
 */
export function resetDb(db: Db, seed: Seed): void {
  if (freshSeeds.get(db) === writeMark(db)) return;
  // Without foreign-key checks SQLite empties a whole table at once instead of row by row
  // (the truncate optimisation); every table is emptied, so nothing can be left dangling.
  db.exec('PRAGMA foreign_keys = OFF');
  try {
    transaction(db, () => {
      db.exec(TABLES.map((table) => `DELETE FROM ${table};`).join(' '));
      seedAll(db, seed);
    });
  } finally {
    db.exec('PRAGMA foreign_keys = ON');
  }
  freshSeeds.set(db, writeMark(db));
}

/** Connections whose database is exactly the seed they wrote, by the write mark at that moment. */
const freshSeeds = new WeakMap<Db, string>();

/** Rows changed by this connection and the data version (bumped by other connections' commits). */
function writeMark(db: Db): string {
  const { changes } = db.prepare('SELECT total_changes() AS changes').get() as { changes: number };
  const { data_version: version } = db.prepare('PRAGMA data_version').get() as { data_version: number };
  return `${changes}:${version}`;
}

/** The seed, with the history's indexes built once after the rows are in (faster than row by row). */
function seedAll(db: Db, seed: Seed): void {
  db.exec(TRANSACTION_INDEX_NAMES.map((name) => `DROP INDEX IF EXISTS ${name};`).join(' '));
  seed(db);
  db.exec(TRANSACTION_INDEXES);
}

/**
 * node:sqlite has no transaction helper: BEGIN IMMEDIATE … COMMIT, ROLLBACK on error. Inside a
 * transaction already (the seed submits its transaction requests through the handlers) the work
 * joins it: the outer one commits, or rolls everything back.
 */
export function transaction<T>(db: Db, work: () => T): T {
  if (db.isTransaction) return work();
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
