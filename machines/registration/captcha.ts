/**
 * The captcha of registration (002 s4, s7: create account is sent with a captcha). The widget is
 * pluggable; the sandbox passes exactly this token and refuses any other (VF on `captcha`), so the
 * app's test widget (Storybook, the sandbox build, e2e) hands it over instead of a real challenge.
 * Import-free: the sandbox (plain Node) and the app share it.
 */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-pass';

/** The analytics events of the captcha (002 s9: "Turnstile success, Turnstile failed, Turnstile reset"). */
export type CaptchaAnalyticsEvent = 'Turnstile success' | 'Turnstile failed' | 'Turnstile reset';

/**
 * The widget handed over a token (success) or took it back (reset: unticked, or expired in a real
 * challenge).
 */
export const captchaChangeEvent = (token: string | null): CaptchaAnalyticsEvent => (token ? 'Turnstile success' : 'Turnstile reset');

/**
 * A submit that used the token up: the service refused the captcha itself (VF naming `captcha`:
 * failed), or refused something else and the widget starts again (reset).
 */
export function captchaSpentEvent(error: unknown): CaptchaAnalyticsEvent {
  const fields = error && typeof error === 'object' && !(error instanceof Error) ? (error as { fields?: unknown }).fields : undefined;
  return fields && typeof fields === 'object' && 'captcha' in fields ? 'Turnstile failed' : 'Turnstile reset';
}
