import type { Page, Request } from '@playwright/test';
import { expect, test, translate, type Lang } from './fixtures';
import { SANDBOX } from './support/env';

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
    // A user of one company has no other to act for: nothing went out for the other company.
    expect(asked).toEqual([]);
    // A reload stays with the user's own company.
    await page.reload();
    await expect(nav(page, 'en').getByText('Demo Trading 1 SRL')).toBeVisible();
    expect(asked).toEqual([]);
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
    // Not on the list of their companies (userAccessList): refused without asking for it.
    expect(asked).toEqual([]);
  });

  test('the header selector (brand 1, English): both companies listed, the current marked, searched; a switch mid-load shows only the new company’s accounts; both events recorded', async ({
    page,
    request,
    signInViaApi,
    sandbox,
    fault,
  }) => {
    const user = 'two-companies@brand1.test';
    await sandbox.resetSignIn(user);
    const [first, second] = [await sandbox.balances('business@brand1.test'), await sandbox.balances('company-b@brand1.test')];
    const accountsOf = (rows: { accountId: number }[]) => rows.map((row) => `No. ${row.accountId}`);
    await page.addInitScript(() => {
      (window as unknown as { events: string[] }).events = [];
      addEventListener('app:analytics', (e) => (window as unknown as { events: string[] }).events.push((e as CustomEvent<{ event: string }>).detail.event));
    });
    const events = () => page.evaluate(() => (window as unknown as { events: string[] }).events.filter((name) => name.startsWith('Company select')));
    await signInViaApi(user);
    const selector = page.getByRole('button', {
      name: 'Company: Demo Trading 1 SRL. Choose another',
    });
    await expect(page.getByText(accountsOf(first)[0]!, { exact: true })).toBeVisible();

    await selector.click();
    const panel = page.getByRole('group', {
      name: 'Companies you can act for',
    });
    await expect(panel.getByRole('button')).toHaveCount(2);
    await expect(panel.getByRole('button', { name: /Demo Trading 1 SRL/ })).toHaveAttribute('aria-current', 'true');
    await panel.getByLabel('Search companies').fill('harb');
    await expect(panel.getByRole('button')).toHaveCount(1);
    expect(await events()).toEqual(['Company select show']);

    // The home page reads the first company's accounts again, slowly; the user switches meanwhile.
    await panel.getByLabel('Search companies').fill('');
    await page.keyboard.press('Escape');
    await fault({
      match: 'main:balanceInquiry',
      kind: 'latency',
      ms: 2500,
      times: 1,
    });
    await page.goto('/home');
    await selector.click();
    await panel.getByRole('button', { name: /Harbour Freight 1 Ltd/ }).click();
    await expect(
      page.getByRole('button', {
        name: 'Company: Harbour Freight 1 Ltd. Choose another',
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(accountsOf(second)[0]!, { exact: true })).toBeVisible();
    // The slow reply of the company before has come and gone: none of its accounts is on the page.
    await page.waitForTimeout(3000);
    for (const account of accountsOf(first)) await expect(page.getByText(account, { exact: true })).toHaveCount(0);
    // Heard since the reload: the list shown, a company chosen.
    expect(await events()).toEqual(['Company select show', 'Company select']);

    // And back: the first company's own accounts again, none of the second's.
    await page
      .getByRole('button', {
        name: 'Company: Harbour Freight 1 Ltd. Choose another',
      })
      .click();
    await panel.getByRole('button', { name: /Demo Trading 1 SRL/ }).click();
    await expect(page.getByText(accountsOf(first)[0]!, { exact: true })).toBeVisible();
    for (const account of accountsOf(second)) await expect(page.getByText(account, { exact: true })).toHaveCount(0);

    // The sandbox's analytics collector has them, in order (this test's page's own: its scope).
    const collected = async () =>
      ((await (await request.get(`${SANDBOX}/__sandbox/analytics?scope=${encodeURIComponent(test.info().testId)}`)).json()) as { events: { event: string }[] }).events
        .map((entry) => entry.event)
        .filter((name) => name.startsWith('Company select'));
    // (The one shown just before the reload may be lost with the page: analytics never holds a page up.)
    await expect.poll(async () => (await collected()).slice(-4)).toEqual(['Company select show', 'Company select', 'Company select show', 'Company select']);
  });

  test.describe('faults', () => {
    test.use({
      allowConsoleErrors: [/Failed to load resource: the server responded with a status of (403|500)/],
    });
    test('keyboard only at 320 px (brand 2, Portuguese): the selector opened, searched and chosen without a mouse; a failed access check (500) keeps the company before', async ({
      page,
      signInViaApi,
      sandbox,
      fault,
    }) => {
      const lang: Lang = 'pt';
      const user = 'two-companies@brand2.test';
      await sandbox.resetSignIn(user);
      await page.setViewportSize({ width: 320, height: 740 });
      await signInViaApi(user, { lang });
      const selector = page.getByRole('button', {
        name: translate(lang, 'Company: {companyName}. Choose another').replace('{companyName}', 'Demo Trading 2 SRL'),
      });
      await expect(selector).toBeVisible();
      // The page does not scroll sideways at 320 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

      // A 500 on the new company's access info: said; still the company before.
      await fault({ match: 'main:userAccessInfoGet', kind: '500', times: 1 });
      await selector.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('group', {
        name: translate(lang, 'Companies you can act for'),
      });
      await expect(panel).toBeVisible();
      await page.keyboard.press('Tab'); // the search field
      await page.keyboard.type('Harbour');
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('button', { name: /Harbour Freight 2 Ltd/ })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Continua a atuar em nome de Demo Trading 2 SRL.')).toBeVisible();
      await expect(selector).toBeVisible();
      await expect(selector).toBeFocused();

      // Again, now answered.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Harbour');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('button', {
          name: translate(lang, 'Company: {companyName}. Choose another').replace('{companyName}', 'Harbour Freight 2 Ltd'),
        }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });

    test('a right removed while signed in (brand 1, English): choosing that company is refused by the service; the user stays with the other', async ({ page, signInViaApi, sandbox }) => {
      const user = 'two-companies@brand1.test';
      await sandbox.resetSignIn(user);
      await signInViaApi(user);
      const selector = page.getByRole('button', {
        name: 'Company: Demo Trading 1 SRL. Choose another',
      });
      await selector.click();
      const panel = page.getByRole('group', {
        name: 'Companies you can act for',
      });
      await expect(panel.getByRole('button')).toHaveCount(2);
      await sandbox.setAuthorisedUserRights(user, 'company-b@brand1.test', null);
      try {
        await panel.getByRole('button', { name: /Harbour Freight 1 Ltd/ }).click();
        await expect(page.getByText('You are still acting for Demo Trading 1 SRL.')).toBeVisible();
        await expect(selector).toBeVisible();
        await expect(nav(page, 'en').getByText('Demo Trading 1 SRL')).toBeVisible();
      } finally {
        await sandbox.resetSignIn(user);
      }
    });
  });
});
