import type { Page } from '@playwright/test';
import { expect, test, translate } from './fixtures';
import { tabTo } from './support/keyboard';

/**
 * The update check (issue 61): every 60 s the app reads /version.json; a build other than its own
 * is offered (Reload now, Later), never forced, so a half-filled form is kept until the customer
 * chooses. The page's clock is a test clock moved a minute at a time; the deployed build is the
 * test's answer to /version.json.
 */
async function deploy(page: Page, build: () => string): Promise<() => number> {
  let answered = 0;
  await page.route('**/version.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Cache-Control': 'no-store' }, body: JSON.stringify({ build: build() }) }));
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/version.json') answered += 1;
  });
  return () => answered;
}

/**
 * A minute on, and the check it starts answered: the next minute is counted from the answer (the
 * statechart waits again only once a read is done), so a test that moved on while a read was still
 * out could move the clock before the next wait began and never see the next check.
 */
async function nextCheck(page: Page, answered: () => number) {
  const before = answered();
  await page.clock.fastForward(61_000);
  await expect.poll(answered).toBe(before + 1);
  // The answer read and handled: two tasks of the page's own (a message channel, which the test
  // clock does not hold back) after the body came in.
  for (let hop = 0; hop < 2; hop += 1) {
    await page.evaluate(() => new Promise<void>((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(null);
    }));
  }
}

test.describe('update check (issue 61)', () => {
  test('brand 1, English: a new build offered after a minute with the typed e-mail kept; Later puts it off, a newer one comes back; Reload reloads', async ({ page, loginPage }) => {
    let deployed = 'same';
    await page.clock.install();
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    // The running build's own id first: no offer.
    const own = await page.evaluate(async () => ((await (await fetch('/version.json')).json()) as { build: string }).build);
    deployed = own;
    const answered = await deploy(page, () => deployed);
    await loginPage.email.fill('ana@example.com');
    await nextCheck(page, answered);
    const banner = page.getByRole('region', { name: 'App update' });
    await expect(banner).toHaveCount(0);
    deployed = 'next-build';
    await nextCheck(page, answered);
    await expect(banner).toBeVisible();
    await expect(loginPage.email).toHaveValue('ana@example.com');
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toHaveCount(0);
    await nextCheck(page, answered);
    await expect(banner).toHaveCount(0);
    deployed = 'newer-build';
    await nextCheck(page, answered);
    await expect(banner).toBeVisible();
    await expect(loginPage.email).toHaveValue('ana@example.com');
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload now' }).click();
    await reloaded;
    await expect(loginPage.email).toHaveValue('');
  });

  test('brand 2, Portuguese, keyboard only: the offer reached with Tab and put off with Enter; the password typed stays', async ({ page, loginPage }) => {
    const pt = (text: string) => translate('pt', text);
    await page.clock.install();
    await loginPage.open({ brand: 'brand2', lang: 'pt' });
    await deploy(page, () => 'another-build');
    await tabTo(page, loginPage.email);
    await page.keyboard.type('rui@example.com');
    await tabTo(page, loginPage.password);
    await page.keyboard.type('half-typed');
    await page.clock.fastForward(61_000);
    const banner = page.getByRole('region', { name: pt('App update') });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(pt('A new version of the app is available.'));
    // The offer does not take the focus: the password field still has it.
    await expect(loginPage.password).toBeFocused();
    await tabTo(page, banner.getByRole('button', { name: pt('Later') }));
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await expect(loginPage.email).toHaveValue('rui@example.com');
    await expect(loginPage.password).toHaveValue('half-typed');
  });
});
