import { readFileSync, readdirSync } from 'node:fs';
import { join, basename } from 'node:path';
import { parse } from 'yaml';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { addExactDecimalKeyword } from './kernel/exact-json.ts';
import addFormatsModule from 'ajv-formats';

/**
 * The contract, loaded from api-schemas/*.yaml: every operation with its compiled request
 * and reply validators. The sandbox registers routes straight from `paths`; the only hand
 * code per service is a map from operationId to handler.
 */
export interface Operation {
  service: string;
  operationId: string;
  method: string;
  path: string;
  /** Path template as a regex with named groups for parameters. */
  pattern: RegExp;
  /** No authentication at all (the operation's `security` is empty): `auth` is 'none'. */
  public: boolean;
  /**
   * How the caller is authenticated, from the operation's `security` (else the document's): 'none'
   * when it names nothing; 'supportJwt' when it names the `jwtToken` scheme (the help desk: the
   * support token in the `jwt_token` header, support.yaml supportToken); else 'bearer' (the
   * session's access token).
   */
  auth: OperationAuth;
  validateBody: ValidateFunction | null;
  bodyRequired: boolean;
  /**
   * A `multipart/form-data` request body (a file with a JSON `data` part, e.g. massTransfer):
   * the `data` part's validator, the binary parts (`format: binary`) and the required parts.
   * null for every JSON operation.
   */
  multipart: MultipartBody | null;
  replies: Map<string, ValidateFunction | null>;
  /** Per status, the reply headers the contract marks required (lower case), e.g. 429 → ['retry-after']. */
  replyHeaders: Map<string, string[]>;
}

export type OperationAuth = 'bearer' | 'supportJwt' | 'none';

/** The security scheme the help desk's operations name (helpdesk.yaml `jwtToken`). */
export const SUPPORT_JWT_SCHEME = 'jwtToken';

/** How an operation's security requirements authenticate its caller (see Operation.auth). */
function authOf(security: readonly Record<string, unknown>[]): OperationAuth {
  if (security.length === 0) return 'none';
  return security.some((requirement) => SUPPORT_JWT_SCHEME in requirement) ? 'supportJwt' : 'bearer';
}

export interface MultipartBody {
  /** The JSON `data` part's validator (null when the schema has no `data` property). */
  validateData: ValidateFunction | null;
  /** Parts of `format: binary` (files), in the schema's order; an array of binaries (`file[]`) is one of them. */
  binaryParts: string[];
  /**
   * The parts that are arrays of files (logoCreate's `file[]`), with how many files each takes
   * (the array's minItems and maxItems: unbounded when the schema gives none); the handler reads
   * the first file of such a part.
   */
  fileCounts: Map<string, { min: number; max: number }>;
  /** Parts the schema requires (`data` among them when it is required). */
  requiredParts: string[];
}

export interface Service {
  name: string;
  basePath: string;
  dispatch: 'query-method' | 'paths';
  operations: Operation[];
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export function loadContract(dir: string): { services: Service[]; ajv: Ajv2020 } {
  // strict:false because OpenAPI documents carry keywords JSON Schema does not know
  // (openapi, info, paths, x-…); the schemas themselves are JSON Schema 2020-12.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // `format: decimal` (OpenAPI's registry) on an exact amount: its digits are checked, and handed
  // on as text, by the `x-exact-decimal` keyword beside it (kernel/exact-json.ts).
  ajv.addFormat('decimal', { type: 'number', validate: () => true });
  addExactDecimalKeyword(ajv);
  const services: Service[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const name = basename(file, '.yaml');
    const doc = parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;
    ajv.addSchema({ ...doc, $id: `${name}.json` });
    const globalSecurity = doc.security ?? [];
    const operations: Operation[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths ?? {})) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const op = item[method];
        if (!op) continue;
        const base = `${name}.json#/${pointer('paths', path, method)}`;
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const multipart = multipartOf(ajv, doc, name, base, op.requestBody?.content?.['multipart/form-data']?.schema);
        const replies = new Map<string, ValidateFunction | null>();
        const replyHeaders = new Map<string, string[]>();
        for (const [status, reply] of Object.entries<Record<string, any>>(op.responses ?? {})) {
          const resolved = reply.$ref ? resolveRef(doc, reply.$ref) : reply;
          const hasSchema = Boolean(resolved?.content?.['application/json']?.schema);
          const ref = reply.$ref
            ? `${name}.json${reply.$ref}/content/application~1json/schema`
            : `${base}/${pointer('responses', status, 'content', 'application/json', 'schema')}`;
          replies.set(status, hasSchema ? (ajv.getSchema(ref) ?? null) : null);
          const required = Object.entries<Record<string, any>>(resolved?.headers ?? {})
            .filter(([, header]) => (header.$ref ? resolveRef(doc, header.$ref) : header)?.required === true)
            .map(([header]) => header.toLowerCase());
          if (required.length) replyHeaders.set(status, required);
        }
        const pattern = new RegExp(`^${path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
        operations.push({
          service: name,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          pattern,
          public: authOf(op.security ?? globalSecurity) === 'none',
          auth: authOf(op.security ?? globalSecurity),
          validateBody: bodySchema ? (ajv.getSchema(`${base}/requestBody/content/application~1json/schema`) ?? null) : null,
          bodyRequired: Boolean(op.requestBody?.required),
          multipart,
          replies,
          replyHeaders,
        });
      }
    }
    const server = (doc.servers?.[0]?.url ?? '/') as string;
    services.push({
      name,
      basePath: server === '/' ? '' : server.replace(/\/$/, ''),
      dispatch: doc['x-dispatch'] === 'query-method' ? 'query-method' : 'paths',
      operations,
    });
  }
  return { services, ajv };
}

/** A multipart body's parts, read from its schema (inline, or a $ref to a component). */
function multipartOf(ajv: Ajv2020, doc: Record<string, any>, name: string, base: string, schema: Record<string, any> | undefined): MultipartBody | null {
  if (!schema) return null;
  const at = schema.$ref ? `${name}.json${schema.$ref}` : `${base}/requestBody/content/multipart~1form-data/schema`;
  const resolved = (schema.$ref ? resolveRef(doc, schema.$ref) : schema) as Record<string, any>;
  const properties = Object.entries<Record<string, any>>(resolved?.properties ?? {});
  const resolvePart = (part: Record<string, any>) => (part.$ref ? resolveRef(doc, part.$ref) : part) as Record<string, any> | undefined;
  const isBinary = (part: Record<string, any>) => resolvePart(part)?.format === 'binary';
  const isFileArray = (part: Record<string, any>) => {
    const resolved = resolvePart(part);
    return resolved?.type === 'array' && resolved.items !== undefined && isBinary(resolved.items as Record<string, any>);
  };
  const fileCounts = new Map<string, { min: number; max: number }>();
  for (const [name, part] of properties) {
    if (!isFileArray(part)) continue;
    const array = resolvePart(part)!;
    fileCounts.set(name, { min: typeof array.minItems === 'number' ? array.minItems : 0, max: typeof array.maxItems === 'number' ? array.maxItems : Number.POSITIVE_INFINITY });
  }
  return {
    validateData: resolved?.properties?.data ? (ajv.getSchema(`${at}/properties/data`) ?? null) : null,
    binaryParts: properties.filter(([, part]) => isBinary(part) || isFileArray(part)).map(([part]) => part),
    fileCounts,
    requiredParts: Array.isArray(resolved?.required) ? (resolved.required as string[]) : [],
  };
}

function resolveRef(doc: Record<string, any>, ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
}

export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
}
