import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { RecentTransfer, Transaction } from '@/entities/account';
import type { QueryLike } from '@/shared/ui';
import { withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { RecentActivityView, RecentTransfersView } from './recent-activity';

/** Recent p2p transfers as the server sends them (a few more than shown; one recipient disabled). */
const transfers: RecentTransfer[] = [
  { transactionId: 501, type: 'p2p', permission: 'own', isDisabled: false, name: 'Ana Popescu', email: 'ana@example.com', amount: '120.00', currencyCode: 'USD', created: '2026-11-20T10:00:00Z' },
  { transactionId: 498, type: 'p2p', permission: '3d', isDisabled: true, name: 'Closed Account Holder', amount: '15.00', currencyCode: 'EUR', created: '2026-11-18T10:00:00Z' },
  { transactionId: 490, type: 'p2p', permission: '3d', isDisabled: false, name: 'Bogdan-Alexandru Constantinescu', amount: '1250.5', currencyCode: 'EUR', created: '2026-11-15T10:00:00Z' },
  { transactionId: 470, type: 'p2p', permission: '3d', isDisabled: false, name: 'Carla Mendes', email: 'carla.mendes@example.org', created: '2026-11-10T10:00:00Z' },
  { transactionId: 460, type: 'p2p', permission: '3d', isDisabled: false, name: 'Dmytro Kovalenko', amount: '40.00', currencyCode: 'USD', created: '2026-11-01T10:00:00Z' },
];

/** The first history page over three days, with a fee that home leaves out and an invoice paid. */
const transactions: Transaction[] = [
  { transactionId: 9008, accountId: 1001, created: '2026-11-21T13:10:00Z', type: 'p2p', amount: '-250.00', currencyCode: 'USD', status: 'completed', description: 'Lumen Studio 1 Ltd', invoiceId: 7012 },
  { transactionId: 9007, accountId: 1001, created: '2026-11-21T12:40:00Z', type: 'p2p', amount: '-120.00', currencyCode: 'USD', status: 'processing', description: 'Ana Popescu' },
  { transactionId: 9006, accountId: 1001, created: '2026-11-21T12:20:00Z', type: 'fee', amount: '-1.50', currencyCode: 'USD', status: 'completed', description: 'Transfer fee' },
  { transactionId: 9005, accountId: 1001, created: '2026-11-21T12:00:00Z', type: 'deposit', amount: '2000.00', currencyCode: 'USD', status: 'completed', description: 'Salary November' },
  { transactionId: 9004, accountId: 1003, created: '2026-11-20T13:00:00Z', type: 'wire', amount: '-350.25', currencyCode: 'EUR', status: 'rejected', description: 'Rent to Imobiliare SRL' },
  { transactionId: 9003, accountId: 1004, created: '2026-11-18T12:00:00Z', type: 'crypto_eft', amount: '250.12345678', currencyCode: 'USDT', status: 'completed', description: 'Deposit from wallet' },
];

const query = fakeQuery;

/** Home's "Send again" and "Recent activity" with their queries injected. */
const meta: Meta = {
  title: 'Widgets/RecentActivity',
  decorators: [withRouter],
};
export default meta;
type Story = StoryObj;

export const TransfersLoading: Story = {
  render: () => <RecentTransfersView query={query<RecentTransfer[]>({ isPending: true })} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

const refetchTransfers = fn();
export const TransfersError: Story = {
  render: () => <RecentTransfersView query={query<RecentTransfer[]>({ isError: true, error: new globalThis.Error('Network down'), refetch: refetchTransfers })} />,
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load your recent transfers');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(refetchTransfers).toHaveBeenCalledTimes(1);
  },
};

export const TransfersEmpty: Story = {
  render: () => <RecentTransfersView query={query<RecentTransfer[]>({ data: [] })} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No recent transfers')).toBeInTheDocument();
  },
};

/** Three at most, the disabled recipient left out; each opens the transfer form prefilled. */
export const TransfersFilled: Story = {
  render: () => <RecentTransfersView query={query({ data: transfers })} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = await canvas.findAllByRole('link');
    await expect(links).toHaveLength(3);
    await expect(canvas.queryByText('Closed Account Holder')).toBeNull();
    await expect(canvas.queryByText('Dmytro Kovalenko')).toBeNull();
    const ana = canvas.getByRole('link', { name: /^Send again to Ana Popescu/ });
    // The app's router writes plain search params; Storybook's memory router JSON-quotes them (%22501%22).
    await expect(ana).toHaveAttribute('href', expect.stringMatching(/^\/transfer\/p2p\?transactionId=(%22)?501(%22)?$/));
    await expect(ana).toHaveTextContent('Last: $120.00');
    await expect(canvas.getByRole('link', { name: /^Send again to Carla Mendes/ })).not.toHaveTextContent('Last');
  },
};

export const ActivityLoading: Story = {
  render: () => <RecentActivityView query={query<Transaction[]>({ isPending: true })} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

const refetchActivity = fn();
export const ActivityError: Story = {
  render: () => <RecentActivityView query={query<Transaction[]>({ isError: true, error: new globalThis.Error('Network down'), refetch: refetchActivity })} />,
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load your recent activity');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(refetchActivity).toHaveBeenCalledTimes(1);
  },
};

export const ActivityEmpty: Story = {
  render: () => <RecentActivityView query={query<Transaction[]>({ data: [] })} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No activity yet')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'All history' })).toHaveAttribute('href', '/history');
  },
};

/** Grouped by day, newest first; the fee is left out. */
export const ActivityFilled: Story = {
  render: () => <RecentActivityView query={query({ data: transactions })} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('heading', { level: 3 })).toHaveLength(3);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    // An invoice's payment says so (issue 51); other rows do not.
    await expect(canvas.getByText('Lumen Studio 1 Ltd').closest('li')).toHaveTextContent('Payment of invoice No. 7012');
    await expect(canvas.getAllByText(/invoice No\./)).toHaveLength(1);
    await expect(canvas.queryByText('Transfer fee')).toBeNull();
    await expect(canvas.getByText('Ana Popescu').closest('li')).toHaveTextContent('Processing');
    await expect(canvas.getByText('Rent to Imobiliare SRL').closest('li')).toHaveTextContent('Rejected');
    await expect(canvas.getByText('Salary November').closest('li')).toHaveTextContent('$2,000.00');
  },
};
