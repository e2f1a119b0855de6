import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { PaymentInstruction, StatementExport } from '@/entities/history';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeQuery } from '../../../../.storybook/fixtures';
import { InstructionsView, StatementsView } from './statements-page';

const months: StatementExport[] = Array.from({ length: 12 }, (_, i) => ({ accountId: 1001, dateFrom: `2025-${String(12 - i).padStart(2, '0')}-01` }));
const instructions: PaymentInstruction[] = [
  { id: 1, accountId: 1001, bankAccountNumber: '0001234567', bankName: 'First Demo Bank', beneficiaryName: 'Ana Ruiz', swift: 'FDBKUS33', reference: 'PX-1001', currencyCode: 'USD', viewed: false },
  { id: 2, accountId: 1003, bankAccountNumber: 'RO49AAAA1B31007593840000', currencyCode: 'EUR', viewed: true },
];

/** /statements: the monthly statements of an account and the payment instructions, each state. */
const meta: Meta<typeof StatementsView> = {
  title: 'Pages/Statements',
  component: StatementsView,
  decorators: [withAppServices, withRouter],
  args: { accountId: 1001, page: 1 },
};
export default meta;
type Story = StoryObj<typeof StatementsView>;

export const Loading: Story = {
  args: { query: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { query: fakeQuery({ isError: true, error: new globalThis.Error('down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The statements could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { query: fakeQuery({ data: { total: 0, exports: [] } }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No statements yet')).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { query: fakeQuery({ data: { total: 24, exports: months } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Each month has its own download, named by the month.
    await expect(await canvas.findAllByRole('button', { name: /^Download PDF / })).toHaveLength(12);
    await expect(canvas.getByText('Page 1 of 2')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Older' }).getAttribute('href')).toMatch(/page=(%22)?2/);
    await expect(canvas.queryByRole('link', { name: 'Newer' })).toBeNull();
  },
};

/** The payment instructions: an unread one offers "Mark as viewed", a read one says so. */
export const Instructions: Story = {
  render: () => <InstructionsView query={fakeQuery({ data: instructions })} accounts={demoAccounts} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('0001234567')).toBeInTheDocument();
    await expect(canvas.getByText('FDBKUS33')).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: 'Mark as viewed' })).toHaveLength(1);
    await expect(canvas.getByText('Viewed')).toBeInTheDocument();
  },
};

export const InstructionsEmpty: Story = {
  render: () => <InstructionsView query={fakeQuery({ data: [] })} accounts={demoAccounts} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No payment instructions')).toBeInTheDocument();
  },
};
