import { expect, type Locator, type Page } from '@playwright/test';
import { appPath, type PageAddress } from './env';
import { anyLanguage } from './i18n';

/**
 * The frame every page shares (header, main, footer, notifications, popups), found by landmark,
 * role and label in any of the app's languages.
 */
export class AppShell {
  readonly page: Page;
  /** The page's heading (each page has exactly one h1). */
  readonly heading: Locator;
  readonly html: Locator;
  readonly header: Locator;
  readonly main: Locator;
  readonly footer: Locator;
  readonly skipLink: Locator;
  /** The main navigation (signed in): its areas; below 768 px behind the header's menu button. */
  readonly navigation: Locator;
  readonly menuButton: Locator;
  /** The navigation's link to security settings. */
  readonly securityLink: Locator;
  /** Header: the language menu and sign out. */
  readonly languageButton: Locator;
  readonly languageOptions: Locator;
  readonly signOutButton: Locator;
  /** The notifications live region (session expired, realtime messages…). */
  readonly notifications: Locator;
  /** Any loading indicator (route progress bar, busy buttons). */
  readonly progress: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.html = page.locator('html');
    this.header = page.getByRole('banner');
    this.main = page.locator('#main-content');
    this.footer = page.getByRole('contentinfo');
    this.skipLink = page.getByRole('link', { name: anyLanguage('Skip to main content') });
    this.navigation = page.getByRole('navigation', { name: anyLanguage('Main') });
    this.menuButton = this.header.getByRole('button', { name: anyLanguage('Menu') });
    this.securityLink = this.navigation.getByRole('link', { name: anyLanguage('Security and devices') });
    this.languageButton = this.header.getByRole('button', { name: anyLanguage('Language', { exact: false }) });
    this.languageOptions = this.header.getByRole('list', { name: anyLanguage('Languages') }).getByRole('button');
    this.signOutButton = this.header.getByRole('button', { name: anyLanguage('Sign out') });
    this.notifications = page.getByRole('region', { name: anyLanguage('Notifications') });
    this.progress = page.getByRole('progressbar');
  }

  /** Opens any page of the app in a brand and language: `open('/scp-mobile', { brand: 'brand5', lang: 'en' })`. */
  async open(path: string, address: PageAddress = {}): Promise<void> {
    await this.page.goto(appPath(path, address));
  }

  /**
   * Goes to another page inside the running app, as its own links do (the router hears
   * history.pushState), without reloading it: the previous page's heading leaves, then the new
   * page is ready. For tests that visit many pages and are not about loading the app.
   */
  async navigate(path: string): Promise<void> {
    const previous = await this.heading.elementHandle();
    try {
      await this.page.evaluate((to) => history.pushState(null, '', to), path);
      await previous.waitForElementState('hidden');
    } finally {
      await previous.dispose();
    }
    await this.waitUntilReady();
  }

  /** The header's logo link, named after the brand ("Corvel Finance: home"). */
  homeLink(brandName: string): Locator {
    return this.header.getByRole('link', { name: anyLanguage('{brandName}: home', { values: { brandName } }) });
  }

  /** A dialog that needs an answer (confirmations, the error popup, the idle warning). */
  dialog(name?: string | RegExp): Locator {
    return this.page.getByRole('alertdialog', name === undefined ? {} : { name });
  }

  /** Picks a language from the header's menu by its own name ("Română"). */
  async chooseLanguage(name: string): Promise<void> {
    await this.languageButton.click();
    await this.languageOptions.filter({ hasText: name }).click();
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }

  /** Waits until a page is on screen with nothing left loading. */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.progress).toHaveCount(0);
  }

  /** The brand theme's primary colour as the page computes it. */
  primaryColour(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  }

  /** A copy of the page's localStorage and sessionStorage. */
  storage(): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
    return this.page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
  }
}
