import type { Browser, Page } from '@playwright/test';
import { APP, brandOf, expect, SANDBOX, test, translate, type Lang } from './fixtures';
import { signInThroughApi } from './support/api-sign-in';
import { inputFile } from '../support/sample-files';
import { tabTo } from './support/keyboard';

/**
 * The company's users and access (issue 54) against the sandbox: a rights change made by one
 * full-access user waits for the other (never its author) and is applied when approved, through a
 * 500 mid-submit sent once; with one full-access user the owner confirms it by SMS; the only
 * full-access user's row cannot be lowered; a waiting change expires after 7 days and another is
 * declined; a company e-mail added, confirmed by its code and made primary.
 */

/** Another user signed in beside the test's page (their own browser context). */
async function signInElsewhere(browser: Browser, user: string, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ baseURL: APP });
  const page = await context.newPage();
  await signInThroughApi(page, context.request, user, { brand: brandOf(user), lang });
  return page;
}

/** How many times the page called one main-service method. */
function callsOf(page: Page, method: string): { count: number } {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).searchParams.get('method') === method) calls.count += 1;
  });
  return calls;
}

const userCard = (page: Page, name: string) => page.getByRole('region', { name: /./ }).locator('li').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test.describe('company access (issue 54)', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });

  test('brand 1, English: Elena changes Dan to a viewer through a 500 (sent once); she cannot approve it herself; the owner approves it and it applies', async ({ page, browser, sandbox, signInViaApi, fault }) => {
    const owner = 'company-access@brand1.test';
    await sandbox.resetSignIn(owner);
    await sandbox.resetSignIn('company-admin2@brand1.test');
    await signInViaApi('company-admin2@brand1.test');
    const updates = callsOf(page, 'businessAccessRightsUpdate');
    await page.goto('/company-access');
    await expect(page.getByRole('heading', { level: 1, name: 'Users and access' })).toBeVisible();
    await page.getByRole('button', { name: 'Change access: Dan Constantin' }).click();
    const dialog = page.getByRole('dialog', { name: "Change Dan Constantin's access" });
    await dialog.getByRole('radio', { name: /^Viewer/ }).check();
    await expect(dialog.getByRole('combobox', { name: 'Transfers', exact: true })).toHaveValue('1');
    // The first send answers a 500: nothing lost, the same change sent again is made once.
    await fault({ match: 'main:businessAccessRightsUpdate', kind: '500', times: 1 });
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(dialog.getByText('Server is not available', { exact: false })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^Viewer/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    const sent = page.getByRole('alertdialog', { name: 'Sent for approval' });
    await expect(sent).toBeVisible();
    await sent.getByRole('button', { name: 'Close' }).last().click();
    expect(updates.count).toBe(2);
    const waiting = page.getByRole('region', { name: 'Waiting for approval' });
    const mine = waiting.locator('li').filter({ hasText: 'Dan Constantin' });
    await expect(mine).toHaveCount(1);
    // No self-approval: her own change offers no review.
    await expect(mine.getByText('You asked for this: another user with full access approves it.')).toBeVisible();
    await expect(mine.getByRole('button')).toHaveCount(0);

    // The owner, elsewhere, approves it: the change applies.
    const ownerPage = await signInElsewhere(browser, owner, 'en');
    await ownerPage.goto('/company-access');
    await ownerPage.getByRole('button', { name: 'Review: Access change: Dan Constantin' }).click();
    const review = ownerPage.getByRole('dialog', { name: 'Approve this change?' });
    await review.getByRole('button', { name: 'Approve' }).click();
    const applied = ownerPage.getByRole('alertdialog', { name: 'Applied' });
    await expect(applied).toBeVisible();
    await applied.getByRole('button', { name: 'Close' }).last().click();
    await expect(userCard(ownerPage, 'Dan Constantin').getByText('Viewer · Read')).toBeVisible();
    // Elena's page hears of it (realtime) and shows it decided.
    await expect(page.getByRole('region', { name: 'Recent decisions' }).getByText('Dan Constantin').first()).toBeVisible();
    await ownerPage.context().close();
  });

  test('brand 2, Russian: the only full-access user confirms a change by SMS; the read-only user sees the owner cannot be lowered', async ({ page, browser, sandbox, signInViaApi }) => {
    const lang: Lang = 'ru';
    const tr = (msgid: string) => translate(lang, msgid);
    const owner = 'company-solo@brand2.test';
    await sandbox.resetSignIn(owner);
    await signInViaApi(owner, { lang });
    await page.goto('/company-access');
    await expect(page.getByRole('heading', { level: 1, name: tr('Users and access') })).toBeVisible();
    await page.getByRole('button', { name: tr('Change access: {name}').replace('{name}', 'Tudor Matei') }).click();
    const dialog = page.getByRole('dialog', { name: tr("Change {name}'s access").replace('{name}', 'Tudor Matei') });
    await expect(dialog.getByText(tr('You are the only user with full access: you confirm this change yourself, in your approval mode.'))).toBeVisible();
    await dialog.getByRole('radio', { name: new RegExp(`^${tr('Preparer')}`) }).check();
    await dialog.getByRole('button', { name: tr('Confirm the change') }).click();
    const code = page.getByRole('dialog', { name: tr('Confirm with a code') });
    await expect(code).toBeVisible();
    await code.getByRole('textbox').fill(await sandbox.latestCode(owner, { sms: true }));
    await code.getByRole('button', { name: tr('Confirm') }).click();
    await expect(userCard(page, 'Tudor Matei').getByText(`${tr('Preparer')} · ${tr('Initiate')}`)).toBeVisible();

    const viewer = await signInElsewhere(browser, 'company-solo-viewer@brand2.test', lang);
    await viewer.goto('/company-access');
    await expect(userCard(viewer, 'Solo Studio 2 Ltd').or(viewer.locator('li').filter({ hasText: tr('Owner') })).getByText(tr('The only user with full access: this access cannot be lowered or removed.'))).toBeVisible();
    await expect(viewer.getByRole('button', { name: new RegExp(tr('Change access')) })).toHaveCount(0);
    await viewer.context().close();
  });

  test('brand 3, Spanish, keyboard only: a waiting change expires after 7 days; the owner asks to remove Ilinca, Elena declines it', async ({ page, browser, sandbox, signInViaApi, request }) => {
    const lang: Lang = 'es';
    const tr = (msgid: string) => translate(lang, msgid);
    const owner = 'company-access@brand3.test';
    await sandbox.resetSignIn(owner);
    await signInViaApi(owner, { lang });
    await page.goto('/company-access');
    const waiting = page.getByRole('region', { name: tr('Waiting for approval') });
    await expect(waiting.getByText('Paul Iordache')).toBeVisible();
    // Seven days pass for the seeded change (made 2 days before the seed): it expires.
    const aged = await request.post(`${SANDBOX}/__sandbox/permission-changes/age`, { data: { companyLogin: owner, days: 6 } });
    expect(aged.ok()).toBe(true);
    await page.reload();
    const decided = page.getByRole('region', { name: tr('Recent decisions') });
    await expect(decided.locator('li').filter({ hasText: 'Paul Iordache' }).getByText(tr('Expired'))).toBeVisible();

    // By keyboard alone: remove Ilinca's access (a change for Elena to decide).
    const remove = page.getByRole('button', { name: tr('Remove access: {name}').replace('{name}', 'Ilinca Pavel') });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: tr("Remove {name}'s access?").replace('{name}', 'Ilinca Pavel') });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: tr('Remove access') }));
    await page.keyboard.press('Enter');
    const sent = page.getByRole('alertdialog', { name: tr('Sent for approval') });
    await expect(sent).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(waiting.getByText('Ilinca Pavel')).toBeVisible();

    const elena = await signInElsewhere(browser, 'company-admin2@brand3.test', lang);
    await elena.goto('/company-access');
    await elena.getByRole('button', { name: tr('Review: {what}').replace('{what}', `${tr('Access removed')}: Ilinca Pavel`) }).click();
    const review = elena.getByRole('dialog', { name: tr('Approve this change?') });
    await review.getByRole('button', { name: tr('Decline') }).click();
    await elena.getByRole('alertdialog', { name: tr('Decline this change?') }).getByRole('button', { name: tr('Decline') }).click();
    await expect(elena.getByRole('alertdialog', { name: tr('Declined') })).toBeVisible();
    await elena.context().close();
    // The owner's page hears of it: Ilinca keeps her access, the change is declined.
    await expect(decided.locator('li').filter({ hasText: 'Ilinca Pavel' }).getByText(tr('Declined'))).toBeVisible();
    await expect(userCard(page, 'Ilinca Pavel')).toBeVisible();
  });

  test('brand 4, Portuguese: a company e-mail added, confirmed with the code from the e-mail, and made primary', async ({ page, sandbox, signInViaApi }) => {
    const lang: Lang = 'pt';
    const tr = (msgid: string) => translate(lang, msgid);
    const owner = 'company-solo@brand4.test';
    await sandbox.resetSignIn(owner);
    await signInViaApi(owner, { lang });
    await page.goto('/company-emails');
    await expect(page.getByRole('heading', { level: 1, name: tr('Company e-mails') })).toBeVisible();
    const address = `finance-${Date.now()}@solo.example`;
    await page.getByRole('button', { name: tr('Add an e-mail') }).click();
    const add = page.getByRole('dialog');
    await add.getByRole('textbox').first().fill('not-an-email');
    await add.getByRole('button', { name: tr('Add') }).click();
    await expect(add.getByText(tr('Enter a valid e-mail address.'))).toBeVisible();
    await add.getByRole('textbox').first().fill(address);
    await add.getByRole('button', { name: tr('Add') }).click();
    const code = page.getByRole('dialog');
    let sentCode: string | null | undefined;
    await expect.poll(async () => (sentCode = (await sandbox.outbox(owner)).find((mail) => mail.to === address)?.code)).toMatch(/^\d{6}$/);
    await code.getByRole('textbox').fill(sentCode!);
    await code.getByRole('button', { name: tr('Confirm') }).click();
    const row = page.locator('li').filter({ hasText: address });
    await expect(row.getByText(tr('Confirmed'))).toBeVisible();
    await row.getByRole('button', { name: tr('Make primary: {address}').replace('{address}', address) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: tr('Make primary') }).click();
    // One full-access user with approval mode none: applied at once.
    const done = page.getByRole('alertdialog', { name: tr('Successfully submitted') });
    await done.getByRole('button', { name: tr('Close') }).last().click();
    await expect(row.getByText(tr('Primary'))).toBeVisible();
  });

  test('brand 5, Romanian: a representative with two roles added, with an address and its proof; not deletable with documents on file, then deleted by force by the admin', async ({ page, browser, sandbox, signInViaApi }) => {
    const lang: Lang = 'ro';
    const tr = (msgid: string) => translate(lang, msgid);
    const owner = 'company-access@brand5.test';
    await sandbox.resetSignIn(owner);
    await signInViaApi(owner, { lang });
    await page.goto('/company/representatives');
    await page.getByRole('button', { name: tr('Add a representative') }).click();
    const add = page.getByRole('dialog', { name: tr('Add a representative') });
    await add.getByLabel(tr('First name'), { exact: true }).fill('Radu');
    await add.getByLabel(tr('Last name'), { exact: true }).fill('Neagu');
    await add.getByLabel(tr('Date of birth'), { exact: true }).fill('1980-05-17');
    await add.getByLabel(tr('E-mail'), { exact: true }).fill('radu.neagu@dacia.example');
    await add.getByRole('checkbox', { name: tr('Director') }).check();
    await add.getByRole('checkbox', { name: tr('Ultimate beneficial owner') }).check();
    await add.getByRole('button', { name: tr('Add representative') }).click();
    await expect(add).toBeHidden();
    const heading = (list: string) => page.getByRole('region', { name: tr(list) }).getByRole('heading', { level: 4, name: 'Radu Neagu' });
    await expect(heading('Directors')).toBeVisible();
    await expect(heading('Ultimate beneficial owners')).toBeVisible();

    // Their address with its proof.
    const directors = page.getByRole('region', { name: tr('Directors') });
    await directors.getByRole('button', { name: tr('Add address for {name}').replace('{name}', 'Radu Neagu') }).click();
    const address = page.getByRole('dialog', { name: tr("Add {name}'s address").replace('{name}', 'Radu Neagu') });
    await address.getByLabel(tr('Street and number')).fill('Strada Lipscani 10');
    await address.getByLabel(tr('City')).fill('București');
    await address.getByLabel(tr('Postal code')).fill('030031');
    await address.getByLabel(tr('Country')).selectOption('RO');
    await address.getByLabel(tr('Type of proof')).selectOption({ index: 1 });
    await address.getByLabel(tr('Proof of address')).setInputFiles(inputFile('factura.pdf', 'application/pdf', 4096));
    await address.getByRole('button', { name: tr('Save address') }).click();
    await expect(address).toBeHidden();
    const card = directors.locator('li').filter({ has: page.getByRole('heading', { level: 4, name: 'Radu Neagu' }) });
    await expect(card).toContainText('Strada Lipscani 10');
    // With a document on file, only an admin deletes them.
    await expect(card.getByRole('button', { name: tr('Delete {name}').replace('{name}', 'Radu Neagu') })).toHaveCount(0);
    await expect(card.getByText(tr('{name} has documents on file: only a platform administrator can delete them, documents and all.').replace('{name}', 'Radu Neagu'))).toBeVisible();

    // The admin of the company acts for it and deletes them by force.
    const admin = await signInElsewhere(browser, 'company-support@brand5.test', lang);
    await admin.goto('/admin-overview');
    await admin.getByRole('button', { name: `${tr('Act for')} Dacia Logistics 5 Ltd` }).click();
    await admin.getByRole('button', { name: tr('Show the representatives of {companyName}').replace('{companyName}', 'Dacia Logistics 5 Ltd') }).click();
    const adminDirectors = admin.getByRole('region', { name: tr('Directors') });
    await adminDirectors.getByRole('button', { name: tr('Delete {name}').replace('{name}', 'Radu Neagu') }).click();
    const question = admin.getByRole('alertdialog', { name: tr('Delete {name}?').replace('{name}', 'Radu Neagu') });
    await question.getByRole('button', { name: tr('Delete with documents') }).click();
    await expect(adminDirectors.getByRole('heading', { level: 4, name: 'Radu Neagu' })).toHaveCount(0);
    await admin.context().close();
    await page.reload();
    await expect(page.getByRole('region', { name: tr('Directors') }).getByRole('heading', { level: 4, name: 'Mihai Stan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 4, name: 'Radu Neagu' })).toHaveCount(0);
  });
});
