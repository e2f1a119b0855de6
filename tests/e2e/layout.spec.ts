import { readFileSync } from 'node:fs';
import { BRANDS, expect, test, type Brand, type Lang } from './fixtures';
import { LAYOUT_WIDTHS, layoutProblems } from './support/layout-check';

/**
 * The shell holds on every screen: no sideways scrolling and no cut-off text at 320, 375, 768 and
 * 1280 px, in every brand and each of the brand's languages (all six languages are covered), on
 * every page that exists — public pages, signed-in pages, and the small-screen menu opened.
 */
const languagesOf = (brand: Brand): Lang[] =>
  (JSON.parse(readFileSync(new URL(`../../brands/${brand}/config.json`, import.meta.url), 'utf8')) as { languages: Lang[] }).languages;

test.describe.configure({ mode: 'parallel' });

for (const brand of BRANDS) {
  test(`${brand}: every page holds at ${LAYOUT_WIDTHS.join(', ')} px in ${languagesOf(brand).join(', ')}`, async ({ page, shell, signInAs }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const check = async (label: string) => {
      for (const width of LAYOUT_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        for (const problem of await layoutProblems(page)) found.push(`${label} @${width}px: ${problem}`);
      }
    };
    const publicPages = ['/login', `/legal/${brand}-tos`, '/scp-mobile', '/no-such-page'];
    for (const lang of languagesOf(brand)) {
      for (const path of publicPages) {
        await shell.open(path, { brand, lang });
        await expect(shell.heading).toBeVisible();
        await expect(shell.html).toHaveAttribute('lang', lang);
        await check(`${brand} ${lang} ${path}`);
      }
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(`business@${brand}.test`, { lang: languagesOf(brand)[0] });
    for (const lang of languagesOf(brand)) {
      for (const path of ['/home', '/settings/devices']) {
        await shell.open(path, { lang });
        await shell.waitUntilReady();
        await expect(shell.html).toHaveAttribute('lang', lang);
        await check(`${brand} ${lang} ${path}`);
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
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
