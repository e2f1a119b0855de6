import type { DatabaseSync } from 'node:sqlite';
import { NOTIFY_EVERY_STATUS, STATUS_ON } from '../machines/merchant/merchant.rules.ts';
import { customerById } from './kernel/customers.ts';
import { insertButton, insertIpnMessage, insertLogo, removeMerchantData, writeSettings, type DeliveryStatus, type PaymentStatus } from './merchant-store.ts';

/**
 * The merchant area as seeded (issue 55; sandbox/merchant-store.ts), relative to the seed's clock
 * (`now`), so a fresh seed is always the same for the same clock. In every brand:
 *   - merchant@ ("Copper Kettle <n> Ltd") has 75 instant payment notifications (MERCHANT_IPN_COUNT:
 *     three full pages of 25) over the last 19 days, newest first: payments completed, pending,
 *     failed and refunded; the first five before notifications were on (notSent), the others posted
 *     to https://shop.example/ipn (an address the sandbox never contacts) and delivered, a few failed
 *     (a 500, or no answer), some confirmed; its IPN settings on for every status with a known
 *     secret, its PBN setting on; two logos (a PNG, the default, and a JPEG); three saved buttons.
 *   - merchant-new@ has nothing saved: the settings are null (the defaults), every list empty.
 *   - merchant-viewer@ (merchant level 1) and merchant-staff@ (level 2) are users of merchant@'s
 *     company (sandbox/seed.ts DEMO_USERS).
 * Ids are the customer's id × 1000 + n (messages), × 10 + n (logos, buttons): the same in every
 * seed and again after POST /__sandbox/sign-in-state of merchant@ (restoreMerchant); rows made
 * later take ids after every seeded one. Every other customer starts with nothing.
 */

/** The demo user whose merchant area is full (sandbox/seed.ts DEMO_USERS). */
export const MERCHANT_LOCAL = 'merchant';
export const MERCHANT_IPN_COUNT = 75;
/** Where merchant@'s notifications "went": never contacted (the sender calls only the sandbox's own origin). */
export const SEEDED_NOTIFY_URL = 'https://shop.example/ipn';
/** merchant@'s secrets in a brand (32 characters; the last four show). */
export const seededIpnSecret = (brand: string): string => `ipn-secret-${brand}-demo`.padEnd(32, 'x').slice(0, 28) + 'S3c4';
export const seededPbnSecret = (brand: string): string => `pbn-secret-${brand}-demo`.padEnd(32, 'x').slice(0, 28) + 'P8n2';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A white 1 × 1 PNG (82 bytes) and a white 1 × 1 JPEG (614 bytes): the smallest real images. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABAQMAAAAl21bKAAAAA1BMVEX///+nxBvIAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAEAAQMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APQKAP8A/9k=';
export const SEEDED_PNG = (): Uint8Array => new Uint8Array(Buffer.from(PNG_BASE64, 'base64'));
export const SEEDED_JPEG = (): Uint8Array => new Uint8Array(Buffer.from(JPEG_BASE64, 'base64'));

const STATUSES: readonly PaymentStatus[] = ['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'pending', 'pending', 'failed', 'refunded'];
const CURRENCIES = ['USD', 'EUR', 'RON'] as const;

/** Message n (1 the oldest) as seeded: its payment and its delivery. */
function seededMessage(n: number, now: number) {
  const created = now - (MERCHANT_IPN_COUNT + 1 - n) * 6 * HOUR + (n % 4) * 7 * MINUTE;
  const at = (ms: number) => new Date(ms).toISOString();
  const payment = {
    amount: `${((n * 37) % 480) + 5}.${String((n * 13) % 100).padStart(2, '0')}`,
    currencyCode: CURRENCIES[n % CURRENCIES.length]!,
    payerEmail: `payer${n}@example.com`,
    paymentStatus: STATUSES[n % STATUSES.length]!,
    createdAt: at(created),
  };
  // The first five before notifications were turned on; then delivered, but a 500 every 13th and no answer every 17th.
  const kind: DeliveryStatus = n <= 5 ? 'notSent' : n % 13 === 0 || n % 17 === 0 ? 'failed' : 'delivered';
  const delivery =
    kind === 'notSent'
      ? { notifyUrl: null, deliveryStatus: kind, attempts: 0, lastAttemptAt: null, responseStatus: null }
      : kind === 'failed'
        ? { notifyUrl: SEEDED_NOTIFY_URL, deliveryStatus: kind, attempts: 3, lastAttemptAt: at(created + 2 * HOUR), responseStatus: n % 13 === 0 ? 500 : null }
        : { notifyUrl: SEEDED_NOTIFY_URL, deliveryStatus: kind, attempts: 1, lastAttemptAt: at(created + 2_000), responseStatus: 200, confirmedAt: n % 3 === 0 ? at(created + HOUR) : null };
  return { payment, delivery };
}

/** merchant@'s logos, oldest first (the PNG is the default). */
const LOGOS = [
  { n: 1, name: 'Copper Kettle', fileName: 'copper-kettle.png', mime: 'image/png', bytes: SEEDED_PNG, daysAgo: 30, isDefault: true },
  { n: 2, name: 'Winter sale', fileName: 'winter-sale.jpg', mime: 'image/jpeg', bytes: SEEDED_JPEG, daysAgo: 10, isDefault: false },
] as const;

/** merchant@'s buttons, oldest first; logo by its n above. */
const BUTTONS = [
  { n: 1, name: 'Coffee beans 1 kg', buttonType: 'buyNow', itemName: 'Coffee beans, 1 kg', amount: '24.90', currencyCode: 'USD', logo: 1, returnUrl: 'https://shop.example/thanks', cancelUrl: 'https://shop.example/cart', daysAgo: 21 },
  { n: 2, name: 'Support the roastery', buttonType: 'donate', itemName: 'Donation', amount: null, currencyCode: 'EUR', logo: null, returnUrl: null, cancelUrl: null, daysAgo: 14 },
  { n: 3, name: 'Winter box', buttonType: 'buyNow', itemName: 'Winter tasting box', amount: '149.00', currencyCode: 'RON', logo: 2, returnUrl: 'https://shop.example/thanks', cancelUrl: null, daysAgo: 3 },
] as const;

function writeSeeded(db: DatabaseSync, customerId: number, brand: string, now: number): void {
  for (let n = 1; n <= MERCHANT_IPN_COUNT; n += 1) {
    const { payment, delivery } = seededMessage(n, now);
    insertIpnMessage(db, customerId, payment, delivery, customerId * 1000 + n);
  }
  writeSettings(
    db,
    customerId,
    { notifyUrl: SEEDED_NOTIFY_URL, notifyStatusId: NOTIFY_EVERY_STATUS, statusId: STATUS_ON, secret: seededIpnSecret(brand) },
    { statusId: STATUS_ON, secret: seededPbnSecret(brand) },
    now - 20 * 24 * HOUR,
  );
  const at = (daysAgo: number) => new Date(now - daysAgo * 24 * HOUR).toISOString();
  for (const logo of LOGOS) {
    insertLogo(db, {
      id: customerId * 10 + logo.n,
      fileId: `merchant-logo-${customerId}-${logo.n}`,
      customerId,
      name: logo.name,
      fileName: logo.fileName,
      mime: logo.mime,
      content: logo.bytes(),
      isDefault: logo.isDefault,
      createdAt: at(logo.daysAgo),
      now,
    });
  }
  for (const button of BUTTONS) {
    const { n, logo, daysAgo, ...fields } = button;
    insertButton(db, customerId, { ...fields, logoId: logo === null ? null : customerId * 10 + logo }, at(daysAgo), customerId * 10 + n);
  }
}

const isMerchant = (login: string, brand: string): boolean => login === `${MERCHANT_LOCAL}@${brand}.test`;

/** merchant@'s merchant area in every brand (after every customer and their accounts exist); ids of rows made later start after the seeded ones. */
export function seedMerchant(db: DatabaseSync, now: number): void {
  db.prepare("DELETE FROM sqlite_sequence WHERE name IN ('ipn_messages', 'merchant_logos', 'saved_buttons')").run();
  const merchants = db.prepare('SELECT id, brand, login FROM customers ORDER BY id').all() as { id: number; brand: string; login: string }[];
  for (const row of merchants) if (isMerchant(row.login, row.brand)) writeSeeded(db, row.id, row.brand, now);
}

/** A customer's merchant area as seeded (POST /__sandbox/sign-in-state): theirs goes; merchant@'s comes back. */
export function restoreMerchant(db: DatabaseSync, customerId: number, now: number): void {
  const row = customerById(db, customerId);
  if (!row) return;
  removeMerchantData(db, customerId);
  if (isMerchant(row.login, row.brand)) writeSeeded(db, customerId, row.brand, now);
}
