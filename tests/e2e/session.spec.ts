import { test, expect, SANDBOX } from './fixtures';

/** The e2e sandbox issues 15-second access tokens: the app refreshes 10 s before expiry. */
test.describe('session lifecycle', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (401|500)/] });

  async function signIn(page: import('@playwright/test').Page) {
    await page.goto('/login?brand=brand1&lang=en');
    await page.getByLabel('E-mail').fill('personal@brand2.test');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);
  }

  test('the token is refreshed before it expires, with a rotated refresh token', async ({ page }) => {
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/auth/refresh')) refreshes.push(r.status());
    });
    await signIn(page);
    const storedRefreshToken = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('app.session') ?? '{}').refreshToken as string);
    const first = await storedRefreshToken();
    await expect.poll(() => refreshes.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(1);
    const second = await storedRefreshToken();
    await expect.poll(() => refreshes.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    expect(second).not.toBe(first); // rotated (the sandbox revokes a reused one)
    expect(await storedRefreshToken()).not.toBe(second);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  });

  test('a failed refresh expires the session: back to login with a message, storage cleared', async ({ page, fault }) => {
    await signIn(page);
    await fault({ match: 'POST /auth/refresh', kind: '500' }); // this page only; removed after the test
    await expect(page).toHaveURL(/\/login$/, { timeout: 12_000 });
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Your session has expired. Please sign in again.');
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  });
});

test.describe('idle timeout', () => {
  test('warns after 13 idle minutes, "stay signed in" keeps the session, 15 idle minutes sign out', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login?brand=brand1&lang=en');
    await page.getByLabel('E-mail').fill('personal@brand3.test');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    // Let every lazy chunk (and any preload on hover) finish before jumping the fake clock,
    // or the bundler's chunk-load timeout fires in the jump.
    await page.mouse.move(1, 400);
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward('12:00');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.clock.fastForward('01:01');
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward('13:01');
    await expect(dialog).toBeVisible();
    await page.clock.fastForward('02:01');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('You were signed out after 15 minutes without activity.');
  });
});

test.describe('realtime channel', () => {
  test('a notification from the server appears while signed in, and a signed-in visitor of /login goes home', async ({ page, request }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await page.getByLabel('E-mail').fill('personal@brand4.test');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect
      .poll(async () => {
        const res = await request.post(`${SANDBOX}/__sandbox/notify`, {
          data: { userLogin: 'personal@brand4.test', title: 'Payment received', body: '€50.00 from Ana' },
        });
        return ((await res.json()) as { delivered: number }).delivered;
      })
      .toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Payment received');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
  });
});
