import type { Db } from './db.ts';
import type { TokenService } from './tokens.ts';
import type { Realtime } from './realtime.ts';
import type { operations } from '../api-schemas/generated/main.ts';
import type { operations as AuthOperations } from '../api-schemas/generated/auth.ts';
import type { operations as ContractsOperations } from '../api-schemas/generated/contracts.ts';
import type { operations as DocumentsOperations } from '../api-schemas/generated/documents.ts';
import type { operations as HelpdeskOperations } from '../api-schemas/generated/helpdesk.ts';
import type { operations as PublicApiOperations } from '../api-schemas/generated/public-api.ts';
import type { operations as SupportOperations } from '../api-schemas/generated/support.ts';
import type { MainMethod, MainUploadMethod } from '../api-schemas/generated/main-methods.ts';

/** A file part of a multipart request. */
export interface UploadedFile {
  name: string;
  type: string;
  /** In bytes. */
  size: number;
  /** The file as sent (its first bytes say what it really is: sandbox/kernel/file-kinds.ts). */
  bytes: Uint8Array;
  /** The bytes read as UTF-8 (a CSV's rows). */
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
 * The body a main-service handler reads: for a method, its contract body (the server validated it
 * with Ajv before the handler runs, so the type is true at run time); for an upload, its `data`
 * part. An id that is not the main service's (a handler not typed by its operation) reads
 * `unknown`: the path-based services' handlers are typed by service and operation instead
 * (ServiceHandler<S, K>).
 */
export type BodyOf<M extends string> = M extends MainMethod ? RequestBody<M> : M extends MainUploadMethod ? UploadBody<M> : unknown;

/** An operation id: a main-service one (typed body), or a name looked up at run time (`unknown` body). */
export type OperationId = string;

/**
 * The path-based services' operations (api-schemas/<service>.yaml, routed by path), by the name
 * the server mounts their handlers under (the YAML's file name).
 */
export interface ServiceOperations {
  auth: AuthOperations;
  contracts: ContractsOperations;
  documents: DocumentsOperations;
  helpdesk: HelpdeskOperations;
  'public-api': PublicApiOperations;
  support: SupportOperations;
}
export type PathService = keyof ServiceOperations;
/** The operationIds of a path-based service. */
export type ServiceOperation<S extends PathService> = keyof ServiceOperations[S] & string;

/** A request body's content as the server hands it to the handler: the JSON body, or a multipart request's `data` part (undefined when not sent). */
type ContentBody<C> = C extends { 'application/json': infer B }
  ? B
  : C extends { 'multipart/form-data': infer F }
    ? F extends { data?: unknown }
      ? F['data']
      : undefined
    : unknown;

/**
 * A path-based operation's body as the server receives it: the contract's JSON request body (or
 * multipart `data` part), validated with Ajv before the handler runs; `| undefined` where the
 * contract's body is optional. Where the contract declares no body the server checks nothing, so
 * whatever a client sent is `unknown` (no handler reads it).
 */
export type ServiceRequestBody<S extends PathService, K extends ServiceOperation<S>> = ServiceOperations[S][K] extends { requestBody: { content: infer C } }
  ? ContentBody<C>
  : ServiceOperations[S][K] extends { requestBody?: { content: infer C } }
    ? ContentBody<C> | undefined
    : unknown;

/**
 * A path-based operation's path parameters by the contract's names: the text the route matched
 * (the server does not convert them, so an `integer` parameter is still a string here); none where
 * the path has no parameter.
 */
export type ServicePathParams<S extends PathService, K extends ServiceOperation<S>> = ServiceOperations[S][K] extends { parameters: { path: infer P } }
  ? { [N in keyof P]: string }
  : Record<never, never>;

/** What every operation handler gets and returns, whatever its service (sandbox/server.ts calls them by operationId). */
export interface OperationContext<Body, Params> {
  db: Db;
  tokens: TokenService;
  realtime: Realtime;
  now: () => number;
  /** The JSON body, or the parsed `data` part of a multipart request. */
  body: Body;
  /** The file parts of a multipart request by part name (their bytes, and read as UTF-8 text); empty for JSON requests. */
  files: Record<string, UploadedFile>;
  /** The path parameters (path-based services; the main service has none). */
  params: Params;
  query: URLSearchParams;
  headers: Headers;
  /**
   * The signed-in customer id (from the bearer token); on the help desk's operations (auth
   * 'supportJwt') the customer the support token names (its `sub`: the acting customer it was
   * issued for); null on public operations.
   */
  customerId: number | null;
}

/** A main-service handler's context: its body by operationId (BodyOf<M>). */
export interface HandlerContext<M extends OperationId = string> extends OperationContext<BodyOf<M>, Record<string, string>> {}

/** A path-based service's handler context: the body and path parameters of operation K of service S. */
export interface ServiceContext<S extends PathService, K extends ServiceOperation<S>> extends OperationContext<ServiceRequestBody<S, K>, ServicePathParams<S, K>> {}

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

type Reply = HandlerReply | Promise<HandlerReply>;
export type Handler<M extends OperationId = string> = (ctx: HandlerContext<M>) => Reply;
/** The main service's handlers, each typed by its operationId. */
export type HandlerMap = { [M in MainOperation]?: Handler<M> };

/** A path-based service's handler of one operation: `ServiceHandler<'auth', 'login'>`. */
export type ServiceHandler<S extends PathService, K extends ServiceOperation<S>> = (ctx: ServiceContext<S, K>) => Reply;
/** A path-based service's handlers, each typed by its operationId. */
export type ServiceHandlerMap<S extends PathService> = { [K in ServiceOperation<S>]?: ServiceHandler<S, K> };
export type AuthHandlerMap = ServiceHandlerMap<'auth'>;
export type DocumentsHandlerMap = ServiceHandlerMap<'documents'>;

/**
 * A handler as the server looks it up at run time, by service and operationId: its context is the
 * general one (body `unknown`, params by name). Declared as a method so that every handler typed by
 * its own operation fits (a method's parameter is compared both ways): the server calls a handler
 * only for its operation, after Ajv validated the body against that operation's contract. This is
 * the one place the types take that check on trust.
 */
export type DispatchedHandler = { call(ctx: OperationContext<unknown, Record<string, string>>): Reply }['call'];
/** A service's handlers by operationId, as the server looks them up (a typed map of any service is one). */
export type DispatchMap = Record<string, DispatchedHandler | undefined>;
