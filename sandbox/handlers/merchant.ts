import {
  buttonProblems,
  hasFullMerchantAccess,
  imageKindOf,
  IPN_PAGE_SIZE,
  LOGO_PAGE_SIZE,
  LOGOS_MAX,
  mayUseMerchantArea,
  nameProblem,
  notifyUrlProblem,
  type ButtonField,
  type ButtonProblem,
  type NameProblem,
  type UrlProblem,
} from '../../machines/merchant/merchant.rules.ts';
import { currencyDecimals } from '../../machines/shared/amount.ts';
import { denied, owner } from '../access.ts';
import { transaction, type Db } from '../db.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { idempotent, nowIso } from '../kernel/ledger.ts';
import { forbidden, ok, refused, refusedListed, vf, vfMany, type Issue } from '../kernel/replies.ts';
import {
  buttonOf,
  buttonsOf,
  confirmIpnMessage,
  deleteLogo,
  insertButton,
  insertLogo,
  ipnMessage,
  ipnMessageById,
  ipnMessagesOf,
  ipnSettingsOf,
  logoOf,
  logosOf,
  makeDefaultLogo,
  merchantFactsOf,
  openCurrenciesOf,
  pbnSettingsOf,
  saveIpnSettings,
  savePbnSettings,
  toIpnMessage,
  toLogo,
  toSavedButton,
  updateButton,
  type ButtonFields,
} from '../merchant-store.ts';

/**
 * The merchant area (issue 55; main.yaml tag merchant; spec 001 s2 /merchant, s3 Merchant, s7
 * Merchant, s9). Every call acts for the customer of fromCustomerId (sandbox/access.ts: ENOA for a
 * customer the caller may not act for). Who may do what is the rules' (machines/merchant/merchant.rules.ts,
 * the caller as sandbox/merchant-store.ts merchantFactsOf sees them):
 *
 * - Reads (the lists and gets, both settings): any merchant level but none (mayUseMerchantArea);
 *   none (an employee with merchant level 0, an admin: the rules close the area to admins): ENOA
 *   "You have no access to the merchant area" in the envelope (the reads' contract lists no 403).
 * - Writes (ipnMessageConfirm, both settings updates, the logo and button writes): full merchant
 *   access (level 2: hasFullMerchantAccess); anyone else who may act for the customer: 403
 *   `{ message }`. Every write but the confirmation is once per requestId (kernel/ledger.ts idempotent).
 * - Another customer's id (or none): UE "There is no such …".
 * - ipnSettingsUpdate: notifyUrl by notifyUrlProblem (http only for the sandbox's own host), VF
 *   notifyUrl; empty is null. A new secret with regenerateSecret, or when notifications are turned
 *   on without one: in that reply only (`secret`), then its last four. pbnSettingsUpdate the same.
 * - logoCreate: the name (VF name); the file PNG or JPEG by its first bytes (imageKindOf), else UE
 *   with `errors` (the response popup, 001 s8); larger than 1 MB: the server's 413 (its per-part
 *   limit); at most LOGOS_MAX (UE with `errors`). The first logo is the default; isDefault moves it.
 * - logoUpdate: the default cannot be unset by itself (UE); logoDelete: the newest remaining logo
 *   becomes the default, the buttons that showed it show none.
 * - savedButtonCreate, savedButtonUpdate: buttonProblems with the acting customer's open payment
 *   accounts' currencies and logos; every field's problem is a VF on the field, except a currency
 *   without an open account: UE with `errors` (the response popup: nothing on the form can fix it).
 *   The amount is kept as the exact text sent (null for a donate button without one).
 */

/** The refusals and field texts (translated in sandbox/texts). */
export const NO_MERCHANT_ACCESS = 'You have no access to the merchant area';
export const FULL_ACCESS_ONLY = 'Only a user with full access to the merchant area can change this';
export const NO_SUCH_MESSAGE = 'There is no such notification';
export const NO_SUCH_LOGO = 'There is no such logo';
export const NO_SUCH_BUTTON = 'There is no such button';
export const NOT_AN_IMAGE = 'Choose a PNG or JPEG image';
export const TOO_MANY_LOGOS = `You have ${LOGOS_MAX} logos already: delete one first`;
export const KEEP_A_DEFAULT = 'Make another logo the default instead';
export const noAccountIn = (currency: string): string => `You have no open ${currency} account: add the currency first`;

/** The addresses' problems (the IPN notify address, a button's return and cancel addresses). */
export const URL_TEXTS: Record<UrlProblem, string> = {
  required: 'Enter the address the notifications are posted to',
  invalid: 'Enter a full address that starts with https://',
  notHttps: 'Use an address that starts with https://',
  tooLong: 'Use at most 255 characters',
  credentials: 'Leave the user name and password out of the address',
};
export const LOGO_NAME_TEXTS: Record<NameProblem, string> = {
  required: 'Enter a name for the logo',
  tooLong: 'Use at most 100 characters',
};
const BUTTON_NAME_TEXTS: Record<NameProblem, string> = {
  required: 'Enter a name for the button',
  tooLong: 'Use at most 100 characters',
};
const ITEM_NAME_TEXTS: Record<NameProblem, string> = {
  required: 'Enter the name of the item',
  tooLong: 'Use at most 127 characters',
};

/** The hosts an address may name with http: the sandbox's own (the rules' insecureHosts). */
export const INSECURE_HOSTS: readonly string[] = ['127.0.0.1', 'localhost'];

/** A button field's problem in words. */
export function buttonText(field: ButtonField, problem: ButtonProblem, currency: string): string {
  switch (problem) {
    case 'required':
    case 'tooLong':
      return field === 'name' ? BUTTON_NAME_TEXTS[problem] : field === 'itemName' ? ITEM_NAME_TEXTS[problem] : URL_TEXTS[problem];
    case 'invalid':
    case 'notHttps':
    case 'credentials':
      return URL_TEXTS[problem];
    case 'amountRequired':
      return 'Enter an amount above zero';
    case 'amountInvalid':
      return currencyDecimals(currency) === 2 ? 'Enter an amount above zero with at most 2 decimals' : 'Enter an amount above zero with at most 8 decimals';
    case 'buttonType':
      return 'Choose buy now or donate';
    case 'logo':
      return 'Choose one of your logos';
    case 'currency':
      return noAccountIn(currency);
  }
}

// ---- who ------------------------------------------------------------------------------------------

type Caller = Pick<HandlerContext, 'db' | 'customerId' | 'body'>;
export const isReply = (value: number | HandlerReply): value is HandlerReply => typeof value !== 'number';

/** The acting customer of a read, or the refusal (the merchant area's reads, issues 55 and 56). */
export function reader(ctx: Caller): number | HandlerReply {
  const acting = owner(ctx);
  if (acting === null) return denied;
  return mayUseMerchantArea(merchantFactsOf(ctx.db, ctx.customerId!, acting)) ? acting : refused(NO_MERCHANT_ACCESS, 'ENOA');
}

/** A write's refusal for the acting customer (the caller may act for them: asked first), or null. */
export function writeRefusal(ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number): HandlerReply | null {
  return hasFullMerchantAccess(merchantFactsOf(ctx.db, ctx.customerId!, acting)) ? null : forbidden(FULL_ACCESS_ONLY);
}

/** The acting customer of a write without a requestId, or the refusal. */
function writer(ctx: Caller): number | HandlerReply {
  const acting = owner(ctx);
  if (acting === null) return denied;
  return writeRefusal(ctx, acting) ?? acting;
}

/** A page of a list: pageNumber from 1, pageSize as asked or the area's. */
export const page = <T>(all: readonly T[], pageNumber = 1, pageSize: number): T[] => all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);

// ---- saved buttons' values --------------------------------------------------------------------------

interface ButtonBody {
  name: string;
  buttonType: ButtonFields['buttonType'];
  itemName: string;
  amount?: string | null;
  currencyCode: string;
  logoId?: number | null;
  returnUrl?: string | null;
  cancelUrl?: string | null;
}

/** A button's values as kept, or the refusal: VF by field; a currency without an open account UE with `errors`. */
function checkedButton(db: Db, acting: number, body: ButtonBody): ButtonFields | HandlerReply {
  const values = {
    name: body.name,
    buttonType: body.buttonType,
    itemName: body.itemName,
    amount: body.amount ?? '',
    currencyCode: body.currencyCode,
    logoId: body.logoId ?? null,
    returnUrl: body.returnUrl ?? '',
    cancelUrl: body.cancelUrl ?? '',
  };
  const problems = buttonProblems(values, { currencies: openCurrenciesOf(db, acting), logoIds: logosOf(db, acting).map((logo) => logo.id), insecureHosts: INSECURE_HOSTS });
  const issues: Issue[] = [];
  for (const field of ['name', 'buttonType', 'itemName', 'amount', 'logoId', 'returnUrl', 'cancelUrl'] as const) {
    const problem = problems[field];
    if (problem) issues.push({ param: field, description: buttonText(field, problem, body.currencyCode) });
  }
  if (issues.length > 0) return vfMany(issues);
  if (problems.currencyCode) return refusedListed(noAccountIn(body.currencyCode), 'UE');
  const amount = body.amount?.trim() ?? '';
  return {
    name: body.name.trim(),
    buttonType: body.buttonType,
    itemName: body.itemName.trim(),
    amount: amount === '' ? null : amount,
    currencyCode: body.currencyCode,
    logoId: body.logoId ?? null,
    returnUrl: body.returnUrl?.trim() || null,
    cancelUrl: body.cancelUrl?.trim() || null,
  };
}
const isButtonReply = (value: ButtonFields | HandlerReply): value is HandlerReply => 'status' in value;

// ---- the handlers ------------------------------------------------------------------------------------

export const merchantHandlers: HandlerMap = {
  ipnMessageList: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const { total, rows } = ipnMessagesOf(ctx.db, acting, ctx.body.pageNumber ?? 1, ctx.body.pageSize ?? IPN_PAGE_SIZE);
    return ok({ total, messages: rows.map((row) => toIpnMessage(row, false)) });
  },

  ipnMessageGet: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const row = ipnMessage(ctx.db, acting, ctx.body.id);
    return row ? ok({ ipnMessage: toIpnMessage(row, true) }) : refused(NO_SUCH_MESSAGE, 'UE');
  },

  ipnMessageConfirm: (ctx) => {
    const acting = writer(ctx);
    if (isReply(acting)) return acting;
    return transaction(ctx.db, () => {
      const row = ipnMessage(ctx.db, acting, ctx.body.id);
      if (!row) return refused(NO_SUCH_MESSAGE, 'UE');
      confirmIpnMessage(ctx.db, row.id, ctx.now());
      return ok({ ipnMessage: toIpnMessage(ipnMessageById(ctx.db, row.id), true) });
    });
  },

  ipnSettingsGet: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    return ok({ settings: ipnSettingsOf(ctx.db, acting) });
  },

  ipnSettingsUpdate: idempotent(
    'ipnSettingsUpdate',
    (ctx, acting) => {
      const { body } = ctx;
      const notifyUrl = body.notifyUrl?.trim() || null;
      const problem = notifyUrlProblem({ notifyUrl, statusId: body.statusId }, INSECURE_HOSTS);
      if (problem) return vf('notifyUrl', URL_TEXTS[problem]);
      const saved = saveIpnSettings(ctx.db, acting, { notifyUrl, notifyStatusId: body.notifyStatusId, statusId: body.statusId, regenerateSecret: body.regenerateSecret === true }, ctx.now());
      return ok({ settings: saved.settings, ...(saved.secret ? { secret: saved.secret } : {}) });
    },
    { refusal: writeRefusal },
  ),

  pbnSettingsGet: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    return ok({ settings: pbnSettingsOf(ctx.db, acting) });
  },

  pbnSettingsUpdate: idempotent(
    'pbnSettingsUpdate',
    (ctx, acting) => {
      const saved = savePbnSettings(ctx.db, acting, { statusId: ctx.body.statusId, regenerateSecret: ctx.body.regenerateSecret === true }, ctx.now());
      return ok({ settings: saved.settings, ...(saved.secret ? { secret: saved.secret } : {}) });
    },
    { refusal: writeRefusal },
  ),

  logoList: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const all = logosOf(ctx.db, acting);
    return ok({ total: all.length, logos: page(all, ctx.body.pageNumber, ctx.body.pageSize ?? LOGO_PAGE_SIZE).map(toLogo) });
  },

  logoGet: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const row = logoOf(ctx.db, acting, ctx.body.id);
    return row ? ok({ logo: toLogo(row) }) : refused(NO_SUCH_LOGO, 'UE');
  },

  logoCreate: idempotent(
    'logoCreate',
    (ctx, acting) => {
      const { db, body } = ctx;
      const name = body.name.trim();
      const problem = nameProblem(name);
      if (problem) return vf('name', LOGO_NAME_TEXTS[problem]);
      // The kind is the bytes': a PNG named logo.jpg is a PNG, a text file named logo.png is no image.
      const file = ctx.files['file[]'];
      const kind = file ? imageKindOf(file.bytes) : null;
      if (!file || !kind) return refusedListed(NOT_AN_IMAGE, 'UE');
      if (logosOf(db, acting).length >= LOGOS_MAX) return refusedListed(TOO_MANY_LOGOS, 'UE');
      const id = insertLogo(db, {
        customerId: acting,
        name,
        fileName: file.name.trim() || `logo.${kind === 'image/png' ? 'png' : 'jpg'}`,
        mime: kind,
        content: file.bytes,
        isDefault: body.isDefault === true,
        createdAt: nowIso(ctx),
        now: ctx.now(),
      });
      return ok({ logo: toLogo(logoOf(db, acting, id)!) });
    },
    { refusal: writeRefusal },
  ),

  logoUpdate: idempotent(
    'logoUpdate',
    (ctx, acting) => {
      const { db, body } = ctx;
      const row = logoOf(db, acting, body.id);
      if (!row) return refused(NO_SUCH_LOGO, 'UE');
      const name = body.name.trim();
      const problem = nameProblem(name);
      if (problem) return vf('name', LOGO_NAME_TEXTS[problem]);
      if (!body.isDefault && row.is_default === 1) return refused(KEEP_A_DEFAULT, 'UE');
      db.prepare('UPDATE merchant_logos SET name = ? WHERE id = ?').run(name, row.id);
      if (body.isDefault) makeDefaultLogo(db, acting, row.id);
      return ok({ logo: toLogo(logoOf(db, acting, row.id)!) });
    },
    { refusal: writeRefusal },
  ),

  logoDelete: idempotent(
    'logoDelete',
    (ctx, acting) => {
      const row = logoOf(ctx.db, acting, ctx.body.id);
      if (!row) return refused(NO_SUCH_LOGO, 'UE');
      deleteLogo(ctx.db, row);
      return ok();
    },
    { refusal: writeRefusal },
  ),

  savedButtonList: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    return ok({ buttons: buttonsOf(ctx.db, acting).map(toSavedButton) });
  },

  savedButtonGet: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const row = buttonOf(ctx.db, acting, ctx.body.id);
    return row ? ok({ button: toSavedButton(row) }) : refused(NO_SUCH_BUTTON, 'UE');
  },

  savedButtonCreate: idempotent(
    'savedButtonCreate',
    (ctx, acting) => {
      const fields = checkedButton(ctx.db, acting, ctx.body);
      if (isButtonReply(fields)) return fields;
      const id = insertButton(ctx.db, acting, fields, nowIso(ctx));
      return ok({ button: toSavedButton(buttonOf(ctx.db, acting, id)!) });
    },
    { refusal: writeRefusal },
  ),

  savedButtonUpdate: idempotent(
    'savedButtonUpdate',
    (ctx, acting) => {
      const row = buttonOf(ctx.db, acting, ctx.body.id);
      if (!row) return refused(NO_SUCH_BUTTON, 'UE');
      const fields = checkedButton(ctx.db, acting, ctx.body);
      if (isButtonReply(fields)) return fields;
      updateButton(ctx.db, row.id, fields, nowIso(ctx));
      return ok({ button: toSavedButton(buttonOf(ctx.db, acting, row.id)!) });
    },
    { refusal: writeRefusal },
  ),

  savedButtonDelete: idempotent(
    'savedButtonDelete',
    (ctx, acting) => {
      const row = buttonOf(ctx.db, acting, ctx.body.id);
      if (!row) return refused(NO_SUCH_BUTTON, 'UE');
      ctx.db.prepare('DELETE FROM saved_buttons WHERE id = ?').run(row.id);
      return ok();
    },
    { refusal: writeRefusal },
  ),
};
