import { test, expect } from './fixtures';

test.describe('security and devices (device registry, linked devices, popups)', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (400|403|500)/] });

  test('linked devices: listed from the device API and removed after confirmation', async ({ page, shell, signInViaApi }) => {
    await signInViaApi('personal@brand5.test');
    await shell.securityLink.click();
    await expect(shell.heading).toHaveText('Security and devices');
    // Auth profile: scp none → the way to get the app.
    await expect(page.getByText('New sign-ins are not approved on a phone yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get the mobile app' })).toHaveAttribute('href', '/scp-mobile');

    const linked = page.getByRole('table', { name: 'Linked devices' });
    await expect(linked.getByRole('row')).toHaveCount(3); // header + Pixel 8 + iPhone 15
    await expect(linked.getByText('Bucharest, RO')).toBeVisible();
    const remove = linked.getByRole('button', { name: 'Remove Pixel 8' });
    await remove.click();
    const confirm = shell.dialog('Remove this device?');
    await expect.poll(() => confirm.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeFocused();
    await expect(linked.getByRole('row')).toHaveCount(3);
    await remove.click();
    await shell.dialog().getByRole('button', { name: 'Remove device' }).click();
    await expect(linked.getByRole('row')).toHaveCount(2);
    await expect(linked.getByText('Pixel 8')).toHaveCount(0);
  });

  test('register a device: the rule is checked before sending, server refusals keep the input, approve by a method', async ({ page, signInViaApi }) => {
    await signInViaApi('business@brand5.test');
    await page.goto('/setting');
    const form = page.getByRole('form', { name: 'Register a device' });
    await form.getByRole('button', { name: 'Register device' }).click();
    await expect(form.getByText('Enter a name for the device.')).toBeVisible();
    await expect(form.getByText('Enter the pairing code shown in the mobile app.')).toBeVisible();
    await expect(form.getByText('Choose Android or iOS.')).toBeVisible();
    await expect(form.getByLabel('Device name')).toBeFocused();

    await form.getByLabel('Device name').fill('Office tablet');
    await form.getByLabel('Pairing code').fill('12 34');
    await form.getByLabel('Platform').selectOption({ label: 'Android' });
    await form.getByRole('button', { name: 'Register device' }).click();
    // Any reasonable code goes to the server, which says whether the mobile app showed it (spec 000 s5).
    await expect(form.getByRole('alert')).toHaveText('This pairing code is not valid. Check the code shown in the mobile app.');

    // A code that is already registered (a seeded phone's): the server says so, nothing is lost.
    await form.getByLabel('Pairing code').fill('204816');
    await form.getByRole('button', { name: 'Register device' }).click();
    await expect(form.getByRole('alert')).toHaveText('A device with this pairing code is already registered');
    await expect(form.getByLabel('Device name')).toHaveValue('Office tablet');
    await expect(form.getByLabel('Pairing code')).toHaveValue('204816');

    await form.getByLabel('Pairing code').fill('990011');
    await form.getByRole('button', { name: 'Register device' }).click();
    await expect(page.getByText('The device was registered. Approve it below to use it.')).toBeVisible();
    const registered = page.getByRole('table', { name: 'Registered devices' });
    const row = registered.getByRole('row', { name: /Office tablet/ });
    await expect(row.getByText('Waiting for approval')).toBeVisible();
    await row.getByRole('button', { name: 'Approve Office tablet' }).click();
    await page.getByRole('menuitem', { name: 'SMS code' }).click();
    await expect(row.getByText('Approved')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Approve Office tablet' })).toHaveCount(0);
  });

  test('a failed action opens the error popup; the list stays on screen; focus returns', async ({ page, fault, shell, signInViaApi }) => {
    await signInViaApi('personal@brand6.test');
    // The app's earlier address of the devices still works: it goes to the spec's /setting.
    await page.goto('/settings/devices');
    await expect(page).toHaveURL(/\/setting$/);
    const registered = page.getByRole('table', { name: 'Registered devices' });
    await expect(registered.getByRole('row')).toHaveCount(3);
    await fault({ match: 'auth:deleteDevice', kind: '500', times: 1 });
    const remove = registered.getByRole('button', { name: 'Remove iPhone 15' });
    await remove.click();
    await shell.dialog().getByRole('button', { name: 'Remove device' }).click();
    const popup = shell.dialog('Error');
    await expect(popup).toContainText('Server is not available');
    await expect(registered.getByRole('row')).toHaveCount(3); // nothing blanked
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toHaveCount(0);
    await expect(remove).toBeFocused();
  });
});

test.describe('public brand pages', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (422|429)/] });

  test('terms of service per brand, linked from the footer', async ({ page, loginPage, shell }) => {
    await loginPage.open({ brand: 'brand3', lang: 'en' });
    await page.getByRole('link', { name: 'Terms of service' }).click();
    await expect(page).toHaveURL(/\/legal\/brand3-tos$/);
    await expect(shell.heading).toHaveText('Terms of service — Corvel Finance');
    await expect(page.locator('address')).toContainText('Corvel');
    await page.goto('/legal/nobrand-tos');
    await expect(shell.heading).toHaveText('Page not found');
  });

  test('/scp-mobile: store links of the brand (empty ones hidden), deep link, send the links to a phone', async ({ page, shell }) => {
    await shell.open('/scp-mobile', { brand: 'brand5', lang: 'en' });
    await expect(shell.heading).toHaveText('Get the Kestrel Wallet mobile app');
    const stores = page.getByRole('list', { name: 'App stores' });
    await expect(stores.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', /play\.google\.com/);
    await expect(stores.getByRole('link', { name: 'Download on the App Store' })).toHaveCount(0); // brand 5 has no iOS app
    await expect(page.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', 'kestrel://open');

    await page.getByLabel('Mobile number').fill('0712 345');
    await page.getByRole('button', { name: 'Send links' }).click();
    await expect(page.getByText('Enter the number in international format', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Mobile number')).toBeFocused();
    await page.getByLabel('Mobile number').fill('+40 712 345 678');
    await page.getByRole('button', { name: 'Send links' }).click();
    await expect(page.getByRole('status')).toHaveText('We sent the links to +40712345678.');
  });
});
