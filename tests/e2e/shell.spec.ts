import { test, expect } from './fixtures';

const brands = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'] as const;

/** Texts of the sign-in heading per language (the first words of "Sign in to {brand}"). */
const signIn: Record<string, RegExp> = {
  en: /^Sign in to /,
  es: /^Inicia/i,
  ro: /^Conect/i,
  ru: /^Вход/i,
  uk: /^Вхід/i,
  pt: /^Entr/i,
};

test.describe('the shell in every brand', () => {
  for (const brand of brands) {
    test(`${brand}: entry route lands on /login with the brand's name, logo and theme`, async ({ page }) => {
      await page.goto(`/?brand=${brand}&lang=en`);
      await expect(page).toHaveURL(/\/login$/);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(signIn.en!);
      const name = (await heading.textContent())!.replace(/^Sign in to /, '');
      await expect(page.getByRole('link', { name: `${name}: home` })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      expect(primary).toMatch(/^#|rgb|hsl|oklch/);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('each brand has its own name and primary colour', async ({ page }) => {
    const seen = new Map<string, string>();
    for (const brand of brands) {
      await page.goto(`/login?brand=${brand}&lang=en`);
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      seen.set(heading ?? '', primary);
    }
    expect(seen.size).toBe(6);
    expect(new Set(seen.values()).size).toBeGreaterThan(1);
  });
});

test.describe('languages', () => {
  for (const [lang, heading] of Object.entries(signIn)) {
    test(`the shell loads in ${lang}`, async ({ page }) => {
      await page.goto(`/login?brand=brand1&lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });
  }

  test('the address accepts ua for Ukrainian', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=ua');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  });

  test('switching language re-renders the page and persists across reloads', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'Română' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(signIn.ro!);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(signIn.ro!);
  });

  test('brand 3 offers only English and Spanish', async ({ page }) => {
    await page.goto('/login?brand=brand3&lang=ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: /Language/ }).click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toContainText('English');
    await expect(options.nth(1)).toContainText('Español');
  });
});

test.describe('routing', () => {
  test('an unknown path shows the 404 page with a way back', async ({ page }) => {
    await page.goto('/no/such/page?brand=brand2&lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a protected page sends a signed-out visitor to login and remembers the target', async ({ page }) => {
    await page.goto('/home?brand=brand1&lang=en');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/home/);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
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
  });
});
