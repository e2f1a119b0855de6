import { DEMO_PASSWORD, expect, test, translate, type Lang } from './fixtures';
import { layoutProblems } from './support/layout-check';
import { pick, tabTo, tick } from './support/keyboard';
import { inputFile, type SampleType } from '../support/sample-files';

/**
 * The profile and the documents behind the verification status (002 s2–s4, s7; 001 s7):
 * a new customer sends an identity document (front and back) and a proof of address, confirms the
 * phone by a code sent to the e-mail address, and is verified when the sandbox confirms the documents (told over the realtime
 * channel); a limited customer sends the limit documents (a 500 on the first one keeps the file,
 * and each document is sent once) and sees processing; an address replaced to another country
 * warns about the card it cancels (keyboard only at 320 px); a representative never sees a banner.
 */
/** A real scan of its type (the sandbox checks a file's first bytes against its type). */
const scan = (name: string, mimeType: SampleType = 'image/jpeg') => inputFile(name, mimeType, 4096);

test.describe('profile and verification documents', () => {
  test.use({ allowConsoleErrors: [/status of 500|Failed to load resource/] });

  test('brand 1, English: a new customer sends an identity document and a proof of address, confirms the phone, and is verified when the documents are confirmed', async ({ page, signInViaApi, sandbox, shell }) => {
    const login = 'verify-new@brand1.test';
    await sandbox.resetVerification(login);
    await signInViaApi(login);
    const banner = page.getByRole('region', { name: 'Some details need your attention' });
    await banner.getByRole('link', { name: 'See what is needed' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const status = page.getByRole('region', { name: 'Verification', exact: true });
    await expect(status.getByRole('listitem').filter({ hasText: 'Send a valid identity document.' })).toBeVisible();
    await expect(status.getByRole('listitem').filter({ hasText: 'Confirm your phone number.' })).toBeVisible();

    // The identity document: a national identity card needs both sides; the missing back is said before anything is sent.
    await page.getByRole('button', { name: 'Send an identity document' }).click();
    let dialog = page.getByRole('dialog', { name: 'Identity document' });
    await dialog.getByLabel('Document type').selectOption({ label: 'National identity card' });
    await dialog.getByLabel('Front of the document').setInputFiles(scan('card-front.jpg'));
    await dialog.getByRole('button', { name: 'Send document' }).click();
    await expect(dialog.getByText('Choose the back of the document.')).toBeVisible();
    await dialog.getByLabel('Back of the document').setInputFiles(scan('card-back.jpg'));
    await dialog.getByRole('button', { name: 'Send document' }).click();
    await expect(dialog).toBeHidden();
    await expect(shell.notifications.getByText('Your document was sent. We will check it soon.').first()).toBeVisible();
    const identity = page.getByRole('region', { name: 'Identity', exact: true });
    await expect(identity.getByText('Under review')).toBeVisible();
    await expect(identity.getByRole('button', { name: 'Send an identity document' })).toHaveCount(0);

    // The proof of the address.
    const addresses = page.getByRole('region', { name: 'Addresses', exact: true });
    await addresses.getByRole('button', { name: 'Send a proof of this address' }).click();
    dialog = page.getByRole('dialog', { name: 'Proof of address' });
    await dialog.getByLabel('Document type').selectOption({ label: 'Utility bill (at most 3 months old)' });
    await dialog.getByLabel('Front of the document').setInputFiles(scan('bill.pdf', 'application/pdf'));
    await dialog.getByRole('button', { name: 'Send document' }).click();
    await expect(dialog).toBeHidden();
    await expect(addresses.getByText('Proof under review')).toBeVisible();

    // The phone, by a code sent to the e-mail address (002 s3 verification types): chosen, the captcha, the code from the e-mail, confirmed.
    const phones = page.getByRole('region', { name: 'Phone', exact: true });
    await phones.getByRole('button', { name: 'Confirm this phone' }).click();
    dialog = page.getByRole('dialog', { name: 'Confirm your phone' });
    await expect(dialog.getByLabel('Phone number')).toHaveValue('721555010');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('radio', { name: 'A code by SMS' })).toBeChecked();
    await pick(page, dialog.getByRole('radio', { name: 'A code by e-mail' }));
    await tick(page, dialog.getByRole('checkbox', { name: 'I am not a robot' }));
    await dialog.getByRole('button', { name: 'Send the code by e-mail' }).click();
    await expect(dialog.getByText('We sent a 6-digit code for +40 721555010 to your e-mail address.')).toBeVisible();
    const mail = (await sandbox.outbox(login))[0];
    expect(mail).toMatchObject({ to: login, subject: 'Your code to verify the phone +40721555010' });
    await dialog.getByLabel('Code from the e-mail', { exact: true }).fill(await sandbox.latestCode(login));
    await dialog.getByRole('button', { name: 'Confirm phone' }).click();
    await expect(dialog.getByText('Your phone is confirmed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(phones.getByText('Confirmed', { exact: true })).toBeVisible();

    // Nothing left to do but wait: no warning banner; the documents are under review.
    await expect(status.getByText('We are verifying your account')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Documents sent', exact: true }).getByRole('listitem')).toHaveCount(2);

    // The service confirms both: the realtime channel tells the app, which reads again.
    await sandbox.decideDocuments(login, 'confirm');
    await expect(status.getByText('Your account is verified')).toBeVisible();
    await expect(identity.getByText('Accepted')).toBeVisible();
    await expect(addresses.getByText('Confirmed', { exact: true })).toBeVisible();
  });

  test('brand 3, Spanish: an unverified customer finds on the profile the very documents the banner asks for, sends them, and is verified once they are confirmed', async ({ page, signInViaApi, sandbox }) => {
    // Issue 45 item 1: the profile showed both accepted and offered nothing to send.
    const tr = (msgid: string) => translate('es', msgid);
    const login = 'verify-unverified@brand3.test';
    await sandbox.resetVerification(login);
    await signInViaApi(login, { lang: 'es' });
    const banner = page.getByRole('region', { name: tr('Verify your account') });
    await banner.getByRole('link', { name: tr('See what is needed') }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const identity = page.getByRole('region', { name: tr('Identity'), exact: true });
    await expect(identity.locator('[data-named-status]').first()).toHaveAttribute('data-named-status', 'none');
    await identity.getByRole('button', { name: tr('Send an identity document') }).click();
    let dialog = page.getByRole('dialog', { name: tr('Identity document') });
    await dialog.getByLabel(tr('Document type')).selectOption({ index: 1 });
    await dialog.getByLabel(tr('Front of the document')).setInputFiles(scan('passport.jpg'));
    await dialog.getByRole('button', { name: tr('Send document') }).click();
    await expect(dialog).toBeHidden();
    await expect(identity.getByRole('button', { name: tr('Send an identity document') })).toHaveCount(0);

    const addresses = page.getByRole('region', { name: tr('Addresses'), exact: true });
    await expect(addresses.getByText(tr('To verify your account, please send a proof of this address.'))).toBeVisible();
    await addresses.getByRole('button', { name: tr('Send a proof of this address') }).click();
    dialog = page.getByRole('dialog', { name: tr('Proof of address') });
    await dialog.getByLabel(tr('Document type')).selectOption({ index: 1 });
    await dialog.getByLabel(tr('Front of the document')).setInputFiles(scan('bill.pdf', 'application/pdf'));
    await dialog.getByRole('button', { name: tr('Send document') }).click();
    await expect(dialog).toBeHidden();
    await expect(addresses.getByRole('button', { name: tr('Send a proof of this address') })).toHaveCount(0);
    await expect(banner).toHaveCount(0);

    await sandbox.decideDocuments(login, 'confirm');
    const status = page.getByRole('region', { name: tr('Verification'), exact: true });
    await expect(status.getByText(tr('Your account is verified'))).toBeVisible();
  });

  for (const [brand, lang] of [['brand4', 'pt']] as const satisfies readonly [string, Lang][]) {
    test(`${brand}, ${lang}: a limited customer sends each limit document; a 500 on the first keeps the file, each is stored once; processing`, async ({ page, signInViaApi, sandbox, fault }) => {
      const tr = (msgid: string) => translate(lang, msgid);
      const login = `verify-limited@${brand}.test`;
      await sandbox.resetVerification(login);
      await signInViaApi(login, { lang });
      await page.getByRole('region', { name: tr('Your account is limited') }).getByRole('link', { name: tr('See why and what to send') }).click();
      await expect(page).toHaveURL(/\/limited-account$/);

      await fault({ match: 'main:documentUpload', kind: '500', times: 1 });
      await page.getByRole('button', { name: tr('Send: {name}').replace('{name}', 'A valid identity document') }).click();
      let dialog = page.getByRole('dialog', { name: 'A valid identity document' });
      await dialog.getByLabel(tr('Front of the document')).setInputFiles(scan('passport.jpg'));
      await dialog.getByRole('button', { name: tr('Send document') }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      // The file is still chosen: sent again as it is.
      await expect(dialog.getByText('passport.jpg')).toBeVisible();
      await dialog.getByRole('button', { name: tr('Send document') }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: tr('Send: {name}').replace('{name}', 'Proof of payment of the open invoice') }).click();
      dialog = page.getByRole('dialog', { name: 'Proof of payment of the open invoice' });
      await dialog.getByLabel(tr('Front of the document')).setInputFiles(scan('receipt.png', 'image/png'));
      await dialog.getByRole('button', { name: tr('Send document') }).click();
      await expect(dialog).toBeHidden();

      await expect(page.getByText(tr('Your documents are under review. We will let you know when we are done.'))).toBeVisible();
      await expect(page.getByRole('region', { name: tr('We are checking your documents') })).toHaveCount(0); // processing is not a warning
      await page.goto('/profile');
      const sent = page.getByRole('region', { name: tr('Documents sent'), exact: true });
      await expect(sent.getByText(tr('Under review'))).toHaveCount(2);
    });
  }

  test('brand 6, Russian, keyboard only at 320 px: replacing the address with one in another country warns about the card it cancels', async ({ page, signInViaApi, sandbox }) => {
    const tr = (msgid: string) => translate('ru', msgid);
    const login = 'cards@brand6.test';
    await sandbox.resetVerification(login);
    await page.setViewportSize({ width: 320, height: 740 });
    await signInViaApi(login, { lang: 'ru' });
    await page.goto('/profile');
    const addresses = page.getByRole('region', { name: tr('Addresses'), exact: true });
    await expect(addresses.getByText('Strada Lipscani 12')).toBeVisible();
    await tabTo(page, addresses.getByRole('button', { name: tr('Replace') }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: tr('Replace your address') });
    await expect(dialog).toBeVisible();
    const street = dialog.getByLabel(tr('Street and number'));
    await tabTo(page, street);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Rua Augusta 10');
    await tabTo(page, dialog.getByLabel(tr('City')));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Lisboa');
    await tabTo(page, dialog.getByLabel(tr('Postal code')));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1100-053');
    const country = dialog.getByLabel(tr('Country'));
    await tabTo(page, country);
    await country.selectOption('PT'); // a native select: the keyboard's choice is the browser's own
    await tabTo(page, dialog.getByRole('button', { name: tr('Save address') }));
    await page.keyboard.press('Enter');
    const warning = dialog.getByRole('region', { name: tr('Your cards and this move') });
    await expect(warning).toBeVisible();
    await expect(warning.getByText('Everyday card')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await tabTo(page, warning.getByRole('button', { name: tr('Replace my address') }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(addresses.getByText('Rua Augusta 10')).toBeVisible();
    await expect(addresses.getByText('Strada Lipscani 12')).toHaveCount(0);
    await expect(addresses.getByRole('button', { name: tr('Send a proof of this address') })).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await sandbox.resetVerification(login);
  });

  test('brand 3, Spanish: the tax id saved; a request to sign in with another e-mail, checked by the service, then failed and withdrawn', async ({ page, signInViaApi, sandbox, shell }) => {
    const tr = (msgid: string) => translate('es', msgid);
    const login = 'personal@brand3.test';
    await sandbox.resetVerification(login);
    await signInViaApi(login, { lang: 'es' });
    await page.goto('/profile');
    const tax = page.getByRole('region', { name: tr('Tax residence'), exact: true });
    await tax.getByRole('textbox', { name: tr('Tax id') }).fill('ES-12345678Z');
    await tax.getByRole('button', { name: tr('Save tax id') }).click();
    await expect(shell.notifications.getByText(tr('Your tax id is saved.'))).toBeVisible();
    await page.reload();
    await expect(tax.getByRole('textbox', { name: tr('Tax id') })).toHaveValue('ES-12345678Z');

    const emails = page.getByRole('region', { name: tr('E-mail'), exact: true });
    await emails.getByRole('textbox', { name: tr('New e-mail address to sign in with') }).fill(login.toUpperCase());
    await emails.getByRole('button', { name: tr('Send the link') }).click();
    await expect(emails.getByText(tr('This is already the address you sign in with.'))).toBeVisible();
    await emails.getByRole('textbox', { name: tr('New e-mail address to sign in with') }).fill('ana.nueva@example.com');
    await emails.getByRole('button', { name: tr('Send the link') }).click();
    // The address one signs in with: the service asks the customer to confirm it is them first (issue 49).
    const confirm = page.getByRole('dialog', { name: tr('Confirm it is you') });
    await expect(confirm.getByLabel(tr('Your password'), { exact: true })).toBeFocused();
    await confirm.getByLabel(tr('Your password'), { exact: true }).fill('not-the-password-1');
    await confirm.getByRole('button', { name: tr('Continue') }).click();
    // Refused: the service's reason at the field, which is cleared for another try.
    await expect(confirm.getByLabel(tr('Your password'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm.getByLabel(tr('Your password'), { exact: true })).toHaveValue('');
    await confirm.getByLabel(tr('Your password'), { exact: true }).fill(DEMO_PASSWORD);
    await confirm.getByRole('button', { name: tr('Continue') }).click();
    await expect(confirm).toBeHidden();
    await expect(emails.getByText(tr('Waiting for you to open the link we sent to this address'), { exact: false })).toBeVisible();
    await expect(emails.getByRole('button', { name: tr('Withdraw the request') })).toBeVisible();
    await expect(emails.getByRole('button', { name: tr('Send the link') })).toHaveCount(0);
    expect((await sandbox.outbox(login)).some((m) => m.to === 'ana.nueva@example.com')).toBe(true);

    // The link opened: the service checks it (it cannot be withdrawn now), then it fails.
    await sandbox.moveUsernameChange(login, 'pending');
    await expect(emails.getByText(tr('We are checking the change'), { exact: false })).toBeVisible();
    await expect(emails.getByRole('button', { name: tr('Withdraw the request') })).toHaveCount(0);
    await sandbox.moveUsernameChange(login, 'failed');
    await expect(emails.getByText(tr('The change did not go through. Withdraw it and try again.'), { exact: false })).toBeVisible();
    await emails.getByRole('button', { name: tr('Withdraw the request') }).click();
    await expect(emails.getByText('ana.nueva@example.com')).toHaveCount(0);
    await expect(emails.getByRole('button', { name: tr('Send the link') })).toBeVisible();
    await sandbox.resetVerification(login);
  });

  test('brand 2: an unauthorised representative with documents missing is handed off at sign-in and never sees a verification warning', async ({ page, loginPage }) => {
    await page.route('https://old-web.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Old web</title><h1>Old web</h1>' }));
    await loginPage.open({ brand: 'brand2', lang: 'en' });
    await loginPage.signIn('verify-representative@brand2.test');
    await expect(page).toHaveURL('https://old-web.example/brand2/authorized-user');
    await expect(page.getByText('Verify your account')).toHaveCount(0);
  });
});
