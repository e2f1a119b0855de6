/**
 * The captcha of registration (002 s4, s7: create account is sent with a captcha). The widget is
 * pluggable; the sandbox passes exactly this token and refuses any other (VF on `captcha`), so the
 * app's test widget (Storybook, the sandbox build, e2e) hands it over instead of a real challenge.
 * Import-free: the sandbox (plain Node) and the app share it.
 */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-pass';
