import { randomBytes } from 'node:crypto';
import type { Db } from '../db.ts';

/**
 * Generated files (history exports, statements, confirmations), kept in SQLite for 30 minutes
 * (docs/decisions.md "History": files live 30 minutes) and fetched with the bearer token from the
 * documents service's /files/{fileId}. Ids are random and url-safe. A kept file (an admin document's
 * bytes, issue 52) never expires: it goes when its document is removed.
 */
export const FILE_TTL_MS = 30 * 60 * 1000;

export interface StoredFile {
  id: string;
  customer_id: number;
  name: string;
  mime: string;
  content: Uint8Array;
  created: number;
  /** 1: kept until removed (never expires). */
  kept: number;
}

/** A random url-safe id (24 characters, 144 bits). */
export const randomId = (): string => randomBytes(18).toString('base64url');

/** Stores a file for a customer (and forgets files that have expired); returns its id. `kept`: it never expires (removed with what holds it). */
export function storeFile(db: Db, file: { customerId: number; name: string; mime: string; content: Uint8Array | string; now: number; kept?: boolean }): string {
  const id = randomId();
  db.prepare('DELETE FROM files WHERE kept = 0 AND created <= ?').run(file.now - FILE_TTL_MS);
  const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
  db.prepare('INSERT INTO files (id, customer_id, name, mime, content, created, kept) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    id,
    file.customerId,
    file.name,
    file.mime,
    content,
    file.now,
    file.kept ? 1 : 0,
  );
  return id;
}

/** A kept file, or one younger than 30 minutes; else undefined. */
export function readFile(db: Db, id: string, now: number): StoredFile | undefined {
  const row = db.prepare('SELECT * FROM files WHERE id = ?').get(id) as StoredFile | undefined;
  return row && (row.kept === 1 || now - row.created < FILE_TTL_MS) ? row : undefined;
}

/** The link a reply carries to a stored file, relative to the documents service. */
export const fileLink = (id: string): string => `/files/${id}`;
