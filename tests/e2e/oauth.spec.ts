import { test, expect } from './fixtures';

test.describe('OAuth (SEI) authorisation', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('the path is kept through sign-in; allowing sends the browser to the partner', async ({ page, loginPage, shell, sandbox }) => {
    const authorizationId = await sandbox.createOAuthAuthorisation();
    await page.route('https://partner.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title><h1>Connected</h1>' }));
    await shell.open(`/auth/sei?authorizationId=${authorizationId}`, { brand: 'brand2', lang: 'en' });
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.oauthReturn'))).toContain(`authorizationId=${authorizationId}`);
    await loginPage.signIn('personal@brand2.test');
    await expect(shell.heading).toHaveText('Connect an application');
    await page.getByRole('button', { name: 'Allow access' }).click();
    await expect(page).toHaveURL(/^https:\/\/partner\.example\/oauth\/callback\?code=/);
  });

  test('an authorisation that no longer exists (404) sends the user to the root; cancel goes home', async ({ page, sandbox, signInAs }) => {
    await signInAs('business@brand2.test');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/auth/sei?authorizationId=gone123');
    await page.getByRole('button', { name: 'Allow access' }).click();
    await expect(page).toHaveURL(/\/home$/); // the root, which sends a signed-in user home
    expect(await page.evaluate(() => sessionStorage.getItem('app.oauthReturn'))).toBeNull();

    const authorizationId = await sandbox.createOAuthAuthorisation();
    await page.goto(`/auth/sei?authorizationId=${authorizationId}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.oauthReturn'))).toBeNull();
  });
});
