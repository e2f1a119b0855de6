import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { DataTable } from './data-table';
import { Money } from '../money/money';
import { EmptyState } from '../empty-state/empty-state';

type Account = { id: number; currency: string; balance: string };
const columns = [
  { id: 'account', title: 'Account', isRowHeader: true, render: (a: Account) => `${a.currency} account` },
  { id: 'balance', title: 'Balance', align: 'end' as const, render: (a: Account) => <Money amount={a.balance} currency={a.currency} /> },
];

const meta: Meta<typeof DataTable<Account>> = {
  title: 'Design system/DataTable',
  component: DataTable,
  tags: ['autodocs'],
};
export default meta;
type Story = StoryObj<typeof DataTable<Account>>;

export const Accounts: Story = {
  args: {
    label: 'Accounts',
    columns,
    rows: [
      { id: 1, currency: 'USD', balance: '12500.75' },
      { id: 2, currency: 'EUR', balance: '-8300.1' },
      { id: 3, currency: 'RON', balance: '0.12345678' },
    ],
    empty: null,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByText(/0\.12345678/)).toBeInTheDocument(); // 8 decimals kept
    // A real table: named, with column headers and a row header per row.
    const table = canvas.getByRole('table', { name: 'Accounts' });
    await expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Account', 'Balance']);
    await expect(within(table).getByRole('rowheader', { name: 'USD account' })).toBeInTheDocument();
  },
};
export const Empty: Story = {
  args: { label: 'Accounts', columns, rows: [], empty: <EmptyState title="No accounts yet" message="Open an account to start." /> },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No accounts yet')).toBeInTheDocument();
  },
};
