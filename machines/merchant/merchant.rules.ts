import { currencyDecimals, isPositiveAmount, normalizeAmount } from '../shared/amount.ts';
import { LIST_PAGE_SIZE } from '../shared/constants.ts';

/**
 * The merchant area (spec 001 s2 /merchant and its children, s3 Merchant, s6 "the API key, API log
 * and webhook log pages need full access", s9 page sizes and the IPN defaults; 000 s2, s6; issue 55)
 * as pure rules shared by the pages, the statecharts and the sandbox. Decisions are in
 * docs/decisions.md "Merchant tools (issue 55)".
 */

/** The children of /merchant/ (001 s2), in the menu's order. */
export const MERCHANT_PAGES = [
  'security/verification',
  'security/verification/history',
  'security/reputation',
  'ipn/history',
  'ipn/settings',
  'buttons/my_saved_buttons',
  'buttons/pbn_settings',
  'buttons/business_logos',
  'accounts/subscribers',
  'internal/api_key',
  'internal/api_log',
  'internal/webhook_log',
] as const;
export type MerchantPage = (typeof MERCHANT_PAGES)[number];

export const isMerchantPage = (path: string): path is MerchantPage => (MERCHANT_PAGES as readonly string[]).includes(path);

/** Where /merchant/ itself goes (001 s2). */
export const MERCHANT_HOME: MerchantPage = 'security/verification';
/** Where a user without full access lands from an internal page (001 s2). */
export const MERCHANT_FALLBACK: MerchantPage = 'buttons/my_saved_buttons';
/** The pages that need full access (001 s2, s6). */
export const INTERNAL_PAGES: readonly MerchantPage[] = ['internal/api_key', 'internal/api_log', 'internal/webhook_log'];

/** Access levels of 000 s6 (0 no access, 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading). */
const FULL = 2;
const NONE = 0;

/**
 * Who acts in the merchant area: the customer themselves (a personal customer, or a company's own
 * sign-in acting for it) or an authorised user of the company with their merchant level. The
 * owner's level is theirs too once another full-access user lowered it (issue 54); undefined: not
 * limited (the access info lists no merchant level).
 */
export interface MerchantFacts {
  kind: 'personal' | 'business' | 'employee' | 'admin';
  /** The merchant area's level for the acting customer (accessList.merchant), when the access info lists it. */
  merchantLevel: number | undefined;
}

/** The merchant level that binds: a listed level, else full for the customer themselves, none for anyone else. */
export function merchantLevelOf(facts: MerchantFacts): number {
  if (facts.kind === 'admin') return NONE;
  if (facts.merchantLevel !== undefined) return facts.merchantLevel;
  return facts.kind === 'employee' ? NONE : FULL;
}

/** The area is open to any merchant level but none (reads). */
export const mayUseMerchantArea = (facts: MerchantFacts): boolean => merchantLevelOf(facts) !== NONE;

/**
 * Writes (settings, confirm, logos, buttons) and the internal pages need full access: level 2
 * exactly. Initiate, confirmed and uploading are transfer levels: in the merchant area they read.
 */
export const hasFullMerchantAccess = (facts: MerchantFacts): boolean => merchantLevelOf(facts) === FULL;

/**
 * The page a user asking for `page` is shown (001 s2): null when the area is closed to them (no
 * merchant access: the app's home instead); the saved buttons for an internal page without full
 * access; else the page asked for.
 */
export function merchantPageFor(page: MerchantPage, facts: MerchantFacts): MerchantPage | null {
  if (!mayUseMerchantArea(facts)) return null;
  if (INTERNAL_PAGES.includes(page) && !hasFullMerchantAccess(facts)) return MERCHANT_FALLBACK;
  return page;
}

// ---- paging (001 s9) -------------------------------------------------------------------------

/** The IPN list pages by number: "list sizes 25" (002 s9). */
export const IPN_PAGE_SIZE = LIST_PAGE_SIZE;
export const LOGO_PAGE_SIZE = 1000;

/**
 * 001 s9: more IPN messages exist while pageSize × pageNumber is at most the total. At an exact
 * multiple this offers one more page, which comes back empty; then it is false.
 */
export const hasMoreIpnMessages = (pageSize: number, pageNumber: number, total: number): boolean => pageSize * pageNumber <= total;

// ---- settings (001 s3, s9) -------------------------------------------------------------------

/** statusId (001 s3): 1 off, 2 on. notifyStatusId: 1 completed payments only, 2 every status. */
export const STATUS_OFF = 1;
export const STATUS_ON = 2;
export const NOTIFY_COMPLETED = 1;
export const NOTIFY_EVERY_STATUS = 2;
export type MerchantStatusId = typeof STATUS_OFF | typeof STATUS_ON;
export type IpnNotifyStatusId = typeof NOTIFY_COMPLETED | typeof NOTIFY_EVERY_STATUS;

/** 001 s9: the IPN setting shown when none was ever saved. */
export const IPN_DEFAULTS = { notifyUrl: null, notifyStatusId: NOTIFY_COMPLETED, statusId: STATUS_OFF, secretLastFour: null } as const;

export interface IpnSettingsValues {
  notifyUrl: string | null;
  notifyStatusId: number;
  statusId: number;
  secretLastFour: string | null;
}

/** The settings to show: the saved ones, else the defaults of 001 s9. */
export const ipnSettingsOrDefaults = <T extends IpnSettingsValues>(saved: T | null | undefined): IpnSettingsValues => saved ?? { ...IPN_DEFAULTS };

/** Whether a payment of `paymentStatus` is notified under `notifyStatusId`. */
export const isNotified = (notifyStatusId: number, paymentStatus: 'pending' | 'completed' | 'failed' | 'refunded'): boolean =>
  notifyStatusId === NOTIFY_EVERY_STATUS || paymentStatus === 'completed';

export const URL_MAX = 255;

export type UrlProblem = 'required' | 'invalid' | 'notHttps' | 'tooLong' | 'credentials';

/**
 * An address the service calls or sends a payer to (the IPN notify address; a button's return and
 * cancel addresses): absolute, https (http only for a host in `insecureHosts`: the sandbox's own),
 * at most 255 characters, no user name or password, no fragment-only or relative text. Empty:
 * 'required' when `required`, else no problem.
 */
export function urlProblem(text: string | null | undefined, options: { required: boolean; insecureHosts?: readonly string[] }): UrlProblem | null {
  const value = (text ?? '').trim();
  if (!value) return options.required ? 'required' : null;
  if (value.length > URL_MAX) return 'tooLong';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (!url.hostname || /\s/.test(value)) return 'invalid';
  if (url.username || url.password) return 'credentials';
  if (url.protocol === 'http:' && !(options.insecureHosts ?? []).includes(url.hostname)) return 'notHttps';
  return null;
}

/** The notify address: required while notifications are on. */
export const notifyUrlProblem = (values: { notifyUrl: string | null; statusId: number }, insecureHosts: readonly string[] = []): UrlProblem | null =>
  urlProblem(values.notifyUrl, { required: values.statusId === STATUS_ON, insecureHosts });

/** A secret shown by its last four characters: bullets, then the four (nothing when there is none). */
export const maskedSecret = (lastFour: string | null | undefined): string => (lastFour ? `••••••••${lastFour}` : '');

// ---- logos (001 s3, s7; the size and kinds are a decision) -----------------------------------

export const LOGO_MAX_BYTES = 1_048_576;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_NAME_MAX = 100;
export const LOGOS_MAX = 20;

/** The image kind by its first bytes (PNG's eight-byte signature, JPEG's FF D8 FF), whatever the file is called. */
export function imageKindOf(bytes: Uint8Array): LogoType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export type LogoFileProblem = 'required' | 'empty' | 'type' | 'tooLarge';

/** A chosen file before upload: there, not empty, PNG or JPEG by its type, at most 1 MB (the first bytes are checked by imageKindOf). */
export function logoFileProblem(file: { type: string; size: number } | null): LogoFileProblem | null {
  if (!file) return 'required';
  if (file.size === 0) return 'empty';
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'tooLarge';
  return null;
}

export type NameProblem = 'required' | 'tooLong';
export const nameProblem = (text: string, max = LOGO_NAME_MAX): NameProblem | null => {
  const value = text.trim();
  if (!value) return 'required';
  return value.length > max ? 'tooLong' : null;
};

/**
 * Which logo is the default after a change, keeping exactly one while there are logos: the one
 * made the default; after a delete of the default, the newest remaining; the first logo always.
 */
export function defaultLogoAfter<T extends { id: number; isDefault: boolean; createdAt: string }>(logos: readonly T[]): number | null {
  if (logos.length === 0) return null;
  const current = logos.find((logo) => logo.isDefault);
  if (current) return current.id;
  return [...logos].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : b.createdAt.localeCompare(a.createdAt)))[0]!.id;
}

// ---- saved payment buttons (001 s7; their fields are a decision) -----------------------------

export const BUTTON_TYPES = ['buyNow', 'donate'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];
export const ITEM_NAME_MAX = 127;

export interface ButtonValues {
  name: string;
  buttonType: string;
  itemName: string;
  amount: string;
  currencyCode: string;
  logoId: number | null;
  returnUrl: string;
  cancelUrl: string;
}

export type ButtonField = 'name' | 'buttonType' | 'itemName' | 'amount' | 'currencyCode' | 'logoId' | 'returnUrl' | 'cancelUrl';
export type ButtonProblem = NameProblem | UrlProblem | 'amountRequired' | 'amountInvalid' | 'currency' | 'buttonType' | 'logo';

/**
 * What is wrong with a button, by field: a name and an item name (trimmed, not too long); buy now
 * needs an amount above 0 in the currency's decimals, donate may leave it empty (the payer
 * chooses); a currency the customer holds an open account in; a logo of theirs when one is chosen;
 * return and cancel addresses https when given. Empty when right.
 */
export function buttonProblems(
  values: ButtonValues,
  known: { currencies: readonly string[]; logoIds: readonly number[]; insecureHosts?: readonly string[] },
): Partial<Record<ButtonField, ButtonProblem>> {
  const problems: Partial<Record<ButtonField, ButtonProblem>> = {};
  const name = nameProblem(values.name);
  if (name) problems.name = name;
  if (!(BUTTON_TYPES as readonly string[]).includes(values.buttonType)) problems.buttonType = 'buttonType';
  const item = nameProblem(values.itemName, ITEM_NAME_MAX);
  if (item) problems.itemName = item;
  const amount = normalizeAmount(values.amount);
  if (!amount) {
    if (values.buttonType !== 'donate') problems.amount = 'amountRequired';
  } else if (!isPositiveAmount(amount, currencyDecimals(values.currencyCode))) problems.amount = 'amountInvalid';
  if (!known.currencies.includes(values.currencyCode)) problems.currencyCode = 'currency';
  if (values.logoId !== null && !known.logoIds.includes(values.logoId)) problems.logoId = 'logo';
  for (const field of ['returnUrl', 'cancelUrl'] as const) {
    const problem = urlProblem(values[field], { required: false, insecureHosts: known.insecureHosts });
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** Payment accounts (001 s3 type 1001) and the closed status (11): the accounts a button may be paid into. */
const PAYMENT_ACCOUNT = 1001;
const CLOSED_ACCOUNT = 11;

/** The customer's open payment accounts: what a button is paid into and what pays an identity check's fee (the service's rule). */
export const openPaymentAccounts = <A extends { type: number; accountStatusId: number }>(accounts: readonly A[]): A[] =>
  accounts.filter((account) => account.type === PAYMENT_ACCOUNT && account.accountStatusId !== CLOSED_ACCOUNT);

/** The currencies a button may take: those of the customer's open payment accounts, once each, in order. */
export function buttonCurrencies(accounts: readonly { type: number; accountStatusId: number; currencyCode: string }[]): string[] {
  return [...new Set(openPaymentAccounts(accounts).map((account) => account.currencyCode))].sort();
}

/** Text safe inside HTML text and double- or single-quoted attributes. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface SnippetInput {
  /** The brand's checkout address the form posts to. */
  checkoutUrl: string;
  merchantId: number;
  buttonId: number;
  /** The button's visible words (the item's name, or the brand's "Pay" words), in the merchant's language. */
  label: string;
}

/**
 * The HTML a merchant pastes into their site: a form that posts the button's id and the merchant's
 * to the brand's checkout, where the amount, the item and the logo are read from the saved button
 * (never from the page, so a payer cannot change them; the logos are not public files). Every value
 * is escaped; nothing else is interpolated.
 */
export function buttonSnippet(input: SnippetInput): string {
  const lines = [
    `<form action="${escapeHtml(input.checkoutUrl)}" method="post" target="_blank">`,
    `  <input type="hidden" name="merchantId" value="${escapeHtml(String(input.merchantId))}">`,
    `  <input type="hidden" name="buttonId" value="${escapeHtml(String(input.buttonId))}">`,
    `  <button type="submit">${escapeHtml(input.label)}</button>`,
    `</form>`,
  ];
  return lines.join('\n');
}
