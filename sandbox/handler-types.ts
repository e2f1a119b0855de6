import type { Db } from './db.ts';
import type { TokenService } from './tokens.ts';
import type { Realtime } from './realtime.ts';

/** A file part of a multipart request. */
export interface UploadedFile {
  name: string;
  type: string;
  /** In bytes. */
  size: number;
  text: string;
}

/** What every operation handler gets and returns (sandbox/server.ts calls them by operationId). */
export interface HandlerContext {
  db: Db;
  tokens: TokenService;
  realtime: Realtime;
  now: () => number;
  /** The JSON body, or the parsed `data` part of a multipart request. */
  body: any;
  /** The file parts of a multipart request by part name (read as UTF-8 text); empty for JSON requests. */
  files: Record<string, UploadedFile>;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The signed-in customer id (from the bearer token), or null on public operations. */
  customerId: number | null;
}

export interface HandlerReply {
  status: number;
  body?: unknown;
  /** Reply headers beyond the common ones (Retry-After of a 429, Content-Language of a message). */
  headers?: Record<string, string>;
  /**
   * Bytes to answer instead of a JSON body (a generated PDF or CSV), with their content type; the
   * contract is checked by status only (plus its required headers), since there is no JSON to validate.
   */
  bytes?: { content: Uint8Array; contentType: string };
}

export type Handler = (ctx: HandlerContext) => HandlerReply | Promise<HandlerReply>;
export type HandlerMap = Record<string, Handler>;
