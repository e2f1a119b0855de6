/** Spec constants and languages are defined once at the bottom of machines/ (the ground floor) and handed on here. */
export {
  CLIENT_VERSION,
  REQUEST_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  TOKEN_REFRESH_WINDOW_MS,
  CODE_CHALLENGE_LENGTH,
  MOBILE_APP_INIT_DELAY_MS,
  DEFAULT_DELAY_MS,
  NOTIFICATION_DURATION_MS,
  BREAKPOINTS,
  BREAKPOINTS_ALT,
  breakpointFor,
} from '@machines/shared/constants';
export type { Breakpoint } from '@machines/shared/constants';
export { LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_LABELS, isLanguage, parseLanguage } from './languages';
export type { Language } from './languages';
export { API_ENVIRONMENT, IS_SANDBOX_BUILD, insecureHosts } from './environment';
export { storageKeys, readStored, writeStored, removeStored, clearStoredSessionData, KEPT_AFTER_LOGOUT, LANGUAGE_COOKIE, writeLanguageCookie } from './storage';
