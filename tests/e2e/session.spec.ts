import type { Request } from '@playwright/test';
import { test, expect, translate } from './fixtures';

/** The e2e sandbox issues 15-second access tokens: the app refreshes 10 s before expiry. */
test.describe('session lifecycle', () => {
  // 404: these tests sign customers of brands 2 to 4 in on brand 1's app (the sandbox's one API
  // serves every brand); brand 1's navigation asks for the contract counts, which the contracts
  // service answers with 404 for a customer of another brand (no badge is shown).
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404|500)/] });

  test('the token is refreshed before it expires, with a rotated refresh token', async ({ page, shell, signInAs }) => {
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/auth/refresh')) refreshes.push(r.status());
    });
    await signInAs('personal@brand2.test', { brand: 'brand1' });
    const storedRefreshToken = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('app.session') ?? '{}').refreshToken as string);
    const first = await storedRefreshToken();
    await expect.poll(() => refreshes.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(1);
    const second = await storedRefreshToken();
    await expect.poll(() => refreshes.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    expect(second).not.toBe(first); // rotated (the sandbox revokes a reused one)
    expect(await storedRefreshToken()).not.toBe(second);
    await expect(shell.heading).toHaveText('Home');
  });

  test('a reload sends the stored session’s refresh once and rotates it; refused on a reload, the session ends as any failed refresh (brand 2, Russian)', async ({ page, fault, shell, signInViaApi }) => {
    await signInViaApi('personal@brand2.test', { lang: 'ru' });
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/auth/refresh')) refreshes.push(r.url());
    });
    const storedToken = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('app.session') ?? '{}').refreshToken as string | undefined);
    const before = await storedToken();
    await page.reload();
    await expect(page.getByRole('region', { name: translate('ru', 'Accounts') })).toBeVisible();
    expect(refreshes).toHaveLength(1); // one refresh token, used once
    await expect.poll(storedToken).not.toBe(before); // rotated by that one refresh

    await fault({ match: 'POST /auth/refresh', kind: '500' });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.notifications).toContainText(translate('ru', 'Your session has expired. Please sign in again.'));
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  });

  test('a failed refresh expires the session: back to login with a message, storage cleared', async ({ page, fault, shell, signInAs }) => {
    await signInAs('personal@brand2.test', { brand: 'brand1' });
    await fault({ match: 'POST /auth/refresh', kind: '500' }); // this page only; removed after the test
    await expect(page).toHaveURL(/\/login$/, { timeout: 12_000 });
    await expect(shell.notifications).toContainText('Your session has expired. Please sign in again.');
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  });
});

test.describe('idle timeout', () => {
  // A brand-1 app with another brand's customer: the contract counts' 404 (see 'session lifecycle').
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });
  test('warns after 13 idle minutes, "stay signed in" keeps the session, 15 idle minutes sign out', async ({ page, shell, signInAs }) => {
    // Requests of the page still on their way: the fake clock only jumps when nothing is loading.
    const loading = new Set<Request>();
    page.on('request', (r) => loading.add(r));
    page.on('requestfinished', (r) => loading.delete(r));
    page.on('requestfailed', (r) => loading.delete(r));
    /**
     * Before a jump: the pointer off every link (a link under it is preloaded on hover) and every
     * request and lazy chunk in, or the bundler's chunk-load timeout fires in the jump. After
     * "Stay signed in" the dialog closes under the pointer, so this holds before each jump, not
     * only the first.
     */
    const settle = async () => {
      await page.mouse.move(1, 400);
      await expect.poll(() => loading.size, { message: 'requests still loading' }).toBe(0);
    };
    await page.clock.install();
    await signInAs('personal@brand3.test', { brand: 'brand1' });
    await expect(shell.heading).toHaveText('Home');
    await settle();
    await page.clock.fastForward('12:00');
    await expect(shell.dialog()).toHaveCount(0);
    await page.clock.fastForward('01:01');
    const dialog = shell.dialog('Are you still there?');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toHaveCount(0);
    await settle();
    await page.clock.fastForward('13:01');
    await expect(dialog).toBeVisible();
    await page.clock.fastForward('02:01');
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.notifications).toContainText('You were signed out after 15 minutes without activity.');
  });
});

test.describe('realtime channel', () => {
  // A brand-1 app with another brand's customer: the contract counts' 404 (see 'session lifecycle').
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });
  test('a notification from the server appears while signed in with its type and status (002 s3), and a signed-in visitor of /login goes home', async ({ page, loginPage, shell, sandbox, signInAs }) => {
    await signInAs('personal@brand4.test', { brand: 'brand1' });
    await expect
      .poll(() => sandbox.notify('personal@brand4.test', { title: 'Payment received', body: '€50.00 from Ana', type: 'transaction', status: 'success' }))
      .toBeGreaterThan(0);
    const toast = shell.notifications.getByRole('listitem').filter({ hasText: 'Payment received' });
    await expect(toast).toContainText('Transfers');
    await expect(toast).toContainText('€50.00 from Ana');
    await loginPage.open();
    await expect(page).toHaveURL(/\/home$/);
  });
});
