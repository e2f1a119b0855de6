import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { p2pTransferMachine } from '@machines/transfers/p2p-transfer.machine';
import type { PayeeFacts } from '@machines/transfers/p2p.logic';
import type { Account, RecentTransfer } from '@/entities/account';
import type { CustomerEmail, P2pBeneficiary, PaymentTemplate } from '@/entities/transfer';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic, fakePayeeCheckLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { TransferP2pPageView } from './transfer-p2p-page';

const submit = fn(async (_request: ApprovalRequest): Promise<ApprovalReply> => ({ approveType: 'none', status: 'completed', transactionId: 601 }));
const logic = p2pTransferMachine.provide({ actors: { approval: fakeApprovalLogic(submit) } });


/** The payee check answers from a small address book (no network). */
const payees: Record<string, Omit<PayeeFacts, 'email'>> = {
  'maria@example.com': { exist: true, name: 'Maria I.' },
  'staff@example.com': { exist: true, isEmployee: true, name: 'Globex Ltd' },
  'blocked@example.com': { exist: true, outBlacklist: true, name: 'Sam L.' },
};
const payeeLogic = fakePayeeCheckLogic(payees);

const emails: CustomerEmail[] = [
  { id: 1, email: 'ana@example.com', isPrimary: true },
  { id: 2, email: 'ana.payments@example.com', isPrimary: false },
];
const beneficiaries: P2pBeneficiary[] = [{ email: 'maria@example.com', name: 'Maria Ionescu' }];
const templates: PaymentTemplate[] = [{ id: 7, name: 'Rent share', type: 'p2p', toEmail: 'maria@example.com', amount: '450.00', currencyCode: 'USD', note: 'Flat, November' }];
const recent: RecentTransfer[] = [
  { transactionId: 91, type: 'p2p', permission: '3d', isDisabled: false, name: 'Maria I.', email: 'maria@example.com', amount: '75.00', currencyCode: 'USD', created: '2026-11-20T10:00:00Z' },
  { transactionId: 90, type: 'p2p', permission: '3d', isDisabled: true, name: 'Closed Holder', email: 'closed@example.com', amount: '5.00', currencyCode: 'USD', created: '2026-11-19T10:00:00Z' },
];
const q = <T,>(over: Parameters<typeof fakeQuery<T>>[0] = {}) => fakeQuery<T>(over);

/** /transfer/p2p with its queries injected, a fake payee check and a fake approval (no network). */
const meta: Meta<typeof TransferP2pPageView> = {
  title: 'Pages/Transfers/Send to a person',
  component: TransferP2pPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen', queryData: [[['p2p-fee', '450.00', 1001], { fee: '4.50', currencyCode: 'USD' }]] },
  args: {
    accounts: q<Account[]>({ data: demoAccounts }),
    emails: q<CustomerEmail[]>({ data: emails }),
    beneficiaries: q<P2pBeneficiary[]>({ data: beneficiaries }),
    templates: q<PaymentTemplate[]>({ data: templates }),
    details: q<null>({}),
    recent: q<RecentTransfer[]>({ data: recent }),
    logic,
    payeeLogic,
  },
  beforeEach: () => {
    sessionStorage.removeItem('app.transferIntents');
    submit.mockReset();
    submit.mockImplementation(async () => ({ approveType: 'none', status: 'completed', transactionId: 601 }));
  },
};
export default meta;
type Story = StoryObj<typeof TransferP2pPageView>;

export const Loading: Story = {
  args: { accounts: q<Account[]>({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Send to a person' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
  },
};

export const Error: Story = {
  args: { emails: q<CustomerEmail[]>({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your e-mail addresses could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.emails.refetch).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
  },
};

export const Empty: Story = {
  args: { accounts: q<Account[]>({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have no open account to send from.')).toBeInTheDocument();
  },
};

export const NotAllowed: Story = {
  args: { allowed: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not available for your profile')).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox', { name: /Recipient/ })).toBeNull();
  },
};

/**
 * Filled from a template: recipient, amount, note and account; the payee is checked and named;
 * the fee shows; the sender's e-mail is the primary one; sent once with the whole body.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Start from a template' }), '7');
    await expect(canvas.getByRole('textbox', { name: /Recipient/ })).toHaveValue('maria@example.com');
    await expect(await canvas.findByText('Maria I. receives it.')).toBeInTheDocument();
    await expect(await canvas.findByText('$4.50')).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'The recipient sees my e-mail' })).toHaveValue('1');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toMatchObject({
      method: 'p2pTransfer',
      body: {
        accountId: 1001,
        amount: '450.00',
        currency: 'USD',
        toEmail: 'maria@example.com',
        note: 'Flat, November',
        fromEmailId: 1,
        platform: 'web',
      },
    });
    await expect(await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Successfully submitted' }, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** What the payee check says: nobody, an employee of a business, someone on the payout blacklist; a refused submit names the field. */
export const PayeeStates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('textbox', { name: /Recipient/ });
    await userEvent.type(email, 'nobody@example.com');
    await expect(await canvas.findByText('There is no customer with this e-mail.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'staff@example.com');
    await expect(await canvas.findByText('This is an employee of a business customer.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'blocked@example.com');
    await expect(await canvas.findByText('This e-mail is on your payout blacklist.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText('This e-mail is on your payout blacklist. Remove it there to send money to it.')).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** A recent transfer (disabled ones hidden) fills the recipient, amount and account. */
export const SendAgain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = await canvas.findByRole('combobox', { name: 'Send again' });
    await expect(within(select).queryByRole('option', { name: /Closed Holder/ })).toBeNull();
    await userEvent.selectOptions(select, '91');
    await expect(canvas.getByRole('textbox', { name: /Recipient/ })).toHaveValue('maria@example.com');
    await expect(canvas.getByRole('textbox', { name: /Amount/ })).toHaveValue('75.00');
    await expect(canvas.getByRole('combobox', { name: 'From account' })).toHaveValue('1001');
    await expect(await canvas.findByText('Maria I. receives it.')).toBeInTheDocument();
  },
};
