import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { i18n } from '@lingui/core';
import { createActor, fromPromise } from 'xstate';
import { appStartMachine, type Dictionaries } from '@machines/app/app-start.machine';
import type { Account } from '@/entities/account';
import { LANGUAGES, type Language } from '@/shared/config';
import { AppStartContext } from '@/shared/model';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { AccountOverviewView } from './account-overview';

/**
 * A start-up actor (fake loads, no network) whose currency dictionary offers a few currencies, so
 * "Add a currency" shows for the ones the customer does not hold yet (withAppStart offers none).
 */
const offered: Dictionaries['currencies'] = [
  { code: 'USD', name: 'US dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'British pound' },
  { code: 'RON', name: 'Romanian leu' },
  { code: 'USDT', name: 'Tether' },
];
const withOfferedCurrencies: Decorator = (Story) => {
  const actor = useMemo(
    () =>
      createActor(
        appStartMachine.provide({
          actors: {
            loadCatalog: fromPromise<void, { language: Language }>(async ({ input }) => {
              i18n.activate(input.language);
            }),
            loadDictionaries: fromPromise<Dictionaries, { language: Language }>(async ({ input }) => ({ language: input.language, countries: [], currencies: offered })),
          },
        }),
        { input: { brandId: 'brand1', language: (i18n.locale as Language) || 'en', offeredLanguages: LANGUAGES } },
      ).start(),
    [],
  );
  return (
    <AppStartContext.Provider value={actor}>
      <Story />
    </AppStartContext.Provider>
  );
};

const base = { customerId: 10, accountStatusId: 1 } as const;
/** A realistic home: USD with a pending payment and a prepayment account, EUR receiving, USDT, a closed RON account and two cards. */
const accounts: Account[] = [
  { ...base, accountId: 1001, type: 1001, currencyCode: 'USD', balance: '2450.75', pendingAmount: '-120.50' },
  { ...base, accountId: 1002, type: 4001, subType: 'PREPAID', currencyCode: 'USD', balance: '-120.00', accountBalanceMin: '-500.00' },
  { ...base, accountId: 1003, type: 4002, currencyCode: 'EUR', balance: '980.40' },
  { ...base, accountId: 1004, type: 1001, currencyCode: 'USDT', balance: '250.12345678' },
  { ...base, accountId: 1005, type: 4002, currencyCode: 'RON', balance: '0.00', accountStatusId: 11 },
  {
    ...base,
    accountId: 2001,
    type: 2010,
    accountStatusId: 2,
    currencyCode: 'USD',
    balance: '310.00',
    cardIsVirtual: false,
    cardAliasName: 'Travel card',
    cardExpiryMonth: 9,
    cardExpiryYear: 2028,
    settlementAccountId: 1001,
  },
  { ...base, accountId: 2002, type: 2020, accountStatusId: 71, currencyCode: 'EUR', balance: '45.00', cardIsVirtual: true, cardExpiryMonth: 3, cardExpiryYear: 2027 },
];

type Query = Parameters<typeof AccountOverviewView>[0]['query'];
const query = (over: Partial<Query>): Query => ({ isPending: false, isError: false, error: null, data: undefined, refetch: fn(), ...over });

/** The accounts section of home with its query injected: loading, error, empty and filled. */
const meta: Meta<typeof AccountOverviewView> = {
  title: 'Widgets/AccountOverview',
  component: AccountOverviewView,
  decorators: [withAppServices, withOfferedCurrencies, withRouter],
};
export default meta;
type Story = StoryObj<typeof AccountOverviewView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    // Nothing to add to before the list is known.
    await expect(canvas.queryByRole('button', { name: 'Add a currency' })).toBeNull();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load your accounts');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { query: query({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have no accounts yet')).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Add a currency' })).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { query: query({ data: accounts }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // One section per currency, in the server's order (the closed RON account is not one).
    const usd = await canvas.findByRole('region', { name: 'US dollar USD' });
    await expect(canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      expect.stringContaining('USD'),
      expect.stringContaining('EUR'),
      expect.stringContaining('USDT'),
      'Cards',
    ]);
    // Pending is shown with its sign; remaining value = |-500.00| + (-120.00), exact.
    await expect(within(usd).getByText(/Pending/)).toHaveTextContent('Pending: -$120.50');
    await expect(within(usd).getByText(/Remaining value/)).toHaveTextContent('Remaining value: $380.00');
    // Crypto amounts keep their 8 decimals and offer the wallet address.
    await expect(canvas.getByText('USDT 250.12345678')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'USDT wallet address' })).toBeInTheDocument();
    // Cards are links to their detail.
    await expect(canvas.getByRole('link', { name: /Travel card/ })).toHaveAttribute('href', '/cards/2001');
    await expect(canvas.getByRole('link', { name: /Virtual card/ })).toHaveTextContent(/Paused/);
    // Closed accounts are collapsed until their summary is pressed.
    const summary = canvas.getByText(/Closed accounts/);
    const details = summary.closest('details');
    await expect(details).not.toHaveAttribute('open');
    await expect(canvas.getByText('Account No. 1005')).not.toBeVisible();
    await userEvent.click(summary);
    await waitFor(() => expect(details).toHaveAttribute('open'));
    await expect(canvas.getByText('Account No. 1005')).toBeVisible();
    // Currencies the customer holds no payment account in can be added.
    await expect(await canvas.findByRole('button', { name: 'Add a currency' })).toBeInTheDocument();
  },
};
