import type { Page } from '@playwright/test';
import { expect, test, translate, type Lang } from './fixtures';
import { layoutProblems } from './support/layout-check';
import { tabTo } from './support/keyboard';
import { inputFile } from '../support/sample-files';

/**
 * KYC, identity verification and the profile update (002 s2, s7): a customer forced to
 * /kyc answers the questions, gives their personal data and the due diligence document (a 500 on
 * the upload keeps the file; each document is stored once) and reaches home; another gives their
 * data and passes the identity check on the sandbox provider's page, back to the app and on to
 * home; a profile update request is answered with the keyboard alone.
 */
const stepHeading = (tr: (msgid: string) => string, number: number, total: number, title: string) =>
  tr('Step {number} of {total}: {title}').replace('{number}', String(number)).replace('{total}', String(total)).replace('{title}', tr(title));

async function fillAddress(page: Page, tr: (msgid: string) => string) {
  await page.getByRole('textbox', { name: tr('Street and number') }).fill('Strada Memorandumului 2');
  await page.getByRole('textbox', { name: tr('City') }).fill('Cluj-Napoca');
  await page.getByRole('textbox', { name: tr('Postal code') }).fill('400114');
  await page.getByRole('combobox', { name: tr('Country'), exact: true }).selectOption('RO');
}

test.describe('KYC', () => {
  test.use({ allowConsoleErrors: [/status of 500|Failed to load resource/] });

  test('brand 1, English: forced to /kyc; the questions, the personal data, the due diligence document through a 500 (stored once); then home', async ({ page, signInAs, sandbox, fault }) => {
    const tr = (msgid: string) => translate('en', msgid);
    const login = 'kyc-e2e@brand1.test';
    await sandbox.resetKyc(login);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('method=customerJumioDocumentCreate')) uploads += 1;
    });
    await signInAs(login, { landing: /\/kyc$/ });
    // Every other page leads back here while KYC is needed.
    await page.goto('/history');
    await expect(page).toHaveURL(/\/kyc$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();

    const first = page.getByRole('heading', { name: stepHeading(tr, 1, 3, 'A few questions about you') });
    await expect(first).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Choose an answer.').first()).toBeVisible();
    for (const label of ['Your occupation', 'Where your money comes from', 'What you will use the account for', 'How much you expect to deposit each month']) {
      await page.getByRole('combobox', { name: label }).selectOption({ index: 1 });
    }
    await page.getByRole('button', { name: 'Continue' }).click();

    const second = page.getByRole('heading', { name: stepHeading(tr, 2, 3, 'Your personal data') });
    await expect(second).toBeFocused();
    await fillAddress(page, tr);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: stepHeading(tr, 3, 3, 'Where your money comes from') })).toBeFocused();
    expect(await layoutProblems(page)).toEqual([]);
    await fault({ match: 'main:customerJumioDocumentCreate', kind: '500', times: 1 });
    await page.getByLabel('Payslip').setInputFiles(inputFile('salary-statement.pdf', 'application/pdf', 4096));
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    // The file stays chosen; sent again, it is stored once.
    await expect(page.getByText('salary-statement.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(uploads).toBe(2);
    await sandbox.resetKyc(login);
  });

  test('brand 2, Portuguese: the personal data, then the identity check approved on the provider’s page; back in the app and on to home', async ({ page, signInAs, sandbox }) => {
    const lang: Lang = 'pt';
    const tr = (msgid: string) => translate(lang, msgid);
    const login = 'kyc-identity@brand2.test';
    await sandbox.resetKyc(login);
    await sandbox.resetVerification(login);
    await signInAs(login, { lang, landing: /\/kyc$/ });
    await expect(page.getByRole('heading', { name: stepHeading(tr, 1, 2, 'Your personal data') })).toBeVisible();
    await fillAddress(page, tr);
    await page.getByRole('button', { name: tr('Continue') }).click();
    await expect(page.getByRole('heading', { name: stepHeading(tr, 2, 2, 'Verify your identity') })).toBeFocused();

    await page.getByRole('button', { name: tr('Verify your identity') }).click();
    // The provider (the sandbox plays it) on its own page.
    await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve the check' }).click();
    await expect(page).toHaveURL(/\/identity-verification\/[^/]+\/[^/]+$/);
    await expect(page.getByText(tr('Your identity is verified'))).toBeVisible();
    const next = page.getByRole('link', { name: tr('Go to the start page') });
    await expect(next).toHaveAttribute('href', '/home');
    await next.click();
    await expect(page).toHaveURL(/\/home$/);
    await sandbox.resetKyc(login);
    await sandbox.resetVerification(login);
  });

  test('brand 4, Spanish: the identity check rejected on the provider’s page, the reason shown; tried again and approved by video call', async ({ page, signInAs, sandbox }) => {
    const lang: Lang = 'es';
    const tr = (msgid: string) => translate(lang, msgid);
    const login = 'kyc-identity@brand4.test';
    await sandbox.resetKyc(login);
    await sandbox.resetVerification(login);
    await signInAs(login, { lang, landing: /\/kyc$/ });
    await fillAddress(page, tr);
    await page.getByRole('button', { name: tr('Continue') }).click();
    await page.getByRole('button', { name: tr('Verify your identity') }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Reject the check' }).click();
    await expect(page.getByText(tr('We could not verify your identity'))).toBeVisible();
    await page.getByRole('button', { name: tr('Try again') }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve by video call' }).click();
    await expect(page).toHaveURL(/\/video-identity-job\/[^/]+$/);
    await expect(page.getByText(tr('Your identity is verified'))).toBeVisible();
    await page.getByRole('link', { name: tr('Go to the start page') }).click();
    await expect(page).toHaveURL(/\/home$/);
    await sandbox.resetKyc(login);
    await sandbox.resetVerification(login);
  });
});

test('brand 6, Russian, keyboard only: a profile update request answered, then home', async ({ page, signInAs, sandbox }) => {
  const lang: Lang = 'ru';
  const tr = (msgid: string) => translate(lang, msgid);
  const login = 'profile-update@brand6.test';
  await sandbox.resetKyc(login);
  await signInAs(login, { lang, landing: /\/profile-update$/ });
  await expect(page.getByRole('heading', { level: 1, name: tr('Update your profile') })).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: tr('Street and number') }));
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Strada Memorandumului 2');
  await tabTo(page, page.getByRole('textbox', { name: tr('City') }));
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Cluj-Napoca');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('400114');
  const country = page.getByRole('combobox', { name: tr('Country'), exact: true });
  await tabTo(page, country);
  for (let i = 0; i < 60 && (await country.inputValue()) !== 'RO'; i++) await page.keyboard.press('ArrowDown');
  await expect(country).toHaveValue('RO');
  await tabTo(page, page.getByRole('button', { name: tr('Save my data') }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await sandbox.resetKyc(login);
});
