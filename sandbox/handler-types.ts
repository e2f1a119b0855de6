import type { Db } from './db.ts';
import type { TokenService } from './tokens.ts';
import type { Realtime } from './realtime.ts';
import type { operations } from '../api-schemas/generated/main.ts';
import type { MainMethod, MainUploadMethod } from '../api-schemas/generated/main-methods.ts';

/** A file part of a multipart request. */
export interface UploadedFile {
  name: string;
  type: string;
  /** In bytes. */
  size: number;
  text: string;
}

/** The main service's operations: JSON methods and uploads (multipart with a JSON `data` part). */
export type MainOperation = MainMethod | MainUploadMethod;

/** An upload's `data` part as the contract has it (with fromCustomerId and lang, which the sandbox reads). */
export type UploadBody<M extends MainUploadMethod> = Extract<operations[M]['requestBody']['content'], { 'multipart/form-data': unknown }>['multipart/form-data']['data'];

/**
 * A main-service method's JSON body as the server receives it: the contract's request schema with
 * the dispatch fields as the contract has them (`method` always, `lang` where the method requires
 * it). The app's MainBody<M> is the caller's view of the same schema (the rule-added fields are
 * optional there, the middleware adds them); every RequestBody<M> is a MainBody<M>.
 */
export type RequestBody<M extends MainMethod> = Extract<operations[M]['requestBody']['content'], { 'application/json': unknown }>['application/json'];

/**
 * The body a handler reads: for a main-service method, its contract body (the server validated it
 * with Ajv before the handler runs, so the type is true at run time); for an upload, its `data`
 * part; for the other services (auth, documents: path-based contracts), a loose object.
 */
export type BodyOf<M extends string> = M extends MainMethod ? RequestBody<M> : M extends MainUploadMethod ? UploadBody<M> : ServiceBody;
/** The body of a path-based service's operation (auth, documents): loose, read field by field as before. */
export type ServiceBody = any;

/** An operation id: a main-service one (typed body), or any other service's (`string`, loose body). */
export type OperationId = string;

/** What every operation handler gets and returns (sandbox/server.ts calls them by operationId). */
export interface HandlerContext<M extends OperationId = string> {
  db: Db;
  tokens: TokenService;
  realtime: Realtime;
  now: () => number;
  /** The JSON body, or the parsed `data` part of a multipart request. */
  body: BodyOf<M>;
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

export type Handler<M extends OperationId = string> = (ctx: HandlerContext<M>) => HandlerReply | Promise<HandlerReply>;
/** The main service's handlers, each typed by its operationId. */
export type HandlerMap = { [M in MainOperation]?: Handler<M> };
/** A path-based service's handlers (auth, documents): loose bodies. */
export type ServiceHandlerMap = Record<string, Handler>;
