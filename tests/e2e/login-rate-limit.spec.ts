import type { Page } from '@playwright/test';
import { test, expect, SANDBOX, DEMO_PASSWORD } from './fixtures';

/**
 * The auth service limits wrong passwords (5 in 15 minutes lock the login for 15 minutes, a 429
 * with Retry-After) and answers in the page's language. `lockout@…` is the demo user kept for this
 * (sandbox/seed.ts), so no other test meets its lock.
 */
const USER = 'lockout@brand2.test';

/** Submits the form and waits for the sign-in reply (the alert text can repeat between attempts). */
async function attempt(page: Page, submit: () => Promise<void>): Promise<number> {
  const reply = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth/login' && r.request().method() === 'POST');
  await submit();
  return (await reply).status();
}

test.describe('too many wrong passwords', () => {
  // Refused sign-ins log a network error in the console by design.
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (401|429)/] });

  test('on a ru page: the refusals are in Russian, and after five the page says how long to wait', async ({ page, loginPage, request }) => {
    test.slow(); // six sign-ins in a row: about 17 s on an idle machine, more on a loaded CI runner
    // A retry of this test starts from no wrong passwords.
    expect((await request.delete(`${SANDBOX}/__sandbox/login-failures?login=${encodeURIComponent(USER)}`)).ok()).toBe(true);
    await loginPage.open({ brand: 'brand2', lang: 'ru' });
    for (let i = 1; i <= 5; i++) {
      expect(await attempt(page, () => loginPage.signIn(USER, `wrong-password-${i}`)), `wrong password ${i}`).toBe(401);
      // The Russian text is written out: this test is about the translation.
      await expect(loginPage.alert).toHaveText('Неверный адрес эл. почты или пароль');
    }
    // Now even the right password is refused until the lock ends, and the page says for how long.
    expect(await attempt(page, () => loginPage.signIn(USER, DEMO_PASSWORD))).toBe(429);
    await expect(loginPage.alert).toHaveText('Слишком много неудачных попыток входа. Повторите попытку через 15 минут.');
    await expect(loginPage.email).toHaveValue(USER);
    await expect(loginPage.password).toHaveValue('');
  });
});

test.describe('too many wrong sign-in codes', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (401|429)/] });

  // The codes are counted per account (issue 46): otp@brand4 and otp@brand5 are kept for this test.
  for (const { user, brand, lang, wrong, wait } of [
    { user: 'otp@brand4.test', brand: 'brand4', lang: 'uk', wrong: 'Неправильний код', wait: 'Забагато неправильних кодів для цього облікового запису. Спробуйте ще раз через 15 хвилин.' },
    { user: 'otp@brand5.test', brand: 'brand5', lang: 'es', wrong: 'El código no es correcto', wait: 'Demasiados códigos incorrectos para esta cuenta. Vuelva a intentarlo dentro de 15 minutos.' },
  ] as const) {
    test(`${brand}, ${lang}: after five wrong codes the page says, in its language, how long to wait`, async ({ page, loginPage, sandbox }) => {
      test.slow();
      await sandbox.resetSignIn(user);
      await loginPage.open({ brand, lang });
      await loginPage.signIn(user);
      await expect(loginPage.code).toBeVisible();
      // Each code waits for its reply (the alert's text repeats, so it cannot tell one reply from the next).
      const code = async (value: string) => {
        const reply = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth/token' && r.request().method() === 'POST');
        await loginPage.enterCode(value);
        return (await reply).status();
      };
      for (let i = 1; i <= 4; i++) {
        expect(await code(`00000${i}`), `wrong code ${i}`).toBe(401);
        await expect(loginPage.alert).toHaveText(wrong);
      }
      expect(await code('000005')).toBe(429);
      await expect(loginPage.alert).toHaveText(wait);
      await sandbox.resetSignIn(user);
    });
  }
});
