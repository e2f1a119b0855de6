/** Spec constants live once at the bottom of machines/ (the ground floor); the app reads them here. */
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
