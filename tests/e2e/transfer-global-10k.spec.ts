import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test, translate, type Lang, type Sandbox } from './fixtures';
import { editorProblems } from './support/editor-check';
import { layoutProblems } from './support/layout-check';

/**
 * The global pay editor at 10,000 payments (001 s3, s7): a generated file of 10,000
 * payments with 20 bad lines shows exactly those 20 (checked in a Web Worker), each fixed in place
 * and the file uploaded only then; in the draft a cell is changed in place and undone; the 500
 * payments found by a word are ticked, removed in one update call, kept over a reload, and restored.
 * At 1280 px the 10,000 read as a table, ten or more payments in view.
 */
const generate = (...args: string[]) => execFileSync(process.execPath, ['scripts/generate-global-pay-csv.mjs', '--rows', '10000', '--bad', '20', ...args], { maxBuffer: 64 * 1024 * 1024 });

type Balances = Awaited<ReturnType<Sandbox['balances']>>;
const usdPayment = (accounts: Balances) => accounts.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
/** A message with placeholders as a pattern (its values are anything). */
const pattern = (lang: Lang, msgid: string) => new RegExp(`^${translate(lang, msgid).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.*')}$`);
const fill = (lang: Lang, msgid: string, values: Record<string, string | number>) => translate(lang, msgid).replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
/** 10,000 as the page writes a count in its language (issue 45: "Payments 10000" beside "10,000 payments"). */
const tenThousand = (lang: Lang) => new Intl.NumberFormat(lang === 'ua' ? 'uk' : lang).format(10_000);
const count = (page: Page, lang: Lang) => page.locator('dt', { hasText: translate(lang, 'Payments') }).locator('xpath=following-sibling::dd');

/** The generator's breaks, in its order (line k of the bad ones breaks rule k % 5): what fixes each. */
const FIXES: ((line: number) => { column: string; value: string })[] = [
  () => ({ column: 'Amount', value: '10.00' }),
  (line) => ({ column: 'E-mail', value: `payee${line - 1}@example.com` }),
  () => ({ column: 'Country', value: 'DE' }),
  () => ({ column: 'Currency', value: 'EUR' }),
  () => ({ column: 'Amount', value: '100.00' }),
];

test.describe('global pay at 10,000 payments', () => {
  test('brand 3, Spanish: 20 bad lines of 10,000 found and fixed in place, then uploaded once; a cell changed and undone; 500 found payments removed together and restored', async ({ page, signInViaApi, sandbox }) => {
    test.setTimeout(180_000);
    const lang: Lang = 'es';
    const login = 'globalpay@brand3.test';
    const csv = generate();
    const badLines = generate('--list').toString().trim().split('\n').map(Number);
    expect(badLines).toHaveLength(20);
    const methods: string[] = [];
    page.on('request', (request) => {
      const method = /method=(\w+)/.exec(request.url())?.[1];
      if (method?.startsWith('globalPay')) methods.push(method);
    });
    await sandbox.resetMoney(login);
    const usd = usdPayment(await sandbox.balances(login)).accountId;
    await signInViaApi(login, { lang });
    await page.goto('/transfer/mass/global');
    await expect(page.getByRole('heading', { level: 1, name: translate(lang, 'Global payments') })).toBeVisible();
    await page.getByLabel(translate(lang, 'From account')).selectOption(String(usd));
    await page.getByLabel(translate(lang, 'Choose the file, or drop it here')).setInputFiles({ name: 'payroll-10k.csv', mimeType: 'text/csv', buffer: csv });

    // Exactly the 20 bad lines, each with its line; nothing uploaded.
    const problems = page.getByRole('alert').filter({ hasText: translate(lang, 'Nothing was sent. Fix the lines below, or fix the file and choose it again.') });
    await expect(problems.getByRole('listitem')).toHaveCount(20, { timeout: 20_000 });
    const listed = (await problems.getByRole('listitem').allTextContents()).map((text) => Number(/\d+/.exec(text)?.[0]));
    expect(listed).toEqual(badLines);
    expect(methods.filter((m) => m === 'globalPayUploadBatch')).toHaveLength(0);
    // The lines to fix hold on a 320 px screen in Spanish.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await layoutProblems(page)).toEqual([]);
    await page.setViewportSize(size);

    // Each line fixed in place (the list of lines is virtualised: it is scrolled to each).
    const fixes = page.getByRole('region', { name: translate(lang, 'Lines with problems') });
    const status = page.getByRole('status').filter({ hasText: translate(lang, 'Every line is fixed or left out.') });
    for (const [k, line] of badLines.entries()) {
      const group = fixes.getByRole('group', { name: fill(lang, 'Line {0}', { 0: line }), exact: true });
      for (let tries = 0; (await group.count()) === 0 && tries < 40; tries += 1) await fixes.evaluate((el) => el.scrollBy(0, 160));
      const { column, value } = FIXES[k % FIXES.length]!(line);
      await group.getByLabel(translate(lang, column), { exact: true }).fill(value);
      await expect(group.getByLabel(translate(lang, column), { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    }
    await expect(status).toBeVisible();
    await page.getByRole('button', { name: translate(lang, 'Check the fixed file and upload it') }).click();
    await expect(page).toHaveURL(/\/transfer\/mass\/global\?batchId=\d+$/, { timeout: 30_000 });
    expect(methods.filter((m) => m === 'globalPayUploadBatch')).toHaveLength(1);
    await expect(count(page, lang)).toHaveText(tenThousand(lang));
    // The table of 10,000 holds on a 320 px screen (each payment a card) and draws only what is in view.
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await layoutProblems(page)).toEqual([]);
    expect(await page.getByRole('row').count()).toBeLessThan(60);
    // At 1280 px the 10,000 are a table: ten payments or more in view, every header and cell whole (issue 45).
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('columnheader', { name: translate(lang, 'Fee paid by') })).toBeVisible();
    // The list measures its rows again after the resize (cards were taller): read it once it has.
    await expect.poll(async () => (await editorProblems(page)).rowsInView).toBeGreaterThanOrEqual(10);
    expect((await editorProblems(page)).problems).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await page.setViewportSize(size);
    const saved = page.getByRole('status').filter({ hasText: translate(lang, 'All changes saved.') });
    await expect(saved).toBeVisible();

    // A cell changed in place (by keys) and undone.
    const first = page.getByRole('row').nth(1);
    const amount = first.getByLabel(pattern(lang, 'Amount to {name}, {0}'));
    const before = await amount.inputValue();
    await amount.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('123,45');
    await page.keyboard.press('Enter');
    await expect(amount).toHaveValue('123.45');
    await expect(saved).toBeVisible();
    await page.getByRole('button', { name: translate(lang, 'Undo the last change') }).click();
    await expect(amount).toHaveValue(before);
    await expect(saved).toBeVisible();

    // The 500 bonus payments found, ticked and removed together: one call (remove, with 500 paymentIds).
    const saves = () => methods.filter((m) => ['globalPayUpdatePayments', 'globalPayRemove', 'globalPayRestore'].includes(m)).length;
    let savesBefore = saves();
    await page.getByRole('searchbox', { name: translate(lang, 'Find a payment') }).fill('Bonus');
    await expect(page.getByRole('status').filter({ hasText: fill(lang, '{0} of {1} payments shown', { 0: 500, 1: 10000 }) })).toBeVisible();
    await page.getByRole('checkbox', { name: /500/ }).check();
    // Only the remove button names 500 (nothing ticked is removed yet: restoring names 0).
    await page.getByRole('button', { name: /500/ }).click();
    await expect(count(page, lang)).toHaveText('9500');
    await expect(saved).toBeVisible();
    expect(saves() - savesBefore).toBe(1);
    expect(methods.at(-1)).toBe('globalPayRemove');

    // Kept by the service: a reload shows 9,500 to send.
    await page.reload();
    await expect(count(page, lang)).toHaveText('9500', { timeout: 20_000 });

    // Restored together.
    await page.getByLabel(translate(lang, 'Show'), { exact: true }).selectOption({ label: translate(lang, 'Removed payments') });
    await expect(page.getByRole('status').filter({ hasText: fill(lang, '{0} of {1} payments shown', { 0: 500, 1: 10000 }) })).toBeVisible();
    await page.getByRole('checkbox', { name: /500/ }).check();
    savesBefore = saves();
    await page.getByRole('button', { name: /500/ }).click();
    await expect(count(page, lang)).toHaveText(tenThousand(lang));
    await expect(saved).toBeVisible();
    expect(saves() - savesBefore).toBe(1);
    expect(methods.at(-1)).toBe('globalPayRestore');
    await page.reload();
    await expect(count(page, lang)).toHaveText(tenThousand(lang), { timeout: 20_000 });
  });
});
