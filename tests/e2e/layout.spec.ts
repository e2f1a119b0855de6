import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { BRANDS, expect, test, translate, type Brand, type Lang } from './fixtures';
import { LAYOUT_WIDTHS, layoutProblems } from './support/layout-check';
import { signedInLayoutPairs } from './support/layout-matrix';

/**
 * The shell holds on every screen: no sideways scrolling and no cut-off text at 320, 375, 768 and
 * 1280 px, on every page that exists — public pages (every brand in each of its languages),
 * signed-in pages and the small-screen menu opened (every language in the brands of the widest
 * type, every other brand in one of its longest languages: support/layout-matrix.ts).
 */
const configOf = (brand: Brand) =>
  JSON.parse(readFileSync(new URL(`../../brands/${brand}/config.json`, import.meta.url), 'utf8')) as { languages: Lang[]; features: { registration: boolean } };
const languagesOf = (brand: Brand): Lang[] => configOf(brand).languages;
/** The registration pages, where the brand has them (each waits for its form: the lists come first). */
const registrationPages = (brand: Brand): string[] => (configOf(brand).features.registration ? ['/register', '/register/personal', '/register/business'] : []);

const themeOf = (brand: Brand) => JSON.parse(readFileSync(new URL(`../../brands/${brand}/theme.json`, import.meta.url), 'utf8')) as Record<string, string>;
const SIGNED_IN_PAIRS = signedInLayoutPairs(BRANDS.map((brand) => ({ brand, languages: languagesOf(brand), theme: themeOf(brand) })));

test.describe.configure({ mode: 'parallel' });

/** Resizes through the widths and collects what breaks the layout at each. */
async function checkAllWidths(page: Page, label: string, found: string[]): Promise<void> {
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const problem of await layoutProblems(page)) found.push(`${label} @${width}px: ${problem}`);
  }
}

for (const brand of BRANDS) {
  const languages = languagesOf(brand);

  test(`${brand}: public pages hold at ${LAYOUT_WIDTHS.join(', ')} px in ${languages.join(', ')}`, async ({ page, shell }) => {
    test.setTimeout(300_000);
    const found: string[] = [];
    for (const lang of languages) {
      // Brand and language through the address of the first page; the others inside the app.
      for (const [i, path] of ['/login', `/legal/${brand}-tos`, '/scp-mobile', '/no-such-page', '/account-recovery/email', '/activate', ...registrationPages(brand)].entries()) {
        if (i === 0) await shell.open(path, { brand, lang });
        else await shell.navigate(path);
        await expect(shell.heading).toBeVisible();
        if (path.startsWith('/register/') || path === '/activate') await expect(page.locator('form').first()).toBeVisible();
        await expect(shell.html).toHaveAttribute('lang', lang);
        await checkAllWidths(page, `${brand} ${lang} ${path}`, found);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  // One test per pair (a brand's three languages in one test once ran past its limit on a loaded
  // machine); the pairs: every language in the brands of the widest type, every other brand in
  // one of its longest languages (support/layout-matrix.ts).
  for (const lang of SIGNED_IN_PAIRS.filter(([b]) => b === brand).map(([, l]) => l)) {
    test(`${brand}, ${lang}: signed-in pages and the menu hold at ${LAYOUT_WIDTHS.join(', ')} px`, async ({ page, shell, signInViaApi }) => {
      test.setTimeout(300_000); // twenty-four signed-in pages × four widths: about 40 s on a quiet 2-core machine
      const found: string[] = [];
      await signInViaApi(`business@${brand}.test`, { lang });
      // The language through the address (one load); then page after page inside the app, as its links go.
      await shell.open('/home', { lang });
      await shell.waitUntilReady();
      for (const path of ['/home', '/news', '/setting', '/cards', '/add-card', '/cards/apply', '/history', '/history/batch-transfers', '/statements', '/transfer/account', '/transfer/p2p', '/transfer/external', '/transfer/preapproved-payments', '/transfer/mass/p2p', '/transfer/mass/wire', '/transfer/approved', '/profile', '/limited-account', '/self-certification-business', '/payout-blacklist', '/login-history', '/profile/notifications', '/legal', '/transfer/invoices']) {
        if (path !== '/home') await shell.navigate(path);
        await expect(shell.html).toHaveAttribute('lang', lang);
        await checkAllWidths(page, `${brand} ${lang} ${path}`, found);
      }
      // The small-screen menu, opened: the panel with the company, the user, the areas and sign-out.
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await shell.menuButton.click();
        await expect(shell.navigation).toBeVisible();
        for (const problem of await layoutProblems(page)) found.push(`${brand} ${lang} menu @${width}px: ${problem}`);
        await page.keyboard.press('Escape');
        await expect(shell.navigation).toBeHidden();
        await expect(shell.menuButton).toBeFocused();
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}

/**
 * The account select at 320 and 375 px in Portuguese and Russian (issue 44 item 12: the closed
 * select cut the number and balance off, "Conta de pagamentos EUR · N.º 512"): the chosen account
 * is written out whole under it, on every form that sends money from an account.
 */
for (const [brand, lang] of [['brand4', 'pt'], ['brand2', 'ru']] as const) {
  test(`${brand}, ${lang}: the chosen account's number and balance are shown whole at 320 and 375 px`, async ({ page, shell, signInViaApi }) => {
    const found: string[] = [];
    await signInViaApi(`business@${brand}.test`, { lang });
    for (const path of ['/transfer/account', '/transfer/p2p', '/transfer/external']) {
      await shell.navigate(path);
      const select = page.getByLabel(translate(lang, 'From account'));
      const options = await select.locator('option:not([disabled])').allTextContents();
      expect(options.length, `${path}: accounts to choose from`).toBeGreaterThan(0);
      const longest = options.reduce((a, b) => (b.length > a.length ? b : a));
      await select.selectOption({ label: longest });
      const chosen = page.getByTestId('chosen-account');
      await expect(chosen).toHaveText(longest);
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await chosen.scrollIntoViewIfNeeded();
        await expect(chosen).toBeInViewport({ ratio: 1 });
        for (const problem of await layoutProblems(page)) found.push(`${brand} ${lang} ${path} @${width}px: ${problem}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

/**
 * Acting for a company (issue 52) in Portuguese and Russian: /admin-overview with a customer acted
 * for (their documents, the list, the pager) and the header's company selector opened hold at
 * every width.
 */
for (const [brand, lang] of [['brand2', 'pt'], ['brand2', 'ru']] as const) {
  test(`${brand}, ${lang}: the admin overview with a customer acted for holds at ${LAYOUT_WIDTHS.join(', ')} px`, async ({ page, sandbox, signInAs }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    await sandbox.resetSignIn(`admin@${brand}.test`);
    await signInAs(`admin@${brand}.test`, { lang, landing: /\/admin-overview$/ });
    await page.getByLabel(translate(lang, 'Name or e-mail')).fill(`business@${brand}`);
    await page.keyboard.press('Enter');
    const company = page.getByRole('list', { name: translate(lang, 'Customers you administer') }).getByRole('listitem').filter({ has: page.getByText(`business@${brand}.test`, { exact: true }) });
    await company.getByRole('button').click();
    await expect(page.getByRole('list', { name: translate(lang, 'Documents') })).toBeVisible();
    await checkAllWidths(page, `${brand} ${lang} /admin-overview`, found);
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`${brand}, ${lang}: the company selector opened holds at ${LAYOUT_WIDTHS.join(', ')} px`, async ({ page, signInViaApi }) => {
    const found: string[] = [];
    await signInViaApi(`two-companies@${brand}.test`, { lang });
    for (const width of LAYOUT_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('button', { name: /Demo Trading 2 SRL/ }).click();
      const panel = page.getByRole('group', { name: translate(lang, 'Companies you can act for') });
      await expect(panel.getByRole('button', { name: /Harbour Freight 2 Ltd/ })).toBeVisible();
      await expect(panel).toBeInViewport({ ratio: 1 });
      for (const problem of await layoutProblems(page)) found.push(`${brand} ${lang} company selector @${width}px: ${problem}`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
