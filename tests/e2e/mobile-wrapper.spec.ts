import { test, expect } from './fixtures';

test.describe('mobile-app wrapper mode', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });
  test('the page talks to the app: ready, device secret instead of a code, logged in, logout from the app; the mode persists', async ({ page, loginPage, sandbox }) => {
    // The native side: records what the page posts.
    await page.addInitScript(() => {
      const sent: string[] = [];
      (window as unknown as { __sent: string[] }).__sent = sent;
      (window as unknown as { ReactNativeWebView: { postMessage: (d: string) => void } }).ReactNativeWebView = { postMessage: (d) => sent.push(JSON.parse(d).type) };
    });
    const sent = () => page.evaluate(() => (window as unknown as { __sent: string[] }).__sent);
    const { userId } = await sandbox.apiLogin('direct@brand5.test', { codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' });

    await loginPage.open({ brand: 'brand5', lang: 'en', query: { mobileApp: 1 } });
    await expect.poll(sent).toEqual(['ready', 'needDeviceSecret']);
    expect(await page.evaluate(() => localStorage.getItem('app.mobileMode'))).toBe('1');

    // A message from another origin is ignored; the app's own message is taken. A device the auth
    // service does not know fails the exchange, which shows that the secret replaced the code.
    await page.evaluate(() => window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: '{"type":"logout"}' })));
    const secret = (pushToken: string) =>
      page.evaluate(
        ({ id, pushToken }) => window.postMessage(JSON.stringify({ type: 'deviceSecret', secret: `secret-${id}-1`, pushToken }), location.origin),
        { id: userId, pushToken },
      );
    await secret('not-this-device');
    await loginPage.signIn('direct@brand5.test');
    await expect(loginPage.alert).toHaveText('Unknown device');
    await secret(`push-${userId}-1`);
    await loginPage.signIn('direct@brand5.test');
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(sent).toContain('loggedIn');

    await page.evaluate(() => window.postMessage('{"type":"logout"}', location.origin));
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(sent).toContain('loggedOut');

    // The flag persists: a later start without the parameter is still in wrapper mode.
    await loginPage.open();
    await expect.poll(sent).toEqual(['ready', 'needDeviceSecret']);
  });

  test('a plain browser is never in wrapper mode: a link flag is not kept and a stored one is forgotten (issue 47)', async ({ page, loginPage }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en', query: { mobileApp: 1 } });
    await expect(loginPage.signInButton).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('app.mobileMode'))).toBeNull();
    await page.evaluate(() => localStorage.setItem('app.mobileMode', '1'));
    await loginPage.open();
    await expect(loginPage.signInButton).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('app.mobileMode'))).toBeNull();
  });
});
