/**
 * Constants from the spec (000 s9 and the documents that name them), each defined once, here at
 * the bottom of machines/ so statecharts and the app read the same value. `src/shared/config`
 * re-exports them for the app.
 */
export const CLIENT_VERSION = '2.1.2';
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;
export const TOKEN_REFRESH_WINDOW_MS = 10 * 1000;
export const CODE_CHALLENGE_LENGTH = 128;
export const MOBILE_APP_INIT_DELAY_MS = 100;
export const DEFAULT_DELAY_MS = 500;
/** Realtime notifications stay 10 s on screen (spec 000 s4). */
export const NOTIFICATION_DURATION_MS = 10 * 1000;
/** How long a transaction result no approval popup has claimed waits for one before it is a notification (002 s4; machines/app/notifications.machine.ts). */
export const UNCLAIMED_GRACE_MS = 2 * 1000;

/** Breakpoints (px), first set of spec 000 s9. Mobile-first: a width >= value matches. */
export const BREAKPOINTS = {
  mobile: 476,
  tablet: 768,
  phablet: 871,
  laptop: 1024,
  desktop: 1280,
} as const;

/** Second set of breakpoints the spec lists (used by dense tables and the header). */
export const BREAKPOINTS_ALT = {
  xlPhone: 576,
  tablet: 871,
  smallDesktop: 992,
  largeDesktop: 1280,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS | 'small';

/** Which named breakpoint a viewport width falls into (the largest one reached). */
export function breakpointFor(width: number): Breakpoint {
  let current: Breakpoint = 'small';
  for (const [name, min] of Object.entries(BREAKPOINTS) as [keyof typeof BREAKPOINTS, number][]) {
    if (width >= min) current = name;
  }
  return current;
}

/** Money movement constants (spec 001 s9). */
/** The account list is fetched at most once in 3 s and given up after 5 s. */
export const ACCOUNT_LIST_THROTTLE_MS = 3 * 1000;
export const ACCOUNT_LIST_TIMEOUT_MS = 5 * 1000;
/** Recent transfers: 5 per list, 3 for p2p on home. */
export const RECENT_TRANSFERS_LIMIT = 5;
export const RECENT_P2P_LIMIT = 3;
/** History page size. */
export const HISTORY_PAGE_SIZE = 20;
/** Debit and authorisation history page size (001 s9). */
export const DEBIT_HISTORY_PAGE_SIZE = 10;
/** Batch history page size (002 s9). */
export const BATCH_PAGE_SIZE = 20;
/** Monthly statements page size (001 s7: transactionHistoryExportList default 12). */
export const STATEMENTS_PAGE_SIZE = 12;
/** Identity verification: a check the provider has not decided yet is asked again every 3 s, at most 10 times. */
export const IDENTITY_VERIFY_POLL_MS = 3 * 1000;
export const IDENTITY_VERIFY_POLL_MAX = 10;
/** A contract payer's identification under way (issue 59): its contract is read again every 5 s, at most 120 times (10 minutes), then on asking. */
export const CONTRACT_IDENTIFICATION_POLL_MS = 5 * 1000;
export const CONTRACT_IDENTIFICATION_POLL_MAX = 120;
/** A phone confirmed with its camera (002 s3 verification type camera): its confirmation read again every 3 s, at most 60 times (3 minutes), then on asking. */
export const PHONE_CAMERA_POLL_MS = 3 * 1000;
export const PHONE_CAMERA_POLL_MAX = 60;
/** The help desk widget the web app's support token is for (support.yaml supportToken widgetId; issue 60). */
export const SUPPORT_WIDGET_ID = 'web-client';
/** 002 s9: the post-login wait, before the support badge's counts are asked for (issue 60). */
export const POST_LOGIN_WAIT_MS = 5 * 1000;
/** "Navigation after 1 second" (002 s9): a success that moves the user to another page is shown this long first. */
export const NAVIGATION_DELAY_MS = 1000;
/** "List sizes 25" (002 s9): the page size of the lists paged by number (the merchant area's IPN notifications; docs/decisions.md, issue 61). */
export const LIST_PAGE_SIZE = 25;
/** 002 s9 "update check 60000 ms": how often the app asks whether a new version is deployed (issue 61). */
export const UPDATE_CHECK_MS = 60_000;
