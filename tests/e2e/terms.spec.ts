import { test, expect, SANDBOX, translate } from './fixtures';

/**
 * Terms carried by customer info (spec 002 s7) come before any page: after sign-in, after a reload
 * and when the server changes them mid-session; accepting calls "terms accept", then the user
 * goes on. Each test uses its own brand's `new-terms@` user, so parallel tests never share one.
 */
const TERMS_TITLE = 'Terms of service (November 2026)';

test.describe('terms in customer info', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });
  test('after sign-in the terms come first; accepting leads to the start page (brand2, Russian)', async ({ page, loginPage, shell, collected }) => {
    await loginPage.open({ brand: 'brand2', lang: 'ru' });
    await loginPage.signIn('new-terms@brand2.test');
    const heading = page.getByRole('heading', { level: 1, name: TERMS_TITLE });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await page.getByRole('button', { name: translate('ru', 'Accept and continue') }).click();
    await expect(page).toHaveURL(/\/home$/);
    await shell.waitUntilReady();
    await expect(heading).toHaveCount(0);
    await expect.poll(async () => (await collected('Terms')).map((entry) => entry.event)).toEqual(['Terms show', 'Terms accept']);
  });

  test('new terms after a reload, by keyboard only; the user stays where they were (brand4, Portuguese)', async ({ page, loginPage, shell, request }) => {
    await loginPage.open({ brand: 'brand4', lang: 'pt' });
    await loginPage.signIn('new-terms@brand4.test');
    const accept = page.getByRole('button', { name: translate('pt', 'Accept and continue') });
    await accept.click();
    await expect(page).toHaveURL(/\/home$/);
    // The address names no language from here on: the `?lang=pt` of the sign-in is the user's choice.
    await shell.open('/setting');
    await shell.waitUntilReady();
    // The server has new terms; customer info carries them from now on.
    expect((await request.post(`${SANDBOX}/__sandbox/terms`, { data: { userLogin: 'new-terms@brand4.test' } })).ok()).toBe(true);
    await page.reload();
    const heading = page.getByRole('heading', { level: 1, name: TERMS_TITLE });
    await expect(heading).toBeFocused();
    // Keyboard only: from the heading, Tab to the terms text, then to "Accept", and press Enter.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('document', { name: translate('pt', 'Terms text') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading).toHaveCount(0);
    await expect(page).toHaveURL(/\/setting$/);
    await shell.waitUntilReady();
  });

  test('terms changed while signed in arrive on the realtime channel (brand6, English)', async ({ page, loginPage, request }) => {
    await loginPage.open({ brand: 'brand6', lang: 'en' });
    await loginPage.signIn('new-terms@brand6.test');
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const delivered = await (await request.post(`${SANDBOX}/__sandbox/terms`, { data: { userLogin: 'new-terms@brand6.test' } })).json();
    expect(delivered.delivered).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1, name: TERMS_TITLE })).toBeVisible();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: TERMS_TITLE })).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a 500 while accepting: the terms stay with the reason, one more press accepts them once (brand1)', async ({ page, loginPage, fault }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await loginPage.signIn('new-terms@brand1.test');
    await expect(page.getByRole('heading', { level: 1, name: TERMS_TITLE })).toBeVisible();
    await fault({ match: 'main:termsAccept', kind: '500', times: 1 });
    const accepts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('method=termsAccept')) accepts.push(r.url());
    });
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Server is not available');
    await expect(page.getByRole('heading', { level: 1, name: TERMS_TITLE })).toBeVisible();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(accepts).toHaveLength(2);
  });
});
