import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { InvoiceFilter } from './invoice-filter';

/**
 * The invoice lists' filter (001 s7) on the filter statechart: empty, filled from the address
 * (Sent: the payer's e-mail), refused ranges said at their fields, Apply and Clear to the address.
 */
const meta: Meta<typeof InvoiceFilter> = {
  title: 'Features/InvoiceFilter',
  component: InvoiceFilter,
  args: { search: {}, onApply: fn() },
};
export default meta;
type Story = StoryObj<typeof InvoiceFilter>;

/** Received, nothing chosen: the sender's e-mail; Apply hands on the one field typed, cleaned. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await expect(form.getByLabelText("Sender's e-mail")).toHaveValue('');
    await expect(form.queryByLabelText("Payer's e-mail")).toBeNull();
    await userEvent.type(form.getByLabelText("Sender's e-mail"), '  Billing@Northwind ');
    await userEvent.type(form.getByLabelText('Amount from'), '10');
    await userEvent.click(form.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(args.onApply).toHaveBeenCalledTimes(1));
    await expect(args.onApply).toHaveBeenCalledWith(expect.objectContaining({ fromAmount: '10', payeeEmail: expect.stringMatching(/^billing@northwind$/i) }));
  },
};

/** Sent, filled from the address: the payer's e-mail, the status by the sender's word, the ranges; Clear keeps only the tab. */
export const Filled: Story = {
  args: { search: { tab: 'sent', status: 1, fromDate: '2026-10-01', toDate: '2026-10-31', fromAmount: '10', toAmount: '500', payerEmail: 'ana@example.com' } },
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await expect(form.getByLabelText("Payer's e-mail")).toHaveValue('ana@example.com');
    await expect(form.getByLabelText('Sent from')).toHaveValue('2026-10-01');
    await expect(form.getByLabelText('Sent to')).toHaveValue('2026-10-31');
    await expect(form.getByLabelText('Amount to')).toHaveValue('500');
    await expect(canvasElement).toHaveTextContent('Awaiting payment');
    await userEvent.click(form.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(args.onApply).toHaveBeenCalledWith({ tab: 'sent' }));
  },
};

/** Ranges out of order and an amount that is not one: said at their fields, nothing applied. */
export const RefusedRanges: Story = {
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await userEvent.type(form.getByLabelText('Sent from'), '2026-10-31');
    await userEvent.type(form.getByLabelText('Sent to'), '2026-10-01');
    await userEvent.type(form.getByLabelText('Amount from'), 'ten');
    await userEvent.click(form.getByRole('button', { name: 'Apply filters' }));
    await expect(await form.findByText('The end date is before the start date.')).toBeInTheDocument();
    await expect(form.getByText('Type an amount, for example 25.50.')).toBeInTheDocument();
    await expect(form.getByLabelText('Amount from')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onApply).not.toHaveBeenCalled();
    // Corrected, it applies.
    await userEvent.clear(form.getByLabelText('Amount from'));
    await userEvent.type(form.getByLabelText('Amount from'), '600');
    await userEvent.type(form.getByLabelText('Amount to'), '50');
    await userEvent.clear(form.getByLabelText('Sent to'));
    await userEvent.type(form.getByLabelText('Sent to'), '2026-11-30');
    await userEvent.click(form.getByRole('button', { name: 'Apply filters' }));
    await expect(await form.findByText('The smallest amount is above the largest.')).toBeInTheDocument();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};
