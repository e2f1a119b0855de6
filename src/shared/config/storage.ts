import { isLanguage, type Language } from './languages';

/**
 * Every key the app writes to Web Storage, in one inventory (docs/storage.md explains
 * owner and lifetime). Nothing secret goes to localStorage.
 */
export const storageKeys = {
  /** Chosen interface language; survives logout. */
  language: { key: 'app.language', area: 'local' },
  /** Local brand override (?brand=…), for development and review only; survives logout. */
  brandOverride: { key: 'app.brandOverride', area: 'local' },
  /**
   * The refresh token and username, so a reload in the same tab keeps the session
   * (docs/decisions.md). Tab-scoped, never localStorage; removed on logout and expiry.
   */
  session: { key: 'app.session', area: 'session' },
  /** Dictionaries with the language they were loaded in; session only. */
  dictionaries: { key: 'app.dictionaries', area: 'session' },
  /**
   * The chosen API setting (`?api=staging-2`, spec 000 s7). An environment name only: absolute
   * origins are honoured in development and test builds and never stored (docs/decisions.md).
   */
  apiOverride: { key: 'app.apiOverride', area: 'local' },
  /** Mobile-app wrapper mode (spec 000 s3/s9: the flag persists); survives logout. */
  mobileMode: { key: 'app.mobileMode', area: 'local' },
  /** The path an OAuth (SEI) authorisation asked for, kept across the sign-in (spec 000 s7). */
  oauthReturn: { key: 'app.oauthReturn', area: 'session' },
  /**
   * The signed-in customer's access rights and residence country (spec 000 s9: permissions and
   * session data such as residence live in sessionStorage), written when customer info loads.
   */
  permissions: { key: 'app.permissions', area: 'session' },
  /** The acting customer of a business/admin user (`fromCustomerId`, spec 000 s4). */
  fromCustomer: { key: 'app.fromCustomer', area: 'session' },
  /**
   * Transfers being sent, by kind (`own`, `p2p`, …): the form's values and the intent's requestId,
   * kept from the submit until the transfer ends, so a reload mid-submit offers the same transfer
   * with the same requestId and the money moves once (docs/decisions.md "Idempotent submits").
   * Tab-scoped; no secret (account ids, an amount, a reference); removed on logout.
   */
  transferIntents: { key: 'app.transferIntents', area: 'session' },
  /** The registration reference lists (sources of funds, agreements, …) by list and language (spec 002 s3: session storage). */
  referenceLists: { key: 'app.referenceLists', area: 'session' },
  /** The registration draft, saved locally (spec 002 s4, version 3.54); removed on logout. */
  registrationDraft: { key: 'app.registrationDraft', area: 'local' },
  /** A new smart contract being made in this tab (issue 59): its step and what was typed; no secret. */
  contractDraft: { key: 'app.contractDraft', area: 'session' },
  /** An account recovery under way in this tab: its step, task and the data typed; never the code or a password. */
  accountRecovery: { key: 'app.accountRecovery', area: 'session' },
  /**
   * Written by TanStack Router itself, not by the app (`scrollRestoration: true` in router.tsx):
   * the scroll positions of the tab's history entries, saved when the page is left (`pagehide`)
   * and read at the next load, so Back and a reload return to where the user was. Offsets keyed
   * by history-entry key (or the address of the first entry); nothing else. Cleared with the rest
   * of sessionStorage on logout. The name is the router's (`storageKey` in @tanstack/router-core;
   * tests/unit/storage.test.ts fails when an upgrade changes it).
   */
  scrollRestoration: { key: 'tsr-scroll-restoration-v1_3', area: 'session' },
  /**
   * The customer's analytics choice (issue 61; docs/decisions.md "Analytics consent"): granted or
   * denied, when, and the notice's version; asked again after 395 days. A preference: survives logout.
   */
  analyticsConsent: { key: 'app.analyticsConsent', area: 'local' },
  /**
   * The anonymous analytics id (002 s9: analytics persists in local storage): a random UUID sent with
   * each batch of events, never tied to the customer. Written only while analytics is collecting;
   * deleted when the customer refuses or withdraws. Survives logout (it names the browser, not the person).
   */
  analyticsId: { key: 'app.analyticsId', area: 'local' },
  /** Development only: the statechart inspector asked for with `?inspect` (`panel` or `stately`), kept for the tab across reloads. */
  inspect: { key: 'app.inspect', area: 'session' },
} as const;

/** What survives a logout (docs/storage.md); everything else the app wrote is removed. */
export const KEPT_AFTER_LOGOUT = [storageKeys.language, storageKeys.brandOverride, storageKeys.apiOverride, storageKeys.mobileMode, storageKeys.analyticsConsent, storageKeys.analyticsId];

type StorageEntry = (typeof storageKeys)[keyof typeof storageKeys];

function area(entry: StorageEntry): Storage | undefined {
  try {
    return entry.area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // storage can be blocked (privacy mode): the app keeps working in memory
  }
}

export function readStored(entry: StorageEntry): string | undefined {
  try {
    return area(entry)?.getItem(entry.key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(entry: StorageEntry, value: string): void {
  try {
    area(entry)?.setItem(entry.key, value);
  } catch {
    /* quota or blocked storage: not fatal */
  }
}

export function removeStored(entry: StorageEntry): void {
  try {
    area(entry)?.removeItem(entry.key);
  } catch {
    /* ignore */
  }
}

/**
 * Logout and session expiry: sessionStorage is emptied (tokens, dictionaries, permissions,
 * acting customer, OAuth return path) and the local keys that are not preferences are removed
 * (the registration draft, spec 000 s4). Preferences in KEPT_AFTER_LOGOUT stay.
 */
export function clearStoredSessionData(): void {
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    /* blocked storage */
  }
  const kept = new Set<string>(KEPT_AFTER_LOGOUT.map((e) => e.key));
  for (const entry of Object.values(storageKeys)) {
    if (entry.area === 'local' && !kept.has(entry.key)) removeStored(entry);
  }
}

/**
 * The chosen language also as a cookie, `lang` (docs/storage.md): the one preference the server
 * needs, to send the prerendered public pages in that language before any script runs (issue 48;
 * it cannot read Web Storage). A preference, never a secret; the app itself reads `app.language`.
 */
export const LANGUAGE_COOKIE = 'lang';
export function writeLanguageCookie(language: Language): void {
  if (typeof document === 'undefined' || !isLanguage(language)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
