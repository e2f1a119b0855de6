import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { storageKeys } from '../../../src/shared/config/storage';
import { AppShell } from './app-shell';
import { APP, appPath, DEMO_PASSWORD, SANDBOX, type Brand, type Lang } from './env';

/**
 * The fast way to be signed in, for tests that are not about signing in: the demo user signs in
 * through the sandbox's auth API with the calls the login form makes (POST /auth/login with a
 * PKCE challenge; for the direct flow POST /auth/token with the code and verifier), and the page
 * gets the session the way a reload restores it: the refresh token in sessionStorage
 * (`app.session`, docs/storage.md), put there by an init script before the first document runs.
 * The page then opens the app's entry address with the brand and language in the query, exactly
 * as the login form's address carries them (so the app chooses and stores them the same way), and
 * the entry route sends the restored session to the start page. Waits there as the UI sign-in does.
 *
 * Only for simple and direct flows and users whose start page is /home; every other flow (codes,
 * push, terms, migration, hand-off) and every other landing goes through the login form.
 */
export async function signInThroughApi(
  page: Page,
  request: APIRequestContext,
  user: string,
  { brand, lang = 'en', password = DEMO_PASSWORD }: { brand: Brand; lang?: Lang; password?: string },
): Promise<void> {
  const codeVerifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  const login = await request.post(`${SANDBOX}/auth/login`, { data: { client: 'spa', username: user, password, codeChallenge } });
  expect(login.ok(), `API sign-in of ${user}: ${login.status()} ${await login.text()}`).toBe(true);
  const reply = (await login.json()) as { authFlow: string; code?: string; refreshToken?: string };
  let refreshToken = reply.refreshToken;
  if (reply.authFlow === 'direct') {
    const token = await request.post(`${SANDBOX}/auth/token`, { data: { code: reply.code, codeVerifier } });
    expect(token.ok(), `token exchange of ${user}: ${token.status()}`).toBe(true);
    refreshToken = ((await token.json()) as { refreshToken?: string }).refreshToken;
  } else if (reply.authFlow !== 'simple') {
    throw new Error(`${user} signs in with the ${reply.authFlow} flow, which needs the login form (signInAs / loginPage)`);
  }
  if (!refreshToken) throw new Error(`no refresh token for ${user}`);

  // Only in the app's own top-level document, and only for this first navigation (disposed below).
  const seed = await page.addInitScript(
    ({ origin, key, value }) => {
      if (location.origin === origin && window === window.top) sessionStorage.setItem(key, value);
    },
    { origin: new URL(APP).origin, key: storageKeys.session.key, value: JSON.stringify({ refreshToken, username: user }) },
  );
  try {
    await page.goto(appPath('/', { brand, lang }));
  } finally {
    await seed.dispose();
  }
  await expect(page).toHaveURL(/\/home$/);
  await new AppShell(page).waitUntilReady();
}
