import type { Page } from '@playwright/test';
import { expect, test, translate, type Lang } from './fixtures';
import { inputFile } from '../support/sample-files';
import { SANDBOX } from './support/env';
import { tabTo, tick } from './support/keyboard';

/**
 * The company's own file (issue 53): /company with its sections against the sandbox. The company's
 * action list follows the documents live (an upload, the service's decision over the realtime
 * channel); financial details saved once through a 500; a statement signed (and absent where the
 * brand has no adult-industry options); a user without balance-info access reaches only
 * /company-documents and sends a document there by keyboard alone.
 */
const pdf = (name: string) => inputFile(name, 'application/pdf', 4096);

/** How many times the page called one main-service method. */
function callsOf(page: Page, method: string): { count: number } {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).searchParams.get('method') === method) calls.count += 1;
  });
  return calls;
}

test.describe('the company file', () => {
  // One pattern: an option given as two would be read as [value, fixture options].
  test.use({ allowConsoleErrors: [/Failed to load resource: (the server responded with a status of 500|net::ERR_(EMPTY_RESPONSE|CONNECTION_CLOSED|CONNECTION_RESET))/] });

  test('brand 1, English: the action list names each fix; an additional document sent leaves it; refused by the service it comes back without a reload; the source of wealth expiring soon is marked', async ({ page, sandbox, signInViaApi }) => {
    const owner = 'company-file@brand1.test';
    await sandbox.resetSignIn(owner);
    await signInViaApi(owner);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }).click();
    await expect(page).toHaveURL(/\/company$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    const needed = page.getByRole('region', { name: 'What is needed' });
    await expect(needed.getByRole('listitem')).toHaveCount(4);
    await expect(needed.getByText('Some registration facts are missing (Registration date).', { exact: false })).toBeVisible();
    await expect(needed.getByText("The company's registration documents were refused: send new ones.")).toBeVisible();
    await expect(needed.getByText('Send a proof of the business address Calea Victoriei 120, Bucharest, 010093, RO.')).toBeVisible();

    // An additional document: the set goes under review and leaves the list.
    const additional = page.getByRole('region', { name: 'Additional documents' });
    await additional.getByRole('button', { name: 'Send an additional document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Additional company document' });
    await dialog.getByLabel('Document type').selectOption({ label: 'Business plan' });
    await dialog.getByLabel('Front of the document').setInputFiles(pdf('business-plan.pdf'));
    await dialog.getByRole('button', { name: 'Send document' }).click();
    await expect(dialog).toBeHidden();
    await expect(additional.getByText('Under review', { exact: true }).first()).toBeVisible();
    await expect(needed.getByRole('listitem')).toHaveCount(3);

    // The service refuses what waits: the realtime channel tells the page, which reads the file again.
    await sandbox.decideDocuments(owner, 'reject');
    await expect(needed.getByText("The company's additional documents were refused: send new ones.")).toBeVisible();
    await expect(additional.getByText('Refused', { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/company$/);

    // The source of wealth: the document expiring in 10 days is marked.
    await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Source of wealth' }).click();
    await expect(page).toHaveURL(/\/company\/source-of-wealth$/);
    const wealth = page.getByRole('region', { name: 'Source of wealth documents' });
    await expect(wealth.locator('[data-standing="expiringSoon"]').first()).toContainText('Expires soon: send a new one');
    await expect(wealth.locator('li[data-standing="expired"]')).toHaveCount(1);
    // An unknown section is the 404 page.
    await page.goto('/company/emails');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('brand 2, Russian: financial details saved through a 500 are saved once and kept after a reload; the studio declaration signed and tracked', async ({ page, sandbox, signInViaApi, fault, request }) => {
    const lang: Lang = 'ru';
    const tr = (msgid: string) => translate(lang, msgid);
    const owner = 'company-file@brand2.test';
    await sandbox.resetSignIn(owner);
    await signInViaApi(owner, { lang });
    await page.goto('/company/financial-details');
    const money = page.getByRole('region', { name: tr('Money and currencies') });
    const deposits = money.getByLabel(tr('Estimated monthly deposits'));
    await expect(deposits).toBeVisible();
    const before = await deposits.inputValue();
    const next = (await deposits.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).find((value) => value && value !== before)!;
    await deposits.selectOption(next);
    const sent = callsOf(page, 'financialDetailUpdate');
    await fault({ match: 'main:financialDetailUpdate', kind: '500', times: 1 });
    await money.getByRole('button', { name: tr('Save') }).click();
    await expect(money.getByRole('alert')).toBeVisible();
    await expect(deposits).toHaveValue(next);
    await money.getByRole('button', { name: tr('Save') }).click();
    await expect(page.getByText(tr('Financial details saved'))).toBeVisible();
    // The failed one and the one sent again (the same requestId: the statechart's model test checks it).
    expect(sent.count).toBe(2);
    await page.reload();
    await expect(page.getByRole('region', { name: tr('Money and currencies') }).getByLabel(tr('Estimated monthly deposits'))).toHaveValue(next);

    // The studio declaration, signed by the owner.
    await page.getByRole('navigation', { name: tr('Company') }).getByRole('link', { name: tr('Declarations') }).click();
    const studio = page.getByRole('region', { name: tr('Studio declaration') });
    await studio.getByLabel(tr('Full name')).fill('Ana Demo');
    await tick(page, studio.getByRole('checkbox', { name: tr('I have read this statement and agree to it') }));
    await studio.getByRole('button', { name: tr('Sign') }).click();
    await expect(studio.getByText(/Ana Demo/)).toBeVisible();
    await expect(studio.getByRole('button', { name: tr('Sign') })).toHaveCount(0);
    const collected = async () =>
      ((await (await request.get(`${SANDBOX}/__sandbox/analytics?scope=${encodeURIComponent(test.info().testId)}`)).json()) as { events: { event: string }[] }).events.map((entry) => entry.event);
    await expect.poll(collected).toContain('Sign Declaration');
  });

  test('brand 3, Spanish: a reader sees only the resolution (no adult-industry options), not signed and not to sign; the financial details read only; their own address added through a lost reply is added once', async ({
    page,
    sandbox,
    signInViaApi,
    fault,
  }) => {
    const lang: Lang = 'es';
    const tr = (msgid: string) => translate(lang, msgid);
    const reader = 'company-reader@brand3.test';
    await sandbox.resetSignIn('company-file@brand3.test');
    await signInViaApi(reader, { lang });
    await page.goto('/company/declarations');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: tr('Board resolution') })).toBeVisible();
    await expect(page.getByText(tr('Not signed yet. A user with full access signs it.'))).toBeVisible();
    await expect(page.getByRole('button', { name: tr('Sign') })).toHaveCount(0);
    await page.goto('/company/financial-details');
    await expect(page.getByText(tr('Only users with full access can change the financial details.'))).toBeVisible();
    await expect(page.getByRole('button', { name: tr('Save') })).toHaveCount(0);

    // Their own address as the company's representative, with its proof; the reply lost once.
    await page.goto('/company/information');
    const me = page.getByRole('region', { name: tr("You as the company's representative") });
    await expect(me.getByText(tr('No address yet'))).toBeVisible();
    await me.getByRole('button', { name: tr('Add your address') }).click();
    const dialog = page.getByRole('dialog', { name: tr('Add your address') });
    await dialog.getByLabel(tr('Street and number')).fill('Calle Mayor 5');
    await dialog.getByLabel(tr('City')).fill('Madrid');
    await dialog.getByLabel(tr('Postal code')).fill('28013');
    await dialog.getByLabel(tr('Country')).selectOption('ES');
    await dialog.getByLabel(tr('Type of proof')).selectOption({ index: 1 });
    await dialog.getByLabel(tr('Proof of address')).setInputFiles(pdf('factura.pdf'));
    const sent = callsOf(page, 'businessRepresentativeAddressCreate');
    await fault({ match: 'main:businessRepresentativeAddressCreate', kind: 'dropAfter', times: 1 });
    await dialog.getByRole('button', { name: tr('Save address') }).click();
    // The reply was lost (or Chromium sent the request again by itself): either the failure is said
    // and sending again is answered with the address kept the first time, or it is saved at once.
    const failed = dialog.getByRole('alert');
    await expect(failed.or(page.getByText(tr('Your address is saved. We check its proof and tell you when it is decided.')))).toBeVisible();
    if (await dialog.isVisible()) {
      await expect(dialog.getByLabel(tr('Street and number'))).toHaveValue('Calle Mayor 5');
      await dialog.getByRole('button', { name: tr('Save address') }).click();
    }
    await expect(dialog).toBeHidden();
    await expect(me.getByText(/Calle Mayor 5/)).toBeVisible();
    expect(sent.count).toBeGreaterThanOrEqual(1);
    // Kept once: read again, one address.
    await page.reload();
    await expect(page.getByRole('region', { name: tr("You as the company's representative") }).getByText(/Calle Mayor 5/)).toHaveCount(1);
  });

  test('brand 4, Portuguese, keyboard only at 320 px: a user without balance-info access lands on the company documents, is kept there, and sends the missing proof of address', async ({ page, sandbox, signInAs }) => {
    const lang: Lang = 'pt';
    const tr = (msgid: string) => translate(lang, msgid);
    await sandbox.resetSignIn('company-file@brand4.test');
    await page.setViewportSize({ width: 320, height: 740 });
    await signInAs('company-docs-only@brand4.test', { lang, landing: /\/company-documents$/ });
    await expect(page.getByRole('heading', { level: 1, name: tr('Company documents') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: tr('Company') })).toHaveCount(0);
    // Any section of /company sends them back here.
    await page.goto('/company/information');
    await expect(page).toHaveURL(/\/company-documents$/);
    const needed = page.getByRole('region', { name: tr('What is needed') });
    await expect(needed.getByRole('listitem')).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    const send = needed.getByRole('listitem').last().getByRole('button', { name: tr('Send a proof of this address') });
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: tr('Proof of the business address') });
    const file = dialog.getByLabel(tr('Front of the document'));
    await expect(file).toBeVisible();
    await file.setInputFiles(pdf('lease.pdf'));
    await tabTo(page, dialog.getByRole('button', { name: tr('Send document') }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(needed.getByRole('listitem')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
