import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { CONSENT_VERSION } from '../../machines/app/analytics-consent.rules';
import { AppShell } from './support/app-shell';
import { brandOf, SANDBOX, type Brand, type Lang } from './support/env';
import { signInThroughApi } from './support/api-sign-in';
import { LoginPage } from './support/login-page';
import { OtherDevice, Sandbox } from './support/sandbox';

export { SANDBOX, APP, DEMO_PASSWORD, BRANDS, brandOf, type Brand, type Lang } from './support/env';
export { anyLanguage, translate } from './support/i18n';
export { AppShell, LoginPage, OtherDevice, Sandbox };
export type { PendingSignIn } from './support/sandbox';

export interface SignInOptions {
  /** The brand of the login page; default: the user's own (`personal@brand5.test` → brand5). */
  brand?: Brand;
  /** Default: English. */
  lang?: Lang;
  /** Default: the demo password. */
  password?: string;
  /** Where the user lands; default /home. */
  landing?: RegExp;
}

/** One event as the sandbox's collector keeps it (its name and properties). */
export interface CollectedEvent {
  event: string;
  props: Record<string, string | number | boolean>;
}

/** Signs a demo user in on a fresh /login and waits on the start page until it is ready. */
export type SignInAs = (user: string, options?: SignInOptions) => Promise<void>;

/** Signs a demo user in through the auth API and opens the start page (/home) with the session; waits until it is ready. */
export type SignInViaApi = (user: string, options?: Omit<SignInOptions, 'landing'>) => Promise<void>;

/**
 * Every end-to-end test fails on a CSP violation, an uncaught page error or a console error
 * the test did not expect, so a broken header or a crashing component never passes silently.
 */
export const test = base.extend<{
  allowConsoleErrors: RegExp[];
  /**
   * The analytics choice already made in the browser (issue 61), so the consent banner does not
   * cover what a test presses: `granted` by default (events reach the collector), `denied`, or
   * null for a browser that has never been asked (the consent tests).
   */
  analyticsConsent: 'granted' | 'denied' | null;
  fault: (fault: Record<string, unknown>) => Promise<void>;
  /**
   * The analytics events this test's browser sent to the sandbox's collector (by its anonymous id),
   * in order; `prefix` keeps the events whose name starts with it.
   */
  collected: (prefix?: string) => Promise<CollectedEvent[]>;
  /** The anonymous analytics id the browser starts with when consent is given (a fresh UUID per test). */
  analyticsId: string;
  loginPage: LoginPage;
  shell: AppShell;
  sandbox: Sandbox;
  signInAs: SignInAs;
  signInViaApi: SignInViaApi;
}>({
  allowConsoleErrors: [[], { option: true }],
  analyticsConsent: ['granted', { option: true }],
  /**
   * Injects a sandbox fault that only this test's page receives (its requests carry
   * X-Sandbox-Scope), so tests running in parallel never see each other's faults.
   */
  fault: async ({ page, request }, use, testInfo) => {
    const scope = testInfo.testId;
    await page.setExtraHTTPHeaders({ 'X-Sandbox-Scope': scope });
    await use(async (fault) => {
      const res = await request.post(`${SANDBOX}/__sandbox/faults`, { data: { ...fault, scope } });
      expect(res.ok(), 'fault accepted').toBe(true);
    });
    await request.delete(`${SANDBOX}/__sandbox/faults?scope=${encodeURIComponent(scope)}`);
  },
  analyticsId: async ({}, use) => {
    await use(randomUUID());
  },
  collected: async ({ request, analyticsId }, use) => {
    // By the browser's anonymous id, not the test's scope header: a batch sent while the page is
    // left (keepalive, e.g. to the old web application) goes out without the headers Playwright adds.
    await use(async (prefix = '') => {
      const reply = (await (await request.get(`${SANDBOX}/__sandbox/analytics?anonymousId=${analyticsId}`)).json()) as { events: CollectedEvent[] };
      return reply.events.filter((entry) => entry.event.startsWith(prefix)).map(({ event, props }) => ({ event, props }));
    });
  },
  page: async ({ page, allowConsoleErrors, javaScriptEnabled, analyticsConsent, analyticsId }, use) => {
    const problems: string[] = [];
    if (analyticsConsent) {
      // Kept if the page changed it since (a withdrawal survives a reload). A browser that has said
      // yes has its anonymous id: this test's own, so `collected` finds what it sent.
      await page.addInitScript(
        ({ key, record, idKey, id, granted }) => {
          if (localStorage.getItem(key) !== null) return;
          localStorage.setItem(key, record);
          if (granted) localStorage.setItem(idKey, id);
        },
        {
          key: 'app.analyticsConsent',
          record: JSON.stringify({ choice: analyticsConsent, at: Date.now(), version: CONSENT_VERSION }),
          idKey: 'app.analyticsId',
          id: analyticsId,
          granted: analyticsConsent === 'granted',
        },
      );
    }
    // A prerendered page (/login, issue 48) is on screen before the app runs; what a test does next
    // (a menu, a link) needs the app, so a full load waits until the app has taken the page over
    // (main.tsx drops `data-prerendered`). `waitUntil: 'commit'` is the one way to act before it
    // (tests/e2e/prerender.spec.ts).
    if (javaScriptEnabled !== false) {
      const taken = () => page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 15_000 });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await taken();
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await taken();
        return response;
      };
    }
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (/Content.Security.Policy/i.test(text)) problems.push(`CSP: ${text}`);
      else if (!allowConsoleErrors.some((re) => re.test(text))) problems.push(`console error: ${text}`);
    });
    await use(page);
    const reports = (await (await page.request.get('/__csp-reports')).json()) as string[];
    expect(reports, 'CSP violation reports').toEqual([]);
    expect(problems).toEqual([]);
  },
  /** The /login page object on this test's page. */
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  /** The shared frame (header, language menu, sign out, notifications) on this test's page. */
  shell: async ({ page }, use) => {
    await use(new AppShell(page));
  },
  /** The sandbox's inbox, other device, OAuth and realtime controls. */
  sandbox: async ({ request }, use) => {
    await use(new Sandbox(request));
  },
  /**
   * The suite's one way to be signed in: `await signInAs('personal@brand5.test')`, or
   * `signInAs('personal@brand2.test', { brand: 'brand1', lang: 'ro' })`. For users whose sign-in
   * completes without a second step (simple, direct flows); other flows drive `loginPage`.
   */
  signInAs: async ({ page, loginPage, shell }, use) => {
    await use(async (user, { brand = brandOf(user), lang = 'en', password, landing = /\/home$/ } = {}) => {
      await loginPage.open({ brand, lang });
      await loginPage.signIn(user, password);
      await expect(page).toHaveURL(landing);
      await shell.waitUntilReady();
    });
  },
  /**
   * The fast way to be signed in, for a test that is not about signing in: the same demo user,
   * brand and language as `signInAs`, signed in through the auth API and handed to the page as a
   * reload restores a session (support/api-sign-in.ts), then on /home when it is ready (about
   * 1.4 s quicker than the form; docs/performance.md has the rule). Tests of signing in itself (the form, codes, push, terms,
   * migration, landing pages, rate limits, the session's lifecycle, OAuth, the mobile wrapper,
   * the login page's brand and language) keep `signInAs` or `loginPage`. Simple and direct flows only.
   */
  signInViaApi: async ({ page, request }, use) => {
    await use(async (user, { brand = brandOf(user), lang = 'en', password } = {}) => {
      await signInThroughApi(page, request, user, { brand, lang, ...(password ? { password } : {}) });
    });
  },
});

export { expect };
