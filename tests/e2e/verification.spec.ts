import type { Locator, Page } from '@playwright/test';
import { expect, test, translate } from './fixtures';
import { layoutProblems } from './support/layout-check';
import { tabTo } from './support/keyboard';

/**
 * The verification status (002 s4): the warning banner of the signed-in pages decided by
 * the verification statechart from the sandbox's reads, linking where the status is resolved;
 * /limited-account with its reasons and documents; /unverified-account with what is needed (home
 * when verified); a failed read says so and loads again; reached by the keyboard.
 */
test.describe('verification status', () => {
  test.use({ allowConsoleErrors: [/status of 500|Failed to load resource/] });

  test('brand 1, English: a limited customer sees the banner and, behind it, the reasons and the documents each needs', async ({ page, signInViaApi }) => {
    await signInViaApi('verify-limited@brand1.test');
    const banner = page.getByRole('region', { name: 'Your account is limited' });
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'See why and what to send' }).click();
    await expect(page).toHaveURL(/\/limited-account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Limited account' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Expired documents' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Unpaid invoice' })).toBeVisible();
    await expect(page.getByText('A valid identity document: not sent yet')).toBeVisible();
  });

  test('brand 5, Ukrainian, keyboard only at 320 px: required actions from the banner to what is needed', async ({ page, signInViaApi }) => {
    const tr = (msgid: string) => translate('uk', msgid);
    await page.setViewportSize({ width: 320, height: 740 });
    await signInViaApi('verify-required-actions@brand5.test', { lang: 'uk' });
    const link = page.getByRole('region', { name: tr('Some details need your attention') }).getByRole('link', { name: tr('See what is needed') });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('listitem').filter({ hasText: tr('Send a valid identity document.') })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: tr('Confirm your phone number.') })).toBeVisible();
    // The sandbox's reason in Ukrainian (issue 46).
    await expect(page.getByText('Фото неможливо прочитати')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
  });

  test('brand 2, Portuguese: a verified customer has no banner and /unverified-account leads home', async ({ page, signInViaApi }) => {
    const tr = (msgid: string) => translate('pt', msgid);
    await signInViaApi('personal@brand2.test', { lang: 'pt' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: tr('See what is needed') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: tr('See why and what to send') })).toHaveCount(0);
    await page.goto('/unverified-account');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('brand 2, Portuguese: a read fails (a 500): the page says so, nothing else breaks, and "Try again" shows the status', async ({ page, signInViaApi, fault }) => {
    const tr = (msgid: string) => translate('pt', msgid);
    await signInViaApi('verify-unverified@brand2.test', { lang: 'pt' });
    await expect(page.getByRole('region', { name: tr('Verify your account') })).toBeVisible();
    await fault({ match: 'main:identityGet', kind: '500', times: 1 });
    await page.goto('/unverified-account');
    await expect(page.getByText(tr('Your verification status could not be loaded'))).toBeVisible();
    await expect(page.getByRole('region', { name: tr('Verify your account') })).toHaveCount(0);
    await page.getByRole('button', { name: tr('Try again') }).click();
    await expect(page.getByRole('heading', { level: 2, name: tr('Verify your account') })).toBeVisible();
    await expect(page.getByRole('region', { name: tr('Verify your account') })).toBeVisible();
  });
});
