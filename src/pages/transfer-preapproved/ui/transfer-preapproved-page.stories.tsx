import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { preapprovedCancelMachine } from '@machines/transfers/preapproved-cancel.machine';
import type { PreapprovedPayment } from '@/entities/transfer';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { TransferPreapprovedPageView } from './transfer-preapproved-page';

const payments: PreapprovedPayment[] = [
  { id: 1, type: 'p2p', amount: '25.00', currencyCode: 'EUR', fromAccount: 1003, beneficiaryEmail: 'jonas.berg@example.com', frequency: 'weekly', endDate: '2027-06-30', userCancel: false, reference: 'Language lessons', created: '2026-10-05T09:00:00Z', status: 'active' },
  { id: 2, type: 'p2p', amount: '450.00', currencyCode: 'USD', fromAccount: 1001, beneficiaryEmail: 'maria.ionescu@example.com', frequency: 'monthly', transactions: 12, userCancel: false, reference: 'Rent share', created: '2026-09-01T09:00:00Z', status: 'active' },
  { id: 3, type: 'betweenAccounts', amount: '100.00', currencyCode: 'EUR', fromAccount: 1001, toAccount: 1003, frequency: 'monthly', userCancel: true, reference: 'Locked savings', created: '2026-08-15T09:00:00Z', status: 'active' },
];
const q = (over: Parameters<typeof fakeQuery<PreapprovedPayment[]>>[0] = {}) => fakeQuery<PreapprovedPayment[]>(over);

const cancel = fn(async (_id: number): Promise<void> => undefined);
const cancelLogic = preapprovedCancelMachine.provide({ actors: { cancel: fromPromise<void, { id: number }>(({ input }) => cancel(input.id)) } });
const body = () => within(document.body);
const slow = { timeout: 5000 };

/** /transfer/preapproved-payments with its list injected and a fake cancel (no network). */
const meta: Meta<typeof TransferPreapprovedPageView> = {
  title: 'Pages/Transfers/Preapproved payments',
  component: TransferPreapprovedPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { search: {}, payments: q({ data: payments }), onFilter: fn(), cancelLogic },
  beforeEach: () => {
    cancel.mockReset();
    cancel.mockResolvedValue(undefined);
  },
};
export default meta;
type Story = StoryObj<typeof TransferPreapprovedPageView>;

export const Loading: Story = {
  args: { payments: q({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Preapproved payments' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { payments: q({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your preapproved payments could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.payments.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { payments: q({ data: [] }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No preapproved payments')).toBeInTheDocument();
  },
};

/** Filters in the address that match nothing: the empty list says so and offers to clear them. */
export const EmptyFiltered: Story = {
  args: { payments: q({ data: [] }), search: { type: 'p2p', fromAmount: '1000' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No preapproved payment matches these filters')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Amount from' })).toHaveValue('1000');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onFilter).toHaveBeenCalledWith({});
  },
};

/** Each payment: amount, recipient, type, how often, until when; the filters go to the address; a cancel is asked first. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Preapproved payments' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[1]).toHaveTextContent('To a person · Every month · 12 times · Rent share');
    await expect(items[2]).toHaveTextContent('Between your accounts · Every month · until you cancel it');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Amount from' }), '500');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Amount to' }), '100');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await expect(await canvas.findByText('The smallest amount is above the largest.')).toBeInTheDocument();
    await expect(args.onFilter).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Amount to' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(args.onFilter).toHaveBeenCalledWith({ fromAmount: '500' }));
    // Cancel: asked first; Keep it changes nothing; then cancelled.
    await userEvent.click(within(items[1]!).getByRole('button', { name: /^Cancel/ }));
    let dialog = await body().findByRole('alertdialog', { name: 'Cancel this payment?' }, slow);
    await expect(dialog).toHaveTextContent('$450.00 to maria.ionescu@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await userEvent.click(within(items[1]!).getByRole('button', { name: /^Cancel/ }));
    dialog = await body().findByRole('alertdialog', { name: 'Cancel this payment?' }, slow);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the payment' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(2));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** A refused cancel opens the action-confirmation popup (001 s8): the reason, Try again, Close. */
export const CancelRefused: Story = {
  play: async ({ canvasElement }) => {
    cancel.mockRejectedValue({ text: 'This payment cannot be cancelled online: contact support' });
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Preapproved payments' });
    await userEvent.click(within(within(list).getAllByRole('listitem')[2]!).getByRole('button', { name: /^Cancel/ }));
    await userEvent.click(within(await body().findByRole('alertdialog', { name: 'Cancel this payment?' }, slow)).getByRole('button', { name: 'Cancel the payment' }));
    const popup = await body().findByRole('alertdialog', { name: 'The payment is not cancelled' }, slow);
    await expect(popup).toHaveTextContent('This payment cannot be cancelled online: contact support');
    await userEvent.click(within(popup).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(2));
    // The head's close icon and the body's Close button both close it; press the body's.
    await userEvent.click(within(await body().findByRole('alertdialog', { name: 'The payment is not cancelled' }, slow)).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};
