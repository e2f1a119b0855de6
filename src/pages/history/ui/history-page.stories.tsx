import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { HistorySummary, HistoryTransaction } from '@/entities/history';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, demoHistorySummary, demoTransactions } from '../../../../.storybook/fixtures';
import { HistoryPageView, type HistoryView } from './history-page';

/** The details dialog and the export panel arrive with a dynamic import: give them time. */
const slow = { timeout: 5000 };
const body = () => within(document.body);

/** The infinite query's state as the page reads it; whatever is not given is idle. */
function fakeHistory(over: Partial<HistoryView> = {}): HistoryView {
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

/** One loaded page of `transactions` out of `total`. */
const loaded = (transactions: HistoryTransaction[], total: number, summary: HistorySummary | null = null): HistoryView['data'] => ({
  pages: [{ total, transactions, summary }],
});

const rows = demoTransactions(20);

/**
 * /history with its infinite query injected (no network): loading, error, empty, filled with
 * and without an account (the summary), the filters behind their button and a transaction's
 * details in a dialog. The export panel and the dialog load on demand.
 */
const meta: Meta<typeof HistoryPageView> = {
  title: 'Pages/History',
  component: HistoryPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { search: {}, onApply: fn(), accounts: demoAccounts, history: fakeHistory() },
};
export default meta;
type Story = StoryObj<typeof HistoryPageView>;

export const Loading: Story = {
  args: { history: fakeHistory({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'Transactions' })).toBeNull();
    await expect(canvas.queryByText(/\d+ transactions/)).toBeNull();
  },
};

export const Error: Story = {
  args: { history: fakeHistory({ isError: true, error: new globalThis.Error('Network down') }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your history could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.history.refetch).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
  },
};

export const Empty: Story = {
  args: { history: fakeHistory({ data: loaded([], 0) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No transactions')).toBeInTheDocument();
    await expect(canvas.getByText('0 transactions')).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'Transactions' })).toBeNull();
  },
};

/** All accounts: the first 20 of 57; no summary until an account is chosen; the next page is asked for at the end. */
export const Filled: Story = {
  args: { history: fakeHistory({ data: loaded(rows, 57), hasNextPage: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: 'Transactions' })).toBeInTheDocument();
    await expect(canvas.getByText('57 transactions')).toHaveAttribute('aria-live', 'polite');
    await expect(canvas.getByText('Choose an account to see its summary.')).toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Summary' })).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Account' })).toHaveDisplayValue('All accounts');
    // Open accounts only (not the closed RON one), cards by their name.
    const options = within(canvas.getByRole('combobox', { name: 'Account' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    await expect(options).toEqual(['All accounts', 'USD account 1001', 'USD account 1002', 'EUR account 1003', 'USDT account 1004', 'Travel card · USD', 'EUR account 2002']);
    await expect(canvas.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('navigation', { name: 'History views' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Card authorisations' })).toBeNull();
    // The export arrives with its own chunk.
    await expect(await canvas.findByRole('button', { name: 'Export' }, slow)).toHaveAttribute('aria-expanded', 'false');
    // The 20 loaded rows are in view at once: the next page is asked for.
    await waitFor(() => expect(args.history.fetchNextPage).toHaveBeenCalled());
  },
};

/** Choosing an account puts it into the filter. */
export const ChooseAccount: Story = {
  args: { search: { keyword: 'rent' }, history: fakeHistory({ data: loaded(rows, 20) }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Account' }), 'EUR account 1003');
    await expect(args.onApply).toHaveBeenCalledWith({ accountId: '1003', keyword: 'rent' });
  },
};

/** One account: its summary over the dates, and the account select shows it. */
export const FilledWithAccount: Story = {
  args: { search: { accountId: '1001' }, history: fakeHistory({ data: loaded(rows, 20, demoHistorySummary) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const summary = await canvas.findByRole('region', { name: 'Summary' });
    await expect(summary).toHaveTextContent('Ending balance$2,450.75');
    await expect(canvas.queryByText('Choose an account to see its summary.')).toBeNull();
    const account = canvas.getByRole('combobox', { name: 'Account' });
    await expect(account).toHaveValue('1001');
    await expect(account).toHaveDisplayValue('USD account 1001');
    await expect(canvas.getByRole('link', { name: 'Statements' }).getAttribute('href')).toMatch(/^\/statements\?accountId=(%22)?1001(%22)?$/);
    await expect(canvas.getByText('That is all: 20 transactions.')).toBeInTheDocument();
  },
};

/** A settlement account (the debit card 2006 settles to 1001) also links to its card authorisations. */
export const SettlementAccount: Story = {
  args: {
    search: { accountId: '1001' },
    accounts: [...demoAccounts, { customerId: 10, accountStatusId: 2, accountId: 2006, type: 2030, subType: 'DEBIT', currencyCode: 'USD', balance: '0.00', cardAliasName: 'Debit card', settlementAccountId: 1001 }],
    history: fakeHistory({ data: loaded(rows, 20, demoHistorySummary) }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = await canvas.findByRole('link', { name: 'Card authorisations' });
    await expect(decodeURIComponent(link.getAttribute('href') ?? '')).toMatch(/^\/history\?accountId="?1001"?&view="?authorizations"?$/);
    // A debit card is not an account to choose: its history is its settlement account's.
    await expect(within(canvas.getByRole('combobox', { name: 'Account' })).queryByRole('option', { name: /Debit card/ })).toBeNull();
  },
};

/** "Filters (2)": two filters on (the account is not one); pressed, the form shows the address's values. */
export const FiltersOpen: Story = {
  args: { search: { accountId: '1001', keyword: 'rent', status: 'completed' }, history: fakeHistory({ data: loaded(rows, 20, demoHistorySummary) }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Filters (2)' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('form', { name: 'Filters' })).toBeNull();
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const form = await canvas.findByRole('form', { name: 'Filters' });
    await expect(form.closest('#history-filters')).toBe(document.getElementById(button.getAttribute('aria-controls') ?? ''));
    await expect(within(form).getByLabelText('Keyword')).toHaveValue('rent');
    await expect(within(form).getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Completed');
    await expect(within(form).getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Any type');
    // Applying hands the filter on and closes the form.
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Direction' }), 'Money in');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(args.onApply).toHaveBeenCalledWith({ accountId: '1001', keyword: 'rent', transactionDirection: 'in', status: 'completed' }));
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await expect(canvas.queryByRole('form', { name: 'Filters' })).toBeNull();
  },
};

/** A row opens its details in a dialog named by the transaction; Close brings focus back to the row. */
export const Details: Story = {
  args: { search: { accountId: '1001' }, history: fakeHistory({ data: loaded(rows, 20, demoHistorySummary) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findAllByRole('button', { name: /Salary March/ }))[0]!;
    await userEvent.click(row);
    const dialog = await body().findByRole('dialog', { name: 'Salary March' }, slow);
    const d = within(dialog);
    await expect(dialog).toHaveTextContent(`Transaction no.${rows[2]!.transactionId}`);
    // A deposit has no reference: no empty "Reference" line (it used to show the transaction's number).
    await expect(dialog).not.toHaveTextContent('Reference');
    await expect(dialog).toHaveTextContent('Account' + 'No. 1001');
    await expect(dialog).toHaveTextContent('StatusProcessing');
    await expect(d.getByRole('button', { name: 'Confirmation (PDF)' })).toBeInTheDocument();
    // The head's close icon and the body's Close button both close it; press the body's.
    const closers = d.getAllByRole('button', { name: 'Close' });
    await expect(closers).toHaveLength(2);
    await userEvent.click(closers[1]!);
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(row).toHaveFocus());
  },
};

/**
 * A p2p row shows the sender's reference and note under it, and its details name them (issue 44:
 * they used to vanish). Markup in a note is text, never HTML.
 */
export const DetailsWithReference: Story = {
  args: Details.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findAllByRole('button', { name: /Transfer to a person/ }))[0]!;
    await expect(row).toHaveTextContent('INV-2026-0042 · Dinner <b>at</b> Luna — thank you!');
    await userEvent.click(row);
    const dialog = await body().findByRole('dialog', { name: 'Transfer to a person' }, slow);
    await expect(dialog).toHaveTextContent('ReferenceINV-2026-0042');
    await expect(dialog).toHaveTextContent('NoteDinner <b>at</b> Luna — thank you!');
    await expect(dialog.querySelector('b')).toBeNull();
    await expect(dialog).toHaveTextContent(`Transaction no.${rows[1]!.transactionId}`);
  },
};

/** An invoice's payment and an invoice paid to the customer (issue 51): each row and its details say so. */
export const InvoicePayments: Story = {
  args: {
    history: fakeHistory({
      data: loaded(
        [
          { transactionId: 900_101, accountId: 1001, created: '2026-03-31T14:00:00Z', type: 'p2p', amount: '-250.00', currencyCode: 'USD', status: 'completed', description: 'Lumen Studio 1 Ltd', invoiceId: 7012 },
          { transactionId: 900_100, accountId: 1001, created: '2026-03-31T13:00:00Z', type: 'p2p', amount: '80.00', currencyCode: 'USD', status: 'completed', description: 'Ana Popescu', invoiceId: 7044 },
          ...rows.slice(0, 3),
        ],
        5,
      ),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const paid = await canvas.findByRole('button', { name: /Lumen Studio 1 Ltd/ });
    await expect(paid).toHaveTextContent('Payment of invoice No. 7012');
    await expect(canvas.getByRole('button', { name: /Ana Popescu/ })).toHaveTextContent('Invoice No. 7044 paid to you');
    // Other rows say nothing of invoices.
    await expect(canvas.getAllByText(/invoice No\.|Invoice No\./)).toHaveLength(2);
    await userEvent.click(paid);
    const dialog = await body().findByRole('dialog', { name: 'Lumen Studio 1 Ltd' }, slow);
    await expect(dialog).toHaveTextContent('InvoicePayment of invoice No. 7012');
  },
};

/** Escape closes the details too; a row without a description is named by its type. */
export const DetailsEscape: Story = {
  args: Details.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findAllByRole('button', { name: /Wire transfer/ }))[0]!;
    await userEvent.click(row);
    const dialog = await body().findByRole('dialog', { name: 'Wire transfer' }, slow);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(row).toHaveFocus());
  },
};

/** A further page failed: what is shown stays, an alert offers to try again. */
export const MoreFailed: Story = {
  args: { history: fakeHistory({ data: loaded(rows, 57), hasNextPage: true, isFetchNextPageError: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('More transactions could not be loaded. What is shown stays.');
    await expect(canvas.getByRole('list', { name: 'Transactions' })).toBeInTheDocument();
    // With the last page failed the list does not ask again by itself.
    await expect(args.history.fetchNextPage).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.history.fetchNextPage).toHaveBeenCalledTimes(1);
  },
};
