import { CUSTOMER_KIND, type CustomerKindId } from '../../machines/shared/customer-kind.ts';
import { documentFileProblem } from '../../machines/verification/verification.rules.ts';
import { administeredBy, administers, denied, owner, type Permissions } from '../access.ts';
import type { Db } from '../db.ts';
import { fileLink, storeFile } from '../documents/files.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { customerById, CUSTOMER_COLUMNS, type CustomerRow } from '../kernel/customers.ts';
import { kindOfType, typeBorneOut } from '../kernel/file-kinds.ts';
import { idempotent, nowIso } from '../kernel/ledger.ts';
import { ok, refused, vfDescribed } from '../kernel/replies.ts';

/**
 * Acting for a company and the admin overview (issue 52; main.yaml tag company; spec 000 s2
 * /admin-overview, s6; 002 s3, s7 userAccessList and Business: admin documents).
 *
 * - userAccessList: the customers the signed-in user may act for, by name: a personal customer or
 *   a business owner themselves (no accessRights); an authorised user (authorized_users) each of
 *   their companies with the rights of that relation (accessRights); an admin the customers they
 *   administer (admin_customers; no accessRights: they read all and move nothing). fromCustomerId
 *   plays no part.
 * - adminCustomerList (an extension): an admin's administered customers, by name, 20 a page unless
 *   asked (1–100); `search` matches the name or the login in part, in any case (% and _ are
 *   letters). Anyone but an admin: UE.
 * - adminDocumentList / adminDocumentAssign / adminDocumentRemove: the documents an admin put on the
 *   acting customer's file (fromCustomerId), newest first. Only an admin who administers that
 *   customer: an admin who does not may not act for them at all (ENOA, sandbox/access.ts); anyone
 *   else (the customer, their users, an admin for themselves): UE. Assign: a PDF, JPEG or PNG by its
 *   bytes, at most 10 MB (a larger part: 413 from the server), at most ADMIN_DOCUMENTS_MAX a
 *   customer; its bytes are a kept file (never expires) whose link is the document's `url`. Remove:
 *   a document on that customer's file (else UE), its file with it. Both once per requestId.
 *
 * Every item names the customer as the access info does: the business name, else the first and
 * last name, else the login; an employee (whose row carries their company's name for customer
 * info) by their own name.
 */

/** The most admin documents a customer's file holds (a sandbox figure: the spec gives none). */
export const ADMIN_DOCUMENTS_MAX = 50;
/** Admin document ids follow the highest ever given (AUTOINCREMENT: never a removed one's), from 40001. */
const ADMIN_DOCUMENT_ID_FLOOR = 40_000;
/** adminCustomerList's page unless asked. */
export const ADMIN_CUSTOMER_PAGE_SIZE = 20;

/** The refusals (translated in sandbox/texts). */
export const ONLY_ADMINS = 'Only an admin can list the customers they administer';
export const ONLY_THEIR_ADMIN = 'Only an admin who administers this customer can do this';
export const NO_SUCH_DOCUMENT = 'No such document';

// ---- the customers -----------------------------------------------------------------------------

/** A customer as userAccessList and adminCustomerList answer it (main.yaml AccessibleCustomer). */
interface AccessibleCustomer {
  id: number;
  name: string;
  username: string;
  customerType: CustomerKindId;
  accessRights?: Permissions;
}

/** How the lists name a customer: the business name, else first and last name, else the login; an employee by their own name. */
export function accessibleName(row: Pick<CustomerRow, 'kind' | 'business_name' | 'first_name' | 'last_name' | 'login'>): string {
  const person = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return (row.kind !== 'employee' ? row.business_name : null) || person || row.login;
}

/** The customer's kind as customer info says it (002 s3): personal 0, an old business 1, else 2. */
export const customerTypeOf = (row: Pick<CustomerRow, 'kind' | 'profile'>): CustomerKindId =>
  row.kind === 'personal' ? CUSTOMER_KIND.personal : (JSON.parse(row.profile) as { oldBusiness?: boolean }).oldBusiness === true ? CUSTOMER_KIND.oldBusiness : CUSTOMER_KIND.business;

const accessible = (row: CustomerRow, accessRights?: Permissions): AccessibleCustomer => ({
  id: row.id,
  name: accessibleName(row),
  username: row.login,
  customerType: customerTypeOf(row),
  ...(accessRights ? { accessRights } : {}),
});

/** By name (numbers in order: "Demo 2" before "Demo 10"; any case), then login, then id: the same order every time. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: AccessibleCustomer, b: AccessibleCustomer): number => collator.compare(a.name, b.name) || collator.compare(a.username, b.username) || a.id - b.id;

const customersByIds = (db: Db, ids: readonly number[]): CustomerRow[] =>
  ids.length === 0 ? [] : (db.prepare(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id IN (${ids.map(() => '?').join(', ')})`).all(...ids) as unknown as CustomerRow[]);

/** The customers an admin administers, by name. */
const administeredCustomers = (db: Db, adminId: number): AccessibleCustomer[] => customersByIds(db, administeredBy(db, adminId)).map((row) => accessible(row)).sort(byName);

/** Everyone the user may act for (userAccessList), by name. */
export function accessibleCustomers(db: Db, userId: number): AccessibleCustomer[] {
  const me = customerById(db, userId);
  if (!me) return [];
  const own = me.kind === 'personal' || me.kind === 'business' ? [accessible(me)] : [];
  const relations = db.prepare('SELECT company_id, permissions FROM authorized_users WHERE user_id = ?').all(userId) as { company_id: number; permissions: string }[];
  const companies = relations.flatMap((relation) => {
    const company = customerById(db, relation.company_id);
    return company ? [accessible(company, JSON.parse(relation.permissions) as Permissions)] : [];
  });
  const administered = me.kind === 'admin' ? administeredCustomers(db, userId) : [];
  return [...own, ...companies, ...administered].sort(byName);
}

/** Whether the customer's name or login holds the text, in any case (every character literal). */
const matches = (customer: AccessibleCustomer, search: string): boolean => {
  const text = search.toLocaleLowerCase('en');
  return customer.name.toLocaleLowerCase('en').includes(text) || customer.username.toLocaleLowerCase('en').includes(text);
};

// ---- the documents -----------------------------------------------------------------------------

interface AdminDocumentRow {
  id: number;
  customer_id: number;
  name: string;
  file_id: string;
  file_name: string;
  mime: string;
  size: number;
  assigned_at: string;
  assigned_by: string | null;
}

/** The mime type a document is kept with: its kind's (the rule already saw the bytes bear it out). */
const MIME_OF_KIND = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const;

/** A document as the contract has it (main.yaml AdminDocument); its url is its kept file on the documents service. */
const toAdminDocument = (row: AdminDocumentRow) => ({
  id: row.id,
  name: row.name,
  fileName: row.file_name,
  mimeType: row.mime as 'application/pdf' | 'image/jpeg' | 'image/png',
  size: row.size,
  assignedAt: row.assigned_at,
  assignedBy: row.assigned_by,
  url: fileLink(row.file_id),
});

const documentsOf = (db: Db, customerId: number): AdminDocumentRow[] =>
  db.prepare('SELECT * FROM admin_documents WHERE customer_id = ? ORDER BY assigned_at DESC, id DESC').all(customerId) as unknown as AdminDocumentRow[];

/** Puts a document on a customer's file (the assign call, the seed): its bytes as a kept file; its id. */
export function insertAdminDocument(
  db: Db,
  document: { customerId: number; name: string; fileName: string; mime: string; content: Uint8Array; assignedAt: string; assignedBy: string | null; now: number },
): number {
  const fileId = storeFile(db, { customerId: document.customerId, name: document.fileName, mime: document.mime, content: document.content, now: document.now, kept: true });
  const { next } = db
    .prepare(
      `SELECT MAX(${ADMIN_DOCUMENT_ID_FLOOR}, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'admin_documents'), 0), COALESCE((SELECT MAX(id) FROM admin_documents), 0)) + 1 AS next`,
    )
    .get() as { next: number };
  db.prepare('INSERT INTO admin_documents (id, customer_id, name, file_id, file_name, mime, size, assigned_at, assigned_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    next,
    document.customerId,
    document.name,
    fileId,
    document.fileName,
    document.mime,
    document.content.length,
    document.assignedAt,
    document.assignedBy,
  );
  return next;
}

/** Takes every admin document off these customers' files, their kept files with them (POST /__sandbox/sign-in-state before the seed's come back). */
export function removeAdminDocuments(db: Db, customerIds: readonly number[]): void {
  for (const customerId of customerIds) {
    const files = (db.prepare('SELECT file_id FROM admin_documents WHERE customer_id = ?').all(customerId) as { file_id: string }[]).map((row) => row.file_id);
    db.prepare('DELETE FROM admin_documents WHERE customer_id = ?').run(customerId);
    for (const id of files) db.prepare('DELETE FROM files WHERE id = ?').run(id);
  }
}

/** The signed-in admin who administers the acting customer, or the refusal (see the header). */
function theirAdmin(ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number): CustomerRow | HandlerReply {
  const caller = ctx.customerId === null ? undefined : customerById(ctx.db, ctx.customerId);
  return caller && caller.kind === 'admin' && administers(ctx.db, caller.id, acting) ? caller : refused(ONLY_THEIR_ADMIN, 'UE');
}
const isReply = (value: CustomerRow | HandlerReply): value is HandlerReply => 'status' in value;
const adminRefusal = (ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number): HandlerReply | null => {
  const admin = theirAdmin(ctx, acting);
  return isReply(admin) ? admin : null;
};

// ---- the handlers ------------------------------------------------------------------------------

export const companyHandlers: HandlerMap = {
  userAccessList: ({ db, customerId }) => ok({ customers: customerId === null ? [] : accessibleCustomers(db, customerId) }),

  adminCustomerList: ({ db, customerId, body }) => {
    const caller = customerId === null ? undefined : customerById(db, customerId);
    if (!caller || caller.kind !== 'admin') return refused(ONLY_ADMINS, 'UE');
    const search = (body.search ?? '').trim();
    const all = administeredCustomers(db, caller.id).filter((customer) => search === '' || matches(customer, search));
    const pageSize = body.pageSize ?? ADMIN_CUSTOMER_PAGE_SIZE;
    const pageNumber = body.pageNumber ?? 1;
    return ok({ total: all.length, customers: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize) });
  },

  adminDocumentList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const refusal = adminRefusal(ctx, acting);
    if (refusal) return refusal;
    return ok({ documents: documentsOf(ctx.db, acting).map(toAdminDocument) });
  },

  adminDocumentAssign: idempotent(
    'adminDocumentAssign',
    (ctx, acting) => {
      const { db, body, files } = ctx;
      const admin = theirAdmin(ctx, acting);
      if (isReply(admin)) return admin;
      const name = body.name.trim();
      if (!name) return vfDescribed([{ param: 'name', description: 'Enter the name of the document' }]);
      const file = files.file;
      // The rule sees the type the bytes bear out: an HTML page named scan.pdf is not a PDF.
      const problem = file ? documentFileProblem({ type: typeBorneOut(file), size: file.size }) : 'empty';
      if (problem || !file) return vfDescribed([{ param: 'file', description: problem === 'fileType' ? 'The file is not a PDF, JPEG or PNG' : problem === 'fileSize' ? 'The file is larger than 10 MB' : 'The file is empty' }]);
      const { held } = db.prepare('SELECT COUNT(*) AS held FROM admin_documents WHERE customer_id = ?').get(acting) as { held: number };
      if (held >= ADMIN_DOCUMENTS_MAX) return vfDescribed([{ param: 'file', description: `A customer holds at most ${ADMIN_DOCUMENTS_MAX} admin documents: remove one first` }]);
      const kind = kindOfType(file.type);
      const mime = kind === 'pdf' || kind === 'jpeg' || kind === 'png' ? MIME_OF_KIND[kind] : 'application/pdf';
      const fileName = file.name.trim() || `${name}.${kind === 'jpeg' ? 'jpg' : (kind ?? 'pdf')}`;
      const id = insertAdminDocument(db, { customerId: acting, name, fileName, mime, content: file.bytes, assignedAt: nowIso(ctx), assignedBy: admin.login, now: ctx.now() });
      const row = db.prepare('SELECT * FROM admin_documents WHERE id = ?').get(id) as unknown as AdminDocumentRow;
      return ok({ document: toAdminDocument(row) });
    },
    { refusal: adminRefusal },
  ),

  adminDocumentRemove: idempotent(
    'adminDocumentRemove',
    (ctx, acting) => {
      const { db, body } = ctx;
      const row = db.prepare('SELECT * FROM admin_documents WHERE id = ? AND customer_id = ?').get(body.documentId, acting) as unknown as AdminDocumentRow | undefined;
      if (!row) return refused(NO_SUCH_DOCUMENT, 'UE');
      db.prepare('DELETE FROM admin_documents WHERE id = ?').run(row.id);
      db.prepare('DELETE FROM files WHERE id = ?').run(row.file_id);
      return ok();
    },
    { refusal: adminRefusal },
  ),
};
