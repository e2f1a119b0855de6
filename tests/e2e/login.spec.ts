import { test, expect, SANDBOX } from './fixtures';
import type { Page } from '@playwright/test';

const PASSWORD = 'Demo-pass-1';

async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.getByLabel('E-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function latestOtp(page: Page, login: string): Promise<string> {
  const inbox = (await (await page.request.get(`${SANDBOX}/__sandbox/inbox`)).json()) as { pending: { login: string; otp: string | null }[] };
  const entry = inbox.pending.find((p) => p.login === login && p.otp);
  if (!entry?.otp) throw new Error(`no code for ${login}`);
  return entry.otp;
}

test.describe('sign-in flows against the sandbox', () => {
  // Refused requests (wrong password, wrong code, injected faults, terms) log a network error
  // in the console by design; anything else still fails the test.
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (401|403|429|500)/] });
  test('simple flow lands on home; a reload keeps the session; sign out clears it', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await signIn(page, 'personal@brand1.test');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    const stored = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(JSON.stringify(stored.local)).not.toMatch(/token/i); // nothing secret in localStorage
    // docs/storage.md: session data in sessionStorage (refresh token, dictionaries, permissions + residence).
    await expect.poll(async () => Object.keys(await page.evaluate(() => ({ ...sessionStorage }))).sort()).toEqual(['app.dictionaries', 'app.permissions', 'app.session']);
    const permissions = await page.evaluate(() => sessionStorage.getItem('app.permissions'));
    expect(JSON.parse(permissions ?? '{}')).toMatchObject({ residenceCountryCode: 'RO', permissions: { balanceInfo: 2 } });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const after = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(after.session).toEqual([]);
    expect(after.local.sort()).toEqual(['app.brandOverride']);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('a deep link to a protected page returns there after login', async ({ page }) => {
    await page.goto('/home?brand=brand2&lang=en');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signIn(page, 'personal@brand2.test');
    await expect(page).toHaveURL(/\/home/);
  });

  test('bad input: malformed e-mail and empty password get translated errors, the username stays', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=es');
    await page.getByLabel('Correo electrónico').fill('ana@');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Introduzca un correo electrónico válido, como nombre@example.com.')).toBeVisible();
    await expect(page.getByText('Introduzca su contraseña.')).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('ana@');
  });

  test('an auth 403 shows the server message (blocked account)', async ({ page }) => {
    await page.goto('/login?brand=brand4&lang=en');
    await signIn(page, 'blocked@brand4.test');
    await expect(page.getByRole('alert')).toHaveText('Sign-in to this account is blocked. Please contact support.');
    await expect(page.getByLabel('E-mail')).toHaveValue('blocked@brand4.test');
  });

  test('wrong password shows the server message and keeps the username', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await signIn(page, 'personal@brand1.test', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password');
    await expect(page.getByLabel('E-mail')).toHaveValue('personal@brand1.test');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  });

  test('429 and 500 from the sandbox give clear messages', async ({ page, fault }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await fault({ match: 'POST /auth/login', kind: '429', times: 1 });
    await signIn(page, 'personal@brand1.test');
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Wait a minute, then try again.');
    await fault({ match: 'POST /auth/login', kind: '500', times: 1 });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Server is not available');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('otp flow: a wrong code is refused, the right one signs in', async ({ page }) => {
    await page.goto('/login?brand=brand3&lang=en');
    await signIn(page, 'otp@brand3.test');
    await expect(page.getByRole('heading', { name: 'Enter the one-time code' })).toBeVisible();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('The code is not correct');
    await page.getByLabel('Code').fill(await latestOtp(page, 'otp@brand3.test'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('sms flow shows the masked phone and the two-digit identifier', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await signIn(page, 'sms@brand1.test');
    await expect(page.getByText(/Sent to \+40 7\*\* \*\*\* 123\. The message is marked \d{2}\./)).toBeVisible();
    await page.getByLabel('Code').fill(await latestOtp(page, 'sms@brand1.test'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('direct flow exchanges the code without user input', async ({ page }) => {
    await page.goto('/login?brand=brand4&lang=en');
    await signIn(page, 'direct@brand4.test');
    await expect(page).toHaveURL(/\/home$/);
  });

  for (const decision of ['approve', 'decline'] as const) {
    test(`push flow: the other device ${decision}s`, async ({ page }) => {
      await page.goto('/login?brand=brand1&lang=en');
      await signIn(page, 'push@brand1.test');
      await expect(page.getByRole('status')).toHaveText('Waiting for approval…');
      await expect(page).toHaveURL(/\/scp$/); // the approval step has its own address
      await page.getByRole('button', { name: 'Show a QR code' }).click();
      await expect(page.getByRole('img', { name: 'QR code to approve the sign-in' })).toBeVisible();
      // The sandbox's "other device" page (newest sign-in first) answers the push.
      const device = await page.context().newPage();
      await device.goto(`${SANDBOX}/__sandbox/device`);
      await device.getByRole('button', { name: `${decision === 'approve' ? 'Approve' : 'Decline'} sign-in of push@brand1.test` }).first().click();
      await expect(device.getByRole('heading', { name: 'The other device' })).toBeVisible();
      if (decision === 'approve') await expect(page).toHaveURL(/\/home$/);
      else {
        await expect(page.getByRole('alert')).toHaveText('The sign-in was declined on your other device.');
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByLabel('E-mail')).toHaveValue('push@brand1.test');
      }
    });
  }

  test('a signed-in session is asked about a new push sign-in and declines, then approves it', async ({ page, browser }) => {
    // First sign-in of push@brand6, approved on the other-device page.
    await page.goto('/login?brand=brand6&lang=en');
    await signIn(page, 'push@brand6.test');
    const device = await page.context().newPage();
    await device.goto(`${SANDBOX}/__sandbox/device`);
    await device.getByRole('button', { name: 'Approve sign-in of push@brand6.test' }).first().click();
    await expect(page).toHaveURL(/\/home$/);

    // A second browser signs in as the same user: the signed-in session is asked.
    const other = await browser.newContext({ baseURL: 'http://127.0.0.1:4174' });
    const second = await other.newPage();
    await second.goto('/login?brand=brand6&lang=en');
    await signIn(second, 'push@brand6.test');
    await expect(second.getByRole('status')).toHaveText('Waiting for approval…');
    const ask = page.getByRole('alertdialog', { name: 'Is this you signing in?' });
    await expect(ask).toContainText('Bucharest, RO');
    await ask.getByRole('button', { name: 'No, decline' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByText('You declined the sign-in. If it was not you, change your password.')).toBeVisible();
    await expect(second.getByRole('alert')).toHaveText('The sign-in was declined on your other device.');

    await signIn(second, 'push@brand6.test');
    await ask.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(second).toHaveURL(/\/home$/);
    await other.close();
  });

  test('/scp only exists while a sign-in waits: a reload or a direct visit goes to /login; Back returns to the form', async ({ page }) => {
    await page.goto('/scp?brand=brand2&lang=en');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'verify-device@brand2.test');
    await expect(page).toHaveURL(/\/scp$/);
    await expect(page.getByRole('heading', { name: 'Confirm this new device' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toHaveValue('verify-device@brand2.test');
    await signIn(page, 'verify-device@brand2.test');
    await expect(page).toHaveURL(/\/scp$/);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('verify-device flow lists the devices; confirming on a linked device signs in', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await signIn(page, 'verify-device@brand1.test');
    const devices = page.getByRole('list', { name: 'Your devices' });
    await expect(devices).toContainText('Pixel 8');
    await expect(devices).toContainText('Bucharest, RO');
    const device = await page.context().newPage();
    await device.goto(`${SANDBOX}/__sandbox/device`);
    await device.getByRole('button', { name: 'Approve sign-in of verify-device@brand1.test' }).first().click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('soft migration can continue; strict cannot', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await signIn(page, 'soft-migration@brand1.test');
    await expect(page.getByText('Days left: 14')).toBeVisible();
    await page.getByRole('button', { name: 'Continue for now' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the one-time code' })).toBeVisible();
    await page.goto('/login');
    await signIn(page, 'strict-migration@brand1.test');
    await expect(page.getByRole('alert')).toContainText('now required');
    await expect(page.getByRole('button', { name: 'Continue for now' })).toHaveCount(0);
  });

  test('terms: accept, then the request is made again', async ({ page }) => {
    await page.goto('/login?brand=brand5&lang=en');
    await signIn(page, 'terms@brand5.test');
    await expect(page.getByRole('heading', { name: /Terms of service/ })).toBeVisible();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('where the user lands after sign-in', () => {
  for (const [user, path, heading] of [
    ['admin@brand1.test', '/admin-overview', 'Admin overview'],
    ['employee@brand1.test', '/company-documents', 'Company documents'],
    ['business@brand1.test', '/home', 'Home'],
    ['self-cert@brand4.test', '/self-certification-splash', 'Tax self-certification'],
    ['self-cert-business@brand4.test', '/self-certification-business-splash', 'Company tax self-certification'],
    ['kyc@brand4.test', '/kyc', 'Identity verification'],
  ] as const) {
    test(`${user} lands on ${path}`, async ({ page }) => {
      await page.goto(`/login?brand=${user.split('@')[1]!.replace('.test', '')}&lang=en`);
      await signIn(page, user);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }
});

test.describe('query behaviours', () => {
  test('emailConfirmation=success and =fail show the two messages', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en&emailConfirmation=success');
    await expect(page.getByRole('status')).toHaveText('Your E-mail address has been confirmed!');
    await page.goto('/login?emailConfirmation=fail');
    await expect(page.getByRole('alert')).toContainText('E-MAIL CONFIRMATION');
    await expect(page.getByRole('alert')).toContainText('An error has occurred. Please contact us.');
  });

  test('fromCustomerId is kept for the session (sent by the API layer) and leaves the address', async ({ page }) => {
    await page.goto('/login?brand=brand1&lang=en');
    await signIn(page, 'business@brand1.test');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/home?fromCustomerId=1002');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.fromCustomer'))).toBe('1002');
    await page.goto('/home?fromCustomerId=not-a-number');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.fromCustomer'))).toBe('1002');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.fromCustomer'))).toBeNull();
  });

  test.describe('activation links', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 403/] });

    test('a wrong code shows the reasons in the error popup; the right link signs in and goes home with a notice', async ({ page }) => {
      await page.goto('/login?brand=brand6&lang=en');
      await signIn(page, 'inactive-business@brand6.test');
      await expect(page.getByRole('alert')).toHaveText('Activate your account first with the link in the e-mail we sent you.');

      await page.goto('/home?action=activationBusiness&user=inactive-business@brand6.test&code=000000');
      await expect(page).toHaveURL(/\/activate\?/);
      const popup = page.getByRole('alertdialog');
      await expect(popup).toContainText('The activation code is not correct or has expired');
      await popup.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('alert')).toContainText('Your account could not be activated.');

      await page.goto('/?action=activationBusiness&user=inactive-business@brand6.test&code=246810');
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText('Your account is activated. Welcome!')).toBeVisible();
    });
  });

  test('KYC needed: every page of the app leads to /kyc', async ({ page }) => {
    await page.goto('/login?brand=brand3&lang=en');
    await signIn(page, 'kyc@brand3.test');
    await expect(page).toHaveURL(/\/kyc$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identity verification');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/kyc$/);
    await page.goto('/settings/devices');
    await expect(page).toHaveURL(/\/kyc$/);
  });

  test.describe('code + codeVerifier', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });
    // RFC 7636 appendix B: the verifier and its S256 challenge.
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

    test('sign the user in from a code, and the code leaves the address; a used code says so on the form', async ({ page, request }) => {
      const reply = await (
        await request.post(`${SANDBOX}/auth/login`, { data: { client: 'spa', username: 'direct@brand2.test', password: PASSWORD, codeChallenge: challenge } })
      ).json();
      await page.goto(`/?brand=brand2&lang=en&code=${reply.code}&codeVerifier=${verifier}`);
      await expect(page).toHaveURL(/\/home$/);
      const history = await page.evaluate(() => location.href);
      expect(history).not.toContain(reply.code);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/login$/);

      await page.goto(`/login?code=${reply.code}&codeVerifier=${verifier}`);
      await expect(page.getByRole('alert')).toHaveText('The code is unknown or expired');
      await expect(page).not.toHaveURL(/code=/);
      await expect(page.getByLabel('E-mail')).toBeVisible();
    });
  });
});

test.describe('business user who is not yet an authorised user', () => {
  test('is handed off to the old web application with the authorised-user information', async ({ page }) => {
    await page.route('https://old-web.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Old web</title><h1>Old web</h1>' }));
    await page.goto('/login?brand=brand3&lang=en');
    await signIn(page, 'representative@brand3.test');
    await expect(page).toHaveURL(/^https:\/\/old-web\.example\/brand3\/handoff\?ticket=[a-f0-9]+$/);
  });

  test('when the information cannot be fetched, the user is signed out to login with the reason', async ({ page }) => {
    await page.goto('/login?brand=brand3&lang=en');
    await signIn(page, 'representative-denied@brand3.test');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Your company account could not be opened.');
  });
});
