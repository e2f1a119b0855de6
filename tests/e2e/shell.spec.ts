import { readFileSync } from 'node:fs';
import { test, expect, BRANDS as brands, type Lang } from './fixtures';

/** Brand 1's licence sentence by language, as its config has it (the footer shows the page's). */
const licence = (JSON.parse(readFileSync(new URL('../../brands/brand1/config.json', import.meta.url), 'utf8')) as { regulatedEntity: { licenceFooter: Record<string, string> } }).regulatedEntity.licenceFooter;

/** Texts of the sign-in heading per language (the first words of "Sign in to {brand}"). */
const signInHeading: Record<string, RegExp> = {
  en: /^Sign in to /,
  es: /^Inicia/i,
  ro: /^Conect/i,
  ru: /^Вход/i,
  uk: /^Вхід/i,
  pt: /^Entr/i,
};

test.describe('the shell in every brand', () => {
  for (const brand of brands) {
    test(`${brand}: entry route lands on /login with the brand's name, logo and theme`, async ({ page, shell }) => {
      await shell.open('/', { brand, lang: 'en' });
      await expect(page).toHaveURL(/\/login$/);
      await expect(shell.heading).toHaveText(signInHeading.en!);
      const name = (await shell.heading.textContent())!.replace(/^Sign in to /, '');
      await expect(shell.homeLink(name)).toBeVisible();
      await expect(shell.html).toHaveAttribute('data-brand', brand);
      expect(await shell.primaryColour()).toMatch(/^#|rgb|hsl|oklch/);
      await expect(shell.footer).toBeVisible();
    });
  }

  test('each brand has its own name and primary colour', async ({ loginPage, shell }) => {
    const seen = new Map<string, string>();
    for (const brand of brands) {
      await loginPage.open({ brand, lang: 'en' });
      const heading = await loginPage.heading.textContent();
      seen.set(heading ?? '', await shell.primaryColour());
    }
    expect(seen.size).toBe(6);
    expect(new Set(seen.values()).size).toBeGreaterThan(1);
  });
});

test.describe('languages', () => {
  for (const [lang, heading] of Object.entries(signInHeading) as [Lang, RegExp][]) {
    test(`the shell loads in ${lang}`, async ({ loginPage, shell }) => {
      await loginPage.open({ brand: 'brand1', lang });
      await expect(loginPage.heading).toHaveText(heading);
      await expect(shell.html).toHaveAttribute('lang', lang);
      // The footer's legal line is in the page's language too (issue 44: it stayed English).
      await expect(shell.footer).toContainText(licence[lang]!);
    });
  }

  test('the address accepts ua for Ukrainian', async ({ loginPage, shell }) => {
    await loginPage.open({ brand: 'brand1', lang: 'ua' });
    await expect(shell.html).toHaveAttribute('lang', 'uk');
  });

  test('switching language re-renders the page and persists across reloads', async ({ loginPage, shell }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await shell.chooseLanguage('Română');
    await expect(loginPage.heading).toHaveText(signInHeading.ro!);
    await expect(shell.html).toHaveAttribute('lang', 'ro');
    await loginPage.open();
    await expect(loginPage.heading).toHaveText(signInHeading.ro!);
  });

  test('a language chosen with ?lang= is the user\'s choice: it leaves the address and survives reloads', async ({ page, loginPage, shell }) => {
    await loginPage.open({ brand: 'brand1', lang: 'pt' });
    await expect(loginPage.heading).toHaveText(signInHeading.pt!);
    await expect(page).toHaveURL(/\/login\?brand=brand1$/); // the choice is stored, not kept in the address
    expect((await shell.storage()).local['app.language']).toBe('pt'); // where the language switch stores it
    await page.reload();
    await expect(loginPage.heading).toHaveText(signInHeading.pt!);
    await expect(shell.html).toHaveAttribute('lang', 'pt');
    await loginPage.open();
    await expect(loginPage.heading).toHaveText(signInHeading.pt!);
    // A later choice in the switch wins over the earlier address.
    await shell.chooseLanguage('Español');
    await expect(loginPage.heading).toHaveText(signInHeading.es!);
    await page.reload();
    await expect(loginPage.heading).toHaveText(signInHeading.es!);
  });

  test('brand 3 offers only English and Spanish', async ({ loginPage, shell }) => {
    await loginPage.open({ brand: 'brand3', lang: 'ru' });
    await expect(shell.html).toHaveAttribute('lang', 'en');
    expect((await shell.storage()).local['app.language']).toBeUndefined(); // a language the brand lacks is not a choice
    await shell.languageButton.click();
    const options = shell.languageOptions;
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toContainText('English');
    await expect(options.nth(1)).toContainText('Español');
  });
});

test.describe('routing', () => {
  test('an unknown path shows the 404 page with a way back', async ({ page, shell }) => {
    await shell.open('/no/such/page', { brand: 'brand2', lang: 'en' });
    await expect(shell.heading).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a protected page sends a signed-out visitor to login and remembers the target', async ({ page, shell }) => {
    await shell.open('/home', { brand: 'brand1', lang: 'en' });
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/home/);
  });

  test('the skip link moves focus to the main content', async ({ page, loginPage, shell }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await expect(loginPage.heading).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(shell.skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(shell.main).toBeFocused();
  });
});

test.describe('security headers', () => {
  test('the app is served with a strict CSP and the other headers', async ({ request }) => {
    const res = await request.get('/login');
    const h = res.headers();
    expect(h['content-security-policy']).toContain("script-src 'self'");
    expect(h['content-security-policy']).not.toContain('unsafe-inline');
    expect(h['content-security-policy']).not.toContain('unsafe-eval');
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    expect(h['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(h['permissions-policy']).toContain('geolocation=()');
  });

  test('a path that does not decode, or carries a control character, is answered 400, and the server goes on (issue 47)', async ({ request }) => {
    expect((await request.get('/%E0%A4%A')).status()).toBe(400);
    expect((await request.get('/%09/evil.example')).status()).toBe(400);
    expect((await request.get('/login')).status()).toBe(200);
  });
});
