import type { Page } from '@playwright/test';
import { expect, SANDBOX, test, translate, type Lang, type Sandbox } from './fixtures';

/**
 * Peer-to-peer by e-mail (/transfer/p2p; 001 s3, s5, s7): the payee check as the e-mail is typed,
 * the fee, templates and "Send again", the approval modes, faults; the money checked on both
 * sides in the sandbox. Payees are the `direct@` demo customers (no other test counts their money);
 * senders are approve-* users the own-account spec does not use (it re-seeds its users' money).
 */
type Balances = Awaited<ReturnType<Sandbox['balances']>>;
const cents = (amount: string): bigint => {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
};
const usd = (accounts: Balances) => accounts.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;

async function expectUsdMoved(sandbox: Sandbox, login: string, before: Balances, delta: string) {
  await expect.poll(async () => cents(usd(await sandbox.balances(login)).balance) - cents(usd(before).balance)).toBe(cents(delta));
}

/** Both customers' money as seeded, and their balances before the test moves any. */
async function freshMoney(sandbox: Sandbox, login: string, payee: string): Promise<[Balances, Balances]> {
  await sandbox.resetMoney(login);
  await sandbox.resetMoney(payee);
  return [await sandbox.balances(login), await sandbox.balances(payee)];
}

async function openP2p(page: Page, lang: Lang) {
  await page.getByRole('navigation', { name: translate(lang, 'Main') }).getByRole('link', { name: translate(lang, 'Transfers') }).click();
  await page.getByRole('navigation', { name: translate(lang, 'Kinds of transfer') }).getByRole('link', { name: translate(lang, 'Send to a person') }).click();
  await expect(page).toHaveURL(/\/transfer\/p2p$/);
  // The address changes before the page's code has loaded, and until then the last page (between
  // own accounts, with its own "From account") is still on screen: wait for this page's form.
  await expect(page.getByRole('heading', { level: 1, name: translate(lang, 'Send to a person') })).toBeVisible();
  await expect(emailField(page, lang)).toBeVisible();
}

const emailField = (page: Page, lang: Lang) => page.getByRole('textbox', { name: translate(lang, "Recipient's e-mail") });
const amountField = (page: Page, lang: Lang) => page.getByLabel(new RegExp(`^${translate(lang, 'Amount')}`));
const send = (page: Page, lang: Lang) => page.getByRole('button', { name: translate(lang, 'Send'), exact: true });

test.describe('peer-to-peer by e-mail', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 500|ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch/] });

  test('brand 4, English: the payee checked as typed, the fee, sent once, saved as a template; Send again from home fills the form', async ({ page, signInViaApi, sandbox }) => {
    const login = 'approve-none@brand4.test';
    const payee = 'direct@brand4.test';
    const [before, payeeBefore] = await freshMoney(sandbox, login, payee);
    await signInViaApi(login);
    await openP2p(page, 'en');
    await page.getByLabel('From account').selectOption(String(usd(before).accountId));
    await emailField(page, 'en').fill('nobody@example.com');
    await expect(page.getByText('There is no customer with this e-mail.')).toBeVisible();
    await emailField(page, 'en').fill(payee);
    await expect(page.getByText('Ana D. receives it.')).toBeVisible();
    await amountField(page, 'en').fill('40');
    await expect(page.getByText('$0.40', { exact: true })).toBeVisible(); // 1 % of 40.00
    const note = `Concert tickets ${Date.now().toString(36)}`;
    await page.getByLabel('Note to the recipient (optional)').fill(note);
    await page.getByText('Save as a template').click();
    await page.getByLabel('Template name').fill('Tickets with Ana');
    await send(page, 'en').click();
    const success = page.getByRole('alertdialog', { name: 'Successfully submitted' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'Close' }).last().click();
    await expect(emailField(page, 'en')).toHaveValue('');
    await expectUsdMoved(sandbox, login, before, '-40.40');
    await expectUsdMoved(sandbox, payee, payeeBefore, '40.00');

    // The template is offered now; home's "Send again" opens the form filled from the transfer.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Start from a template' }).getByRole('option', { name: 'Tickets with Ana' })).toBeAttached();
    await page.goto('/home');
    await page.getByRole('link', { name: /Send again to.*Ana D\./ }).click();
    await expect(page).toHaveURL(/\/transfer\/p2p\?transactionId=\d+$/);
    await expect(emailField(page, 'en')).toHaveValue(payee);
    await expect(amountField(page, 'en')).toHaveValue('40.00');
    await expect(page.getByText('Ana D. receives it.')).toBeVisible();

    // The note travels: the recipient's history row and details have it (issue 44 item 4).
    await signInViaApi(payee);
    await page.goto(`/history?keyword=${encodeURIComponent(note)}`);
    const row = page.getByRole('button', { name: new RegExp(note) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$40.00');
    await row.click();
    await expect(page.getByRole('dialog')).toContainText(`Note${note}`);
  });

  test('brand 1, Russian, SMS mode: the code confirms it; nothing moves before; the reference and note are in both sides\' history', async ({ page, signInViaApi, sandbox }) => {
    const login = 'approve-sms@brand1.test';
    const payee = 'direct@brand1.test';
    const [before, payeeBefore] = await freshMoney(sandbox, login, payee);
    const reference = `Аренда ${Date.now().toString(36)}`;
    const note = 'За <b>май</b>, спасибо';
    await signInViaApi(login, { lang: 'ru' });
    await openP2p(page, 'ru');
    await page.getByLabel(translate('ru', 'From account')).selectOption(String(usd(before).accountId));
    await emailField(page, 'ru').fill(payee);
    await amountField(page, 'ru').fill('12,50');
    await page.getByLabel(translate('ru', 'Note to the recipient (optional)')).fill(note);
    await page.getByLabel(translate('ru', 'Reference (optional)')).fill(reference);
    await send(page, 'ru').click();
    const dialog = page.getByRole('dialog', { name: translate('ru', 'Confirm with a code') });
    await expect(dialog).toBeVisible();
    expect(usd(await sandbox.balances(login)).balance).toBe(usd(before).balance);
    const [waiting] = await sandbox.waitingApprovals(login);
    await dialog.getByLabel(translate('ru', 'Code')).fill(waiting!.code);
    await dialog.getByRole('button', { name: translate('ru', 'Confirm') }).click();
    await expect(page.getByRole('alertdialog', { name: translate('ru', 'Successfully submitted') })).toBeVisible();
    await expectUsdMoved(sandbox, login, before, '-12.75'); // 12.50 and the 0.25 smallest fee
    await expectUsdMoved(sandbox, payee, payeeBefore, '12.50');

    // The reference and note travel (issue 44 item 4): in the sender's history row and details,
    // and in the recipient's, as typed (the markup is text).
    for (const who of [login, payee]) {
      if (who === payee) await signInViaApi(payee, { lang: 'ru' });
      await page.goto(`/history?keyword=${encodeURIComponent(reference)}`);
      const row = page.getByRole('button', { name: new RegExp(reference) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`${reference} · ${note}`);
      await row.click();
      const details = page.getByRole('dialog');
      await expect(details).toContainText(`${translate('ru', 'Reference')}${reference}`);
      await expect(details).toContainText(`${translate('ru', 'Note')}${note}`);
      await expect(details.locator('b')).toHaveCount(0);
      await details.getByRole('button', { name: translate('ru', 'Close') }).last().click();
    }
  });

  test('brand 6, Portuguese: a 500 mid-submit keeps the form; Try again sends the same transfer once', async ({ page, signInViaApi, sandbox, fault }) => {
    const login = 'approve-none@brand6.test';
    const payee = 'direct@brand6.test';
    const [before, payeeBefore] = await freshMoney(sandbox, login, payee);
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().includes('method=p2pTransfer') && request.method() === 'POST') posts += 1;
    });
    await signInViaApi(login, { lang: 'pt' });
    await openP2p(page, 'pt');
    await page.getByLabel(translate('pt', 'From account')).selectOption(String(usd(before).accountId));
    await emailField(page, 'pt').fill(payee);
    await amountField(page, 'pt').fill('100');
    await fault({ match: 'main:p2pTransfer', kind: '500', times: 1 });
    await send(page, 'pt').dblclick();
    const alert = page.getByRole('alert').filter({ hasText: translate('pt', 'What you entered is kept. Trying again sends the same transfer, so the money moves once.') });
    await expect(alert).toBeVisible();
    await expect(emailField(page, 'pt')).toHaveValue(payee);
    expect(posts).toBe(1);
    await alert.getByRole('button', { name: translate('pt', 'Try again') }).click();
    await expect(page.getByRole('alertdialog', { name: translate('pt', 'Successfully submitted') })).toBeVisible();
    expect(posts).toBe(2);
    await expectUsdMoved(sandbox, login, before, '-101.00');
    await expectUsdMoved(sandbox, payee, payeeBefore, '100.00');
  });

  test('brand 2, Spanish, keyboard only: a blacklisted payee is refused before anything is sent', async ({ page, signInViaApi }) => {
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().includes('method=p2pTransfer') && request.method() === 'POST') posts += 1;
    });
    await signInViaApi('approve-otp@brand2.test', { lang: 'es' });
    await page.goto('/transfer/p2p');
    const from = page.getByLabel(translate('es', 'From account'));
    await from.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(emailField(page, 'es')).toBeFocused();
    await page.keyboard.type('simple@brand2.test');
    await expect(page.getByText(translate('es', 'This e-mail is on your payout blacklist.'))).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(amountField(page, 'es')).toBeFocused();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect(page.getByText(translate('es', 'This e-mail is on your payout blacklist. Remove it there to send money to it.'))).toBeVisible();
    await expect(emailField(page, 'es')).toBeFocused(); // the first invalid field
    expect(posts).toBe(0);
  });

  test('brand 3, English, push: approved on the other device page; an OTP user (brand 5, Ukrainian) confirms with the app code', async ({ page, context, signInViaApi, sandbox }) => {
    test.setTimeout(60_000);
    const login = 'approve-push@brand3.test';
    const payee = 'direct@brand3.test';
    const [before, payeeBefore] = await freshMoney(sandbox, login, payee);
    await signInViaApi(login);
    await openP2p(page, 'en');
    await page.getByLabel('From account').selectOption(String(usd(before).accountId));
    await emailField(page, 'en').fill(payee);
    await amountField(page, 'en').fill('20');
    await send(page, 'en').click();
    await expect(page.getByRole('dialog', { name: 'Approve on your phone' })).toBeVisible();
    const phone = await context.newPage();
    await phone.goto(`${SANDBOX}/__sandbox/device`);
    await phone.getByRole('button', { name: `Approve p2p 20.00 of ${login}` }).click();
    // The other device's page stays open (it polls the sandbox; the context closes it): closing it
    // right after its approval redirected it sometimes hung for the rest of the test in this Chromium.
    // The result comes on the realtime channel; on a loaded machine the socket may be reconnecting
    // with a refreshed token (15 s tokens in the e2e sandbox) when it is sent: allow one cycle.
    await expect(page.getByRole('alertdialog', { name: 'Successfully submitted' })).toBeVisible({ timeout: 20_000 });
    await expectUsdMoved(sandbox, login, before, '-20.25');
    await expectUsdMoved(sandbox, payee, payeeBefore, '20.00');
  });

  test('brand 5, Ukrainian, OTP: the authenticator code confirms it', async ({ page, signInViaApi, sandbox }) => {
    const login = 'approve-otp@brand5.test';
    const payee = 'direct@brand5.test';
    const [before, payeeBefore] = await freshMoney(sandbox, login, payee);
    await signInViaApi(login, { lang: 'ua' });
    await openP2p(page, 'uk');
    await page.getByLabel(translate('uk', 'From account')).selectOption(String(usd(before).accountId));
    await emailField(page, 'uk').fill(payee);
    await amountField(page, 'uk').fill('3');
    await send(page, 'uk').click();
    const dialog = page.getByRole('dialog', { name: translate('uk', 'Confirm with a code') });
    await expect(dialog).toContainText(translate('uk', 'Type the code your authenticator app shows.'));
    const [waiting] = await sandbox.waitingApprovals(login);
    await dialog.getByLabel(translate('uk', 'Code')).fill(waiting!.code);
    await dialog.getByLabel(translate('uk', 'Code')).press('Enter');
    await expect(page.getByRole('alertdialog', { name: translate('uk', 'Successfully submitted') })).toBeVisible();
    await expectUsdMoved(sandbox, login, before, '-3.25');
    await expectUsdMoved(sandbox, payee, payeeBefore, '3.00');
  });
});
