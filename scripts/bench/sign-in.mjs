// The bench's sign-in through the login page (Playwright), as a customer would: the sections that
// measure signed-in pages (history, global pay) start from here.
export async function signIn(page, appUrl, user, password) {
  await page.goto(`${appUrl}/login?brand=brand1&lang=en`);
  await page.getByLabel('E-mail', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/home$/, { timeout: 30_000 });
}
