import { expect, test, translate } from './fixtures';

/**
 * Mass p2p (/transfer/mass/p2p and /confirm; 001 s2, s5, s7): a file read in the browser, a line
 * the service cannot send shown with its number, fixed, previewed, confirmed with a code, and the
 * money checked in the sandbox. approve-code@brand2 and the direct@ payees are used by no other spec.
 */
test('mass p2p in Romanian (brand 2): a file with a bad line, fixed, previewed, sent once with the e-mailed code', async ({ page, signInViaApi, sandbox }) => {
  const login = 'approve-code@brand2.test';
  const lang = 'ro';
  await sandbox.resetMoney(login);
  await sandbox.resetMoney('direct@brand2.test');
  const usd = (list: Awaited<ReturnType<typeof sandbox.balances>>) => list.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
  const [before, payeeBefore] = [await sandbox.balances(login), await sandbox.balances('direct@brand2.test')];
  await signInViaApi(login, { lang });
  await page.goto('/transfer/mass/p2p');
  await expect(page.getByRole('heading', { level: 1, name: translate(lang, 'Send to many people') })).toBeVisible();
  await page.getByLabel(translate(lang, 'From account')).selectOption(String(usd(before).accountId));
  await page.getByLabel(translate(lang, 'Or choose a CSV or text file')).setInputFiles({
    name: 'payments.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email,amount,note\ndirect@brand2.test,10.00,Lunch\nnobody@example.com,5\n'),
  });
  const payments = page.getByRole('textbox', { name: translate(lang, 'Payments') });
  await expect(payments).toHaveValue(/nobody@example.com,5/);
  await page.getByRole('button', { name: translate(lang, 'Preview') }).click();
  // The sandbox's reason in Romanian too (issue 46: its texts in the request's language).
  await expect(page.getByText(translate(lang, 'Line {0}: {1}').replace('{0}', '3').replace('{1}', 'Nu există niciun client cu acest e-mail'))).toBeVisible();
  expect(usd(await sandbox.balances(login)).balance).toBe(usd(before).balance);

  await payments.fill('email,amount,note\ndirect@brand2.test,10.00,Lunch\ndirect@brand2.test,2.50\n');
  await page.getByRole('button', { name: translate(lang, 'Preview') }).click();
  await expect(page).toHaveURL(/\/transfer\/mass\/p2p\/confirm$/);
  await expect(page.getByRole('heading', { level: 1, name: translate(lang, 'Check the payments') })).toBeVisible();
  await page.getByRole('button', { name: translate(lang, 'Send the batch') }).click();
  const dialog = page.getByRole('dialog', { name: translate(lang, 'Confirm with a code') });
  await expect(dialog).toBeVisible();
  const [waiting] = await sandbox.waitingApprovals(login);
  await dialog.getByLabel(translate(lang, 'Code')).fill(waiting!.code);
  await dialog.getByRole('button', { name: translate(lang, 'Confirm') }).click();
  const success = page.getByRole('alertdialog', { name: translate(lang, 'Successfully submitted') });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: translate(lang, 'Close') }).last().click();
  await expect(page.getByText(translate(lang, 'The batch is sent.'))).toBeVisible();
  const cents = (a: string) => Math.round(Number(a) * 100);
  await expect.poll(async () => cents(usd(await sandbox.balances(login)).balance)).toBe(cents(usd(before).balance) - 1300); // 12.50 and two 0.25 fees
  await expect.poll(async () => cents(usd(await sandbox.balances('direct@brand2.test')).balance)).toBe(cents(usd(payeeBefore).balance) + 1250);
  // Another batch starts on the payments page.
  await page.getByRole('button', { name: translate(lang, 'Send another batch') }).click();
  await expect(page).toHaveURL(/\/transfer\/mass\/p2p$/);
  await expect(payments).toHaveValue('');
  // History › Batch transfers lists it once, also with the "To people" filter.
  await page.goto('/history/batch-transfers?types=p2p');
  const batches = page.getByRole('list', { name: translate(lang, 'Batch transfers') });
  await expect(batches.getByRole('listitem').filter({ hasText: /12[.,]50/ })).toHaveCount(1);
});
