import type { Locator, Page } from '@playwright/test';
import { expect, test, translate, type Lang } from './fixtures';
import { appPath } from './support/env';
import { layoutProblems } from './support/layout-check';
import { pick, tabTo } from './support/keyboard';
import { inputFile } from '../support/sample-files';

/**
 * The business tax self-certification and a representative's own (002 s2, s3, s5): a
 * company whose certification is due lands on its splash, answers as a passive NFE, names two
 * controlling persons from its shareholders, sends once through a 500, uploads the W-8BEN-E and
 * goes on to home without a reload; a representative certifies through their link (the secret
 * leaves the address at once; without it, the sign-in).
 */
const nth = (tr: (msgid: string) => string, msgid: string, n: number) => tr(msgid).replace('{n}', String(n));

/** A native list chosen from the keyboard alone: focused, then the arrow keys until the option is chosen. */
async function chooseByKeyboard(page: Page, select: Locator, value: string) {
  await tabTo(page, select);
  for (let i = 0; i < 60 && (await select.inputValue()) !== value; i++) await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue(value);
}

/** Answers every question as a passive NFE (no to everything but passive income), with the mouse or the keyboard. */
async function answerAsPassive(page: Page, tr: (msgid: string) => string, choose: (radio: Locator) => Promise<void>) {
  const questions = [
    'Is the company a financial institution (a bank, broker, investment fund, insurer or custodian)?',
    'Does the company hold money or financial assets for its clients?',
    'Is the company’s money invested or managed by a financial institution?',
    'Are the company’s shares regularly traded on a securities market?',
    'Is the company owned by a company whose shares are regularly traded?',
  ];
  for (const question of questions) await choose(page.getByRole('radiogroup', { name: tr(question) }).getByRole('radio', { name: tr('No') }));
  await choose(page.getByRole('radiogroup', { name: tr('Is more than half of the company’s income passive (dividends, interest, rents, royalties)?') }).getByRole('radio', { name: tr('Yes') }));
  await expect(page.getByText(tr('The company is classified as: {0}').replace('{0}', tr('Passive non-financial entity')))).toBeVisible();
}

test.describe('business tax self-certification', () => {
  test.use({ allowConsoleErrors: [/status of 500|Failed to load resource/] });

  for (const [brand, lang] of [
    ['brand1', 'en'],
    ['brand5', 'ro'],
  ] as const satisfies readonly [string, Lang][]) {
    test(`${brand}, ${lang}: splash, a passive NFE with two shareholders as controlling persons, a 500 sends nothing twice, the W-8BEN-E, then home without a reload`, async ({ page, signInAs, sandbox, fault }) => {
      const tr = (msgid: string) => translate(lang, msgid);
      const login = `self-cert-business-e2e@${brand}.test`;
      await sandbox.resetVerification(login);
      let sends = 0;
      page.on('request', (request) => {
        if (request.url().includes('method=businessFatcaCrsCertificationUpdate')) sends += 1;
      });
      await signInAs(login, { lang, landing: /\/self-certification-business-splash$/ });
      await expect(page.getByRole('heading', { level: 1, name: tr('Tell us where the company pays taxes') })).toBeVisible();
      await page.getByRole('link', { name: tr('Start the company’s self-certification') }).click();
      await expect(page).toHaveURL(/\/self-certification-business$/);

      await answerAsPassive(page, tr, (radio) => pick(page, radio));
      await expect(page.getByText(tr('Form W-8BEN-E'))).toBeVisible();
      const company = page.getByRole('group', { name: nth(tr, 'Tax residence {n}', 1) }).first();
      await company.getByRole('combobox', { name: tr('Country'), exact: true }).selectOption('RO');
      await company.getByRole('textbox').first().fill('RO12345678');

      const add = page.getByRole('combobox', { name: tr('Add a shareholder or director') });
      await add.selectOption({ label: tr('{0} {1} (shareholder, {2} %)').replace('{0}', 'Ioana').replace('{1}', 'Marin').replace('{2}', '60') });
      const ioana = page.getByRole('group', { name: tr('Controlling person {n}: {name}').replace('{n}', '1').replace('{name}', 'Ioana Marin') });
      await expect(ioana.getByRole('textbox', { name: tr('First name') })).toHaveValue('Ioana');
      await ioana.getByRole('combobox', { name: tr('Country'), exact: true }).selectOption('RO');
      await ioana.getByRole('textbox', { name: /CNP/ }).fill('2790402123456');
      await add.selectOption({ label: tr('{0} {1} (shareholder, {2} %)').replace('{0}', 'Daniel').replace('{1}', 'Weber').replace('{2}', '25.5') });
      const daniel = page.getByRole('group', { name: tr('Controlling person {n}: {name}').replace('{n}', '2').replace('{name}', 'Daniel Weber') });
      await daniel.getByRole('combobox', { name: tr('Country'), exact: true }).selectOption('DE');
      // Germany issues a tax id but Daniel has none yet: why, explained.
      await page.getByRole('button', { name: tr('Sign and send') }).click();
      await expect(daniel.getByText(tr('Give the tax id or say why there is none.'))).toBeVisible();
      expect(sends).toBe(0);
      await pick(page, daniel.getByRole('radio', { name: tr('I cannot obtain one') }));
      await daniel.getByRole('textbox', { name: tr('Explain why') }).fill('Moved to Germany in October; the tax office has not issued it yet.');
      expect(await layoutProblems(page)).toEqual([]);

      // The first send fails on the server: nothing is lost, and the second is the only other one.
      await fault({ match: 'main:businessFatcaCrsCertificationUpdate', kind: '500', times: 1 });
      await page.getByRole('button', { name: tr('Sign and send') }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expect(ioana.getByRole('textbox', { name: /CNP/ })).toHaveValue('2790402123456');
      await page.getByRole('button', { name: tr('Sign and send') }).click();
      await expect(page.getByRole('heading', { name: tr('Thank you. The company’s self-certification is under review.') })).toBeVisible();
      expect(sends).toBe(2);

      // The W-8BEN-E signed and sent from the answer.
      await page.getByRole('button', { name: tr('Send: {name}').replace('{name}', tr('Form W-8BEN-E')) }).click();
      const dialog = page.getByRole('dialog', { name: tr('Form W-8BEN-E') });
      await expect(dialog.getByRole('link', { name: tr('Get the blank form from the IRS (opens in a new tab)') })).toHaveAttribute('href', 'https://www.irs.gov/pub/irs-pdf/fw8bene.pdf');
      await dialog.getByRole('textbox', { name: tr('Your name as signed') }).fill('Ioana Marin');
      await dialog.getByLabel(tr('The signed form')).setInputFiles(inputFile('w8bene.pdf', 'application/pdf', 4096));
      await dialog.getByRole('button', { name: tr('Send') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(tr('Still needed:'))).toHaveCount(0);

      // The session read the company again: the start page is home now, reached without a reload.
      const marker = await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = Date.now()));
      const next = page.getByRole('link', { name: tr('Continue') });
      await expect(next).toHaveAttribute('href', '/home');
      await next.click();
      await expect(page).toHaveURL(/\/home$/);
      expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(marker);
      await sandbox.resetVerification(login);
    });
  }

  test('brand 6, Russian, keyboard only: the company answers, names a director, and certifies', async ({ page, signInAs, sandbox }) => {
    const lang = 'ru';
    const tr = (msgid: string) => translate(lang, msgid);
    const login = 'self-cert-business-e2e@brand6.test';
    await sandbox.resetVerification(login);
    await signInAs(login, { lang, landing: /\/self-certification-business-splash$/ });
    await tabTo(page, page.getByRole('link', { name: tr('Start the company’s self-certification') }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/self-certification-business$/);
    await answerAsPassive(page, tr, (radio) => pick(page, radio));
    const company = page.getByRole('group', { name: nth(tr, 'Tax residence {n}', 1) }).first();
    await chooseByKeyboard(page, company.getByRole('combobox', { name: tr('Country'), exact: true }), 'RO');
    await page.keyboard.press('Tab');
    await page.keyboard.type('RO12345678');
    await tabTo(page, page.getByRole('button', { name: tr('Add another person') }));
    await page.keyboard.press('Enter');
    const person = page.getByRole('group', { name: tr('Controlling person {n}: {name}').replace('{n}', '1').replace('{name}', tr('Person {n}').replace('{n}', '1')) });
    // Focus moved to the new person's first name.
    await expect(person.getByRole('textbox', { name: tr('First name') })).toBeFocused();
    await page.keyboard.type('Andrei');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Popescu');
    const named = page.getByRole('group', { name: tr('Controlling person {n}: {name}').replace('{n}', '1').replace('{name}', 'Andrei Popescu') });
    await tabTo(page, named.getByLabel(tr('Date of birth')));
    // The browser's date field (en-US here: month, day, year), typed.
    await page.keyboard.type('06301975');
    await expect(named.getByLabel(tr('Date of birth'))).toHaveValue('1975-06-30');
    await chooseByKeyboard(page, named.getByRole('combobox', { name: tr('Country of birth') }), 'RO');
    await pick(page, named.getByRole('radio', { name: tr('As a senior managing official') }));
    await chooseByKeyboard(page, named.getByRole('combobox', { name: tr('Country'), exact: true }), 'RO');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1750630123456');
    await tabTo(page, page.getByRole('button', { name: tr('Sign and send') }));
    await page.keyboard.press('Enter');
    const done = page.getByRole('heading', { name: tr('Thank you. The company’s self-certification is under review.') });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await sandbox.resetVerification(login);
  });
});

test.describe('a representative’s tax self-certification', () => {
  test('brand 3, Spanish: through the link (the secret leaves the address), certified; without the secret, the sign-in', async ({ page, sandbox }) => {
    const lang = 'es';
    const tr = (msgid: string) => translate(lang, msgid);
    const secret = 'rep-secret-brand3-e2e';
    await sandbox.resetRepresentative(secret);
    await page.goto(appPath('/self-certification-representative', { brand: 'brand3', lang, query: { authSecret: secret } }));
    await expect(page.getByRole('heading', { level: 1, name: tr('Your tax self-certification') })).toBeVisible();
    await expect(page).toHaveURL(/\/self-certification-representative$/);
    expect(page.url()).not.toContain(secret);
    await expect(page.getByText(tr('You certify as {0} {1}, a representative of {2}.').replace('{0}', 'Radu').replace('{1}', 'Pop').replace(/\{2\}/, 'Demo Trading 3 SRL'))).toBeVisible();

    await page.getByRole('textbox', { name: tr('City of birth') }).fill('Chișinău');
    await page.getByRole('combobox', { name: tr('Country of birth') }).selectOption('MD');
    await page.getByLabel(tr('Date of birth')).fill('1981-02-11');
    await page.getByRole('combobox', { name: tr('Add a citizenship') }).selectOption('MD');
    await page.getByRole('combobox', { name: tr('Add a citizenship') }).selectOption('US');
    const first = page.getByRole('group', { name: nth(tr, 'Tax residence {n}', 1) });
    await first.getByRole('combobox', { name: tr('Country'), exact: true }).selectOption('MD');
    await first.getByRole('textbox').first().fill('2003041234567');
    await page.getByRole('button', { name: tr('Sign and send') }).click();
    await expect(page.getByRole('heading', { name: tr('Thank you. Your self-certification is under review.') })).toBeVisible();
    // A US citizen signs a W-9, which the company collects: listed, not uploaded here; no app to go on to.
    await expect(page.getByText(tr('Still needed (the company will send you these forms to sign):'))).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: tr('Form W-9') })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(tr('Form W-9')) })).toHaveCount(0);
    await expect(page.getByRole('link', { name: tr('Continue') })).toHaveCount(0);

    // The secret was only in memory: a reload without it goes to the sign-in.
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await sandbox.resetRepresentative(secret);
  });
});
