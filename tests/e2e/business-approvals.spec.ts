import type { Browser, Page } from '@playwright/test';
import { APP, brandOf, expect, test, translate, type Lang, type Sandbox } from './fixtures';
import { signInThroughApi } from './support/api-sign-in';
import { appPath } from './support/env';

/**
 * Business approvals (/transfer/approved; 001 s3, s4, s6, s7): an initiate-only user's transfers
 * wait as requests; an approver of the company sees the count rise, approves or declines; the
 * creator sees the result. Two users in two browser contexts, acting for their brand's
 * `business@` company (?fromCustomerId=), with the company's money checked in the sandbox.
 */
type Balances = Awaited<ReturnType<Sandbox['balances']>>;
const cents = (amount: string): bigint => {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
};
const usdPayment = (accounts: Balances) => accounts.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;

/** A second user in a browser context of their own, signed in and acting for the company. */
async function signInElsewhere(browser: Browser, user: string, lang: Lang, companyId: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: APP });
  const page = await context.newPage();
  await signInThroughApi(page, context.request, user, { brand: brandOf(user), lang });
  await page.goto(`/transfer/approved?fromCustomerId=${companyId}`);
  return page;
}

test.describe('business approvals', () => {
  test('an initiator’s wire waits; the approver sees the count rise and approves it; the money moves once; nobody decides their own (brand 1, English)', async ({ page, browser, signInViaApi, sandbox }) => {
    // Two users in two browsers, one after the other: 22 s on a loaded 2-core CI machine (session 27), near the default 30.
    test.setTimeout(60_000);
    const company = 'business@brand1.test';
    await sandbox.resetMoney(company);
    const companyId = await sandbox.customerId(company);
    const before = await sandbox.balances(company);
    const usd = usdPayment(before).accountId;

    // The approver opens the approvals: the seeded requests wait (two single, one mass).
    const approver = await signInElsewhere(browser, 'approver@brand1.test', 'en', companyId);
    await expect(approver.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    const counted = approver.getByRole('link', { name: /^Approvals, \d+ requests? waiting$/ });
    await expect(counted).toHaveAccessibleName('Approvals, 3 requests waiting');

    // The initiator sends a SEPA wire of 10.00 USD: it waits for an approver, nothing moves.
    await signInViaApi('initiator@brand1.test');
    await page.goto(`/transfer/external?fromCustomerId=${companyId}`);
    await page.getByLabel('From account').selectOption(String(usd));
    await page.getByLabel('Country the money goes to').selectOption('DE');
    await page.getByRole('radiogroup', { name: 'How to send it' }).getByText('Wire transfer', { exact: true }).click();
    await page.getByLabel('Currency it arrives in').selectOption('EUR');
    await page.getByLabel("Beneficiary's full name").fill('Anna Schmidt');
    await page.getByLabel("Beneficiary's address").fill('Hauptstraße 1, Berlin');
    await page.getByLabel('IBAN', { exact: true }).fill('DE89370400440532013000');
    await page.getByLabel('Purpose of payment').selectOption('family');
    await page.getByLabel(/^Amount/).fill('10');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const created = page.getByRole('alertdialog', { name: 'Approval transaction created' });
    await expect(created).toBeVisible();
    await created.getByRole('button', { name: 'Close' }).last().click();
    expect((await sandbox.balances(company)).find((a) => a.accountId === usd)!.balance).toBe(usdPayment(before).balance);
    // The creator sees it among their own requests, with nothing to decide.
    await page.goto('/transfer/approved');
    await expect(page.getByRole('listitem').filter({ hasText: '$10.00' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

    // The approver's count rises; the new request is approved.
    await approver.reload();
    await expect(approver.getByRole('link', { name: 'Approvals, 4 requests waiting' })).toBeVisible();
    const item = approver.getByRole('listitem').filter({ hasText: '$10.00' });
    await item.getByRole('button', { name: /^Approve:/ }).click();
    const success = approver.getByRole('alertdialog', { name: 'Successfully submitted' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'Close' }).last().click();
    await expect(approver.getByRole('status').filter({ hasText: 'Approved. The money is on its way.' })).toBeVisible();
    await expect(approver.getByRole('link', { name: 'Approvals, 3 requests waiting' })).toBeVisible();
    await expect
      .poll(async () => cents(usdPayment(before).balance) - cents((await sandbox.balances(company)).find((a) => a.accountId === usd)!.balance))
      .toBeGreaterThanOrEqual(1000n); // 10.00 and its fee left once

    // The creator sees it approved.
    await page.getByLabel('Show').selectOption('all');
    await expect(page.getByRole('listitem').filter({ hasText: '$10.00' }).getByText('Approved')).toBeVisible();
    await approver.context().close();
  });

  test('an initiator’s wire file waits; the approver declines the batch after a question and approves the ticked ones by keyboard; the initiator sees it declined (brand 5, Romanian)', async ({ browser, sandbox, page, signInViaApi }) => {
    // Two users in two browsers, one after the other: 22 s on a loaded 2-core CI machine (session 27), near the default 30.
    test.setTimeout(60_000);
    const company = 'business@brand5.test';
    await sandbox.resetMoney(company);
    const companyId = await sandbox.customerId(company);
    const eur = (await sandbox.balances(company)).find((a) => a.type === 1001 && a.currencyCode === 'EUR')!.accountId;
    const lang = 'ro';

    // The initiator sends a wire file: the batch waits for an approver.
    await signInViaApi('initiator@brand5.test', { lang });
    await page.goto(`/transfer/mass/wire?fromCustomerId=${companyId}`);
    await page.getByLabel(translate(lang, 'From account')).selectOption(String(eur));
    await page.getByLabel(translate(lang, 'Batch name (optional)')).fill('December suppliers');
    const csv = ['beneficiaryName,beneficiaryAddress,countryCode,currencyCode,amount,iban', 'Anna Schmidt,"Hauptstraße 1, Berlin",DE,EUR,40.00,DE89370400440532013000'].join('\n');
    await page.getByLabel(translate(lang, 'Choose the file, or drop it here')).setInputFiles({ name: 'december.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: translate(lang, 'Send the batch') }).click();
    const created = page.getByRole('alertdialog', { name: translate(lang, 'Approval transaction created') });
    await expect(created).toBeVisible();
    await created.getByRole('button', { name: translate(lang, 'Close') }).last().click();
    await expect(page.getByRole('status').filter({ hasText: translate(lang, 'The batch waits for an approver of your company. Nothing has moved yet.') })).toBeVisible();

    const approver = await signInElsewhere(browser, 'approver@brand5.test', 'ro', companyId);
    const mass = approver.getByRole('listitem').filter({ hasText: 'December suppliers' });
    await mass.getByRole('button', { name: new RegExp(`^${translate(lang, 'Decline')}`) }).click();
    const question = approver.getByRole('alertdialog', { name: translate(lang, 'Decline?') });
    await expect(question.getByRole('button', { name: translate(lang, 'Keep it waiting') })).toBeFocused();
    await approver.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await mass.getByRole('button', { name: new RegExp(`^${translate(lang, 'Decline')}`) }).click();
    await question.getByRole('button', { name: translate(lang, 'Decline'), exact: true }).click();
    const declined = approver.getByRole('alertdialog', { name: translate(lang, 'Successfully submitted') });
    await declined.getByRole('button', { name: translate(lang, 'Close') }).last().click();
    await expect(approver.getByRole('status').filter({ hasText: translate(lang, 'Declined. Nothing was sent.') })).toBeVisible();
    await expect(mass).toHaveCount(0); // the list shows what waits

    // Keyboard only: tick every waiting request, then approve them together.
    const all = approver.getByRole('checkbox', { name: translate(lang, 'Select all waiting requests') });
    for (let i = 0; i < 60 && !(await all.evaluate((el) => el === document.activeElement)); i++) await approver.keyboard.press('Tab');
    await expect(all).toBeFocused();
    await approver.keyboard.press('Space');
    await expect(all).toBeChecked();
    await approver.keyboard.press('Tab');
    await expect(approver.getByRole('button', { name: /2/ }).first()).toBeFocused();
    await approver.keyboard.press('Enter');
    const success = approver.getByRole('alertdialog', { name: translate(lang, 'Successfully submitted') });
    await expect(success).toBeVisible();
    await approver.keyboard.press('Escape');
    await expect(approver.getByRole('status').filter({ hasText: translate(lang, 'Approved. The money is on its way.') })).toBeVisible();
    // No single request waits any more; the seeded mass request still does.
    await expect(all).toHaveCount(0);
    await expect(approver.getByRole('listitem').filter({ hasText: 'Suppliers November' })).toBeVisible();

    // The initiator sees the declined batch.
    await page.goto('/transfer/approved?status=declined');
    await expect(page.getByRole('listitem').filter({ hasText: 'December suppliers' }).getByText(translate(lang, 'Declined'))).toBeVisible();
    await approver.context().close();
  });

  test.describe('a lost reply', () => {
    test.use({ allowConsoleErrors: [/ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch|Failed to load resource/] });

    test('an approval whose reply is lost (brand 3, Spanish): Try again sends the same decision, the money moves once and the request is approved once', async ({ page, signInViaApi, sandbox, fault }) => {
      const company = 'business@brand3.test';
      await sandbox.resetMoney(company);
      const companyId = await sandbox.customerId(company);
      const balances = async () => (await sandbox.balances(company)).map((a) => `${a.accountId}:${a.balance}`);
      const before = await balances();
      let posts = 0;
      page.on('request', (request) => {
        if (request.url().includes('method=massTransactionRequestApprove') && request.method() === 'POST') posts += 1;
      });
      await signInViaApi('approver@brand3.test', { lang: 'es' });
      await page.goto(appPath('/transfer/approved', { brand: 'brand3', lang: 'es', query: { fromCustomerId: companyId } }));
      await expect(page.getByRole('heading', { level: 1, name: translate('es', 'Approvals') })).toBeVisible();
      const approve = page.getByRole('button', { name: new RegExp(`^${translate('es', 'Approve')}:`) });
      await expect(approve.first()).toBeVisible();
      const waiting = await approve.count();

      // The first waiting request is the seeded mass one: the service approves its batch and moves
      // the money, then its reply is lost.
      await fault({ match: 'main:massTransactionRequestApprove', kind: 'dropAfter', times: 1 });
      await approve.first().click();
      const success = page.getByRole('alertdialog', { name: translate('es', 'Successfully submitted') });
      const again = page.getByRole('button', { name: translate('es', 'Try again') });
      await expect(again.or(success)).toBeVisible();
      if (await again.isVisible()) await again.click(); // the same decision (same requestId): answered once
      await expect(success).toBeVisible();
      await success.getByRole('button', { name: translate('es', 'Close') }).last().click();
      await expect(approve).toHaveCount(waiting - 1);
      // Chromium may resend a request whose connection closed without a reply (the page sees one);
      // either way every send carries the same requestId and the service answers it once.
      expect(posts).toBeGreaterThanOrEqual(1);
      expect(posts).toBeLessThanOrEqual(2);
      const after = await balances();
      expect(after).not.toEqual(before); // the batch's money left
      // Nothing more moves afterwards.
      await page.reload();
      await expect(approve).toHaveCount(waiting - 1);
      expect(await balances()).toEqual(after);
    });
  });

  test('users without transfer rights have no Transfers and no Approvals (brand 2, Russian)', async ({ page, signInViaApi }) => {
    await signInViaApi('no-rights@brand2.test', { lang: 'ru' });
    const nav = page.getByRole('navigation', { name: translate('ru', 'Main') });
    await expect(nav.getByRole('link', { name: translate('ru', 'Home') })).toBeVisible();
    await expect(nav.getByRole('link', { name: translate('ru', 'Transfers') })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: translate('ru', 'Approvals') })).toHaveCount(0);
  });
});
