import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { createActor } from 'xstate';
import type { InvoicesEvent } from '@machines/invoices/invoices.machine';
import type { Invoice } from '@/entities/invoice';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { demoAccounts } from '../../../../.storybook/fixtures';
import { demoInvoice, demoReceivedInvoices, fakeInvoicePayeeLogic, fakeInvoicesLogic, INVOICE_TODAY, invoiceFakes, resetInvoiceFakes } from '../../../../.storybook/invoice-fixtures';
import { InvoiceDialogs } from './invoice-dialogs';

const { createInvoice, rejectInvoice, fundInvoice, quoteFee, submitPayment } = invoiceFakes;
const changed = fn();
const never = () => new Promise<never>(() => {});
const body = () => within(document.body);
const slow = { timeout: 5000 };

/** What the page sends to open a popup (transfer-invoices-page.tsx). */
const CREATE: InvoicesEvent = {
  type: 'CREATE',
  values: { toEmail: '', amount: '', currency: 'USD', dueDate: '', noteBody: '', today: INVOICE_TODAY, currencies: 'USD\nEUR\nRON', own: 'ana@example.com' },
};
const payOf = (invoice: Invoice): InvoicesEvent => ({ type: 'PAY', invoice: { invoiceId: invoice.id, amount: invoice.amount, currencyCode: invoice.currencyCode, payeeEmail: invoice.payeeEmail } });
const REJECT_41: InvoicesEvent = { type: 'REJECT', invoiceId: 41, values: { note: '', invoiceId: '41' } };
const FUND: InvoicesEvent = { type: 'FUND', values: { amount: '', currency: 'USD' } };

/** The popups over the invoices statechart (fake calls), opened by the event the page would send. */
function Dialogs({ open, invoices }: { open: InvoicesEvent; invoices: readonly Invoice[] }) {
  const [actor] = useState(() => {
    const started = createActor(fakeInvoicesLogic.provide({ actions: { changed } })).start();
    started.send(open);
    return started;
  });
  return <InvoiceDialogs actor={actor} tab="received" invoices={invoices} accounts={demoAccounts} today={INVOICE_TODAY} payeeLogic={fakeInvoicePayeeLogic} />;
}

/**
 * The invoice popups (001 s2: view, create, pay, reject; the funding invoice) each in its states:
 * loading, failed, filled, sending, refused, and what the user can do next. The page's stories
 * (Pages/Transfers/Invoices) open them from the lists; here each opens alone.
 */
const meta: Meta<typeof Dialogs> = {
  title: 'Features/InvoiceDialogs',
  component: Dialogs,
  decorators: [withAppServices, withRouter],
  args: { invoices: demoReceivedInvoices },
  beforeEach: () => {
    resetInvoiceFakes();
    changed.mockClear();
  },
};
export default meta;
type Story = StoryObj<typeof Dialogs>;

/** View, still reading the invoice (not among the rows on screen): said, nothing to act on yet. */
export const ViewLoading: Story = {
  args: { open: { type: 'VIEW', invoiceId: 77 } },
  beforeEach: withFetch(pendingFetch),
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Invoice No. 77' }, slow));
    await expect(dialog.getByRole('status')).toHaveTextContent('Loading…');
    await expect(dialog.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Pay' })).toBeNull();
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** View of an invoice that could not be read: said, and the popup still closes. */
export const ViewError: Story = {
  args: { open: { type: 'VIEW', invoiceId: 77 } },
  // Failed already, and read again on opening (a failed read is retried on mount): the service is down.
  parameters: { queryErrors: [[['invoices', 'one', 77], new Error('The service is not available')]] },
  beforeEach: withFetch(downFetch),
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Invoice No. 77' }, slow));
    await expect(await dialog.findByRole('alert', {}, slow)).toHaveTextContent('This invoice could not be loaded.');
    await expect(dialog.queryByRole('button', { name: 'Pay' })).toBeNull();
  },
};

/** View of an unpaid received invoice: its facts, the PDF, Pay and Reject; Reject replaces it with its popup. */
export const ViewUnpaid: Story = {
  args: { open: { type: 'VIEW', invoiceId: 41 } },
  parameters: { queryData: [[['invoices', 'one', 41], demoInvoice(41)]] },
  play: async () => {
    const view = await body().findByRole('dialog', { name: 'Invoice No. 41' }, slow);
    await expect(view).toHaveTextContent('Northwind Studio Ltd');
    await expect(view).toHaveTextContent('$125.50');
    await expect(view).toHaveTextContent('Design work, November');
    await expect(within(view).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    await expect(within(view).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    await userEvent.click(within(view).getByRole('button', { name: 'Reject' }));
    await expect(await body().findByRole('dialog', { name: 'Reject invoice' }, slow)).toBeInTheDocument();
    await expect(screen.queryByRole('dialog', { name: 'Invoice No. 41' })).toBeNull();
  },
};

/** Create, sending: the button is busy, a second press sends nothing, what was typed stays. */
export const CreateSending: Story = {
  args: { open: CREATE },
  play: async () => {
    createInvoice.mockImplementation(never);
    const dialog = within(await body().findByRole('dialog', { name: 'New invoice' }, slow));
    await userEvent.type(dialog.getByLabelText(/E-mail of the customer who pays/), 'shop@example.com');
    await userEvent.type(dialog.getByLabelText(/^Amount/), '42.10');
    await userEvent.type(dialog.getByLabelText(/Due date/), '2026-12-31');
    const send = dialog.getByRole('button', { name: /Send invoice/ });
    await userEvent.click(send);
    await waitFor(() => expect(createInvoice).toHaveBeenCalledTimes(1));
    await userEvent.click(send);
    await expect(createInvoice).toHaveBeenCalledTimes(1);
    await expect(dialog.getByLabelText(/^Amount/)).toHaveValue('42.10');
  },
};

/** Create: the payee check says who is asked to pay, or warns (unknown, payout blacklist, an employee); a warning does not block sending. */
export const CreatePayeeNotes: Story = {
  args: { open: CREATE },
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'New invoice' }, slow));
    const email = dialog.getByLabelText(/E-mail of the customer who pays/);
    await userEvent.type(email, 'shop@example.com');
    await expect(await dialog.findByText('Corner Shop is asked to pay it.', {}, slow)).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'nobody@example.com');
    await expect(await dialog.findByText('There is no customer with this e-mail.', {}, slow)).toBeInTheDocument();
    await expect(dialog.queryByText('Corner Shop is asked to pay it.')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'staff@example.com');
    await expect(await dialog.findByText('This is an employee of a business customer: they cannot pay invoices.', {}, slow)).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'blocked@example.com');
    await expect(await dialog.findByText('This e-mail is on your payout blacklist.', {}, slow)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/^Amount/), '42.10');
    await userEvent.type(dialog.getByLabelText(/Due date/), '2026-12-31');
    await userEvent.click(dialog.getByRole('button', { name: 'Send invoice' }));
    await expect(await body().findByText('Invoice sent. The customer is told and can pay it.', {}, slow)).toBeInTheDocument();
    await expect(createInvoice).toHaveBeenCalledWith(expect.objectContaining({ toEmail: 'blocked@example.com' }), expect.any(String));
  },
};

/** Create refused by the service at a field: the error at that field, everything typed kept; sent again once corrected. */
export const CreateRefused: Story = {
  args: { open: CREATE },
  play: async () => {
    createInvoice.mockRejectedValueOnce({ fields: { toEmail: { text: 'There is no customer with this e-mail' } } });
    const dialog = within(await body().findByRole('dialog', { name: 'New invoice' }, slow));
    const email = dialog.getByLabelText(/E-mail of the customer who pays/);
    await userEvent.type(email, 'nobody@example.com');
    await userEvent.type(dialog.getByLabelText(/^Amount/), '42.10');
    await userEvent.type(dialog.getByLabelText(/Due date/), '2026-12-31');
    await userEvent.click(dialog.getByRole('button', { name: 'Send invoice' }));
    await expect(await dialog.findByText('There is no customer with this e-mail')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabelText(/^Amount/)).toHaveValue('42.10');
    await userEvent.clear(email);
    await userEvent.type(email, 'shop@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Send invoice' }));
    await expect(await body().findByText('Invoice sent. The customer is told and can pay it.', {}, slow)).toBeInTheDocument();
    await expect(createInvoice).toHaveBeenCalledTimes(2);
    // Other values are another intent: another requestId.
    await expect(createInvoice.mock.calls[1]![1]).not.toBe(createInvoice.mock.calls[0]![1]);
    await expect(changed).toHaveBeenCalledTimes(1);
  },
};

/** Pay, the fee still being worked out for the chosen account: said, Pay not yet offered. */
export const PayQuoting: Story = {
  args: { open: payOf(demoInvoice(41)) },
  play: async () => {
    quoteFee.mockImplementation(never);
    const dialog = within(await body().findByRole('dialog', { name: 'Pay invoice' }, slow));
    await userEvent.selectOptions(dialog.getByLabelText('Pay from'), '1001');
    await expect(await dialog.findByText('Working it out…')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Pay' })).toBeDisabled();
  },
};

/** Pay, the fee could not be worked out: the service's words and Try again, which asks again. */
export const PayFeeFailed: Story = {
  args: { open: payOf(demoInvoice(41)) },
  play: async () => {
    quoteFee.mockRejectedValueOnce({ text: 'The fee could not be worked out' });
    const dialog = within(await body().findByRole('dialog', { name: 'Pay invoice' }, slow));
    await userEvent.selectOptions(dialog.getByLabelText('Pay from'), '1001');
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent('The fee could not be worked out');
    await expect(dialog.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await dialog.findByText('$127.00')).toBeInTheDocument();
    await expect(quoteFee).toHaveBeenCalledTimes(2);
    await expect(dialog.getByRole('button', { name: 'Pay' })).toBeEnabled();
  },
};

/** Pay an invoice in a currency none of the accounts holds: said, nothing to choose, nothing to press. */
export const PayNoAccount: Story = {
  args: { open: payOf(demoInvoice(42, { currencyCode: 'GBP', amount: '80.00', total: '80.00' })) },
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Pay invoice' }, slow));
    await expect(dialog.getByText('None of your GBP accounts has enough money to pay this invoice.')).toBeInTheDocument();
    await expect(dialog.queryByLabelText('Pay from')).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await expect(quoteFee).not.toHaveBeenCalled();
  },
};

/** Pay, the submit failed (a 500 or a lost reply): Try again sends the same payment (same requestId), paid once. */
export const PaySubmitFailed: Story = {
  args: { open: payOf(demoInvoice(41)) },
  play: async () => {
    submitPayment.mockRejectedValueOnce({ text: 'The service is not available' });
    const dialog = within(await body().findByRole('dialog', { name: 'Pay invoice' }, slow));
    await userEvent.selectOptions(dialog.getByLabelText('Pay from'), '1001');
    await expect(await dialog.findByText('$127.00')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Pay' }));
    const retry = await dialog.findByRole('button', { name: 'Try again' }, slow);
    await expect(dialog.getByLabelText('Pay from')).toHaveValue('1001');
    await userEvent.click(retry);
    await expect(await body().findByRole('alertdialog', { name: 'Successfully submitted' }, slow)).toBeInTheDocument();
    await expect(submitPayment).toHaveBeenCalledTimes(2);
    await expect(submitPayment.mock.calls[1]![0]).toEqual(submitPayment.mock.calls[0]![0]);
  },
};

/** Reject, the reply lost: the note kept and said; sent again with the same requestId (rejected once). */
export const RejectDroppedReply: Story = {
  args: { open: REJECT_41 },
  play: async () => {
    rejectInvoice.mockRejectedValueOnce({ message: { text: 'No answer from the service. Nothing is lost: try again.' } });
    const dialog = within(await body().findByRole('dialog', { name: 'Reject invoice' }, slow));
    await userEvent.type(dialog.getByLabelText(/Note to the sender/), 'Wrong amount');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject invoice' }));
    await expect(await dialog.findByText('No answer from the service. Nothing is lost: try again.')).toBeInTheDocument();
    await expect(dialog.getByLabelText(/Note to the sender/)).toHaveValue('Wrong amount');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject invoice' }));
    await expect(await body().findByText('Invoice rejected. The sender sees your note.', {}, slow)).toBeInTheDocument();
    await expect(rejectInvoice).toHaveBeenCalledTimes(2);
    await expect(rejectInvoice.mock.calls[1]).toEqual(rejectInvoice.mock.calls[0]);
  },
};

/** Funding invoice made: said, with its PDF to download; the lists are read again. */
export const FundingMade: Story = {
  args: { open: FUND },
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Funding invoice' }, slow));
    await userEvent.type(dialog.getByLabelText('Amount (USD)'), '5000');
    await userEvent.click(dialog.getByRole('button', { name: 'Create invoice' }));
    const said = await body().findByText('Funding invoice created. Pay it by bank transfer to the details on its PDF.', {}, slow);
    const result = within(said.closest<HTMLElement>('[role="dialog"]')!);
    await expect(result.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    await expect(fundInvoice).toHaveBeenCalledWith({ amount: '5000', currency: 'USD' }, expect.any(String));
    await expect(changed).toHaveBeenCalledTimes(1);
  },
};
