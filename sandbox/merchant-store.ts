import { createHmac, randomBytes } from 'node:crypto';
import type { components } from '../api-schemas/generated/main.ts';
import {
  defaultLogoAfter,
  isNotified,
  STATUS_ON,
  type IpnNotifyStatusId,
  type LogoType,
  type MerchantFacts,
  type MerchantStatusId,
} from '../machines/merchant/merchant.rules.ts';
import { accessFor } from './access.ts';
import type { Db } from './db.ts';
import { fileLink, randomId } from './documents/files.ts';
import { customerById } from './kernel/customers.ts';
import { CLOSED, PAYMENT } from './kernel/ledger.ts';

/**
 * The merchant area's state (issue 55; main.yaml tag merchant): a customer's instant payment
 * notifications (ipn_messages), IPN settings and PBN setting (ipn_settings, pbn_settings), business
 * logos (merchant_logos, the bytes a kept row of files served by the documents service's
 * /files/<id> to whoever may act for the customer) and saved payment buttons (saved_buttons). The
 * calls are sandbox/handlers/merchant.ts; the seed sandbox/seed-merchant.ts; the payments that make
 * notifications, the sender and its sink are the control API's (sandbox/control.ts).
 *
 * Secrets are kept as issued, not hashed: the IPN secret signs every notification posted
 * (X-Signature: sha256=<HMAC-SHA256 of the body>), so the service must be able to use it; a reply
 * shows only its last four characters after the one that issued it.
 */

export type IpnMessage = components['schemas']['IpnMessage'];
export type IpnSettings = components['schemas']['IpnSettings'];
export type PbnSettings = components['schemas']['PbnSettings'];
export type Logo = components['schemas']['Logo'];
export type SavedButton = components['schemas']['SavedButton'];
export type PaymentStatus = IpnMessage['paymentStatus'];
export type DeliveryStatus = IpnMessage['deliveryStatus'];
export type ButtonType = SavedButton['buttonType'];

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'completed', 'failed', 'refunded'];

// ---- who ------------------------------------------------------------------------------------------

/**
 * The caller as the merchant rules see them for the acting customer: an admin; the customer
 * themselves (a person, a company's own sign-in: full unless another full-access user lowered the
 * owner's access, owner_access, then that merchant level); an authorised user of a company with the
 * merchant level of that relation; an employee for themselves (their own record holds nothing).
 */
export function merchantFactsOf(db: Db, callerId: number, acting: number): MerchantFacts {
  const caller = customerById(db, callerId);
  const access = accessFor(db, callerId, acting);
  if (!caller || caller.kind === 'admin') return { kind: 'admin', merchantLevel: access?.merchant };
  if (callerId !== acting) return { kind: 'employee', merchantLevel: access?.merchant ?? 0 };
  if (caller.kind === 'employee') return { kind: 'employee', merchantLevel: access?.merchant ?? 0 };
  if (caller.kind === 'business') {
    const lowered = db.prepare('SELECT 1 FROM owner_access WHERE company_id = ?').get(acting) !== undefined;
    return { kind: 'business', merchantLevel: lowered ? access?.merchant : undefined };
  }
  return { kind: 'personal', merchantLevel: undefined };
}

/** The currencies of the customer's open payment accounts (type 1001, not closed), each once. */
export const openCurrenciesOf = (db: Db, customerId: number): string[] =>
  (db.prepare('SELECT DISTINCT currency FROM accounts WHERE customer_id = ? AND type = ? AND status_id <> ? ORDER BY currency').all(customerId, PAYMENT, CLOSED) as { currency: string }[]).map(
    (row) => row.currency,
  );

/** A new secret: 32 url-safe characters (192 bits). */
export const newSecret = (): string => randomBytes(24).toString('base64url');

const lastFour = (secret: string | null): string | null => (secret ? secret.slice(-4) : null);
const iso = (now: number): string => new Date(now).toISOString();

// ---- IPN messages -----------------------------------------------------------------------------------

export interface IpnMessageRow {
  id: number;
  customer_id: number;
  transaction_id: number;
  created: string;
  amount: string;
  currency: string;
  payer_email: string;
  payment_status: PaymentStatus;
  notify_url: string | null;
  payload: string;
  delivery_status: DeliveryStatus;
  attempts: number;
  last_attempt_at: string | null;
  response_status: number | null;
  confirmed_at: string | null;
}

/** A message as the contract has it (main.yaml IpnMessage); `payload` only where one message is read. */
export function toIpnMessage(row: IpnMessageRow, withPayload: boolean): IpnMessage {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    createdAt: row.created,
    amount: row.amount,
    currencyCode: row.currency,
    payerEmail: row.payer_email,
    paymentStatus: row.payment_status,
    notifyUrl: row.notify_url,
    deliveryStatus: row.delivery_status,
    attempts: row.attempts,
    lastAttemptAt: row.last_attempt_at,
    responseStatus: row.response_status,
    confirmed: row.confirmed_at !== null,
    confirmedAt: row.confirmed_at,
    ...(withPayload ? { payload: row.payload } : {}),
  };
}

/** One page of the customer's messages, newest first, with how many they have. */
export function ipnMessagesOf(db: Db, customerId: number, pageNumber: number, pageSize: number): { total: number; rows: IpnMessageRow[] } {
  const { total } = db.prepare('SELECT COUNT(*) AS total FROM ipn_messages WHERE customer_id = ?').get(customerId) as { total: number };
  const rows = db
    .prepare('SELECT * FROM ipn_messages WHERE customer_id = ? ORDER BY created DESC, id DESC LIMIT ? OFFSET ?')
    .all(customerId, pageSize, (pageNumber - 1) * pageSize) as unknown as IpnMessageRow[];
  return { total, rows };
}

/** The customer's message with this id, or undefined (another customer's, or none). */
export const ipnMessage = (db: Db, customerId: number, id: number): IpnMessageRow | undefined =>
  db.prepare('SELECT * FROM ipn_messages WHERE id = ? AND customer_id = ?').get(id, customerId) as IpnMessageRow | undefined;

/** Marks a message confirmed (once: a second confirmation keeps the first time). */
export function confirmIpnMessage(db: Db, id: number, now: number): void {
  db.prepare('UPDATE ipn_messages SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL').run(iso(now), id);
}

/** What a payment's notification says (the JSON text posted to the notify address, and kept as the message's payload). */
export const ipnPayload = (message: { id: number; transactionId: number; merchantId: number; amount: string; currencyCode: string; payerEmail: string; paymentStatus: PaymentStatus; createdAt: string }): string =>
  JSON.stringify({
    notificationId: message.id,
    transactionId: message.transactionId,
    merchantId: message.merchantId,
    amount: message.amount,
    currencyCode: message.currencyCode,
    payerEmail: message.payerEmail,
    paymentStatus: message.paymentStatus,
    createdAt: message.createdAt,
  });

/** A payment's id in the merchant's records: the notification's id in a range of its own (no ledger row is made). */
export const transactionIdOf = (messageId: number): number => 70_000_000 + messageId;

export interface PaymentInput {
  amount: string;
  currencyCode: string;
  payerEmail: string;
  paymentStatus: PaymentStatus;
  createdAt: string;
}

export interface StoredDelivery {
  notifyUrl: string | null;
  deliveryStatus: DeliveryStatus;
  attempts: number;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  confirmedAt?: string | null;
}

/** Keeps a payment's notification with its delivery as given (the seed's, or notSent until the sender says); answers its id. */
export function insertIpnMessage(db: Db, customerId: number, payment: PaymentInput, delivery: StoredDelivery, id?: number): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO ipn_messages (id, customer_id, transaction_id, created, amount, currency, payer_email, payment_status, notify_url, payload, delivery_status, attempts, last_attempt_at, response_status, confirmed_at)
       VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?)`,
    )
    .run(
      id ?? null,
      customerId,
      payment.createdAt,
      payment.amount,
      payment.currencyCode,
      payment.payerEmail,
      payment.paymentStatus,
      delivery.notifyUrl,
      delivery.deliveryStatus,
      delivery.attempts,
      delivery.lastAttemptAt,
      delivery.responseStatus,
      delivery.confirmedAt ?? null,
    );
  const messageId = Number(lastInsertRowid);
  const transactionId = transactionIdOf(messageId);
  const payload = ipnPayload({ id: messageId, transactionId, merchantId: customerId, ...payment });
  db.prepare('UPDATE ipn_messages SET transaction_id = ?, payload = ? WHERE id = ?').run(transactionId, payload, messageId);
  return messageId;
}

/** Where a payment's notification goes, when it goes at all: notifications on and the payment's status notified. */
export interface IpnTarget {
  url: string;
  secret: string;
}

/**
 * A payment received by the customer (POST /__sandbox/merchant/payment): its notification kept,
 * and where it is to be posted (the sender, `sendIpn`, does that outside the database transaction
 * and `recordDelivery` keeps how it went); null when notifications are off or the status is not
 * notified (notSent, no attempt).
 */
export function recordPayment(db: Db, customerId: number, payment: PaymentInput): { id: number; target: IpnTarget | null } {
  const settings = ipnSettingsRow(db, customerId);
  const target: IpnTarget | null =
    settings && settings.status_id === STATUS_ON && settings.notify_url !== null && isNotified(settings.notify_status_id, payment.paymentStatus)
      ? { url: settings.notify_url, secret: settings.secret ?? '' }
      : null;
  const id = insertIpnMessage(db, customerId, payment, { notifyUrl: target?.url ?? null, deliveryStatus: 'notSent', attempts: 0, lastAttemptAt: null, responseStatus: null });
  return { id, target };
}

/** The signature header's value for a body: sha256=<hex HMAC-SHA256 of the body with the secret>. */
export const ipnSignature = (body: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** How long the sender waits for the notify address. */
export const IPN_TIMEOUT_MS = 3_000;

/**
 * The address the sender may call, or null: only the sandbox's own origin (http on 127.0.0.1 or
 * localhost, at the port it listens on). Anything else is never contacted: a sandbox that posted to
 * any address it was given would reach the network (and whatever listens on the machine).
 */
export function ownAddress(text: string, ownPort: number | null): URL | null {
  if (ownPort === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') || url.port !== String(ownPort) || url.username || url.password) return null;
  // The sandbox listens on 127.0.0.1 (localhost may name ::1 first).
  url.hostname = '127.0.0.1';
  return url;
}

/** Posts a notification (one attempt): the status the address answered, null when it was not called or could not be reached. */
export async function sendIpn(target: IpnTarget, body: string, ownPort: number | null): Promise<number | null> {
  const url = ownAddress(target.url, ownPort);
  if (!url) return null;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Signature': ipnSignature(body, target.secret) },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(IPN_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } catch {
    return null;
  }
}

/** Keeps how an attempt went: 2xx delivered, anything else (or nothing) failed. */
export function recordDelivery(db: Db, id: number, status: number | null, now: number): void {
  const delivered = status !== null && status >= 200 && status < 300;
  db.prepare('UPDATE ipn_messages SET delivery_status = ?, attempts = attempts + 1, last_attempt_at = ?, response_status = ? WHERE id = ?').run(delivered ? 'delivered' : 'failed', iso(now), status, id);
}

/** A message read again by id (after a change). */
export const ipnMessageById = (db: Db, id: number): IpnMessageRow => db.prepare('SELECT * FROM ipn_messages WHERE id = ?').get(id) as unknown as IpnMessageRow;

// ---- settings ------------------------------------------------------------------------------------------

interface IpnSettingsRow {
  customer_id: number;
  notify_url: string | null;
  notify_status_id: IpnNotifyStatusId;
  status_id: MerchantStatusId;
  secret: string | null;
  updated: string;
}
interface PbnSettingsRow {
  customer_id: number;
  status_id: MerchantStatusId;
  secret: string | null;
  updated: string;
}

const ipnSettingsRow = (db: Db, customerId: number): IpnSettingsRow | undefined =>
  db.prepare('SELECT * FROM ipn_settings WHERE customer_id = ?').get(customerId) as IpnSettingsRow | undefined;
const pbnSettingsRow = (db: Db, customerId: number): PbnSettingsRow | undefined =>
  db.prepare('SELECT * FROM pbn_settings WHERE customer_id = ?').get(customerId) as PbnSettingsRow | undefined;

const toIpnSettings = (row: IpnSettingsRow): IpnSettings => ({
  notifyUrl: row.notify_url,
  notifyStatusId: row.notify_status_id,
  statusId: row.status_id,
  secretLastFour: lastFour(row.secret),
  updatedAt: row.updated,
});
const toPbnSettings = (row: PbnSettingsRow): PbnSettings => ({ statusId: row.status_id, secretLastFour: lastFour(row.secret), updatedAt: row.updated });

/** The saved IPN settings, or null when none were ever saved. */
export const ipnSettingsOf = (db: Db, customerId: number): IpnSettings | null => {
  const row = ipnSettingsRow(db, customerId);
  return row ? toIpnSettings(row) : null;
};
/** The saved PBN setting, or null when none was ever saved. */
export const pbnSettingsOf = (db: Db, customerId: number): PbnSettings | null => {
  const row = pbnSettingsRow(db, customerId);
  return row ? toPbnSettings(row) : null;
};

/**
 * Saves the IPN settings: a new secret when asked for, or when notifications are turned on and
 * there is none yet; answers the settings and the new secret (null when the old one stays).
 */
export function saveIpnSettings(
  db: Db,
  customerId: number,
  values: { notifyUrl: string | null; notifyStatusId: IpnNotifyStatusId; statusId: MerchantStatusId; regenerateSecret: boolean },
  now: number,
  secret: () => string = newSecret,
): { settings: IpnSettings; secret: string | null } {
  const kept = ipnSettingsRow(db, customerId)?.secret ?? null;
  const issued = values.regenerateSecret || (values.statusId === STATUS_ON && kept === null) ? secret() : null;
  db.prepare(
    `INSERT INTO ipn_settings (customer_id, notify_url, notify_status_id, status_id, secret, updated) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (customer_id) DO UPDATE SET notify_url = excluded.notify_url, notify_status_id = excluded.notify_status_id, status_id = excluded.status_id, secret = excluded.secret, updated = excluded.updated`,
  ).run(customerId, values.notifyUrl, values.notifyStatusId, values.statusId, issued ?? kept, iso(now));
  return { settings: toIpnSettings(ipnSettingsRow(db, customerId)!), secret: issued };
}

/** Saves the PBN setting, the same way (a secret issued when asked for, or when it is turned on without one). */
export function savePbnSettings(
  db: Db,
  customerId: number,
  values: { statusId: MerchantStatusId; regenerateSecret: boolean },
  now: number,
  secret: () => string = newSecret,
): { settings: PbnSettings; secret: string | null } {
  const kept = pbnSettingsRow(db, customerId)?.secret ?? null;
  const issued = values.regenerateSecret || (values.statusId === STATUS_ON && kept === null) ? secret() : null;
  db.prepare(
    `INSERT INTO pbn_settings (customer_id, status_id, secret, updated) VALUES (?, ?, ?, ?)
     ON CONFLICT (customer_id) DO UPDATE SET status_id = excluded.status_id, secret = excluded.secret, updated = excluded.updated`,
  ).run(customerId, values.statusId, issued ?? kept, iso(now));
  return { settings: toPbnSettings(pbnSettingsRow(db, customerId)!), secret: issued };
}

/** The settings as the seed writes them (a known secret). */
export function writeSettings(db: Db, customerId: number, ipn: { notifyUrl: string | null; notifyStatusId: IpnNotifyStatusId; statusId: MerchantStatusId; secret: string | null } | null, pbn: { statusId: MerchantStatusId; secret: string | null } | null, now: number): void {
  if (ipn) {
    db.prepare('INSERT INTO ipn_settings (customer_id, notify_url, notify_status_id, status_id, secret, updated) VALUES (?, ?, ?, ?, ?, ?)').run(
      customerId,
      ipn.notifyUrl,
      ipn.notifyStatusId,
      ipn.statusId,
      ipn.secret,
      iso(now),
    );
  }
  if (pbn) db.prepare('INSERT INTO pbn_settings (customer_id, status_id, secret, updated) VALUES (?, ?, ?, ?)').run(customerId, pbn.statusId, pbn.secret, iso(now));
}

// ---- logos --------------------------------------------------------------------------------------------

export interface LogoRow {
  id: number;
  customer_id: number;
  name: string;
  is_default: number;
  file_id: string;
  mime: LogoType;
  size: number;
  created: string;
}

export const toLogo = (row: LogoRow): Logo => ({
  id: row.id,
  name: row.name,
  isDefault: row.is_default === 1,
  file: fileLink(row.file_id),
  mimeType: row.mime,
  size: row.size,
  createdAt: row.created,
});

/** The customer's logos, the default first, then newest first. */
export const logosOf = (db: Db, customerId: number): LogoRow[] =>
  db.prepare('SELECT * FROM merchant_logos WHERE customer_id = ? ORDER BY is_default DESC, created DESC, id DESC').all(customerId) as unknown as LogoRow[];

/** The customer's logo with this id, or undefined. */
export const logoOf = (db: Db, customerId: number, id: number): LogoRow | undefined =>
  db.prepare('SELECT * FROM merchant_logos WHERE id = ? AND customer_id = ?').get(id, customerId) as LogoRow | undefined;

/** Makes this logo the customer's only default. */
export const makeDefaultLogo = (db: Db, customerId: number, id: number): void =>
  void db.prepare('UPDATE merchant_logos SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE customer_id = ?').run(id, customerId);

/**
 * Keeps a logo: its bytes as a kept file (never expires; goes with the logo), the default when asked
 * or when it is the customer's first. `fileId`: the seed's own (the same address in every seed).
 */
export function insertLogo(
  db: Db,
  logo: { customerId: number; name: string; fileName: string; mime: LogoType; content: Uint8Array; isDefault: boolean; createdAt: string; now: number; id?: number; fileId?: string },
): number {
  const fileId = logo.fileId ?? randomId();
  db.prepare('INSERT INTO files (id, customer_id, name, mime, content, created, kept) VALUES (?, ?, ?, ?, ?, ?, 1)').run(fileId, logo.customerId, logo.fileName, logo.mime, logo.content, logo.now);
  const first = (db.prepare('SELECT COUNT(*) AS n FROM merchant_logos WHERE customer_id = ?').get(logo.customerId) as { n: number }).n === 0;
  const { lastInsertRowid } = db
    .prepare('INSERT INTO merchant_logos (id, customer_id, name, is_default, file_id, mime, size, created) VALUES (?, ?, ?, 0, ?, ?, ?, ?)')
    .run(logo.id ?? null, logo.customerId, logo.name, fileId, logo.mime, logo.content.length, logo.createdAt);
  const id = Number(lastInsertRowid);
  if (first || logo.isDefault) makeDefaultLogo(db, logo.customerId, id);
  return id;
}

/** Deletes a logo and its file; the buttons that showed it show none; when it was the default, the newest remaining one is. */
export function deleteLogo(db: Db, row: LogoRow): void {
  db.prepare('UPDATE saved_buttons SET logo_id = NULL WHERE logo_id = ?').run(row.id);
  db.prepare('DELETE FROM merchant_logos WHERE id = ?').run(row.id);
  db.prepare('DELETE FROM files WHERE id = ?').run(row.file_id);
  const remaining = logosOf(db, row.customer_id).map((logo) => ({ id: logo.id, isDefault: logo.is_default === 1, createdAt: logo.created }));
  const next = defaultLogoAfter(remaining);
  if (next !== null) makeDefaultLogo(db, row.customer_id, next);
}

// ---- saved buttons -----------------------------------------------------------------------------------------

export interface SavedButtonRow {
  id: number;
  customer_id: number;
  name: string;
  button_type: ButtonType;
  item_name: string;
  amount: string | null;
  currency: string;
  logo_id: number | null;
  return_url: string | null;
  cancel_url: string | null;
  created: string;
  updated: string;
}

export const toSavedButton = (row: SavedButtonRow): SavedButton => ({
  id: row.id,
  name: row.name,
  buttonType: row.button_type,
  itemName: row.item_name,
  amount: row.amount,
  currencyCode: row.currency,
  logoId: row.logo_id,
  returnUrl: row.return_url,
  cancelUrl: row.cancel_url,
  createdAt: row.created,
  updatedAt: row.updated,
});

/** The customer's buttons, newest first. */
export const buttonsOf = (db: Db, customerId: number): SavedButtonRow[] =>
  db.prepare('SELECT * FROM saved_buttons WHERE customer_id = ? ORDER BY created DESC, id DESC').all(customerId) as unknown as SavedButtonRow[];

/** The customer's button with this id, or undefined. */
export const buttonOf = (db: Db, customerId: number, id: number): SavedButtonRow | undefined =>
  db.prepare('SELECT * FROM saved_buttons WHERE id = ? AND customer_id = ?').get(id, customerId) as SavedButtonRow | undefined;

/** A button's values as they are kept (trimmed; empty addresses null). */
export interface ButtonFields {
  name: string;
  buttonType: ButtonType;
  itemName: string;
  amount: string | null;
  currencyCode: string;
  logoId: number | null;
  returnUrl: string | null;
  cancelUrl: string | null;
}

/** Keeps a new button; answers its id. */
export function insertButton(db: Db, customerId: number, fields: ButtonFields, at: string, id?: number): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO saved_buttons (id, customer_id, name, button_type, item_name, amount, currency, logo_id, return_url, cancel_url, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(id ?? null, customerId, fields.name, fields.buttonType, fields.itemName, fields.amount, fields.currencyCode, fields.logoId, fields.returnUrl, fields.cancelUrl, at, at);
  return Number(lastInsertRowid);
}

/** Changes a button's values. */
export function updateButton(db: Db, id: number, fields: ButtonFields, at: string): void {
  db.prepare('UPDATE saved_buttons SET name = ?, button_type = ?, item_name = ?, amount = ?, currency = ?, logo_id = ?, return_url = ?, cancel_url = ?, updated = ? WHERE id = ?').run(
    fields.name,
    fields.buttonType,
    fields.itemName,
    fields.amount,
    fields.currencyCode,
    fields.logoId,
    fields.returnUrl,
    fields.cancelUrl,
    at,
    id,
  );
}

// ---- everything of a customer ------------------------------------------------------------------------------------

/** Forgets a customer's merchant data (their logos' files with them): before the seed's come back (POST /__sandbox/sign-in-state). */
export function removeMerchantData(db: Db, customerId: number): void {
  const files = (db.prepare('SELECT file_id FROM merchant_logos WHERE customer_id = ?').all(customerId) as { file_id: string }[]).map((row) => row.file_id);
  db.prepare('DELETE FROM saved_buttons WHERE customer_id = ?').run(customerId);
  db.prepare('DELETE FROM merchant_logos WHERE customer_id = ?').run(customerId);
  for (const id of files) db.prepare('DELETE FROM files WHERE id = ?').run(id);
  for (const table of ['ipn_messages', 'ipn_settings', 'pbn_settings']) db.prepare(`DELETE FROM ${table} WHERE customer_id = ?`).run(customerId);
}
