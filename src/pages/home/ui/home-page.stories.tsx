import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, within } from 'storybook/test';
import type { Account, ExchangeRate, RecentTransfer, Transaction } from '@/entities/account';
import type { Announcement } from '@/entities/announcement';
import { SessionContext } from '@/entities/session';
import { AppStartContext } from '@/shared/model';
import { fakeAppStart, fakeSignedInSession, withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, demoCurrencies } from '../../../../.storybook/fixtures';
import { LANGUAGES } from '@/shared/config';
import { HomePage } from './home-page';

/**
 * Start-up plus a signed-in session (fake calls) whose access info is the story's
 * `parameters.access`: null (unknown: balances shown, as for personal customers) unless given.
 */
const withSignedIn: Decorator = (Story, context) => {
  const access = (context.parameters.access ?? null) as unknown;
  const appStart = useMemo(() => fakeAppStart(LANGUAGES, demoCurrencies), []);
  const session = useMemo(
    () => fakeSignedInSession({ customer: { customerType: 0, firstName: 'Ana', lastName: 'Ruiz' }, access }),
    [access],
  );
  return (
    <AppStartContext.Provider value={appStart}>
      <SessionContext.Provider value={session}>
        <Story />
      </SessionContext.Provider>
    </AppStartContext.Provider>
  );
};

const accounts = demoAccounts;
const rates: ExchangeRate[] = [
  { fromCurrencyCode: 'USD', toCurrencyCode: 'EUR', rate: '0.92145' },
  { fromCurrencyCode: 'EUR', toCurrencyCode: 'USD', rate: '1.08525' },
  { fromCurrencyCode: 'USD', toCurrencyCode: 'RON', rate: '4.5812' },
  { fromCurrencyCode: 'EUR', toCurrencyCode: 'RON', rate: '4.9731' },
];
const transfers: RecentTransfer[] = [
  { transactionId: 501, type: 'p2p', permission: 'own', isDisabled: false, name: 'Ana Popescu', email: 'ana@example.com', amount: '120.00', currencyCode: 'USD' },
  { transactionId: 490, type: 'p2p', permission: '3d', isDisabled: false, name: 'Bogdan Ionescu', amount: '45.00', currencyCode: 'EUR' },
];
const transactions: Transaction[] = [
  { transactionId: 9007, accountId: 1001, created: '2026-11-21T12:40:00Z', type: 'p2p', amount: '-120.00', currencyCode: 'USD', status: 'processing', description: 'Ana Popescu' },
  { transactionId: 9006, accountId: 1001, created: '2026-11-21T12:20:00Z', type: 'fee', amount: '-1.50', currencyCode: 'USD', status: 'completed', description: 'Transfer fee' },
  { transactionId: 9005, accountId: 1001, created: '2026-11-20T12:00:00Z', type: 'deposit', amount: '2000.00', currencyCode: 'USD', status: 'completed', description: 'Salary November' },
];
const news: Announcement[] = [
  { id: 31, isRead: false, confirmation: true, choice: null, title: 'New terms for card payments abroad', body: 'Please accept or decline the new terms.', created: '2026-11-21T09:30:00Z' },
  { id: 30, isRead: false, confirmation: false, choice: null, title: 'Planned maintenance on Sunday night', body: 'Transfers may be delayed.', created: '2026-11-19T16:00:00Z' },
  { id: 29, isRead: true, confirmation: false, choice: null, title: 'Your statements are now monthly', body: 'Nothing to do.', created: '2026-11-02T08:00:00Z' },
  { id: 28, isRead: true, confirmation: false, choice: null, title: 'Welcome to the new online banking', body: 'Hello.', created: '2026-10-01T08:00:00Z' },
];

/** /home with seeded query data (no network), as a personal customer sees it. */
const meta: Meta<typeof HomePage> = {
  title: 'Pages/Home',
  component: HomePage,
  decorators: [withAppServices, withSignedIn, withRouter],
  parameters: {
    layout: 'fullscreen',
    queryData: [
      [['accounts', 'list'], accounts],
      [['exchange-rates'], rates],
      [['recent-transfers', 'p2p', 3], transfers],
      [['transactions', 'home'], transactions],
      [['announcements', 'all'], news],
    ],
  },
};
export default meta;
type Story = StoryObj<typeof HomePage>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    await expect(await canvas.findByText(/Remaining value/)).toHaveTextContent('Remaining value: $380.00');
    await expect(canvas.getByRole('link', { name: /Travel card/ })).toHaveAttribute('href', '/cards/2001');
    await expect(canvas.getByRole('link', { name: /^Send again to Ana Popescu/ })).toBeInTheDocument();
    await expect(canvas.getByText('Salary November')).toBeInTheDocument();
    await expect(canvas.queryByText('Transfer fee')).toBeNull();
    // The newest three announcements, and a link to all.
    const news = canvas.getByRole('region', { name: 'News' });
    await expect(within(news).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(news).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
    // Rates between the open accounts' currencies (RON is closed).
    const ratesRegion = canvas.getByRole('region', { name: 'Exchange rates' });
    await expect(within(ratesRegion).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 USD = 0.92145 EUR']);
  },
};

/** A business user without balance-info access: no balances, transfers, activity or rates; the news stays. */
export const WithoutBalanceAccess: Story = {
  parameters: { access: { accessList: { balanceInfo: 0 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have no access to balances')).toBeInTheDocument();
    await expect(canvas.queryByText(/Remaining value/)).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Send again' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Recent activity' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Exchange rates' })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'News' })).toBeInTheDocument();
  },
};

/** Accounts and activity not answered yet: one progress indicator; the sections wait, hidden, so none is pushed down later. */
export const Loading: Story = {
  parameters: { queryData: [[['announcements', 'all'], news]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Accounts' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'News' })).toBeNull();
  },
};
