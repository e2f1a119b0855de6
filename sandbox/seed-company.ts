import type { DatabaseSync } from 'node:sqlite';
import { insertAdminDocument, removeAdminDocuments } from './handlers/company.ts';

/**
 * The admins' customers and admin documents of each brand (issue 52), relative to the seed's clock
 * (`now`), so a fresh seed is always the same for the same clock:
 *   - admin@ administers the first ADMINISTERED_PER_ADMIN customers of the brand that are not
 *     admins, in id order (personal@, business@, employee@, old-business@, the sign-in flows …);
 *     they act for those only (sandbox/access.ts), and for nobody after them (cards@, invoices@ …).
 *   - business@'s file holds two admin documents put there by admin@ (small PDFs).
 *   - company-support@ administers company-access@ and company-solo@ of its brand only (issue 54).
 * POST /__sandbox/sign-in-state of an admin gives both back as seeded (restoreAdminState).
 */

/** How many customers each brand's admin@ administers (the first of the brand, in id order). */
export const ADMINISTERED_PER_ADMIN = 30;

const DAY = 86_400_000;

/** business@'s seeded admin documents, oldest first: name, file name, days before the seed's clock. */
export const SEEDED_ADMIN_DOCUMENTS = [
  { name: 'Certificate of incorporation', fileName: 'certificate-of-incorporation.pdf', daysAgo: 40 },
  { name: 'Signed service agreement', fileName: 'service-agreement.pdf', daysAgo: 12 },
] as const;

const login = (local: string, brand: string) => `${local}@${brand}.test`;

/**
 * A one-page PDF that shows its title (Helvetica), with its cross-reference table: the smallest file
 * a viewer opens, made without pdf-lib (the seed is synchronous).
 */
export function titledPdf(title: string): Uint8Array {
  const text = title.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&');
  const stream = `BT /F1 18 Tf 56 770 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const idOf = (db: DatabaseSync, login: string): number | undefined => (db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number } | undefined)?.id;

/** The customers a brand's admin@ administers as seeded: the first ADMINISTERED_PER_ADMIN of the brand that are not admins, by id. */
export const seededAdministered = (db: DatabaseSync, brand: string): number[] =>
  (db.prepare("SELECT id FROM customers WHERE brand = ? AND kind <> 'admin' ORDER BY id LIMIT ?").all(brand, ADMINISTERED_PER_ADMIN) as { id: number }[]).map((row) => row.id);

/** Admins who administer a few named customers of their brand instead (issue 54: company-support@ the companies with people and access to read). */
export const ADMINISTERED_BY_NAME: Readonly<Record<string, readonly string[]>> = { 'company-support': ['company-access', 'company-solo'] };

/** The customers an admin administers as seeded: admin@'s first ones, a named admin's own, by id. */
function seededAdministeredBy(db: DatabaseSync, adminId: number, brand: string): number[] {
  const row = db.prepare('SELECT login FROM customers WHERE id = ?').get(adminId) as { login: string } | undefined;
  const named = row ? ADMINISTERED_BY_NAME[row.login.slice(0, row.login.indexOf('@'))] : undefined;
  if (!named) return seededAdministered(db, brand);
  return named.flatMap((local) => {
    const id = idOf(db, login(local, brand));
    return id === undefined ? [] : [id];
  });
}

/** business@'s admin documents as seeded (new ids after every one given before). */
function seedAdminDocuments(db: DatabaseSync, brand: string, now: number): void {
  const business = idOf(db, login('business', brand));
  if (business === undefined) return;
  for (const document of SEEDED_ADMIN_DOCUMENTS) {
    insertAdminDocument(db, {
      customerId: business,
      name: document.name,
      fileName: document.fileName,
      mime: 'application/pdf',
      content: titledPdf(document.name),
      assignedAt: new Date(now - document.daysAgo * DAY).toISOString(),
      assignedBy: login('admin', brand),
      now,
    });
  }
}

/** The seed of every brand (after every customer exists); document ids start again at 40001. */
export function seedCompany(db: DatabaseSync, brands: readonly string[], now: number): void {
  db.prepare("DELETE FROM sqlite_sequence WHERE name = 'admin_documents'").run();
  const insert = db.prepare('INSERT OR IGNORE INTO admin_customers (admin_id, customer_id) VALUES (?, ?)');
  for (const brand of brands) {
    const admin = idOf(db, login('admin', brand));
    if (admin === undefined) continue;
    for (const customer of seededAdministered(db, brand)) insert.run(admin, customer);
    seedAdminDocuments(db, brand, now);
    for (const local of Object.keys(ADMINISTERED_BY_NAME)) {
      const named = idOf(db, login(local, brand));
      if (named !== undefined) for (const customer of seededAdministeredBy(db, named, brand)) insert.run(named, customer);
    }
  }
}

/**
 * An admin as seeded (POST /__sandbox/sign-in-state): the customers they administer, and the admin
 * documents of those customers (every one goes, then business@'s seeded ones come back).
 */
export function restoreAdminState(db: DatabaseSync, adminId: number, now: number): void {
  const brand = (db.prepare("SELECT brand FROM customers WHERE id = ? AND kind = 'admin'").get(adminId) as { brand: string } | undefined)?.brand;
  if (!brand) return;
  const before = (db.prepare('SELECT customer_id FROM admin_customers WHERE admin_id = ?').all(adminId) as { customer_id: number }[]).map((row) => row.customer_id);
  const seeded = seededAdministeredBy(db, adminId, brand);
  db.prepare('DELETE FROM admin_customers WHERE admin_id = ?').run(adminId);
  const insert = db.prepare('INSERT INTO admin_customers (admin_id, customer_id) VALUES (?, ?)');
  for (const customer of seeded) insert.run(adminId, customer);
  removeAdminDocuments(db, [...new Set([...before, ...seeded])]);
  if (idOf(db, login('admin', brand)) === adminId) seedAdminDocuments(db, brand, now);
}

/** A customer's own admin documents as seeded (POST /__sandbox/sign-in-state of business@): theirs go, business@'s seeded ones come back. */
export function restoreCustomerAdminDocuments(db: DatabaseSync, customerId: number, now: number): void {
  const row = db.prepare('SELECT brand, login FROM customers WHERE id = ?').get(customerId) as { brand: string; login: string } | undefined;
  if (!row) return;
  removeAdminDocuments(db, [customerId]);
  if (row.login === login('business', row.brand)) seedAdminDocuments(db, row.brand, now);
}
