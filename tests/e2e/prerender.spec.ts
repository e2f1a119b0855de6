import type { Page } from '@playwright/test';
import { test, expect, APP, DEMO_PASSWORD, LoginPage, translate } from './fixtures';

/**
 * The prerendered /login (issue 48, lever 1): the build writes the page as HTML per brand and
 * language (scripts/build/prerender.mjs) and the server picks it (scripts/prerendered-page.mjs).
 * It paints and can be filled before any script runs; the app then takes it over with nothing
 * moved and nothing typed lost, and only the app sends the form.
 */

/** Brand 2's header colour (brands/brand2/theme.json `--color-header-bg`). */
const HEADER_BG = { brand2: 'rgb(11, 48, 44)' } as const;

test.describe('before any script runs (JavaScript off)', () => {
  test.use({ javaScriptEnabled: false });

  test('brand 2 in Russian (?lang=): the page, its theme and a form that can be filled but not yet sent', async ({ page }) => {
    const response = await page.goto('/login?brand=brand2&lang=ru');
    expect(response?.headers()['content-language']).toBe('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle('Вход · Lumenvale');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход в Lumenvale');
    await expect(page.locator('header')).toHaveCSS('background-color', HEADER_BG.brand2);
    // The logo is in the page itself (no request before it shows).
    await expect(page.locator('header img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    const email = page.getByLabel('Эл. почта');
    const password = page.getByLabel('Пароль', { exact: true });
    await email.fill('personal@brand2.test');
    await password.fill(DEMO_PASSWORD);
    await expect(email).toHaveValue('personal@brand2.test');
    // Sending waits for the app: the button is off and Enter sends nothing (no password in an address).
    await expect(page.getByRole('button', { name: 'Вход' })).toBeDisabled();
    await password.press('Enter');
    await expect(page).toHaveURL(`${APP}/login?brand=brand2&lang=ru`);
    // A browser with scripts off shows the note (Playwright's switch does not change how <noscript> is parsed, so its text is checked).
    expect(await response?.text()).toContain('<noscript><p class="noscript-note">Для входа этому приложению нужен JavaScript. Включите его и перезагрузите страницу.</p></noscript>');
  });

  test('brand 6 in Ukrainian, chosen by the browser (Accept-Language), with a working link to recovery', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: APP, locale: 'uk-UA', extraHTTPHeaders: { 'Accept-Language': 'de;q=0.9, uk;q=0.8, en;q=0.1' } });
    const page = await context.newPage();
    const response = await page.goto('/login?brand=brand6');
    expect(response?.headers()['content-language']).toBe('uk');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'brand6');
    await page.getByLabel('Ел. пошта').fill('personal@brand6.test');
    await expect(page.getByLabel('Ел. пошта')).toHaveValue('personal@brand6.test');
    // Links are real addresses: they work without the app (here to the recovery page's own HTML).
    await expect(page.getByRole('link', { name: 'Забули пароль?' })).toHaveAttribute('href', '/account-recovery/email');
    await context.close();
  });

  test('the language cookie the app writes picks the page; other addresses and a confirmation link get the app itself', async ({ request }) => {
    const ro = await request.get('/login?brand=brand2', { headers: { Cookie: 'lang=ro', 'Accept-Language': 'ru' } });
    expect(ro.headers()['content-language']).toBe('ro');
    expect(await ro.text()).toContain('data-prerendered="/login"');
    for (const address of ['/login?emailConfirmation=success', '/home', '/register']) {
      const res = await request.get(address);
      expect(res.headers()['content-language'], address).toBeUndefined();
      expect(await res.text(), address).toContain('<div id="root"></div>');
    }
  });
});

/**
 * The app's code held back until `release()`, and the page's layout shifts as CLS counts them (a
 * shift right after the visitor's own input, the skip link shown on Tab, is not one).
 */
async function holdAppCode(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/static/js/**', async (route) => {
    await released;
    await route.continue();
  });
  return { release, layoutShifts: () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts) };
}

/**
 * The app's code arrives late (held here until released): the visitor fills the form by keyboard
 * meanwhile; when the code runs the page is taken over with the same values and focus, no layout
 * shift and no console error (the fixture fails on any), and Enter signs in.
 */
for (const { brand, lang, user, labels } of [
  { brand: 'brand1', lang: 'en', user: 'personal@brand1.test', labels: { email: 'E-mail', password: 'Password', signIn: 'Sign in' } },
  { brand: 'brand2', lang: 'ru', user: 'personal@brand2.test', labels: { email: 'Эл. почта', password: 'Пароль', signIn: 'Вход' } },
] as const) {
  test(`typed before the code arrives, kept when the app takes over (${brand}, ${lang}, keyboard only)`, async ({ page }) => {
    const { release, layoutShifts } = await holdAppCode(page);
    await page.goto(`/login?brand=${brand}&lang=${lang}`, { waitUntil: 'commit' });
    const login = new LoginPage(page);
    const email = page.getByLabel(labels.email);
    const password = page.getByLabel(labels.password, { exact: true });
    await expect(email).toBeVisible();
    // This browser made its analytics choice earlier (the fixture's default): the first-visit banner
    // drawn in the page is hidden before the body is drawn (the page's head script), so it never shows.
    await expect(page.locator('html')).toHaveAttribute('data-consent-stored', '');
    await expect(page.locator('[data-consent]')).toBeHidden();
    // Keyboard only: skip link, logo, language menu, then the e-mail field.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.type(user);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await expect(password).toBeFocused();
    await expect(page.getByRole('button', { name: labels.signIn })).toBeDisabled();

    release();
    // The app has taken over when its button can send.
    await expect(page.getByRole('button', { name: labels.signIn })).toBeEnabled();
    await expect(email).toHaveValue(user);
    await expect(password).toHaveValue(DEMO_PASSWORD);
    await expect(password).toBeFocused();
    expect(await layoutShifts()).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(login.email).toHaveCount(0);
  });
}

test.describe('a first visit (no analytics choice yet)', () => {
  test.use({ analyticsConsent: null });

  test('brand 3 in Spanish: the consent banner is drawn with the page, before the code arrives, and stays put when the app takes over; Accept then works', async ({ page }) => {
    const es = (text: string) => translate('es', text);
    const { release, layoutShifts } = await holdAppCode(page);
    await page.goto('/login?brand=brand3&lang=es', { waitUntil: 'commit' });
    const banner = page.getByRole('region', { name: es('Analytics') });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(es('May we count how the pages of this app are used, to make it better? Nothing is collected unless you accept. We never collect names, amounts or account details.'));
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/login');
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(banner).toBeVisible();
    expect(await layoutShifts()).toEqual([]);
    await banner.getByRole('button', { name: es('Accept') }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('app.analyticsConsent') ?? '{}').choice)).toBe('granted');
  });
});

test('a language chosen in the app is remembered for the server too: the next /login comes in it', async ({ page, shell }) => {
  await page.goto('/login?brand=brand2&lang=ro');
  await expect(page.getByRole('button', { name: 'Conectare' })).toBeEnabled();
  expect((await page.context().cookies()).find((c) => c.name === 'lang')).toMatchObject({ value: 'ro', path: '/', sameSite: 'Lax' });
  await shell.chooseLanguage('Українська');
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('uk');
  const response = await page.goto('/login');
  expect(response?.headers()['content-language']).toBe('uk');
});
