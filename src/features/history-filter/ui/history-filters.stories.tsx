import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { HistorySearch } from '@machines/history/history.logic';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { HistoryFilters } from './history-filters';

const prefilled: HistorySearch = {
  accountId: '1001',
  keyword: 'rent',
  transactionType: 'wire',
  transactionDirection: 'out',
  status: 'completed',
  fromDate: '2026-01-01',
  toDate: '2026-01-31',
  fromAmount: '10',
  toAmount: '500.50',
  email: 'ana@example.com',
};

/**
 * The history filters form: it starts from the address's filter; Apply hands the cleaned filter
 * on (nothing is sent from here), Clear keeps only the account. Dates, amounts and the e-mail are
 * checked first.
 */
const meta: Meta<typeof HistoryFilters> = {
  title: 'Features/HistoryFilters',
  component: HistoryFilters,
  decorators: [withAppServices, withRouter],
  args: { search: { accountId: '1001' }, onApply: fn() },
};
export default meta;
type Story = StoryObj<typeof HistoryFilters>;

/** No filter yet: every field empty, every choice on its "any" option. */
export const Empty: Story = {
  args: { search: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'Filters' });
    const f = within(form);
    await expect(f.getByLabelText('Keyword')).toHaveValue('');
    await expect(f.getByLabelText('Keyword')).toHaveAccessibleDescription('A name, an e-mail or a kind of transfer.');
    await expect(f.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Any type');
    await expect(f.getByRole('combobox', { name: 'Direction' })).toHaveDisplayValue('In and out');
    await expect(f.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Any status');
    for (const label of ['From', 'To', 'Smallest amount', 'Largest amount', 'E-mail']) await expect(f.getByLabelText(label)).toHaveValue('');
    await expect(f.getByRole('button', { name: 'Apply filters' })).toHaveAttribute('type', 'submit');
    await expect(f.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  },
};

/** Opened on a filtered address: every field shows the address's value. */
export const Prefilled: Story = {
  args: { search: prefilled },
  play: async ({ canvasElement }) => {
    const f = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await expect(f.getByLabelText('Keyword')).toHaveValue('rent');
    await expect(f.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Wire transfer');
    await expect(f.getByRole('combobox', { name: 'Direction' })).toHaveDisplayValue('Money out');
    await expect(f.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Completed');
    await expect(f.getByLabelText('From')).toHaveValue('2026-01-01');
    await expect(f.getByLabelText('To')).toHaveValue('2026-01-31');
    await expect(f.getByLabelText('Smallest amount')).toHaveValue('10');
    await expect(f.getByLabelText('Largest amount')).toHaveValue('500.50');
    await expect(f.getByLabelText('E-mail')).toHaveValue('ana@example.com');
  },
};

/** An end date before the start date: the rule says so at the end date, focus goes there, nothing is applied. */
export const DatesOutOfOrder: Story = {
  play: async ({ canvasElement, args }) => {
    const f = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await userEvent.type(f.getByLabelText('From'), '2026-03-01');
    await userEvent.type(f.getByLabelText('To'), '2026-02-01');
    await expect(f.getByLabelText('From')).toHaveValue('2026-03-01');
    await expect(f.getByLabelText('To')).toHaveValue('2026-02-01');
    await userEvent.click(f.getByRole('button', { name: 'Apply filters' }));
    await expect(await f.findByText('The end date is before the start date.')).toBeInTheDocument();
    const to = f.getByLabelText('To');
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription('The end date is before the start date.');
    await waitFor(() => expect(to).toHaveFocus());
    await expect(f.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** Other rules: an amount that is not one, amounts out of order, half an e-mail. */
export const InvalidAmountsAndEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const f = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await userEvent.type(f.getByLabelText('Smallest amount'), '12abc');
    await userEvent.type(f.getByLabelText('E-mail'), 'ana@');
    await userEvent.click(f.getByRole('button', { name: 'Apply filters' }));
    await expect(await f.findByText('Type an amount, for example 25.50.')).toBeInTheDocument();
    await expect(f.getByText('Type a whole e-mail address, or leave it empty.')).toBeInTheDocument();
    await waitFor(() => expect(f.getByLabelText('Smallest amount')).toHaveFocus());
    await userEvent.clear(f.getByLabelText('Smallest amount'));
    await userEvent.type(f.getByLabelText('Smallest amount'), '100');
    await userEvent.type(f.getByLabelText('Largest amount'), '20');
    await userEvent.click(f.getByRole('button', { name: 'Apply filters' }));
    await expect(await f.findByText('The largest amount is below the smallest.')).toBeInTheDocument();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** Keyword and status applied: the cleaned filter (trimmed, empty fields dropped) keeps the account. */
export const Apply: Story = {
  play: async ({ canvasElement, args }) => {
    const f = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await userEvent.type(f.getByLabelText('Keyword'), '  coffee ');
    await userEvent.selectOptions(f.getByRole('combobox', { name: 'Status' }), 'Processing');
    await userEvent.click(f.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(args.onApply).toHaveBeenCalledTimes(1));
    await expect(args.onApply).toHaveBeenCalledWith({ accountId: '1001', keyword: 'coffee', status: 'processing' });
  },
};

/** A decimal comma in an amount is read as the point; Enter in a field applies too. */
export const ApplyDecimalComma: Story = {
  args: { search: {} },
  play: async ({ canvasElement, args }) => {
    const f = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await userEvent.type(f.getByLabelText('Smallest amount'), '25,50{Enter}');
    await waitFor(() => expect(args.onApply).toHaveBeenCalledTimes(1));
    await expect(args.onApply).toHaveBeenCalledWith({ fromAmount: '25.50' });
  },
};

/** Clear drops every filter but the account. */
export const Clear: Story = {
  args: { search: prefilled },
  play: async ({ canvasElement, args }) => {
    const f = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await userEvent.click(f.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onApply).toHaveBeenCalledTimes(1);
    await expect(args.onApply).toHaveBeenCalledWith({ accountId: '1001' });
  },
};
