import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { ownTransferMachine } from '@machines/transfers/own-transfer.machine';
import type { Account } from '@/entities/account';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { TransferAccountPageView } from './transfer-account-page';

const accountsQuery = (over: Parameters<typeof fakeQuery<Account[]>>[0] = {}) => fakeQuery<Account[]>(over);

/** The submit the approval makes, scripted per story: a reply, or a refusal. */
const submit = fn(async (_request: ApprovalRequest): Promise<ApprovalReply> => ({ approveType: 'none', status: 'completed', transactionId: 501 }));
const logic = ownTransferMachine.provide({ actors: { approval: fakeApprovalLogic(submit) } });


/** What the service says for 100.00 USD from 1001 to the EUR account 1003. */
const lookups: [readonly unknown[], unknown][] = [
  [['transfer-rate', 'USD', 'EUR'], '0.92'],
  [['own-accounts-fee', '100.00', 1001, 1003], { fee: '0.50', currencyCode: 'USD' }],
  [['transfer-max-amount', { fromAccountId: 1001, toAccountId: 1003, operation: 'betweenAccounts', currencyCode: 'USD' }], { minAmount: '0.01', amount: '2450.75' }],
  [
    ['customer-limits', { type: 'betweenAccounts', fromAccountId: 1001, currencyCode: 'USD' }],
    [
      { period: 'daily', amount: '20000.00', used: '250.00', currencyCode: 'USD' },
      { period: 'monthly', amount: '100000.00', used: '1250.00', currencyCode: 'USD' },
    ],
  ],
];

/** /transfer/account with its account list injected and a fake approval (no network). */
const meta: Meta<typeof TransferAccountPageView> = {
  title: 'Pages/Transfers/Between own accounts',
  component: TransferAccountPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen', queryData: lookups },
  args: { accounts: accountsQuery({ data: demoAccounts }), logic },
  beforeEach: () => {
    sessionStorage.removeItem('app.transferIntents');
    submit.mockReset();
    submit.mockImplementation(async () => ({ approveType: 'none', status: 'completed', transactionId: 501 }));
  },
};
export default meta;
type Story = StoryObj<typeof TransferAccountPageView>;

const choose = async (canvas: ReturnType<typeof within>, label: string, optionText: RegExp) => {
  const select = canvas.getByRole('combobox', { name: label });
  const option = within(select).getByRole('option', { name: optionText });
  await userEvent.selectOptions(select, option);
};

export const Loading: Story = {
  args: { accounts: accountsQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Between your accounts' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
  },
};

export const Error: Story = {
  args: { accounts: accountsQuery({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your accounts could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.accounts.refetch).toHaveBeenCalledTimes(1);
  },
};

/** The permission flags do not offer transfers between own accounts: no form, no account list. */
export const NotAllowed: Story = {
  args: { allowed: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not available for your profile')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: 'From account' })).toBeNull();
  },
};

export const Empty: Story = {
  args: { accounts: accountsQuery({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have no open account to send from.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
  },
};

/**
 * The form filled: USD to EUR with the rate, what leaves and arrives, the fee, the range and the
 * limits before submit; a closed account and cards are not sources. A missing amount is refused
 * on the spot; a valid transfer is sent once, with its requestId, and the form starts again.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const from = await canvas.findByRole('combobox', { name: 'From account' });
    await expect(within(from).queryByRole('option', { name: /RON/ })).toBeNull();
    await expect(within(from).queryByRole('option', { name: /Travel card/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText('Choose the account to send from.')).toBeInTheDocument();
    await choose(canvas, 'From account', /USD · No\. 1001/);
    await choose(canvas, 'To account', /EUR · No\. 1003/);
    await userEvent.type(canvas.getByRole('textbox', { name: /Amount \(USD\)/ }), '100');
    await expect(await canvas.findByText('1 USD = 0.92 EUR')).toBeInTheDocument();
    await expect(await canvas.findByText('€92.00')).toBeInTheDocument();
    await expect(await canvas.findByText('$0.50')).toBeInTheDocument();
    await expect(await canvas.findByText('$250.00 used of $20,000.00')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toMatchObject({ method: 'ownAccountsTransfer', body: { fromAccount: 1001, toAccount: 1003, toAmount: '100.00', currency: 'USD', requestId: expect.any(String) } });
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Successfully submitted' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await expect(await canvas.findByText('The money was moved.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  },
};

/** "Send the most" puts the service's largest amount (its decimal text) in the amount field, in the account it leaves. */
export const SendTheMost: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'From account' });
    await choose(canvas, 'From account', /USD · No\. 1001/);
    await choose(canvas, 'To account', /EUR · No\. 1003/);
    await expect(await canvas.findByText('from $0.01 to $2,450.75')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send the most: $2,450.75' }));
    await expect(canvas.getByRole('textbox', { name: /Amount \(USD\)/ })).toHaveValue('2450.75');
  },
};

/** A submit that fails keeps what was typed; Try again sends the same transfer (the same requestId). */
export const SubmitFailed: Story = {
  play: async ({ canvasElement }) => {
    submit.mockRejectedValueOnce({ text: 'Server is not available' });
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'From account' });
    await choose(canvas, 'From account', /USD · No\. 1001/);
    await choose(canvas, 'To account', /EUR · No\. 1003/);
    await userEvent.type(canvas.getByRole('textbox', { name: /Amount \(USD\)/ }), '100');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(canvas.getByRole('textbox', { name: /Amount \(USD\)/ })).toHaveValue('100');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    // The same transfer with the same requestId.
    await expect(submit.mock.calls[1]?.[0]).toEqual(submit.mock.calls[0]?.[0]);
  },
};

/** A mode with a code: the approval popup asks for it. */
export const WaitingForCode: Story = {
  play: async ({ canvasElement }) => {
    submit.mockResolvedValueOnce({ approveType: 'sms', operationId: 'op-1', transactionId: 502, approvalSentTo: '+40 7** *** 321' });
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'From account' });
    await choose(canvas, 'From account', /USD · No\. 1001/);
    await choose(canvas, 'To account', /EUR · No\. 1003/);
    await userEvent.type(canvas.getByRole('textbox', { name: /Amount \(USD\)/ }), '100');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Confirm with a code' }, { timeout: 5000 });
    await expect(dialog).toHaveTextContent('We sent a code by SMS to +40 7** *** 321.');
  },
};

/** After a reload mid-submit: the same transfer with its requestId, and what that means. */
export const ComeBackAfterReload: Story = {
  beforeEach: () => {
    sessionStorage.setItem(
      'app.transferIntents',
      JSON.stringify({ own: { values: { fromAccount: '1001', toAccount: '1003', amount: '100', amountIn: 'from' }, requestId: 'kept-request-1', savedAt: Date.now() } }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/You were sending this transfer when the page was left/)).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: /Amount \(USD\)/ })).toHaveValue('100');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toMatchObject({ method: 'ownAccountsTransfer', body: { requestId: 'kept-request-1' } });
  },
};
