import { expect, test, translate } from './fixtures';

/** The main navigation: the areas from one table, the acting company, the small-screen menu. */
test.describe('main navigation', () => {
  test('a business user sees the areas and whom they act for (brand 4, Russian, desktop)', async ({ page, shell, signInViaApi }) => {
    await signInViaApi('business@brand4.test', { lang: 'ru' });
    await expect(shell.navigation).toBeVisible();
    await expect(shell.menuButton).toBeHidden();
    await expect(shell.navigation.getByText('Действуете от имени')).toBeVisible();
    await expect(shell.navigation.getByText('Demo Trading 4 SRL')).toBeVisible();
    const home = shell.navigation.getByRole('link', { name: 'Главная' });
    await expect(home).toHaveAttribute('aria-current', 'page');
    await shell.securityLink.click();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(shell.securityLink).toHaveAttribute('aria-current', 'page');
    await expect(home).not.toHaveAttribute('aria-current', 'page');
  });

  test('a user of two companies chooses whom to act for in the header (brand 3, English): the navigation follows; the selector shown and the choice reach analytics', async ({ page, shell, signInViaApi, collected }) => {
    await signInViaApi('two-companies@brand3.test');
    await expect(shell.navigation.getByText('Demo Trading 3 SRL')).toBeVisible();
    await page.getByRole('button', { name: /Demo Trading 3 SRL/ }).click();
    const panel = page.getByRole('group', { name: 'Companies you can act for' });
    await panel.getByRole('button', { name: /Harbour Freight 3 Ltd/ }).click();
    await expect(shell.navigation.getByText('Harbour Freight 3 Ltd')).toBeVisible();
    await expect.poll(() => collected('Company select')).toEqual([
      { event: 'Company select show', props: {} },
      { event: 'Company select', props: {} },
    ]);
  });

  test('a personal customer sees no company line (brand 1, English)', async ({ shell, signInViaApi }) => {
    await signInViaApi('personal@brand1.test');
    await expect(shell.navigation.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(shell.navigation.getByText('Acting for')).toHaveCount(0);
  });

  test('keyboard only on a phone: the menu opens, a page is chosen, the menu closes (brand 2, Portuguese)', async ({ page, shell, signInViaApi }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInViaApi('business@brand2.test', { lang: 'pt' });
    await expect(shell.navigation).toBeHidden();
    // Sign-out moved from the header into the menu on small screens.
    await expect(shell.signOutButton).toBeHidden();
    await shell.menuButton.focus();
    await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.navigation).toBeVisible();
    await expect(shell.navigation.getByRole('button', { name: translate('pt', 'Sign out') })).toBeVisible();
    // Escape closes it and the focus stays on the button.
    await page.keyboard.press('Escape');
    await expect(shell.navigation).toBeHidden();
    await expect(shell.menuButton).toBeFocused();
    // Open again and walk to "Security and devices" with Tab.
    await page.keyboard.press('Enter');
    const target = shell.navigation.getByRole('link', { name: translate('pt', 'Security and devices') });
    for (let i = 0; i < 14 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/setting$/);
    await expect(shell.navigation).toBeHidden();
    await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
