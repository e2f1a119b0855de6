import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { identityCheckMachine, type IdentityFeeFact } from '@machines/merchant/identity-check.machine';
import type { IdentityCheckValues } from '@machines/merchant/merchant-checks.rules';
import type { UiMessage } from '@machines/shared/ui-message';
import type { Account } from '@/entities/account';
import { withAppServices, withRouter, withShownNotifications } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { identityAccounts } from '../../../../.storybook/merchant-fixtures';
import { narrowIn } from '../../../../.storybook/narrow';
import { IdentityCheckView } from './identity-check-panel';

/**
 * /merchant/security/verification (issue 56): the accounts read (`args.accounts`: open payment
 * accounts in EUR and RON, a USDT one that may not pay, a closed one and a receiving one), the
 * countries, and the identity check statechart with fake calls: `fees` records each fee asked (2.50
 * EUR from a EUR account, 12.50 RON from the RON one), `creates` each check started (id 7001).
 */
const fees = fn<(accountId: number) => Promise<IdentityFeeFact>>();
const creates = fn<(input: { values: IdentityCheckValues; requestId: string }) => Promise<number>>();
const logic = identityCheckMachine.provide({
  actors: {
    fee: fromPromise(({ input }) => fees(input.accountId)),
    create: fromPromise(({ input }) => creates(input)),
  },
});

const feeOf = async (accountId: number): Promise<IdentityFeeFact> => (accountId === 1102 ? { accountId, amount: '12.50', currencyCode: 'RON' } : { accountId, amount: '2.50', currencyCode: 'EUR' });
const countries = [
  { code: 'DE', name: 'Germany' },
  { code: 'RO', name: 'Romania' },
];
const ANNA: IdentityCheckValues = { accountId: 1101, firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com', countryCode: 'DE', reference: 'ORDER-1042' };
const STARTED = 'The check was started and the fee charged. The person has been sent the invitation; the result appears in the history.';

const meta: Meta<typeof IdentityCheckView> = {
  title: 'Features/Identity check',
  component: IdentityCheckView,
  decorators: [withShownNotifications, withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { accounts: fakeQuery<Account[]>({ data: identityAccounts }), countries, canManage: true, logic },
  beforeEach: () => {
    fees.mockReset();
    fees.mockImplementation(feeOf);
    creates.mockReset();
    creates.mockImplementation(async () => 7001);
  },
};
export default meta;
type Story = StoryObj<typeof IdentityCheckView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'Identity verification' });
const accountField = (canvas: ReturnType<typeof within>) => canvas.findByRole('combobox', { name: 'The account that pays the fee' });

/** The form's person: names, e-mail, the document's country and a reference, as typed. */
const fillPerson = async (canvas: ReturnType<typeof within>, values: IdentityCheckValues = ANNA) => {
  await userEvent.type(canvas.getByRole('textbox', { name: 'First name' }), values.firstName);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Last name' }), values.lastName);
  await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), values.email);
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country of the identity document' }), values.countryCode);
  if (values.reference) await userEvent.type(canvas.getByRole('textbox', { name: 'Your reference (optional)' }), values.reference);
};

/** The EUR account chosen and its fee shown. */
const chooseEur = async (canvas: ReturnType<typeof within>) => {
  await userEvent.selectOptions(await accountField(canvas), '1101');
  await expect(await canvas.findByText('Fee for one check: €2.50')).toBeInTheDocument();
};

/** Continue pressed with everything right: the confirmation, its heading focused. */
const toConfirmation = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
  const question = await canvas.findByRole('heading', { level: 2, name: 'Start the check?' });
  await waitFor(() => expect(question).toHaveFocus());
  return within(canvas.getByRole('group', { name: 'Start the check?' }));
};

/** The accounts being read: the heading, the way to the history and the progress; no form yet. */
export const Loading: Story = {
  args: { accounts: fakeQuery<Account[]>({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'See the checks you started' })).toHaveAttribute('href', '/merchant/security/verification/history');
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Continue' })).toBeNull();
    await expect(fees).not.toHaveBeenCalled();
  },
};

/** The accounts could not be read: what happened and Try again, which reads again; no form. */
export const Error: Story = {
  args: { accounts: fakeQuery<Account[]>({ isError: true, error: new globalThis.Error('down') }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Your accounts could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.accounts.refetch).toHaveBeenCalledTimes(1);
    await expect(within(canvasElement).queryByRole('button', { name: 'Continue' })).toBeNull();
  },
};

/** Only a crypto account and a closed one: no account can pay the fee, said with what to do; no form. */
export const NoAccount: Story = {
  args: { accounts: fakeQuery<Account[]>({ data: identityAccounts.filter((account) => account.currencyCode === 'USDT' || account.accountStatusId === 11) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(await canvas.findByText('No account can pay the fee')).toBeInTheDocument();
    await expect(canvas.getByText('Open a payment account first: the fee of each check is paid from it.')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Continue' })).toBeNull();
  },
};

/** A user without full access: told who can start checks, with the way to the history; no form, no fee asked. */
export const NotAllowed: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByText('Only a user with full access to the merchant area can start checks.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'See the checks you started' })).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Continue' })).toBeNull();
    await expect(fees).not.toHaveBeenCalled();
  },
};

/** The empty form: only the open payment accounts offered (never the crypto, closed or receiving one); no fee until an account is chosen. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = await accountField(canvas);
    await expect(account).toHaveValue('');
    const options = within(account).getAllByRole('option');
    await expect(options.map((option) => option.getAttribute('value'))).toEqual(['', '1101', '1102']);
    await expect(options[1]).toHaveTextContent('Payment account EUR · No. 1101 · €480.00');
    await expect(options[2]).toHaveTextContent('Payment account RON · No. 1102 · lei 1,250.00');
    await expect(within(account).queryByRole('option', { name: /USDT/ })).toBeNull();
    await expect(within(account).queryByRole('option', { name: /No\. 1104|No\. 1105/ })).toBeNull();
    await expect(within(canvas.getByRole('combobox', { name: 'Country of the identity document' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose…', 'Germany', 'Romania']);
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('The person gets the invitation here.');
    await expect(canvas.queryByText(/^Fee for one check/)).toBeNull();
    await expect(fees).not.toHaveBeenCalled();
  },
};

/**
 * The whole journey: the fee asked for each account chosen and shown; empty names refused before
 * anything is sent (the focus on the first); the confirmation names the person, the e-mail and the
 * fee (Back keeps everything); "Start the check" starts it once; then what happens next and
 * "Start another check", which gives an empty form.
 */
export const Journey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = await accountField(canvas);
    await userEvent.selectOptions(account, '1102');
    await expect(await canvas.findByText('Fee for one check: lei 12.50')).toBeInTheDocument();
    await userEvent.selectOptions(account, '1101');
    await expect(await canvas.findByText('Fee for one check: €2.50')).toBeInTheDocument();
    await expect(canvas.queryByText(/lei 12\.50/)).toBeNull();
    await expect(fees.mock.calls.map(([id]) => id)).toEqual([1102, 1101]);
    const continueButton = canvas.getByRole('button', { name: 'Continue' });
    await userEvent.click(continueButton);
    await expect(await canvas.findByText("Enter the person's first name.")).toBeInTheDocument();
    await expect(canvas.getByText("Enter the person's last name.")).toBeInTheDocument();
    await expect(canvas.getByText('Enter the e-mail the invitation is sent to.')).toBeInTheDocument();
    await expect(canvas.getByText("Choose the country of the person's identity document.")).toBeInTheDocument();
    const firstName = canvas.getByRole('textbox', { name: 'First name' });
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(firstName).toHaveFocus());
    await expect(account).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByRole('heading', { name: 'Start the check?' })).toBeNull();
    await fillPerson(canvas);
    await expect(canvas.queryByText("Enter the person's first name.")).toBeNull();
    let confirm = await toConfirmation(canvas);
    await expect(confirm.getByText('Anna Berg will get an invitation at anna.berg@example.com to prove who they are.')).toBeInTheDocument();
    await expect(confirm.getByText('The fee of €2.50 is charged to account No. 1101 once, when you start the check.')).toBeInTheDocument();
    await expect(creates).not.toHaveBeenCalled();
    // Back: everything as it was, the fee still known (not asked again).
    await userEvent.click(confirm.getByRole('button', { name: 'Back' }));
    await expect(await canvas.findByRole('textbox', { name: 'First name' })).toHaveValue('Anna');
    await expect(canvas.getByRole('textbox', { name: 'Your reference (optional)' })).toHaveValue('ORDER-1042');
    await expect(canvas.getByRole('combobox', { name: 'The account that pays the fee' })).toHaveValue('1101');
    await expect(canvas.getByText('Fee for one check: €2.50')).toBeInTheDocument();
    await expect(fees).toHaveBeenCalledTimes(2);
    confirm = await toConfirmation(canvas);
    await userEvent.click(confirm.getByRole('button', { name: 'Start the check' }));
    await expect(await canvas.findByText(STARTED)).toBeInTheDocument();
    await expect(creates).toHaveBeenCalledTimes(1);
    await expect(creates).toHaveBeenCalledWith({ values: ANNA, requestId: expect.any(String) });
    await expect(await screen.findByText('The identity check was started.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Start another check' }));
    await expect(await canvas.findByRole('textbox', { name: 'First name' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'The account that pays the fee' })).toHaveValue('');
    await expect(canvas.queryByText(STARTED)).toBeNull();
    await expect(creates).toHaveBeenCalledTimes(1);
  },
};

/** The fee cannot be found: said, with why; Continue is disabled until Try again finds it. */
export const FeeFails: Story = {
  beforeEach: () => {
    fees.mockImplementationOnce(() => Promise.reject({ text: 'Server is not available' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await accountField(canvas), '1101');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(alert).toHaveTextContent('The check cannot be started until the fee is known.');
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(canvas.queryByText(/^Fee for one check/)).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Fee for one check: €2.50')).toBeInTheDocument();
    await expect(fees).toHaveBeenCalledTimes(2);
    await expect(fees.mock.calls.map(([id]) => id)).toEqual([1101, 1101]);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** Starting the check fails: the message in the confirmation with Try again, which sends the same requestId (charged once) and starts it. */
export const CreateFails: Story = {
  beforeEach: () => {
    creates.mockImplementationOnce(() => Promise.reject({ message: { text: 'Server is not available' } satisfies UiMessage }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseEur(canvas);
    await fillPerson(canvas);
    const confirm = await toConfirmation(canvas);
    await userEvent.click(confirm.getByRole('button', { name: 'Start the check' }));
    await expect(await confirm.findByRole('alert')).toHaveTextContent('Server is not available');
    await expect(confirm.queryByRole('button', { name: 'Start the check' })).toBeNull();
    await expect(confirm.getByText('Anna Berg will get an invitation at anna.berg@example.com to prove who they are.')).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText(STARTED)).toBeInTheDocument();
    await expect(creates).toHaveBeenCalledTimes(2);
    const [first, second] = creates.mock.calls.map(([input]) => input);
    await expect(second!.requestId).toBe(first!.requestId);
    await expect(second!.values).toEqual(ANNA);
  },
};

/** An account whose balance (1.00) does not cover the fee (2.50): refused at the account before the confirmation, nothing sent. */
export const FeeNotCovered: Story = {
  args: { accounts: fakeQuery<Account[]>({ data: [{ customerId: 10, accountStatusId: 1, accountId: 1106, type: 1001, currencyCode: 'EUR', balance: '1.00' }] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = await accountField(canvas);
    await userEvent.selectOptions(account, '1106');
    await expect(await canvas.findByText('Fee for one check: €2.50')).toBeInTheDocument();
    await fillPerson(canvas, { ...ANNA, accountId: 1106 });
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('The balance of this account does not cover the fee. Choose another account or add money to it.')).toBeInTheDocument();
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(account).toHaveFocus());
    await expect(canvas.queryByRole('heading', { name: 'Start the check?' })).toBeNull();
    await expect(creates).not.toHaveBeenCalled();
  },
};

/** The form with the EUR account's fee shown: nothing cut off, nothing scrolling sideways. */
const layoutHolds = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const section = (await canvas.findByRole('heading', { level: 1 })).parentElement!;
  // The account field is the first choice (found by role: its label is translated).
  await userEvent.selectOptions((await canvas.findAllByRole('combobox'))[0]!, '1101');
  await waitFor(() => expect(fees).toHaveBeenCalledWith(1101));
  await waitFor(() => expect(section.querySelector('[aria-live="polite"]')).toHaveTextContent(/2[.,]50/));
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
};

/** In Portuguese on a 320 px column: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
