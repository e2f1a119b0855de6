import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { storageKeys } from '../../src/shared/config/storage';
import { signInThroughApi } from './support/api-sign-in';
import { tabTo } from './support/keyboard';
import { APP, AppShell, DEMO_PASSWORD, expect, SANDBOX, test, translate, type Lang, type Sandbox } from './fixtures';

/**
 * /setting, security (issue 49; docs/decisions.md "Settings and security: the calls (issue 49)"):
 * the two-step verification change after confirming it is you, with the code the sandbox sent by
 * SMS (its outbox), tokens replaced and the old refresh token refused; a 400 on the SMS
 * confirmation shows the server's message; a 500 on the password change's confirmation loses
 * nothing; the password change ends every other session and the new password signs in; a
 * cancelled approval says exactly "Confirmation canceled"; linking a phone shows the QR code and
 * sends the store links; the password change by keyboard alone, with the second factor asked.
 *
 * Each test has its own demo user (security@brandN, security-sms@brandN: nothing else uses them)
 * and restores its sign-in state first (the demo password, the seeded two-step mode, no codes or
 * proofs waiting, an empty outbox), so a retry starts as the first run did.
 */

const NEW_PASSWORD = 'Settings-new-7';

/** What each settings SMS says (sandbox/handlers/settings.ts SMS_TEXT). */
const SMS_ABOUT = {
  twoStep: 'your code to change two-step verification',
  password: 'your code to change your password',
  reauth: 'your code to confirm it is you',
} as const;

/** The six-digit code of the newest settings SMS of this kind in the sandbox's outbox, once it is there. */
async function smsCode(sandbox: Sandbox, login: string, about: keyof typeof SMS_ABOUT): Promise<string> {
  let code: string | null | undefined;
  await expect
    .poll(async () => (code = (await sandbox.outbox(login)).find((m) => m.subject.startsWith('SMS') && m.subject.endsWith(SMS_ABOUT[about]))?.code), {
      message: `an SMS with ${SMS_ABOUT[about]} for ${login}`,
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** How many settings SMS of this kind the sandbox sent the customer (its outbox is emptied by the sign-in reset). */
async function smsCount(sandbox: Sandbox, login: string, about: keyof typeof SMS_ABOUT): Promise<number> {
  return (await sandbox.outbox(login)).filter((m) => m.subject.startsWith('SMS') && m.subject.endsWith(SMS_ABOUT[about])).length;
}

/** Another six-digit code than `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The refresh token the page holds (sessionStorage, docs/storage.md). */
const storedRefreshToken = (page: Page) =>
  page.evaluate((key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { refreshToken?: string }).refreshToken, storageKeys.session.key);

/** POST /auth/refresh with a refresh token, as a client holding it would: the status. */
async function refreshStatus(request: APIRequestContext, refreshToken: string): Promise<number> {
  return (await request.post(`${SANDBOX}/auth/refresh`, { data: { refreshToken } })).status();
}

/** POST /auth/login with a password, as the sign-in form sends it: the status. */
async function signInStatus(request: APIRequestContext, username: string, password: string): Promise<number> {
  const codeChallenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  return (await request.post(`${SANDBOX}/auth/login`, { data: { client: 'spa', username, password, codeChallenge } })).status();
}

/** The main-service method of a request (`POST <main>/?method=X`), or null. */
const mainMethod = (url: string) => new URL(url).searchParams.get('method');

async function openSettings(page: Page, shell: AppShell, lang: Lang) {
  await shell.securityLink.click();
  await expect(page).toHaveURL(/\/setting$/);
  await expect(shell.heading).toHaveText(translate(lang, 'Security and devices'));
}

/** The two-step section's "Now: …" (the allowed IP list's section below says "Now:" too). */
const twoStepNow = (page: Page, lang: Lang, mode: 'Off' | 'A code by SMS') =>
  page.getByRole('region', { name: translate(lang, 'Two-step verification') }).getByText(`${translate(lang, 'Now:')} ${translate(lang, mode)}`, { exact: true });

/** The password change form: fills the three fields and submits it with the mouse. */
async function submitPasswordChange(page: Page, lang: Lang, newPassword = NEW_PASSWORD) {
  await page.getByLabel(translate(lang, 'Current password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(translate(lang, 'New password'), { exact: true }).fill(newPassword);
  await page.getByLabel(translate(lang, 'Repeat the new password'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: translate(lang, 'Change password'), exact: true }).click();
}

const codeField = (page: Page, dialogName: string, lang: Lang) =>
  page.getByRole('dialog', { name: dialogName }).getByRole('textbox', { name: translate(lang, 'Code'), exact: true });

test.describe('security settings (issue 49)', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (400|500)/] });

  test('brand 1, English: two-step verification by SMS after confirming it is you; a wrong code keeps the popup; the right one replaces the tokens and lands on /home', async ({
    page,
    request,
    sandbox,
    shell,
    signInViaApi,
  }) => {
    const login = 'security@brand1.test';
    await sandbox.resetSignIn(login);
    await signInViaApi(login);
    await openSettings(page, shell, 'en');
    await expect(twoStepNow(page, 'en', 'Off')).toBeVisible();

    await page.getByRole('button', { name: 'Use a code by SMS' }).click();
    const reauth = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(reauth.getByText('For your security, enter your password to continue.')).toBeVisible();
    await reauth.getByLabel('Your password', { exact: true }).fill(DEMO_PASSWORD);
    await reauth.getByRole('button', { name: 'Continue' }).click();

    const popup = page.getByRole('dialog', { name: 'Enter the code from the SMS' });
    await expect(popup).toBeVisible();
    await expect(reauth).toHaveCount(0);
    const code = await smsCode(sandbox, login, 'twoStep');
    expect(await smsCount(sandbox, login, 'twoStep')).toBe(1);
    const field = codeField(page, 'Enter the code from the SMS', 'en');
    await expect(field).toBeFocused();

    // A wrong code: the service's reason, the popup stays, the field is cleared for the next try.
    await field.fill(otherCode(code));
    await popup.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(popup.getByText('The code is not correct', { exact: true })).toBeVisible();
    await expect(popup).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(page).toHaveURL(/\/setting$/);

    // The right one: the service rotates the session; the app takes the new pair and goes home.
    const confirmed = page.waitForResponse((r) => r.request().method() === 'POST' && /\/customer\/two-step-verification\/[^/]+\/confirm$/.test(r.url()));
    const before = await storedRefreshToken(page);
    expect(before).toBeTruthy();
    await field.fill(code);
    await popup.getByRole('button', { name: 'Confirm', exact: true }).click();
    const reply = (await (await confirmed).json()) as { accessToken?: string; refreshToken?: string };
    expect(reply.refreshToken).toBeTruthy();
    await expect(page).toHaveURL(/\/home$/);
    await shell.waitUntilReady();
    await expect(shell.signOutButton).toBeVisible();
    await expect(popup).toHaveCount(0);

    // The page holds the new pair (or one rotated from it); the old refresh token is refused.
    await expect.poll(() => storedRefreshToken(page)).not.toBe(before);
    expect(await refreshStatus(request, before!)).toBe(401);
    // A reload restores the session from what the page stores: the new family works.
    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await shell.waitUntilReady();

    await openSettings(page, shell, 'en');
    await expect(twoStepNow(page, 'en', 'A code by SMS')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off two-step verification' })).toBeVisible();
  });

  test('brand 2, Russian: a 400 on the SMS confirmation shows the server’s message and keeps the popup; the code then confirms it', async ({
    page,
    fault,
    sandbox,
    shell,
    signInViaApi,
  }) => {
    const lang = 'ru';
    const login = 'security@brand2.test';
    await sandbox.resetSignIn(login);
    await signInViaApi(login, { lang });
    await openSettings(page, shell, lang);
    await expect(twoStepNow(page, lang, 'Off')).toBeVisible();

    await page.getByRole('button', { name: translate(lang, 'Use a code by SMS') }).click();
    const reauth = page.getByRole('dialog', { name: translate(lang, 'Confirm it is you') });
    await reauth.getByLabel(translate(lang, 'Your password'), { exact: true }).fill(DEMO_PASSWORD);
    await reauth.getByRole('button', { name: translate(lang, 'Continue') }).click();

    const title = translate(lang, 'Enter the code from the SMS');
    const popup = page.getByRole('dialog', { name: title });
    const field = codeField(page, title, lang);
    await expect(field).toBeVisible();
    const code = await smsCode(sandbox, login, 'twoStep');

    const message = 'Сервис подтверждения временно отклонил код';
    await fault({ match: 'auth:twoStepVerificationConfirm', kind: '400', message, times: 1 });
    await field.fill(code);
    await popup.getByRole('button', { name: translate(lang, 'Confirm'), exact: true }).click();
    await expect(popup.getByText(message, { exact: true })).toBeVisible();
    await expect(popup).toBeVisible();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(twoStepNow(page, lang, 'Off')).toBeVisible();

    // The request is still waiting on the service: the same code confirms it.
    await field.fill(code);
    await popup.getByRole('button', { name: translate(lang, 'Confirm'), exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await shell.waitUntilReady();
    await openSettings(page, shell, lang);
    await expect(twoStepNow(page, lang, 'A code by SMS')).toBeVisible();
    expect(await smsCount(sandbox, login, 'twoStep')).toBe(1);
  });

  test('brand 3, Spanish: a 500 on the password change confirmation loses nothing; the same code confirms it, sent once', async ({
    page,
    fault,
    request,
    sandbox,
    shell,
    signInViaApi,
  }) => {
    const lang = 'es';
    const login = 'security@brand3.test';
    await sandbox.resetSignIn(login);
    await signInViaApi(login, { lang });
    const methods: string[] = [];
    page.on('request', (r) => {
      const method = r.method() === 'POST' ? mainMethod(r.url()) : null;
      if (method === 'changePassword' || method === 'changePasswordConfirm') methods.push(method);
    });
    await openSettings(page, shell, lang);
    await submitPasswordChange(page, lang);

    const title = translate(lang, 'Confirm the password change');
    const popup = page.getByRole('dialog', { name: title });
    const field = codeField(page, title, lang);
    await expect(field).toBeVisible();
    const code = await smsCode(sandbox, login, 'password');

    await fault({ match: 'main:changePasswordConfirm', kind: '500', times: 1 });
    await field.fill(code);
    await popup.getByRole('button', { name: translate(lang, 'Confirm'), exact: true }).click();
    await expect(popup.getByText(translate(lang, 'Server is not available'), { exact: true })).toBeVisible();
    // Nothing lost: the popup and the code stay; no response popup over it.
    await expect(popup).toBeVisible();
    await expect(field).toHaveValue(code);
    await expect(shell.dialog()).toHaveCount(0);
    expect(await signInStatus(request, login, DEMO_PASSWORD)).toBe(200); // not changed yet

    await popup.getByRole('button', { name: translate(lang, 'Confirm'), exact: true }).click();
    const success = page.getByRole('dialog', { name: translate(lang, 'Success') });
    await expect(success.getByText(translate(lang, 'Your password has been changed.'), { exact: true })).toBeVisible();
    // One change asked (one code sent), confirmed twice (the 500, then the success).
    expect(methods).toEqual(['changePassword', 'changePasswordConfirm', 'changePasswordConfirm']);
    expect(await smsCount(sandbox, login, 'password')).toBe(1);
    expect(await signInStatus(request, login, NEW_PASSWORD)).toBe(200);
  });

  test('brand 4, English: a password change ends the other session; the new password signs in, the old one no longer', async ({
    browser,
    page,
    request,
    sandbox,
    shell,
    signInAs,
    signInViaApi,
  }) => {
    const login = 'security@brand4.test';
    await sandbox.resetSignIn(login);
    // Another session of the same customer, in another browser.
    const other = await browser.newContext({ baseURL: APP });
    try {
      const otherPage = await other.newPage();
      const otherRefreshes: number[] = [];
      otherPage.on('response', (r) => {
        if (r.request().method() === 'POST' && r.url().endsWith('/auth/refresh')) otherRefreshes.push(r.status());
      });
      await signInThroughApi(otherPage, request, login, { brand: 'brand4' });

      await signInViaApi(login);
      await openSettings(page, shell, 'en');
      await submitPasswordChange(page, 'en');
      const popup = page.getByRole('dialog', { name: 'Confirm the password change' });
      const field = codeField(page, 'Confirm the password change', 'en');
      await expect(popup.getByText(/^We sent a code by SMS to .+\.$/)).toBeVisible();
      await field.fill(await smsCode(sandbox, login, 'password'));
      await popup.getByRole('button', { name: 'Confirm', exact: true }).click();
      const success = page.getByRole('dialog', { name: 'Success' });
      await expect(success.getByText('Your password has been changed.', { exact: true })).toBeVisible();
      await expect(success.getByText('You stay signed in here; your other sessions have ended.')).toBeVisible();
      await success.getByRole('button', { name: 'Close' }).last().click();
      await expect(success).toHaveCount(0);
      // The form is empty again: no password stays on the page.
      await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');

      // The other session has ended: its refresh is refused (on the reload, or already by its own
      // refresh timer) and it is back on /login with nothing of the session kept.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/login(\?|$)/);
      expect(otherRefreshes.length).toBeGreaterThan(0);
      expect(otherRefreshes.at(-1)).toBe(401);
      expect(await storedRefreshToken(otherPage)).toBeUndefined();

      // This one goes on (a reload restores it), then signs out and in with the new password.
      await page.reload();
      await expect(page).toHaveURL(/\/setting$/);
      await shell.waitUntilReady();
      expect(await signInStatus(request, login, DEMO_PASSWORD)).toBe(401);
      await shell.signOut();
      await expect(page).toHaveURL(/\/login$/);
      await signInAs(login, { password: NEW_PASSWORD });
    } finally {
      await other.close();
    }
  });

  test('brand 5, English: cancelling the change-password approval says exactly "Confirmation canceled"; the password stays', async ({
    page,
    request,
    sandbox,
    shell,
    signInViaApi,
  }) => {
    const login = 'security@brand5.test';
    await sandbox.resetSignIn(login);
    await signInViaApi(login);
    await openSettings(page, shell, 'en');
    await submitPasswordChange(page, 'en');
    const popup = page.getByRole('dialog', { name: 'Confirm the password change' });
    await expect(codeField(page, 'Confirm the password change', 'en')).toBeVisible();
    await popup.getByRole('button', { name: 'Cancel', exact: true }).click();

    const canceled = page.getByRole('dialog', { name: 'Canceled' });
    await expect(canceled.locator('p')).toHaveText(['Confirmation canceled']);
    await canceled.getByRole('button', { name: 'Close' }).last().click();
    await expect(canceled).toHaveCount(0);
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
    expect(await smsCount(sandbox, login, 'password')).toBe(1);
    expect(await signInStatus(request, login, DEMO_PASSWORD)).toBe(200);
    expect(await signInStatus(request, login, NEW_PASSWORD)).toBe(401);
  });

  test('brand 6, Russian: linking a new phone shows the QR code and sends the store links; the phone opening the code is linked', async ({
    page,
    request,
    sandbox,
    shell,
    signInViaApi,
  }) => {
    const lang = 'ru';
    const login = 'security@brand6.test';
    await sandbox.resetSignIn(login);
    await signInViaApi(login, { lang });
    await openSettings(page, shell, lang);
    const linked = page.getByRole('table', { name: translate(lang, 'Linked devices') });
    await expect(linked).toBeVisible();
    // A phone of this run's own name (a retry finds the first run's phone linked).
    const phoneName = `Pixel ${Date.now().toString(36)}`;
    await expect(linked.getByText(phoneName)).toHaveCount(0);

    const deeplinkReply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/auth/scp/request'));
    await page.getByRole('button', { name: translate(lang, 'Link a new phone') }).click();
    const popup = page.getByRole('dialog', { name: translate(lang, 'Link a new phone') });
    await expect(popup.getByRole('img', { name: translate(lang, 'QR code to link your new phone') })).toBeVisible();
    const { deeplink } = (await (await deeplinkReply).json()) as { deeplink: string };
    expect(deeplink).toMatch(/^sandboxpay:\/\/link-device\?link=/);

    // The store links by SMS: the number sent in international format, the popup says where.
    const phone = `+40 7${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/auth/stores-urls/send'));
    await popup.getByLabel(translate(lang, 'Mobile number'), { exact: true }).fill(phone);
    await popup.getByRole('button', { name: translate(lang, 'Send links') }).click();
    const reply = await sent;
    expect(reply.status()).toBe(204);
    const normalised = phone.replace(/\s/g, '');
    await expect(popup.getByRole('status').filter({ hasText: /\S/ })).toHaveText(translate(lang, 'We sent the links to {sentTo}.').replace('{sentTo}', normalised));

    // The new phone opens the QR code's deeplink: it is linked, and approves sign-ins from now on.
    const opened = await request.post(`${SANDBOX}/__sandbox/deeplinks/open`, { data: { deeplink, name: phoneName, type: 'android' } });
    expect(opened.status()).toBe(200);
    await popup.getByRole('button', { name: translate(lang, 'Close') }).last().click();
    await expect(popup).toHaveCount(0);
    // The realtime channel says so (device.linked): the lists read again without a reload.
    await expect(linked.getByRole('button', { name: translate(lang, 'Remove {deviceName}').replace('{deviceName}', phoneName) })).toBeVisible();
    await expect(page.getByText(translate(lang, 'New sign-ins are approved with a push notification on your linked phone.'))).toBeVisible();
  });

  test('brand 4, Portuguese: the password change by keyboard alone, with the second factor asked by SMS', async ({ page, request, loginPage, sandbox, shell }) => {
    const lang = 'pt';
    const login = 'security-sms@brand4.test';
    await sandbox.resetSignIn(login);
    // security-sms@ signs in with a code by SMS, so through the form.
    await loginPage.open({ brand: 'brand4', lang });
    await loginPage.signIn(login);
    await expect(loginPage.code).toBeVisible();
    await loginPage.enterCode(await sandbox.latestOtp(login));
    await expect(page).toHaveURL(/\/home$/);
    await shell.waitUntilReady();
    await shell.navigate('/setting');
    await expect(shell.heading).toHaveText(translate(lang, 'Security and devices'));
    await expect(twoStepNow(page, lang, 'A code by SMS')).toBeVisible();

    const current = page.getByLabel(translate(lang, 'Current password'), { exact: true });
    await tabTo(page, current);
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByLabel(translate(lang, 'New password'), { exact: true }));
    await page.keyboard.type(NEW_PASSWORD);
    await tabTo(page, page.getByLabel(translate(lang, 'Repeat the new password'), { exact: true }));
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Enter');

    // Two-step verification is on: confirming it is you asks the code sent by SMS (the password is the form's).
    const reauthCode = codeField(page, translate(lang, 'Confirm it is you'), lang);
    await expect(reauthCode).toBeFocused();
    await expect(page.getByText(translate(lang, 'We sent a code by SMS to your phone.'))).toBeVisible();
    await page.keyboard.type(await smsCode(sandbox, login, 'reauth'));
    await page.keyboard.press('Enter');

    const approval = codeField(page, translate(lang, 'Confirm the password change'), lang);
    await expect(approval).toBeFocused();
    await page.keyboard.type(await smsCode(sandbox, login, 'password'));
    await page.keyboard.press('Enter');

    const success = page.getByRole('dialog', { name: translate(lang, 'Success') });
    await expect(success.getByText(translate(lang, 'Your password has been changed.'), { exact: true })).toBeVisible();
    const close = success.getByRole('button', { name: translate(lang, 'Close') }).last();
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(success).toHaveCount(0);
    await expect(current).toHaveValue('');
    expect(await signInStatus(request, login, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(request, login, DEMO_PASSWORD)).toBe(401);
  });
});
