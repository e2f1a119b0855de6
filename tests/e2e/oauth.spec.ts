import { test, expect } from './fixtures';

test.describe('OAuth (SEI) authorisation', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('the path is kept through sign-in; the page names the partner and its access; allowing sends the browser to the partner with a code bound to this customer', async ({ page, loginPage, shell, sandbox }) => {
    const authorizationId = await sandbox.createOAuthAuthorisation({ client: 'Ledgerly Books', scopes: ['accounts.read', 'payments.prepare'] });
    await page.route('https://partner.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title><h1>Connected</h1>' }));
    await shell.open(`/auth/sei?authorizationId=${authorizationId}`, { brand: 'brand2', lang: 'en' });
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.oauthReturn'))).toContain(`authorizationId=${authorizationId}`);
    await loginPage.signIn('personal@brand2.test');
    await expect(shell.heading).toHaveText('Connect an application');
    await expect(page.getByText('Ledgerly Books asks for access to your account.', { exact: false })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Ledgerly Books will be able to:' }).getByRole('listitem')).toHaveText(['See your accounts and their balances', 'Prepare payments, which you still approve in the app']);
    await page.getByRole('button', { name: 'Allow access' }).click();
    await expect(page).toHaveURL(/^https:\/\/partner\.example\/oauth\/callback\?code=/);
    const code = new URL(page.url()).searchParams.get('code')!;
    expect(await sandbox.oauthCode(code)).toEqual({ clientName: 'Ledgerly Books', scopes: ['accounts.read', 'payments.prepare'], login: 'personal@brand2.test' });
  });

  test('in Spanish (brand 4), by keyboard: the partner and its access in the customer\'s language; Cancel leaves, nothing allowed', async ({ page, sandbox, signInAs }) => {
    await signInAs('personal@brand4.test', { lang: 'es' });
    const authorizationId = await sandbox.createOAuthAuthorisation({ client: 'Ledgerly Books' });
    await page.goto(`/auth/sei?authorizationId=${authorizationId}`);
    await expect(page.getByText('Ledgerly Books solicita acceso a su cuenta.', { exact: false })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Ledgerly Books podrá:' }).getByRole('listitem')).toHaveText(['Ver sus cuentas y sus saldos', 'Ver su historial de transacciones']);
    await page.getByRole('button', { name: 'Permitir el acceso' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an authorisation that no longer exists (404) sends the user to the root; cancel goes home', async ({ page, sandbox, signInAs }) => {
    await signInAs('business@brand2.test');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/auth/sei?authorizationId=gone123');
    // Asking who asks already answers 404: nothing to allow, the root.
    await expect(page).toHaveURL(/\/home$/); // the root, which sends a signed-in user home
    expect(await page.evaluate(() => sessionStorage.getItem('app.oauthReturn'))).toBeNull();

    const authorizationId = await sandbox.createOAuthAuthorisation();
    await page.goto(`/auth/sei?authorizationId=${authorizationId}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.oauthReturn'))).toBeNull();
  });
});
