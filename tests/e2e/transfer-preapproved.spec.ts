import { expect, test, translate } from './fixtures';

/**
 * Preapproved (recurring) payments (/transfer/preapproved-payments; 001 s3, s4, s8): the filters in
 * the address, a cancel asked first, and a refused cancel in the action-confirmation popup.
 * approve-push@brand6 is used by no other spec (re-seeding a customer's money resets their payments).
 */
test('preapproved payments (brand 6, Ukrainian): filter, cancel one, a refused cancel offers to try again', async ({ page, signInViaApi, sandbox }) => {
  const login = 'approve-push@brand6.test';
  const lang = 'uk';
  await sandbox.resetMoney(login);
  await signInViaApi(login, { lang: 'ua' });
  await page.getByRole('navigation', { name: translate(lang, 'Main') }).getByRole('link', { name: translate(lang, 'Transfers') }).click();
  await page.getByRole('navigation', { name: translate(lang, 'Kinds of transfer') }).getByRole('link', { name: translate(lang, 'Preapproved payments') }).click();
  const list = page.getByRole('list', { name: translate(lang, 'Preapproved payments') });
  await expect(list.getByRole('listitem')).toHaveCount(3);

  await page.getByLabel(translate(lang, 'Type')).selectOption('p2p');
  await page.getByRole('button', { name: translate(lang, 'Apply filters') }).click();
  await expect(page).toHaveURL(/\/transfer\/preapproved-payments\?type=p2p$/);
  await expect(list.getByRole('listitem')).toHaveCount(2);

  const rent = list.getByRole('listitem').filter({ hasText: 'Rent share' });
  await rent.getByRole('button', { name: new RegExp(`^${translate(lang, 'Cancel')}`) }).click();
  const ask = page.getByRole('alertdialog', { name: translate(lang, 'Cancel this payment?') });
  await expect(ask).toContainText('maria.ionescu@example.com');
  await ask.getByRole('button', { name: translate(lang, 'Cancel the payment') }).click();
  await expect(page.getByText(translate(lang, 'The payment is cancelled. No more payments are made.'))).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: translate(lang, 'Clear filters') }).click();
  await expect(page).toHaveURL(/\/transfer\/preapproved-payments$/);
  const locked = list.getByRole('listitem').filter({ hasText: 'Locked savings' });
  await locked.getByRole('button', { name: new RegExp(`^${translate(lang, 'Cancel')}`) }).click();
  await page.getByRole('alertdialog', { name: translate(lang, 'Cancel this payment?') }).getByRole('button', { name: translate(lang, 'Cancel the payment') }).click();
  const refused = page.getByRole('alertdialog', { name: translate(lang, 'The payment is not cancelled') });
  // The sandbox's refusal in Ukrainian (issue 46).
  await expect(refused).toContainText('Цей платіж не можна скасувати онлайн: зверніться до підтримки');
  await refused.getByRole('button', { name: translate(lang, 'Try again') }).click();
  // The sandbox's refusal in Ukrainian (issue 46).
  await expect(refused).toContainText('Цей платіж не можна скасувати онлайн: зверніться до підтримки');
  await refused.getByRole('button', { name: translate(lang, 'Close') }).last().click();
  await expect(refused).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2); // still there: nothing was cancelled
});
