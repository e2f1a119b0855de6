import { readFile } from 'node:fs/promises';
import { APP, test, expect, translate } from './fixtures';
import { signInThroughApi } from './support/api-sign-in';
import { pdfLines } from '../support/pdf-text';

/**
 * Home (spec 001 s2, s3, s4, s7, s9): accounts by currency and kind, cards, closed accounts,
 * pending and remaining values, recent p2p transfers, activity by date without fees, rates;
 * adding a currency, a crypto wallet's address, announcements; who sees what.
 */
test.describe('home and accounts', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 500|ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch/] });

  test('a personal customer sees accounts by currency and kind, cards, the closed list, recent transfers, activity and rates', async ({ page, signInViaApi }) => {
    await signInViaApi('personal@brand1.test');
    const accounts = page.getByRole('region', { name: 'Accounts' });
    const usd = accounts.getByRole('region', { name: /US Dollar USD/i });
    await expect(usd.getByText('Payment account', { exact: true })).toBeVisible();
    await expect(usd.getByText('$12,500.01')).toBeVisible();
    // Pending amount and a prepayment account's remaining value: |−500.00| + (−120.00) = 380.00.
    await expect(usd.getByText('Pending: -$120.50')).toBeVisible();
    await expect(usd.getByText('Remaining value: $380.00')).toBeVisible();
    // Crypto keeps every decimal (up to 8), never a float artefact.
    await expect(accounts.getByRole('region', { name: /USDT/ }).getByText('250.12345678')).toBeVisible();

    const cards = accounts.getByRole('region', { name: 'Cards' });
    await expect(cards.getByRole('link', { name: /Travel card/ })).toHaveAttribute('href', /\/cards\/\d+$/);
    await expect(cards.getByRole('link', { name: /Online shopping.*Virtual.*Paused/ })).toBeVisible();

    // Closed accounts: their own list, collapsed until opened.
    const closed = accounts.getByRole('group').filter({ hasText: 'Closed accounts' });
    await expect(closed.getByText('Account No.')).toBeHidden();
    await closed.getByText('Closed accounts').click();
    await expect(closed.getByText(/Account No\. \d+/)).toBeVisible();

    // Recent p2p transfers: the disabled one is hidden; each opens the p2p form prefilled.
    const recent = page.getByRole('region', { name: 'Send again' });
    await expect(recent.getByRole('link')).toHaveCount(2);
    await expect(recent.getByText('Old Contact')).toHaveCount(0);
    await expect(recent.getByRole('link', { name: /^Send again to Jonas Berg/ })).toHaveAttribute('href', /\/transfer\/p2p\?transactionId=\d+/);

    // Activity grouped by date; fees are not part of it.
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await expect(activity.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(activity.getByText('Atelier Lumière SARL')).toBeVisible();
    await expect(activity.getByText('-$0.75')).toHaveCount(0);
    await expect(activity.getByText('-€12.50')).toHaveCount(0);

    await expect(page.getByRole('region', { name: 'Exchange rates' }).getByText('1 USD = 0.92592592 EUR')).toBeVisible();
  });

  test('add a currency in Romanian (brand 2): a server error keeps the choice, the retry adds it once, it stays after a reload', async ({ page, signInViaApi, fault, sandbox }) => {
    await sandbox.resetMoney('personal@brand2.test');
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('method=addCurrency')) adds.push(request.url());
    });
    await signInViaApi('personal@brand2.test', { lang: 'ro' });
    const accounts = page.getByRole('region', { name: translate('ro', 'Accounts') });
    await expect(accounts.getByRole('region').first()).toBeVisible();
    await accounts.getByRole('button', { name: translate('ro', 'Add a currency') }).click();
    const dialog = page.getByRole('dialog', { name: translate('ro', 'Add a currency') });
    await dialog.getByRole('button', { name: translate('ro', 'Add currency') }).click();
    await expect(dialog.getByText(translate('ro', 'Choose a currency to add.'))).toBeVisible();
    await dialog.getByLabel(translate('ro', 'Currency')).selectOption('GBP');

    await fault({ match: 'main:addCurrency', kind: '500', times: 1 });
    await dialog.getByRole('button', { name: translate('ro', 'Add currency') }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByLabel(translate('ro', 'Currency'))).toHaveValue('GBP');
    await dialog.getByRole('button', { name: translate('ro', 'Add currency') }).dblclick();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: translate('ro', 'Notifications') })).toBeVisible();
    await expect(accounts.getByRole('region', { name: /GBP/ })).toBeVisible();
    expect(adds).toHaveLength(2); // the failed one and the one that added it: the double press sent nothing more
    await page.reload();
    await expect(accounts.getByRole('region', { name: /GBP/ })).toHaveCount(1);
    // GBP is no longer offered.
    await accounts.getByRole('button', { name: translate('ro', 'Add a currency') }).click();
    await expect(page.getByRole('dialog').getByRole('option', { name: /GBP/ })).toHaveCount(0);
  });

  test('keyboard only (Ukrainian, brand 5): open the USDT wallet, read its address, close with Escape', async ({ page, signInViaApi }) => {
    await signInViaApi('personal@brand5.test', { lang: 'ua' });
    const walletButton = page.getByRole('button', { name: translate('uk', '{currencyCode} wallet address').replace('{currencyCode}', 'USDT') });
    await expect(walletButton).toBeVisible();
    // Tab from the top of the page to the wallet button, as a keyboard user does.
    for (let i = 0; i < 80 && !(await walletButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(walletButton).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: translate('uk', 'QR code of the wallet address') })).toBeVisible();
    await expect(dialog.locator('code')).toHaveText(/^0x[0-9a-f]{40}$/);
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const address = await dialog.locator('code').textContent();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(walletButton).toBeFocused();
    // The same address again (one wallet per account).
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').locator('code')).toHaveText(address ?? '');
  });

  test('a BTC account whose wallet is managed in the mobile app offers the app instead', async ({ page, signInViaApi, sandbox }) => {
    await sandbox.resetMoney('personal@brand6.test');
    await signInViaApi('personal@brand6.test');
    const accounts = page.getByRole('region', { name: 'Accounts' });
    await accounts.getByRole('button', { name: 'Add a currency' }).click();
    const add = page.getByRole('dialog', { name: 'Add a currency' });
    await add.getByLabel('Currency').selectOption('BTC');
    await add.getByRole('button', { name: 'Add currency' }).click();
    await expect(add).toBeHidden();
    await page.getByRole('button', { name: 'BTC wallet address' }).click();
    const wallet = page.getByRole('dialog', { name: 'Your BTC wallet' });
    await expect(wallet.getByText('This wallet is managed in the mobile app.', { exact: false })).toBeVisible();
    await expect(wallet.locator('code')).toHaveCount(0);
  });

  test('announcements in Spanish (brand 4): the unread count, opening marks read, accept survives a dropped reply and is sent as one choice', async ({ page, signInViaApi, fault, shell, sandbox }) => {
    await sandbox.resetMoney('business@brand4.test');
    await signInViaApi('business@brand4.test', { lang: 'es' });
    const newsName = translate('es', 'News');
    const news = shell.header.getByRole('link', { name: new RegExp(`^${newsName}.*2`) });
    await expect(news).toBeVisible();
    const panel = page.getByRole('region', { name: translate('es', 'News') });
    await panel.getByRole('button', { name: /Nuevas tarifas/ }).click();
    const dialog = page.getByRole('dialog', { name: /Nuevas tarifas/ });
    await expect(dialog.getByText(/Acepte las nuevas tarifas/)).toBeVisible();
    await expect(shell.header.getByRole('link', { name: new RegExp(`^${newsName}.*1`) })).toBeVisible(); // opened: read

    // The reply is lost: the browser may send the request again by itself, or the dialog says it
    // failed and keeps the choice for another press; either way the server ends with one answer.
    await fault({ match: 'main:announcementConfirm', kind: 'drop', times: 1 });
    await dialog.getByRole('button', { name: translate('es', 'Accept') }).click();
    const accepted = dialog.getByRole('status');
    await expect(accepted.or(dialog.getByRole('alert'))).toBeVisible();
    if (!(await accepted.isVisible())) await dialog.getByRole('button', { name: translate('es', 'Accept') }).click();
    await expect(accepted).toHaveText(translate('es', 'You accepted.'));
    await expect(dialog.getByRole('button', { name: translate('es', 'Decline') })).toHaveCount(0);
    await dialog.getByRole('button', { name: translate('es', 'Close') }).first().click();
    await expect(panel.getByText(translate('es', 'Accepted'))).toBeVisible();

    await shell.header.getByRole('link', { name: new RegExp(`^${newsName}`) }).click();
    await expect(shell.heading).toHaveText(newsName);
    await expect(page.getByRole('region', { name: newsName }).getByRole('listitem')).toHaveCount(3);
  });

  test('a personal customer’s account list and activity start beside the access info, not after it; each is asked once (issue 48)', async ({ page, signInViaApi, fault }) => {
    await signInViaApi('personal@brand1.test');
    await fault({ match: 'main:userAccessInfoGet', kind: 'latency', ms: 1500, times: 1 });
    const order: string[] = [];
    const method = (url: string) => new URL(url).searchParams.get('method');
    page.on('request', (r) => void (method(r.url()) && order.push(`ask ${method(r.url())}`)));
    page.on('response', (r) => void (method(r.url()) && order.push(`answer ${method(r.url())}`)));
    await page.reload();
    await expect(page.getByRole('region', { name: 'Accounts' }).getByText('USDT').first()).toBeVisible();
    const answered = order.indexOf('answer userAccessInfoGet');
    expect(answered).toBeGreaterThan(-1);
    expect(order.indexOf('ask balanceInquiry')).toBeGreaterThan(order.indexOf('answer customerInfo'));
    expect(order.indexOf('ask balanceInquiry')).toBeLessThan(answered);
    expect(order.indexOf('ask transactionHistory')).toBeLessThan(answered);
    expect(order.filter((o) => o === 'ask balanceInquiry')).toHaveLength(1);
    expect(order.filter((o) => o === 'ask transactionHistory')).toHaveLength(1);
  });

  test('a business owner sees the company’s accounts; an employee without balance access sees none and no balance call is made', async ({ page, signInAs, signInViaApi, shell }) => {
    await signInViaApi('business@brand1.test');
    await expect(page.getByRole('region', { name: 'Accounts' }).getByText('Payment account').first()).toBeVisible();
    await shell.signOut();

    const balanceCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('method=balanceInquiry')) balanceCalls.push(request.url());
    });
    await signInAs('employee@brand1.test', { landing: /\/company-documents$/ });
    await shell.open('/home');
    await shell.waitUntilReady();
    await expect(page.getByText('You have no access to balances')).toBeVisible();
    await expect(page.getByRole('region', { name: 'News' })).toBeVisible();
    expect(balanceCalls).toEqual([]);
  });

  test('the account list that fails to load says so and loads on "Try again"; a customer without accounts is told how to start and has an empty history', async ({ page, signInViaApi, fault, shell }) => {
    await signInViaApi('no-accounts@brand5.test');
    await fault({ match: 'main:balanceInquiry', kind: '500', times: 2 }); // the load and its one automatic retry
    await page.reload();
    const accounts = page.getByRole('region', { name: 'Accounts' });
    await expect(accounts.getByRole('alert')).toContainText('Could not load your accounts');
    await accounts.getByRole('button', { name: 'Try again' }).click();
    await expect(accounts.getByText('You have no accounts yet')).toBeVisible();
    await expect(accounts.getByRole('button', { name: 'Add a currency' })).toBeVisible();
    await shell.open('/history');
    await expect(shell.heading).toHaveText('History');
    await expect(page.getByText('No transactions', { exact: true })).toBeVisible();
  });

  test('account confirmations (issue 61): brand 1 in English from home (a failure, Try again, one document for a double press) and brand 4 in Russian from a card, each with its entity block', async ({ page, signInViaApi, fault, browser }) => {
    const generated: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/generator_pdf/accountConfirmation')) generated.push(request.url());
    });
    await signInViaApi('personal@brand1.test');
    const usd = page.getByRole('region', { name: 'Accounts' }).getByRole('region', { name: /US Dollar USD/i });
    const confirmation = usd.getByRole('button', { name: /^Account confirmation \(PDF\) No\. \d+$/ }).first();
    const number = (await confirmation.getAttribute('aria-labelledby'))!.split(' ')[1]!.replace('account-number-', '');
    await fault({ match: 'documents:generatePdf', kind: '500', times: 1 });
    await confirmation.click();
    await expect(usd.getByRole('alert')).toBeVisible();
    const retry = usd.getByRole('button', { name: `Try again No. ${number}` });
    const [download] = await Promise.all([page.waitForEvent('download'), retry.dblclick()]);
    expect(download.suggestedFilename()).toBe(`account-confirmation-${number}.pdf`);
    const english = await readFile((await download.path())!);
    expect(english.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = pdfLines(english);
    expect(lines[0]).toBe(`Confirmation of account ${number}`);
    expect(lines).toContain('Northbridge Payments Ltd');
    expect(lines).toContain('+442079460100  ·  support@northbridgepay.example  ·  https://northbridgepay.example');
    await expect(usd.getByRole('alert')).toHaveCount(0);
    expect(generated).toHaveLength(2); // the failed one and one more: the double press made one document

    // Brand 4 in Russian, from a card's page (a prepaid card is an account of its own).
    const context = await browser.newContext({ baseURL: APP });
    try {
      const ru = await context.newPage();
      await signInThroughApi(ru, context.request, 'personal@brand4.test', { brand: 'brand4', lang: 'ru' });
      await ru.getByRole('region', { name: translate('ru', 'Cards') }).getByRole('link').first().click();
      await expect(ru).toHaveURL(/\/cards\/\d+$/);
      const card = ru.url().split('/').pop()!;
      const [ruDownload] = await Promise.all([ru.waitForEvent('download'), ru.getByRole('button', { name: translate('ru', 'Account confirmation (PDF)') }).click()]);
      const russian = await readFile((await ruDownload.path())!);
      expect(russian.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const ruLines = pdfLines(russian);
      expect(ruLines[0]).toBe(`Подтверждение счёта ${card}`);
      expect(ruLines).toContain('Tidewell Money B.V.');
      expect(ruLines.join(' ')).toContain('Tidewell Money B.V. имеет лицензию организации электронных денег');
    } finally {
      await context.close();
    }
  });
});
