import type { Page, Request } from '@playwright/test';
import { expect, test, translate, type Lang } from './fixtures';

/**
 * Who may act for which company (issue 46): a link's fromCustomerId is acted on only once the
 * sandbox answers the user's access info for that customer. An employee of company A sent to
 * company B is told so, stays with company A, and nothing of company B is asked for or shown; a
 * user of two companies switches between theirs.
 */

/** The main-service calls a page made for a customer (its id in the customer id header), by method. */
function callsFor(page: Page, customerId: number): string[] {
  const methods: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || !url.pathname.startsWith('/main/')) return;
    if (request.headers()['x-customer-id'] === String(customerId)) methods.push(url.searchParams.get('method') ?? '?');
  });
  return methods;
}

const nav = (page: Page, lang: Lang) => page.getByRole('navigation', { name: translate(lang, 'Main') });

test.describe('acting for a company', () => {
  test('an employee of one company sent to another is told so and stays with theirs; nothing of the other is asked for (brand 1, English)', async ({ page, signInViaApi, sandbox }) => {
    const other = await sandbox.customerId('company-b@brand1.test');
    await signInViaApi('approver@brand1.test');
    await expect(nav(page, 'en').getByText('Demo Trading 1 SRL')).toBeVisible();
    const asked = callsFor(page, other);
    await page.goto(`/home?fromCustomerId=${other}`);
    await expect(page.getByText('You are not an authorised user of that customer, so nothing of theirs is shown.')).toBeVisible();
    await expect(page.getByText('You are still acting for Demo Trading 1 SRL.')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(nav(page, 'en').getByText('Demo Trading 1 SRL')).toBeVisible();
    await expect(page.getByText(/Harbour Freight/)).toHaveCount(0);
    // Only the access check went out for the other company; it was refused.
    expect(asked).toEqual(['userAccessInfoGet']);
    // A reload stays with the user's own company.
    await page.reload();
    await expect(nav(page, 'en').getByText('Demo Trading 1 SRL')).toBeVisible();
    expect(asked).toEqual(['userAccessInfoGet']);
  });

  test('a user of two companies switches to the other by its link; a third company is refused (brand 2, Portuguese)', async ({ page, signInViaApi, sandbox }) => {
    const lang: Lang = 'pt';
    const [second, third] = [await sandbox.customerId('company-b@brand2.test'), await sandbox.customerId('globalpay@brand2.test')];
    await signInViaApi('two-companies@brand2.test', { lang });
    await expect(nav(page, lang).getByText('Demo Trading 2 SRL')).toBeVisible();
    const toSecond = callsFor(page, second);
    await page.goto(`/home?fromCustomerId=${second}`);
    await expect(nav(page, lang).getByText('Harbour Freight 2 Ltd')).toBeVisible();
    // Theirs: asked first, then read (the accounts of the home page).
    await expect.poll(() => toSecond.slice(0, 1).concat(toSecond.includes('balanceInquiry') ? ['balanceInquiry'] : [])).toEqual(['userAccessInfoGet', 'balanceInquiry']);
    await expect(page).toHaveURL(/\/home$/);
    const asked = callsFor(page, third);
    await page.goto(`/home?fromCustomerId=${third}`);
    await expect(page.getByText(translate(lang, 'You are not an authorised user of that customer, so nothing of theirs is shown.'))).toBeVisible();
    await expect(page.getByText('Continua a atuar em nome de Harbour Freight 2 Ltd.')).toBeVisible();
    await expect(nav(page, lang).getByText('Harbour Freight 2 Ltd')).toBeVisible();
    expect(asked).toEqual(['userAccessInfoGet']);
  });
});
