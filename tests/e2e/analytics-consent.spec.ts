import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SANDBOX, test, translate } from './fixtures';
import { tabTo } from './support/keyboard';

/**
 * Analytics consent (issue 61; docs/decisions.md "Analytics consent"): a browser never asked. An EU
 * brand asks first and sends nothing before Accept; a UK brand collects with a notice and Turn off;
 * either choice is kept across a reload, and withdrawing from the footer deletes the anonymous id.
 * Events are read back from the sandbox's collector by this test's scope.
 */
test.use({ analyticsConsent: null });

interface Arrived {
  event: string;
  props: Record<string, unknown>;
  anonymousId?: string | null;
}
const arrived = async (request: APIRequestContext): Promise<Arrived[]> =>
  ((await (await request.get(`${SANDBOX}/__sandbox/analytics?scope=${encodeURIComponent(test.info().testId)}`)).json()) as { events: Arrived[] }).events;

/** Every request the page makes to the collector, so "nothing sent" is seen, not assumed. */
function collectorPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/analytics/events') posts.push(request.postData() ?? '');
  });
  return posts;
}
const stored = (page: Page) => page.evaluate(() => ({ consent: localStorage.getItem('app.analyticsConsent'), id: localStorage.getItem('app.analyticsId') }));
/** The collector sends a moment (1 s) after an event; a little more than that shows that nothing went. */
const pastTheBatchDelay = (page: Page) => page.waitForTimeout(2_500);

test.describe('analytics consent (issue 61)', () => {
  test('brand 2, Portuguese: asked first, nothing sent before Accept; then the held page view goes with the anonymous id; withdrawn by keyboard from the footer, the id is deleted and nothing more is sent', async ({ page, request, loginPage }) => {
    const pt = (text: string) => translate('pt', text);
    await page.setExtraHTTPHeaders({ 'X-Sandbox-Scope': test.info().testId });
    const posts = collectorPosts(page);
    await loginPage.open({ brand: 'brand2', lang: 'pt' });
    const banner = page.getByRole('region', { name: pt('Analytics') });
    await expect(banner).toContainText(pt('May we count how the pages of this app are used, to make it better? Nothing is collected unless you accept. We never collect names, amounts or account details.'));
    await pastTheBatchDelay(page);
    expect(posts).toEqual([]);
    expect(await stored(page)).toEqual({ consent: null, id: null });
    // Accept: remembered; the page view held in memory goes now, with the browser's anonymous id.
    await banner.getByRole('button', { name: pt('Accept') }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(async () => (await arrived(request)).map((entry) => `${entry.event} ${String(entry.props.page)}`)).toContain('Page view /login');
    const { consent, id } = await stored(page);
    expect(JSON.parse(consent!)).toMatchObject({ choice: 'granted', version: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await arrived(request)).every((entry) => entry.anonymousId === id)).toBe(true);
    // A reload does not ask again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    // Keyboard only: Analytics choices in the footer; focus moves into the banner; Turn off analytics; focus comes back.
    const choices = page.getByRole('button', { name: pt('Analytics choices') });
    await tabTo(page, choices);
    await page.keyboard.press('Enter');
    await expect(banner).toBeFocused();
    await expect(banner).toContainText(pt('Analytics is on: we count how the pages of this app are used. We never collect names, amounts or account details.'));
    await tabTo(page, banner.getByRole('button', { name: pt('Turn off analytics') }));
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await expect(choices).toBeFocused();
    expect(await stored(page)).toMatchObject({ id: null });
    expect(JSON.parse((await stored(page)).consent!)).toMatchObject({ choice: 'denied' });
    // Withdrawn: a new page's view is not sent.
    const before = posts.length;
    await page.getByRole('link', { name: pt('Terms of service') }).click();
    await expect(page).toHaveURL(/\/legal\//);
    await pastTheBatchDelay(page);
    expect(posts.length).toBe(before);
    expect(await stored(page)).toMatchObject({ id: null });
  });

  test('brand 1, English: collected with a notice from the start; Turn off stops it and is kept after a reload', async ({ page, request, loginPage }) => {
    await page.setExtraHTTPHeaders({ 'X-Sandbox-Scope': test.info().testId });
    const posts = collectorPosts(page);
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    const banner = page.getByRole('region', { name: 'Analytics' });
    await expect(banner).toContainText('You can turn this off now or at any time.');
    await expect.poll(async () => (await arrived(request)).map((entry) => entry.event)).toContain('Page view');
    expect((await stored(page)).id).toMatch(/^[0-9a-f-]{36}$/);
    await banner.getByRole('button', { name: 'Turn off' }).click();
    await expect(banner).toHaveCount(0);
    expect(await stored(page)).toMatchObject({ id: null });
    const before = posts.length;
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await loginPage.email.fill('someone@example.com');
    await pastTheBatchDelay(page);
    expect(posts.length).toBe(before);
    // Opened again, it says analytics is off and offers to allow it.
    await page.getByRole('button', { name: 'Analytics choices' }).click();
    await expect(banner).toContainText('Analytics is off');
    await banner.getByRole('button', { name: 'Close' }).click();
    await expect(banner).toHaveCount(0);
  });

  test('brand 3, Spanish: Reject is one press; nothing is ever sent or stored for analytics, after a reload too', async ({ page, loginPage }) => {
    const es = (text: string) => translate('es', text);
    const posts = collectorPosts(page);
    await loginPage.open({ brand: 'brand3', lang: 'es' });
    const banner = page.getByRole('region', { name: es('Analytics') });
    await banner.getByRole('button', { name: es('Reject') }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await pastTheBatchDelay(page);
    expect(posts).toEqual([]);
    expect((await stored(page)).id).toBeNull();
    expect(JSON.parse((await stored(page)).consent!)).toMatchObject({ choice: 'denied' });
  });
});
