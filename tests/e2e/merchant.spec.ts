import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, SANDBOX, test, translate } from './fixtures';
import { tabTo } from './support/keyboard';

/**
 * The merchant area (issue 55) against the sandbox: the internal pages need full access (a reader
 * lands on the saved buttons from each, and the menu does not offer them); the IPN history read 25
 * at a time to the exact multiple (75: the fourth, empty page is read once and "Show more" goes);
 * a notification confirmed through a 500 (said, tried again, confirmed once).
 */

/** How many times the page called one main-service method. */
function callsOf(page: Page, method: string): { count: number } {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).searchParams.get('method') === method) calls.count += 1;
  });
  return calls;
}

test.describe('merchant area (issue 55)', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });

  test('brand 1, English: a reader is sent to the saved buttons from each internal page; the menu offers no internal page', async ({ page, signInViaApi }) => {
    await signInViaApi('merchant-viewer@brand1.test');
    for (const internal of ['api_key', 'api_log', 'webhook_log']) {
      await page.goto(`/merchant/internal/${internal}`);
      await expect(page).toHaveURL(/\/merchant\/buttons\/my_saved_buttons$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Saved buttons' })).toBeVisible();
    }
    const menu = page.getByRole('navigation', { name: 'Merchant tools' });
    await expect(menu.getByRole('link', { name: 'Saved buttons' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'API keys' })).toHaveCount(0);
    // /merchant/ itself goes to the identity verification; an unknown child is the 404 page.
    await page.goto('/merchant');
    await expect(page).toHaveURL(/\/merchant\/security\/verification$/);
    await page.goto('/merchant/ipn/unknown');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('brand 2, Russian: 75 notifications 25 at a time, the empty fourth page read once; a confirm through a 500 is made once', async ({ page, sandbox, signInViaApi, fault }) => {
    await sandbox.resetSignIn('merchant@brand2.test');
    await signInViaApi('merchant@brand2.test', { lang: 'ru' });
    const lists = callsOf(page, 'ipnMessageList');
    const confirms = callsOf(page, 'ipnMessageConfirm');
    await page.goto('/merchant/ipn/history');
    const list = page.getByRole('list', { name: translate('ru', 'IPN history') });
    await expect(list.getByRole('listitem')).toHaveCount(25);
    const more = page.getByRole('button', { name: translate('ru', 'Show more') });
    await more.click();
    await expect(list.getByRole('listitem')).toHaveCount(50);
    await more.click();
    await expect(list.getByRole('listitem')).toHaveCount(75);
    // 25 × 3 is at most 75: one more page is offered, read empty, and then the button goes.
    await more.click();
    await expect(more).toHaveCount(0);
    await expect(list.getByRole('listitem')).toHaveCount(75);
    expect(lists.count).toBe(4);

    const row = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^${translate('ru', 'Confirm')}`) }) }).first();
    const text = await row.locator('p').first().textContent();
    await fault({ match: 'main:ipnMessageConfirm', kind: '500', times: 1 });
    await row.getByRole('button', { name: new RegExp(`^${translate('ru', 'Confirm')}`) }).click();
    await expect(row.getByRole('alert')).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`^${translate('ru', 'Confirm')}`) }).click();
    const confirmed = list.getByRole('listitem').filter({ hasText: text ?? '' });
    await expect(confirmed).toContainText(translate('ru', 'Confirmed'));
    expect(confirms.count).toBe(2);
  });

  test('brand 3, Spanish, keyboard only: from the menu to the IPN history, a notification\'s details opened and closed', async ({ page, signInViaApi }) => {
    await signInViaApi('merchant-staff@brand3.test', { lang: 'es' });
    await page.goto('/merchant/security/verification');
    await expect(page.getByRole('heading', { level: 1, name: translate('es', 'Identity verification') })).toBeVisible();
    const link = page.getByRole('navigation', { name: translate('es', 'Merchant tools') }).getByRole('link', { name: translate('es', 'IPN history') });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/merchant\/ipn\/history$/);
    const details = page.getByRole('button', { name: new RegExp(`^${translate('es', 'Details')}`) }).first();
    await tabTo(page, details);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: translate('es', 'Notification details') });
    await expect(dialog.getByText('"transactionId"', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(details).toBeFocused();
  });

  test('brand 4, Portuguese, keyboard only: the defaults, notifications turned on to the sandbox\'s sink, a secret shown once and masked after a reload; a payment\'s notification arrives signed with it', async ({ page, request, sandbox, signInViaApi }) => {
    const login = 'merchant-new@brand4.test';
    await sandbox.resetSignIn(login);
    await signInViaApi(login, { lang: 'pt' });
    await page.goto('/merchant/ipn/settings');
    const tr = (text: string) => translate('pt', text);
    await expect(page.getByText(tr('Nothing is saved yet: these are the defaults.'))).toBeVisible();
    await expect(page.getByRole('radio', { name: tr('Off') })).toBeChecked();
    await expect(page.getByRole('radio', { name: tr('Completed payments only') })).toBeChecked();
    // On, with the sandbox's own sink as the address, by keyboard.
    const on = page.getByRole('radio', { name: tr('On') });
    await tabTo(page, page.getByRole('radio', { name: tr('Off') }));
    await page.keyboard.press('ArrowDown');
    await expect(on).toBeChecked();
    const sink = `e2e-${Date.now()}`;
    const address = page.getByRole('textbox', { name: new RegExp(tr('Notify address')) });
    await tabTo(page, address);
    await page.keyboard.type(`${SANDBOX}/__sandbox/ipn-sink/${sink}`);
    await tabTo(page, page.getByRole('button', { name: tr('Save') }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(tr('IPN settings saved'))).toBeVisible();
    // Turned on with no secret yet: the one issued with the save is shown once, by keyboard kept.
    let shown = page.getByRole('alertdialog', { name: tr('Your new secret') });
    const first = (await shown.locator('code').textContent()) ?? '';
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await tabTo(page, shown.getByRole('button', { name: tr('I have kept it') }));
    await page.keyboard.press('Enter');
    await expect(shown).toHaveCount(0);
    await expect(page.getByText(`••••••••${first.slice(-4)}`)).toBeVisible();
    // A new one: asked first, shown once; the first stops working.
    await tabTo(page, page.getByRole('button', { name: tr('Issue a new secret') }));
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: tr('Issue a new secret?') });
    await tabTo(page, ask.getByRole('button', { name: tr('Issue it') }));
    await page.keyboard.press('Enter');
    shown = page.getByRole('alertdialog', { name: tr('Your new secret') });
    const secret = (await shown.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secret).not.toBe(first);
    await tabTo(page, shown.getByRole('button', { name: tr('I have kept it') }));
    await page.keyboard.press('Enter');
    await expect(shown).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(`••••••••${secret.slice(-4)}`)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    // A payment: its notification is posted to the sink, signed with the secret.
    const paid = await request.post(`${SANDBOX}/__sandbox/merchant/payment`, { data: { login, amount: '12.50', currencyCode: 'EUR' } });
    expect(paid.ok()).toBe(true);
    const received = (await (await request.get(`${SANDBOX}/__sandbox/ipn-sink?name=${sink}`)).json()) as { requests: { headers: Record<string, string>; body: string }[] };
    expect(received.requests).toHaveLength(1);
    const [delivery] = received.requests;
    expect(delivery!.headers['x-signature']).toBe(`sha256=${createHmac('sha256', secret).update(delivery!.body).digest('hex')}`);
    expect(JSON.parse(delivery!.body)).toMatchObject({ amount: '12.50', currencyCode: 'EUR' });
  });
});
