import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab) until `target` has the focus: a keyboard-only path, never a click. */
export async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

/** A react-aria checkbox ticked by its keyboard (its input is visually hidden under the drawn box). */
export async function tick(page: Page, box: Locator) {
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** A react-aria radio chosen by its keyboard. */
export async function pick(page: Page, radio: Locator) {
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}
