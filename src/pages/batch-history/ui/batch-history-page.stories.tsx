import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { BatchTransfer } from '@/entities/history';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoBatches } from '../../../../.storybook/fixtures';
import { BatchHistoryView, type BatchesView } from './batch-history-page';

/** The infinite query's state as the page reads it; whatever is not given is idle. */
function fakeBatches(over: Partial<BatchesView> = {}): BatchesView {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    isPlaceholderData: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: fn(),
    refetch: fn(),
    ...over,
  };
}

const loaded = (batches: BatchTransfer[], total: number): BatchesView['data'] => ({ pages: [{ total, batches }] });
const rows = demoBatches(20);

/** /history/batch-transfers with its infinite query injected: loading, error, empty, filled, filtered, a failing next page. */
const meta: Meta<typeof BatchHistoryView> = {
  title: 'Pages/Batch transfers',
  component: BatchHistoryView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { search: {}, onApply: fn(), batches: fakeBatches() },
};
export default meta;
type Story = StoryObj<typeof BatchHistoryView>;

export const Loading: Story = {
  args: { batches: fakeBatches({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Batch transfers' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'Batch transfers' })).toBeNull();
  },
};

export const Error: Story = {
  args: { batches: fakeBatches({ isError: true, error: new globalThis.Error('Network down') }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your batch transfers could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.batches.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { batches: fakeBatches({ data: loaded([], 0) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No batch transfers')).toBeInTheDocument();
    await expect(canvas.getByText('Batches you send from a file or with global pay appear here.')).toBeInTheDocument();
    await expect(canvas.getByText('0 batches')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** The first 20 of 45: each with its type, day, payments and status; the next page on "Show more". */
export const Filled: Story = {
  args: { batches: fakeBatches({ data: loaded(rows, 45), hasNextPage: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Batch transfers' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await expect(canvas.getByText('45 batches')).toHaveAttribute('aria-live', 'polite');
    const first = within(list).getAllByRole('listitem')[0]!;
    await expect(first).toHaveTextContent('Payroll 28');
    await expect(first).toHaveTextContent('Wire');
    await expect(first).toHaveTextContent('Completed');
    const third = within(list).getAllByRole('listitem')[2]!;
    await expect(third).toHaveTextContent(/· 1 payment(?!s)/);
    await expect(third).toHaveTextContent('Partly completed');
    await expect(within(list).getAllByRole('listitem')[3]!).toHaveTextContent('Rejected');
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.batches.fetchNextPage).toHaveBeenCalledTimes(1);
  },
};

/** Filters behind their button: types as checkboxes, dates checked before the address changes. */
export const Filters: Story = {
  args: { search: { types: 'wire' }, batches: fakeBatches({ data: loaded(rows.slice(0, 3), 3) }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: 'Filters (1)' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = canvas.getByRole('form', { name: 'Filters' });
    await expect(within(form).getByRole('checkbox', { name: 'Wire' })).toBeChecked();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Global pay' }));
    await userEvent.type(within(form).getByLabelText('Search'), '  payroll ');
    await userEvent.type(within(form).getByLabelText('From'), '2026-03-10');
    await userEvent.type(within(form).getByLabelText('To'), '2026-03-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await expect(await within(form).findByText('The end date is before the start date.')).toBeInTheDocument();
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText('To'));
    await userEvent.type(within(form).getByLabelText('To'), '2026-03-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await expect(args.onApply).toHaveBeenCalledWith({ search: 'payroll', types: 'wire,globalPay', from: '2026-03-10', to: '2026-03-31' });
  },
};

export const FilteredEmpty: Story = {
  args: { search: { search: 'nothing' }, batches: fakeBatches({ data: loaded([], 0) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Nothing matches these filters.')).toBeInTheDocument();
  },
};

/** A next page that failed: what is shown stays, with a way to try again. */
export const MoreFailed: Story = {
  args: { batches: fakeBatches({ data: loaded(rows, 45), hasNextPage: true, isFetchNextPageError: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('More batches could not be loaded. What is shown stays.');
    await expect(within(canvas.getByRole('list', { name: 'Batch transfers' })).getAllByRole('listitem')).toHaveLength(20);
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.batches.fetchNextPage).toHaveBeenCalledTimes(1);
  },
};
