import type { Locator, Page } from '@playwright/test';
import { appPath, DEMO_PASSWORD, type PageAddress } from './env';
import { anyLanguage } from './i18n';

/**
 * /login (and the steps that follow on the same form: one-time code, push, terms…).
 * Controls are found by role and label in any of the app's languages; messages (`alert`,
 * `status`) are page-wide, as the form shows them.
 */
export class LoginPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  /** The one-time code field of the OTP and SMS steps, and its submit button. */
  readonly code: Locator;
  readonly confirmButton: Locator;
  readonly backButton: Locator;
  /** Errors (server messages, refusals). */
  readonly alert: Locator;
  /** Notices (e-mail confirmed, waiting for approval…). */
  readonly status: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.email = page.getByLabel(anyLanguage('E-mail'));
    this.password = page.getByLabel(anyLanguage('Password'));
    this.signInButton = page.getByRole('button', { name: anyLanguage('Sign in') });
    this.code = page.getByLabel(anyLanguage('Code'));
    this.confirmButton = page.getByRole('button', { name: anyLanguage('Confirm') });
    this.backButton = page.getByRole('button', { name: anyLanguage('Back') });
    this.alert = page.getByRole('alert');
    this.status = page.getByRole('status');
  }

  /**
   * Opens /login in a brand and language:
   * `open({ brand: 'brand3', lang: 'es', query: { emailConfirmation: 'success' } })`.
   * Brand and language left out keep what the app remembers. Other pages: `shell.open(path, …)`.
   */
  async open(address: PageAddress = {}): Promise<void> {
    await this.page.goto(appPath('/login', address));
  }

  /** Fills the credentials and submits; does not wait for the outcome (tests assert it). */
  async signIn(username: string, password: string = DEMO_PASSWORD): Promise<void> {
    await this.email.fill(username);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  /** Enters a one-time code and confirms it. */
  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.confirmButton.click();
  }
}
