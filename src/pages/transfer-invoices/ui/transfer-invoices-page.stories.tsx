import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { invoiceMessages } from '@machines/invoices/invoice-messages';
import type { Invoice } from '@/entities/invoice';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts } from '../../../../.storybook/fixtures';
import {
  demoInvoice as invoice,
  demoReceivedInvoices as received,
  fakeInvoicePayeeLogic,
  fakeInvoicesLogic as logic,
  INVOICE_TODAY as TODAY,
  invoiceFakes,
  invoiceListQuery as q,
  invoicePage as page,
  resetInvoiceFakes,
} from '../../../../.storybook/invoice-fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { TransferInvoicesView } from './transfer-invoices-page';

const { createInvoice, rejectInvoice, fundInvoice, quoteFee, submitPayment } = invoiceFakes;

const body = () => within(document.body);
const slow = { timeout: 5000 };

/** /transfer/invoices with its lists injected and the popups' calls faked. */
const meta: Meta<typeof TransferInvoicesView> = {
  title: 'Pages/Transfers/Invoices',
  component: TransferInvoicesView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen', queryData: received.map((item) => [['invoices', 'one', item.id], item]) },
  args: { search: {}, onSearch: fn(), list: q({ data: page(45, received) }), accounts: demoAccounts, ownEmails: ['ana@example.com'], business: false, today: TODAY },
  // The statechart with its fake calls is no arg (not serialisable).
  render: (args) => <TransferInvoicesView {...args} logic={logic} payeeLogic={fakeInvoicePayeeLogic} />,
  beforeEach: resetInvoiceFakes,
};
export default meta;
type Story = StoryObj<typeof TransferInvoicesView>;

export const Loading: Story = {
  args: { list: q({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { list: q({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Your invoices could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.list.refetch).toHaveBeenCalledTimes(1);
  },
};

export const EmptyReceived: Story = {
  args: { list: q({ data: page(0, []) }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No invoices received')).toBeInTheDocument();
  },
};

/** Sent, filtered by the quick filter, nothing matches: said so; the quick filter is pressed and the status chosen. */
export const EmptySentFiltered: Story = {
  args: { search: { tab: 'sent', status: 1 }, list: q({ data: page(0, []) }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No invoice matches these filters')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Sent' })).toHaveAttribute('aria-current', 'page');
    const quick = canvas.getByRole('button', { name: 'Awaiting payment' });
    await expect(quick).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(quick);
    await expect(args.onSearch).toHaveBeenCalledWith({ tab: 'sent' });
    await expect(canvas.getByLabelText("Payer's e-mail")).toBeInTheDocument();
  },
};

/** Received: each row's actions by its status (unpaid: pay and reject; funding: no pay), overdue said, the pages, the filter to the address. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Invoices received' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows).toHaveLength(6);
    await expect(canvas.getByText('45 invoices')).toBeInTheDocument();
    await expect(within(rows[0]!).getByRole('button', { name: 'Pay invoice No. 41' })).toBeInTheDocument();
    await expect(within(rows[0]!).getByRole('button', { name: 'Reject invoice No. 41' })).toBeInTheDocument();
    await expect(within(rows[0]!).queryByText('Overdue')).toBeNull();
    await expect(within(rows[1]!).getByText('Overdue')).toBeInTheDocument();
    await expect(within(rows[2]!).queryByRole('button', { name: /^Pay/ })).toBeNull();
    await expect(within(rows[5]!).getByText('Funding invoice')).toBeInTheDocument();
    await expect(within(rows[5]!).queryByRole('button', { name: /^Pay/ })).toBeNull();
    await expect(within(rows[5]!).queryByRole('button', { name: /^Reject/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/transfer/invoices?page=2');
    await expect(canvas.getByRole('button', { name: 'Unpaid' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(canvas.getByLabelText('Amount from'), '200');
    await userEvent.type(canvas.getByLabelText('Amount to'), '100');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await expect(await canvas.findByText('The smallest amount is above the largest.')).toBeInTheDocument();
    await expect(args.onSearch).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('Amount to'));
    await userEvent.type(canvas.getByLabelText('Amount to'), '300');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await expect(args.onSearch).toHaveBeenCalledWith({ fromAmount: '200', toAmount: '300' });
  },
};

/** The view popup: everything the invoice says, the rejection note as text; Pay and Reject from it. */
export const ViewRejected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Invoices received' });
    await userEvent.click(within(list).getByRole('button', { name: 'View invoice No. 38' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Invoice No. 38' }, slow));
    await expect(dialog.getByText('Already paid by card')).toBeInTheDocument();
    await expect(dialog.queryByRole('button', { name: 'Pay' })).toBeNull();
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Create: the rule before sending (own e-mail, a past due date), then sent once and said so. */
export const CreateInvoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New invoice' }));
    const dialog = within(await body().findByRole('dialog', { name: 'New invoice' }, slow));
    await userEvent.type(dialog.getByLabelText(/E-mail of the customer who pays/), 'ANA@example.com');
    await userEvent.type(dialog.getByLabelText(/^Amount/), '10.555');
    await userEvent.type(dialog.getByLabelText(/Due date/), '2026-11-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Send invoice' }));
    await expect(await dialog.findByText('You cannot send an invoice to yourself.')).toBeInTheDocument();
    await expect(dialog.getByText('This currency does not take that many decimals.')).toBeInTheDocument();
    await expect(dialog.getByText('The due date cannot be in the past.')).toBeInTheDocument();
    await expect(createInvoice).not.toHaveBeenCalled();
    await userEvent.clear(dialog.getByLabelText(/E-mail of the customer who pays/));
    await userEvent.type(dialog.getByLabelText(/E-mail of the customer who pays/), 'shop@example.com');
    await userEvent.clear(dialog.getByLabelText(/^Amount/));
    await userEvent.type(dialog.getByLabelText(/^Amount/), '10.55');
    await userEvent.clear(dialog.getByLabelText(/Due date/));
    await userEvent.type(dialog.getByLabelText(/Due date/), '2026-12-31');
    await userEvent.click(dialog.getByRole('button', { name: 'Send invoice' }));
    await expect(await body().findByText('Invoice sent. The customer is told and can pay it.', {}, slow)).toBeInTheDocument();
    await expect(createInvoice).toHaveBeenCalledTimes(1);
    await expect(createInvoice.mock.calls[0]![0]).toMatchObject({ toEmail: 'shop@example.com', amount: '10.55', currency: 'USD', dueDate: '2026-12-31' });
  },
};

/** Pay: the account offered (USD with enough money), its fee and the total, then paid with no approval: the approval's popup says so and, closed, the lists are read again. */
export const PayInvoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Invoices received' });
    await userEvent.click(within(list).getByRole('button', { name: 'Pay invoice No. 41' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Pay invoice' }, slow));
    await expect(dialog.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await userEvent.selectOptions(dialog.getByLabelText('Pay from'), '1001');
    await expect(await dialog.findByText('$127.00')).toBeInTheDocument();
    await expect(quoteFee).toHaveBeenCalledWith({ amount: '125.50', accountId: 1001 });
    await userEvent.click(dialog.getByRole('button', { name: 'Pay' }));
    const done = within(await body().findByRole('alertdialog', { name: 'Successfully submitted' }, slow));
    await expect(submitPayment).toHaveBeenCalledTimes(1);
    await expect((submitPayment.mock.calls as unknown as [unknown][])[0]![0]).toMatchObject({ method: 'p2pTransfer', body: { accountId: 1001, amount: '125.50', currency: 'USD', toEmail: 'billing@northwind.example', invoiceId: 41 } });
    await userEvent.click(done.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Reject from the row with a note to the sender. */
export const RejectInvoice: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Invoices received' });
    await userEvent.click(within(list).getByRole('button', { name: 'Reject invoice No. 41' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Reject invoice' }, slow));
    await userEvent.type(dialog.getByLabelText(/Note to the sender/), 'Wrong amount');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject invoice' }));
    await expect(await body().findByText('Invoice rejected. The sender sees your note.', {}, slow)).toBeInTheDocument();
    await expect(rejectInvoice).toHaveBeenCalledWith({ note: 'Wrong amount', invoiceId: '41' }, expect.any(String));
  },
};

/** A business's funding invoice that cannot be made: 001 s8's words, the amount kept. */
export const FundingFailure: Story = {
  args: { business: true },
  play: async ({ canvasElement }) => {
    fundInvoice.mockRejectedValue({ message: { descriptor: invoiceMessages.fundingFailed } });
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Funding invoice' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Funding invoice' }, slow));
    await userEvent.type(dialog.getByLabelText('Amount (USD)'), '5000');
    await userEvent.click(dialog.getByRole('button', { name: 'Create invoice' }));
    await expect(await dialog.findByText('Failed to generate invoice. Please, try again.')).toBeInTheDocument();
    await expect(dialog.getByLabelText('Amount (USD)')).toHaveValue('5000');
  },
};

/** A phone-wide column (320 px): names, e-mails and buttons wrap, nothing cut off. */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

const long: Invoice[] = [invoice(51, { payeeName: 'Companhia Internacional de Serviços Financeiros e Consultoria Lda', payeeEmail: 'faturacao.departamento.financeiro@companhia-internacional.example', noteBody: 'x'.repeat(80) })];

export const Narrow: Story = {
  decorators: [narrow],
  args: { list: q({ data: page(1, long) }) },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list', { name: 'Invoices received' });
    await expect(clippedText(canvasElement).join('\n')).toBe('');
  },
};
