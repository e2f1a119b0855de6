import { expect, test, translate, type Lang } from './fixtures';
import { inputFile } from '../support/sample-files';

/**
 * The admin overview (issue 52): an admin lands on /admin-overview without customer data, sees the
 * customers they administer (20 a page, searched), acts for one of them through the acting-customer
 * statechart and manages that customer's admin documents (list, add, remove), each write sent once;
 * nothing on the page moves money.
 */
test.describe('admin overview', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (413|500)/] });

  test('brand 1, English: 30 customers in pages of 20, searched; acting for one shows their documents; a document added through a lost reply is added once, and removed', async ({ page, sandbox, signInAs, fault }) => {
    const admin = 'admin@brand1.test';
    await sandbox.resetSignIn(admin);
    await signInAs(admin, { landing: /\/admin-overview$/ });
    await expect(page.getByRole('heading', { level: 1, name: 'Admin overview' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Customers you administer' });
    await expect(page.getByText('30 customers')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(list.getByRole('listitem')).toHaveCount(10);

    // Searched by e-mail; acting for the company.
    await page.getByLabel('Name or e-mail').fill('business@brand1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Every customer whose name or e-mail holds it (inactive-business@, old-business@ …), the company among them.
    const company = list.getByRole('listitem').filter({ has: page.getByText('business@brand1.test', { exact: true }) });
    await expect(list.getByRole('listitem').filter({ hasNotText: 'business@brand1.test' })).toHaveCount(0);
    await company.getByRole('button', { name: 'Act for Demo Trading 1 SRL' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Acting for: Demo Trading 1 SRL' })).toBeVisible();
    await expect(company).toHaveAttribute('aria-current', 'true');
    // The page, its search and its page stay where they were.
    await expect(page).toHaveURL(/\/admin-overview\?.*search=business/);
    const documents = page.getByRole('list', { name: 'Documents' });
    await expect(documents.getByRole('listitem')).toHaveCount(2);

    // Added with the reply lost: sent again with the same requestId, on the file once.
    await page.getByRole('button', { name: 'Add a document' }).click();
    const popup = page.getByRole('dialog', { name: 'Add a document for Demo Trading 1 SRL' });
    await popup.getByLabel('Document name').fill('Board resolution 2026');
    await popup.getByLabel('The file').setInputFiles(inputFile('board-resolution.pdf', 'application/pdf', 4096));
    await fault({ match: 'main:adminDocumentAssign', kind: 'dropAfter', times: 1 });
    await popup.getByRole('button', { name: 'Add the document' }).click();
    // The browser may send it again by itself (a dropped reused connection), or the popup says it
    // failed and keeps what was typed for another press; the same requestId is on the file once.
    const added = page.getByText('The document Board resolution 2026 has been added.');
    await expect(added.or(popup.getByRole('alert'))).toBeVisible();
    if (!(await added.isVisible())) {
      await expect(popup.getByLabel('Document name')).toHaveValue('Board resolution 2026');
      await popup.getByRole('button', { name: 'Add the document' }).click();
    }
    await expect(popup).toHaveCount(0);
    await expect(added).toBeVisible();
    await expect(documents.getByRole('listitem')).toHaveCount(3);
    await expect(documents.getByText('Board resolution 2026')).toHaveCount(1);

    // Removed after the question.
    await documents.getByRole('button', { name: 'Remove Board resolution 2026' }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove the document Board resolution 2026?' });
    await question.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('The document Board resolution 2026 has been removed.')).toBeVisible();
    await expect(documents.getByRole('listitem')).toHaveCount(2);

    // No way to move money from here: no transfer, payment or send action on the page.
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /transfer|send|pay/i })).toHaveCount(0);
    await expect(main.getByRole('button', { name: /transfer|send|pay/i })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await sandbox.resetSignIn(admin);
  });

  test('brand 2, Portuguese, keyboard only at 320 px: a customer chosen and a document refused for its size, nothing typed lost', async ({ page, sandbox, signInAs }) => {
    const lang: Lang = 'pt';
    const admin = 'admin@brand2.test';
    await sandbox.resetSignIn(admin);
    await page.setViewportSize({ width: 320, height: 740 });
    await signInAs(admin, { lang, landing: /\/admin-overview$/ });
    await expect(page.getByRole('heading', { level: 1, name: translate(lang, 'Admin overview') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const search = page.getByLabel(translate(lang, 'Name or e-mail'));
    await search.focus();
    await page.keyboard.type('business@brand2');
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: translate(lang, 'Customers you administer') });
    const company = list.getByRole('listitem').filter({ has: page.getByText('business@brand2.test', { exact: true }) });
    const act = company.getByRole('button', { name: `${translate(lang, 'Act for')} Demo Trading 2 SRL` });
    await act.focus();
    await page.keyboard.press('Enter');
    const add = page.getByRole('button', { name: translate(lang, 'Add a document') });
    await expect(add).toBeVisible();
    await add.focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: translate(lang, 'Add a document for {customerName}').replace('{customerName}', 'Demo Trading 2 SRL') });
    await expect(popup.getByLabel(translate(lang, 'Document name'))).toBeFocused();
    await page.keyboard.type('Extrato anual');
    await popup.getByLabel(translate(lang, 'The file')).setInputFiles(inputFile('extrato.pdf', 'application/pdf', 10_000_001));
    await popup.getByRole('button', { name: translate(lang, 'Add the document') }).focus();
    await page.keyboard.press('Enter');
    // Refused before anything is sent; the name stays.
    await expect(popup.getByLabel(translate(lang, 'The file'))).toHaveAttribute('aria-invalid', 'true');
    await expect(popup.getByLabel(translate(lang, 'Document name'))).toHaveValue('Extrato anual');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(add).toBeFocused();
  });
});
