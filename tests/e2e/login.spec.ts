import { test, expect, APP, DEMO_PASSWORD, LoginPage, SANDBOX, brandOf } from './fixtures';
import { storageKeys } from '../../src/shared/config/storage';
import { layoutProblems } from './support/layout-check';

test.describe('sign-in flows against the sandbox', () => {
  // Refused requests (wrong password, wrong code, injected faults, terms) log a network error
  // in the console by design; anything else still fails the test.
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (401|403|429|500)/] });
  test('simple flow lands on home; a reload keeps the session; sign out clears it', async ({ page, shell, signInAs }) => {
    await signInAs('personal@brand1.test');
    await expect(page).toHaveURL(/\/home$/);
    await expect(shell.heading).toHaveText('Home');
    const stored = await shell.storage();
    expect(JSON.stringify(stored.local)).not.toMatch(/token/i); // nothing secret in localStorage
    // docs/storage.md: session data in sessionStorage (refresh token, dictionaries, permissions + residence).
    await expect.poll(async () => Object.keys((await shell.storage()).session).sort()).toEqual(['app.dictionaries', 'app.permissions', 'app.session']);
    const permissions = await page.evaluate(() => sessionStorage.getItem('app.permissions'));
    expect(JSON.parse(permissions ?? '{}')).toMatchObject({ residenceCountryCode: 'RO', permissions: { balanceInfo: 2 } });
    await page.reload();
    await expect(shell.heading).toHaveText('Home');
    // Nothing outside the inventory is stored (docs/storage.md); the router's scroll positions, saved
    // when the page was left, are in it.
    const reloaded = await shell.storage();
    expect(Object.keys(reloaded.session)).toContain(storageKeys.scrollRestoration.key);
    const declared = Object.values(storageKeys).map((entry) => entry.key);
    for (const key of [...Object.keys(reloaded.local), ...Object.keys(reloaded.session)]) expect(declared).toContain(key);
    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    const after = await shell.storage();
    expect(Object.keys(after.session)).toEqual([]);
    // Preferences (the ?lang= of the sign-in) and the analytics choice and anonymous id (issue 61: they name the browser, not the person).
    expect(Object.keys(after.local).sort()).toEqual(['app.analyticsConsent', 'app.analyticsId', 'app.brandOverride', 'app.language']);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('a deep link to a protected page returns there after login', async ({ page, loginPage, shell }) => {
    await shell.open('/home', { brand: 'brand2', lang: 'en' });
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await loginPage.signIn('personal@brand2.test');
    await expect(page).toHaveURL(/\/home/);
  });

  test('bad input: malformed e-mail and empty password get translated errors, the username stays', async ({ page, loginPage }) => {
    await loginPage.open({ brand: 'brand1', lang: 'es' });
    // The Spanish labels are written out: this test is about the translation.
    await page.getByLabel('Correo electrónico').fill('ana@');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Introduzca un correo electrónico válido, como nombre@example.com.')).toBeVisible();
    await expect(page.getByText('Introduzca su contraseña.')).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('ana@');
  });

  test('a rejected submit moves focus to the first invalid field, as in every form', async ({ loginPage }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await loginPage.signInButton.click();
    await expect(loginPage.email).toHaveAttribute('aria-invalid', 'true');
    await expect(loginPage.password).toHaveAttribute('aria-invalid', 'true');
    await expect(loginPage.email).toBeFocused();
    await loginPage.email.fill('personal@brand1.test');
    await loginPage.signInButton.click();
    await expect(loginPage.password).toBeFocused();
  });

  test('an auth 403 shows the server message (blocked account)', async ({ loginPage }) => {
    await loginPage.open({ brand: 'brand4', lang: 'en' });
    await loginPage.signIn('blocked@brand4.test');
    await expect(loginPage.alert).toHaveText('Sign-in to this account is blocked. Please contact support.');
    await expect(loginPage.email).toHaveValue('blocked@brand4.test');
  });

  test('wrong password shows the server message and keeps the username', async ({ loginPage }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await loginPage.signIn('personal@brand1.test', 'wrong-password');
    await expect(loginPage.alert).toHaveText('Wrong e-mail or password');
    await expect(loginPage.alert).toBeFocused(); // the server names no field: focus goes to its message
    await expect(loginPage.email).toHaveValue('personal@brand1.test');
    await expect(loginPage.password).toHaveValue('');
  });

  test('429 and 500 from the sandbox give clear messages', async ({ page, loginPage, fault }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await fault({ match: 'POST /auth/login', kind: '429', times: 1 });
    await loginPage.signIn('personal@brand1.test');
    await expect(loginPage.alert).toHaveText('Too many attempts. Wait a minute, then try again.');
    await fault({ match: 'POST /auth/login', kind: '500', times: 1 });
    await loginPage.password.fill(DEMO_PASSWORD);
    await loginPage.signInButton.click();
    await expect(loginPage.alert).toHaveText('Server is not available');
    await loginPage.password.fill(DEMO_PASSWORD);
    await loginPage.signInButton.click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('otp flow: a wrong code is refused, the right one signs in; the sign-in events reach the collector (002 s9)', async ({ page, loginPage, sandbox, collected }) => {
    await loginPage.open({ brand: 'brand3', lang: 'en' });
    await loginPage.signIn('otp@brand3.test');
    await expect(page.getByRole('heading', { name: 'Enter the one-time code' })).toBeVisible();
    await loginPage.enterCode('000000');
    await expect(loginPage.alert).toHaveText('The code is not correct');
    await loginPage.enterCode(await sandbox.latestOtp('otp@brand3.test'));
    await expect(page).toHaveURL(/\/home$/);
    await expect
      .poll(async () => (await collected()).filter((entry) => entry.event.startsWith('Login') || entry.event === 'Token receive'))
      .toEqual([
        { event: 'Login click', props: {} },
        { event: 'Login failed', props: { reason: 'wrongCode' } },
        { event: 'Token receive', props: {} },
        { event: 'Login success', props: { flow: 'otp' } },
        { event: 'Login Completed', props: { loginMethod: 'email' } },
      ]);
  });

  test('sms flow shows the masked phone and the two-digit identifier', async ({ page, loginPage, sandbox }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await loginPage.signIn('sms@brand1.test');
    await expect(page.getByText(/Sent to \+40 7\*\* \*\*\* 123\. The message is marked \d{2}\./)).toBeVisible();
    await loginPage.enterCode(await sandbox.latestOtp('sms@brand1.test'));
    await expect(page).toHaveURL(/\/home$/);
  });

  test('direct flow exchanges the code without user input', async ({ page, loginPage }) => {
    await loginPage.open({ brand: 'brand4', lang: 'en' });
    await loginPage.signIn('direct@brand4.test');
    await expect(page).toHaveURL(/\/home$/);
  });

  for (const decision of ['approve', 'decline'] as const) {
    test(`push flow: the other device ${decision}s`, async ({ page, loginPage, sandbox }) => {
      await loginPage.open({ brand: 'brand1', lang: 'en' });
      await loginPage.signIn('push@brand1.test');
      await expect(loginPage.status).toHaveText('Waiting for approval…');
      await expect(page).toHaveURL(/\/scp$/); // the approval step has its own address
      await page.getByRole('button', { name: 'Show a QR code' }).click();
      await expect(page.getByRole('img', { name: 'QR code to approve the sign-in' })).toBeVisible();
      // The sandbox's "other device" page (newest sign-in first) answers the push.
      const device = await sandbox.openOtherDevice(page.context());
      await (decision === 'approve' ? device.approve('push@brand1.test') : device.decline('push@brand1.test'));
      await expect(device.heading).toBeVisible();
      if (decision === 'approve') await expect(page).toHaveURL(/\/home$/);
      else {
        await expect(loginPage.alert).toHaveText('The sign-in was declined on your other device.');
        await expect(page).toHaveURL(/\/login$/);
        await expect(loginPage.email).toHaveValue('push@brand1.test');
      }
    });
  }

  test('the QR code\'s code loads with the push step, not the form, in a box of its final size (no layout shift)', async ({ page, loginPage }) => {
    const requested: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/login-qr-code\.[^/]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    await loginPage.open({ brand: 'brand4', lang: 'en' });
    await expect(loginPage.email).toBeVisible();
    expect(requested).toEqual([]); // the sign-in form does not carry it
    await loginPage.signIn('push@brand4.test');
    await expect(loginPage.status).toHaveText('Waiting for approval…');
    await expect.poll(() => requested.length).toBe(1); // asked for once the push step shows, not before
    await page.getByRole('button', { name: 'Show a QR code' }).click();
    const placeholder = page.locator('[data-qr-placeholder]');
    const caption = page.getByText('Scan with the mobile app.');
    await expect(placeholder).toBeVisible();
    const before = { code: await placeholder.boundingBox(), caption: await caption.boundingBox() };
    release();
    const qr = page.getByRole('img', { name: 'QR code to approve the sign-in' });
    await expect(qr).toBeVisible();
    await expect(placeholder).toHaveCount(0);
    expect(await qr.boundingBox()).toEqual(before.code);
    expect(await caption.boundingBox()).toEqual(before.caption);
  });

  test('a signed-in session is asked about a new push sign-in and declines, then approves it', async ({ page, loginPage, shell, sandbox, browser }) => {
    // First sign-in of push@brand6, approved on the other-device page.
    await loginPage.open({ brand: 'brand6', lang: 'en' });
    await loginPage.signIn('push@brand6.test');
    const device = await sandbox.openOtherDevice(page.context());
    await device.approve('push@brand6.test');
    await expect(page).toHaveURL(/\/home$/);

    // A second browser signs in as the same user: the signed-in session is asked.
    const other = await browser.newContext({ baseURL: APP });
    const second = await other.newPage();
    const secondLogin = new LoginPage(second);
    await secondLogin.open({ brand: 'brand6', lang: 'en' });
    await secondLogin.signIn('push@brand6.test');
    await expect(secondLogin.status).toHaveText('Waiting for approval…');
    const ask = shell.dialog('Is this you signing in?');
    await expect(ask).toContainText('Bucharest, RO');
    await ask.getByRole('button', { name: 'No, decline' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByText('You declined the sign-in. If it was not you, change your password.')).toBeVisible();
    await expect(secondLogin.alert).toHaveText('The sign-in was declined on your other device.');

    await secondLogin.signIn('push@brand6.test');
    await ask.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(second).toHaveURL(/\/home$/);
    await other.close();
  });

  test('/scp only exists while a sign-in waits: a reload or a direct visit goes to /login; Back returns to the form', async ({ page, loginPage, shell }) => {
    await shell.open('/scp', { brand: 'brand2', lang: 'en' });
    await expect(page).toHaveURL(/\/login$/);
    await loginPage.signIn('verify-device@brand2.test');
    await expect(page).toHaveURL(/\/scp$/);
    await expect(page.getByRole('heading', { name: 'Confirm this new device' })).toBeVisible();
    await loginPage.backButton.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginPage.email).toHaveValue('verify-device@brand2.test');
    await loginPage.signIn('verify-device@brand2.test');
    await expect(page).toHaveURL(/\/scp$/);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('verify-device flow lists the devices; confirming on a linked device signs in', async ({ page, loginPage, sandbox }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await loginPage.signIn('verify-device@brand1.test');
    const devices = page.getByRole('list', { name: 'Your devices' });
    await expect(devices).toContainText('Pixel 8');
    await expect(devices).toContainText('Bucharest, RO');
    const device = await sandbox.openOtherDevice(page.context());
    await device.approve('verify-device@brand1.test');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('soft migration can continue; strict cannot; the SCP migration events reach the collector', async ({ page, loginPage, collected }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await loginPage.signIn('soft-migration@brand1.test');
    await expect(page.getByText('Days left: 14')).toBeVisible();
    // Back to the form, then again, and on for now.
    await page.getByRole('button', { name: 'Back' }).click();
    await loginPage.signIn('soft-migration@brand1.test');
    await expect(page.getByText('Days left: 14')).toBeVisible();
    await page.getByRole('button', { name: 'Continue for now' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the one-time code' })).toBeVisible();
    await loginPage.open();
    await loginPage.signIn('strict-migration@brand1.test');
    await expect(loginPage.alert).toContainText('now required');
    await expect(page.getByRole('button', { name: 'Continue for now' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Get the mobile app' }).click();
    await expect(page).toHaveURL(/\/scp-mobile$/);
    const soft = { requirement: 'soft', strategy: expect.any(String), daysLeft: 14 };
    const strict = { requirement: 'strict', strategy: expect.any(String) };
    await expect
      .poll(() => collected('SCP'))
      .toEqual([
        { event: 'SCP migration show', props: soft },
        { event: 'SCP migration back', props: soft },
        { event: 'SCP migration show', props: soft },
        { event: 'SCP migration postpone', props: soft },
        { event: 'SCP migration show', props: strict },
        { event: 'SCP migration get app', props: strict },
      ]);
  });

  test('terms: accept, then the request is made again', async ({ page, loginPage }) => {
    await loginPage.open({ brand: 'brand5', lang: 'en' });
    await loginPage.signIn('terms@brand5.test');
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
    ['self-cert@brand4.test', '/self-certification-splash', 'Tell us where you pay taxes'],
    ['self-cert-business@brand4.test', '/self-certification-business-splash', 'Tell us where the company pays taxes'],
    ['kyc@brand4.test', '/kyc', 'Identity verification'],
  ] as const) {
    test(`${user} lands on ${path}`, async ({ page, loginPage, shell }) => {
      await loginPage.open({ brand: brandOf(user), lang: 'en' });
      await loginPage.signIn(user);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(shell.heading).toHaveText(heading);
    });
  }
});

test.describe('query behaviours', () => {
  test('emailConfirmation=success and =fail show the two messages', async ({ loginPage }) => {
    await loginPage.open({ brand: 'brand1', lang: 'en', query: { emailConfirmation: 'success' } });
    await expect(loginPage.status).toHaveText('Your E-mail address has been confirmed!');
    await loginPage.open({ query: { emailConfirmation: 'fail' } });
    await expect(loginPage.alert).toContainText('E-MAIL CONFIRMATION');
    await expect(loginPage.alert).toContainText('An error has occurred. Please contact us.');
  });

  test('fromCustomerId is kept for the session (sent by the API layer) and leaves the address', async ({ page, shell, signInAs }) => {
    await signInAs('business@brand1.test');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/home?fromCustomerId=1002');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.fromCustomer'))).toBe('1002');
    await page.goto('/home?fromCustomerId=not-a-number');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.fromCustomer'))).toBe('1002');
    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('app.fromCustomer'))).toBeNull();
  });

  test.describe('activation links', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 403/] });

    test('a wrong code shows the reasons in the error popup; the right link signs in and goes home with a notice', async ({ page, loginPage, shell }) => {
      await loginPage.open({ brand: 'brand6', lang: 'en' });
      await loginPage.signIn('inactive-business@brand6.test');
      await expect(loginPage.alert).toHaveText('Activate your account first with the link in the e-mail we sent you.');

      await page.goto('/home?action=activationBusiness&user=inactive-business@brand6.test&code=000000');
      // The link asks first (issue 47), its code gone from the address; a reload still asks.
      await expect(page).toHaveURL(/\/activate$/);
      await expect(page.getByRole('heading', { name: 'Activate the account inactive-business@brand6.test?' })).toBeVisible();
      await page.reload();
      await page.getByRole('button', { name: 'Activate' }).click();
      const popup = shell.dialog();
      await expect(popup).toContainText('The activation code is not correct or has expired');
      await popup.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('alert')).toContainText('Your account could not be activated.');

      await page.goto('/?action=activationBusiness&user=inactive-business@brand6.test&code=246810');
      await page.getByRole('button', { name: 'Activate' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText('Your account is activated. Welcome!')).toBeVisible();
    });

    test('opened while someone else is signed in, the link says so and is used only after signing out', async ({ page, shell, signInAs }) => {
      await signInAs('personal@brand3.test');
      await page.goto('/home?action=activation&user=inactive@brand3.test&code=246810');
      await expect(page).toHaveURL(/\/activate$/);
      await expect(
        page.getByText('You are signed in as personal@brand3.test. This activation link is for inactive@brand3.test and has not been used.'),
      ).toBeVisible();
      await expect(shell.signOutButton).toBeVisible(); // nothing happened to the session yet
      await page.getByRole('button', { name: 'Sign out and activate' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText('Your account is activated. Welcome!')).toBeVisible();
      // The same link again, now signed in as that account: it says the account is already active.
      await page.goto('/?action=activation&user=inactive@brand3.test&code=246810');
      await expect(page.getByText('The account inactive@brand3.test is already active, and you are signed in with it.')).toBeVisible();
      await page.getByRole('link', { name: 'Go to the start page' }).click();
      await expect(page).toHaveURL(/\/home$/);
    });
  });

  test('KYC needed: every page of the app leads to /kyc', async ({ page, loginPage, shell }) => {
    await loginPage.open({ brand: 'brand3', lang: 'en' });
    await loginPage.signIn('kyc@brand3.test');
    await expect(page).toHaveURL(/\/kyc$/);
    await expect(shell.heading).toHaveText('Identity verification');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/kyc$/);
    await page.goto('/setting');
    await expect(page).toHaveURL(/\/kyc$/);
  });

  test.describe('code + codeVerifier', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });
    // RFC 7636 appendix B: the verifier and its S256 challenge.
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

    test('a link asks "Continue as …?" first, its code gone from the address; Continue signs in; a used code says so on the form', async ({ page, loginPage, shell, sandbox }) => {
      const reply = await sandbox.apiLogin('direct@brand2.test', { codeChallenge: challenge });
      await page.goto(`/?brand=brand2&lang=en&code=${reply.code}&codeVerifier=${verifier}`);
      await expect(page.getByRole('heading', { name: 'Continue as direct@brand2.test?' })).toBeVisible();
      await expect(page.getByText('This link signs you in to Lumenvale as direct@brand2.test.', { exact: false })).toBeVisible();
      expect(await page.evaluate(() => location.href)).not.toContain(reply.code);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await shell.signOut();
      await expect(page).toHaveURL(/\/login$/);

      await loginPage.open({ query: { code: reply.code, codeVerifier: verifier } });
      await expect(loginPage.alert).toHaveText('The code is unknown or expired');
      await expect(page).not.toHaveURL(/code=/);
      await expect(loginPage.email).toBeVisible();
    });

    test('someone else\'s link, by keyboard in Russian: "Not me" leaves the form empty and signs nobody in (issue 47)', async ({ page, loginPage, sandbox, request }) => {
      const reply = await sandbox.apiLogin('direct@brand2.test', { codeChallenge: challenge });
      await page.setViewportSize({ width: 320, height: 640 });
      await loginPage.open({ brand: 'brand4', lang: 'ru', query: { code: reply.code, codeVerifier: verifier } });
      await expect(page.getByRole('heading', { name: 'Продолжить как direct@brand2.test?' })).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]); // the question holds at 320 px in Russian
      await expect(page.getByRole('button', { name: 'Продолжить' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Это не я' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(loginPage.email).toBeVisible();
      await expect(loginPage.email).toHaveValue('');
      await expect(page).not.toHaveURL(/code/);
      // Nothing was exchanged: the code is still whole (and nobody is signed in here).
      const owner = await request.post(`${SANDBOX}/auth/token/owner`, { data: { code: reply.code, codeVerifier: verifier } });
      expect(owner.status()).toBe(200);
      await page.goto('/home');
      await expect(page).toHaveURL(/\/login/);
    });
  });
});

test.describe('business user who is not yet an authorised user', () => {
  test('is handed off to the old web application with the authorised-user information', async ({ page, loginPage, collected }) => {
    const handoff: { method: string; body: string | null }[] = [];
    await page.route('https://old-web.example/**', (route) => {
      handoff.push({ method: route.request().method(), body: route.request().postData() });
      return route.fulfill({ contentType: 'text/html', body: '<title>Old web</title><h1>Old web</h1>' });
    });
    await loginPage.open({ brand: 'brand3', lang: 'en' });
    await loginPage.signIn('representative@brand3.test');
    // The information travels in a POST body, never in the address (docs/decisions.md).
    await expect(page).toHaveURL('https://old-web.example/brand3/authorized-user');
    expect(handoff).toHaveLength(1);
    expect(handoff[0]!.method).toBe('POST');
    const information = JSON.parse(new URLSearchParams(handoff[0]!.body ?? '').get('authorizedUserInformationApi') ?? 'null');
    expect(information).toMatchObject({ username: 'representative@brand3.test', ticket: expect.stringMatching(/^[a-f0-9]{32}$/) });
    // Told to analytics as the page left (002 s9 "Old web redirect"; sent with keepalive).
    await expect.poll(() => collected('Old web')).toEqual([{ event: 'Old web redirect', props: {} }]);
  });

  test("a customer whose info carries the redirect flag (useOldWeb) is sent on to the old web application's address", async ({ page, loginPage, collected }) => {
    await page.route('https://old-web.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Old web</title><h1>Old web</h1>' }));
    await loginPage.open({ brand: 'brand1', lang: 'en' });
    await loginPage.signIn('old-web@brand1.test');
    await expect(page).toHaveURL('https://old-web.example/brand1');
    await expect.poll(() => collected('Redirect')).toEqual([{ event: 'Redirect', props: {} }]);
  });

  test('when the information cannot be fetched, the user is signed out to login with the reason', async ({ page, loginPage, shell }) => {
    await loginPage.open({ brand: 'brand3', lang: 'en' });
    await loginPage.signIn('representative-denied@brand3.test');
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.notifications).toContainText('Your company account could not be opened.');
  });
});
