import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { withAppServices } from '../../../../.storybook/decorators';
import { PreapprovedFilters } from './preapproved-filters';

/**
 * The preapproved payments filter: it starts from the address's filter; Apply hands the cleaned
 * filter on (nothing is sent from here), Clear empties it; amounts are checked first.
 */
const meta: Meta<typeof PreapprovedFilters> = {
  title: 'Features/PreapprovedFilters',
  component: PreapprovedFilters,
  decorators: [withAppServices],
  args: { search: {}, onFilter: fn() },
};
export default meta;
type Story = StoryObj<typeof PreapprovedFilters>;

/** No filter yet: every field empty, no Clear button; Apply with one field hands on just that field. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await expect(form.getByRole('textbox', { name: "Recipient's e-mail" })).toHaveValue('');
    await expect(form.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await userEvent.type(form.getByRole('textbox', { name: 'Amount from' }), '10');
    await userEvent.click(form.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(args.onFilter).toHaveBeenCalledWith({ fromAmount: '10' }));
  },
};

/** The address's filter fills the form; Clear hands on an empty filter. */
export const Filled: Story = {
  args: { search: { beneficiaryEmail: 'ana@example.com', type: 'p2p', fromAmount: '10', toAmount: '500.50' } },
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await expect(form.getByRole('textbox', { name: "Recipient's e-mail" })).toHaveValue('ana@example.com');
    await expect(form.getByRole('textbox', { name: 'Amount to' })).toHaveValue('500.50');
    await userEvent.click(form.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onFilter).toHaveBeenCalledWith({});
  },
};

/** Amounts that are not amounts, or the smallest above the largest: said at the field, nothing handed on. */
export const Error: Story = {
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Filters' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Amount from' }), '500');
    await userEvent.type(form.getByRole('textbox', { name: 'Amount to' }), '10');
    await userEvent.click(form.getByRole('button', { name: 'Apply filters' }));
    await expect(await form.findByText('The smallest amount is above the largest.')).toBeInTheDocument();
    await expect(args.onFilter).not.toHaveBeenCalled();
  },
};
