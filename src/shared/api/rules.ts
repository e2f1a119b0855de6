/**
 * The request rules of spec 000 s5/s7 and 002 s7, as pure functions. Every main-service
 * request passes through `prepareMainBody`; each rule has a unit test in
 * tests/unit/api-rules.test.ts.
 */

type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };

/** Only non-null values are sent: null and undefined are dropped at every depth of an object. */
export function dropNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(dropNulls) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Blob) && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === null || item === undefined) continue;
      out[key] = dropNulls(item);
    }
    return out as T;
  }
  return value;
}

/**
 * Fields whose numeric-looking text stays text: the spec's address, name, description, bank and
 * postal fields, and (decision, docs/decisions.md "Codes stay text") secrets and codes the user
 * types: codes (activation, approval, SMS, OTP), passwords, PINs and phone numbers. "246810" as a
 * number would break their contracts, and a numeric password must never change type. So do card
 * and bank account numbers, bins and the card data a user types to prove they hold the card (last
 * four digits, CVV: identifiers, not quantities), and free text the user types (search, keyword,
 * query, note, reference, text content, e-mail): a batch search for "2026" is a text, and the
 * service refuses a number there. External transfers add the identifiers of a beneficiary (IBAN,
 * routing number, tax id, instant key; bank, branch, sort and SWIFT codes are codes), the Interac
 * security question and answer, and every extra parameter: a group kept as text (extraParams, an
 * address object) keeps all its values as typed. Money is a number on the wire, as the spec says
 * (issue 47), written with the digits as typed: see `ExactNumber`.
 */
const KEEP_AS_TEXT = /address|name|description|bank|postal|code|otp|password|pin$|pinrepeat|secret|token|phone|binnumber|cardnumber|accountnumber|routingnumber|iban|taxid|instantkey|digits|cvv|cvc|search|keyword|query|note|reference|content|email|extraparams|answer|question/i;

/**
 * A plain decimal number written as text. Decision (not in the spec): a value with a leading
 * zero ("007", "0123") or a plus sign is an identifier (codes, phone numbers), not a number,
 * and converting it would lose digits, so it stays text. So do values beyond the safe integer
 * range (long account numbers).
 */
const NUMERIC = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function isConvertibleNumber(text: string): boolean {
  if (!NUMERIC.test(text)) return false;
  const n = Number(text);
  return Number.isFinite(n) && (text.includes('.') || Number.isSafeInteger(n));
}

/**
 * A number on the wire written with exactly the digits given (issue 47, spec 000 s5: numeric
 * strings become numbers): `100.50` stays `100.50`, `0.1` is never `0.1000000000000000055…`, an
 * 8-decimal crypto amount or a 17-digit amount never passes through a float. `stringifyExact`
 * writes it as a bare JSON number token.
 */
export class ExactNumber {
  readonly text: string;
  constructor(text: string) {
    if (!NUMERIC.test(text)) throw new Error(`not a plain decimal number: ${text}`);
    this.text = text;
  }
}

/** Numeric strings become (exact) numbers, except in address, name, description, bank and postal fields (and the codes and identifiers above). */
export function numericStringsToNumbers<T>(value: T, key?: string): T {
  if (Array.isArray(value)) return value.map((item) => numericStringsToNumbers(item, key)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Blob) && !(value instanceof ExactNumber)) {
    // A group kept as text (extra parameters, an address) keeps every value inside it as typed.
    if (key && KEEP_AS_TEXT.test(key)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(value)) out[k] = numericStringsToNumbers(item, k);
    return out as T;
  }
  if (typeof value === 'string' && !(key && KEEP_AS_TEXT.test(key)) && isConvertibleNumber(value)) {
    return new ExactNumber(value) as T;
  }
  return value;
}

type RawJson = (text: string) => unknown;

/**
 * JSON text of a request body with every `ExactNumber` written as a bare number token of its own
 * digits. `JSON.rawJSON` where the browser has it; elsewhere a marker no typed text can contain (a
 * NUL and a random nonce, made per call) stands in for each number and is swapped for its digits
 * after `JSON.stringify` (`rawJson: null` forces that path, for its tests).
 */
export function stringifyExact(value: unknown, rawJson: RawJson | null = (JSON as { rawJSON?: RawJson }).rawJSON ?? null): string {
  if (rawJson) return JSON.stringify(value, (_key, item: unknown) => (item instanceof ExactNumber ? rawJson(item.text) : item));
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  const text = JSON.stringify(value, (_key, item: unknown) => (item instanceof ExactNumber ? `\u0000${nonce}:${item.text}` : item));
  return text.replace(new RegExp(`"\\\\u0000${nonce}:(-?(?:0|[1-9]\\d*)(?:\\.\\d+)?)"`, 'g'), '$1');
}

export type CustomerKind = 'personal' | 'business' | 'admin' | 'employee' | 'representative';

/** Who is calling and on whose behalf; set by the session once customer info is known. */
export interface Caller {
  kind: CustomerKind | null;
  /** The customer a business user or admin acts for (spec: fromCustomerId). */
  actingCustomerId: number | null;
  /** Held for the representative flows (self-certification-representative). */
  authSecret: string | null;
  /** The e-mail of the unauthenticated caller for the methods that need it. */
  fromEmail: string | null;
}

export const anonymousCaller: Caller = { kind: null, actingCustomerId: null, authSecret: null, fromEmail: null };

/** Business users, employees acting for the business, and admins send fromCustomerId. */
export function needsFromCustomerId(caller: Caller): boolean {
  return (
    caller.actingCustomerId !== null &&
    (caller.kind === 'business' || caller.kind === 'employee' || caller.kind === 'admin')
  );
}

/** Per-method additions (spec: "fromEmail or authSecret for certain methods, lang for dictionary methods"). */
export interface MethodRule {
  lang?: boolean;
  fromEmail?: boolean;
  authSecret?: boolean;
  /**
   * The body is sent as typed: no numeric string becomes a number (decision, docs/decisions.md
   * "Registration"): create account's registration draft carries shares, registration numbers,
   * answers and ids as the text the contract asks for. Nulls are still dropped.
   */
  asTyped?: boolean;
}

export interface PrepareContext {
  method: string;
  caller: Caller;
  language: string;
  rule: MethodRule | undefined;
}

/** Builds the JSON body of a main-service call: method name, caller fields, then the rules. */
export function prepareMainBody(body: Record<string, unknown> | undefined, ctx: PrepareContext): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(body ?? {}), method: ctx.method };
  if (needsFromCustomerId(ctx.caller)) out.fromCustomerId = ctx.caller.actingCustomerId;
  if (ctx.rule?.lang) out.lang = ctx.language;
  if (ctx.rule?.fromEmail && ctx.caller.fromEmail) out.fromEmail = ctx.caller.fromEmail;
  if (ctx.rule?.authSecret && ctx.caller.authSecret) out.authSecret = ctx.caller.authSecret;
  // `method` must stay text even if a method were ever named with digits.
  const converted = ctx.rule?.asTyped ? dropNulls(out) : numericStringsToNumbers(dropNulls(out));
  converted.method = ctx.method;
  return converted;
}

export interface HeaderContext {
  language: string;
  clientVersion: string;
  accessToken: string | null;
  caller: Caller;
}

/** The request header that carries the acting customer (spec 000 s6: "sent as a customer id header"). */
export const ACTING_CUSTOMER_HEADER = 'X-Customer-Id';

/** Headers every request carries: language, client version, bearer token, acting customer. */
export function requestHeaders(ctx: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = {
    'Accept-Language': ctx.language,
    'X-Client-Version': ctx.clientVersion,
  };
  if (ctx.accessToken) headers.Authorization = `Bearer ${ctx.accessToken}`;
  if (needsFromCustomerId(ctx.caller)) headers[ACTING_CUSTOMER_HEADER] = String(ctx.caller.actingCustomerId);
  return headers;
}

/** Rewrites `<base>/<method>` (how the schema names it) to `<base>/?method=<method>` (how the server wants it). */
export function dispatchUrl(url: string, basePath: string): { url: string; method: string } | null {
  const parsed = new URL(url);
  const base = basePath.replace(/\/$/, '');
  if (!parsed.pathname.startsWith(`${base}/`)) return null;
  const method = parsed.pathname.slice(base.length + 1);
  if (!method || method.includes('/')) return null;
  parsed.pathname = `${base}/`;
  parsed.searchParams.set('method', method);
  return { url: parsed.toString(), method };
}

export type { Json };
