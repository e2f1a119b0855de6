import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoTransactions } from '../../../../.storybook/fixtures';
import { HistoryList } from './history-list';

const thousand = demoTransactions(1000);
const five = demoTransactions(5);

/** The list's rows as they are in the page (the virtualiser keeps only those near the view). */
const rowsInPage = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('list', { name: 'Transactions' })).getAllByRole('listitem');

/**
 * The history list, virtualised on the window: only the rows in view (and a few around them) are
 * in the page, each telling assistive tech its place in the whole list; the next page is asked
 * for when the end of what is loaded comes into view.
 */
const meta: Meta<typeof HistoryList> = {
  title: 'Widgets/HistoryList',
  component: HistoryList,
  decorators: [withAppServices, withRouter],
  args: { rows: five, total: 5, hasMore: false, loadingMore: false, loadMore: fn(), onOpen: fn() },
};
export default meta;
type Story = StoryObj<typeof HistoryList>;

/** 1,000 rows loaded: a few dozen list items at most are in the page, each with its place among all. */
export const Filled: Story = {
  args: { rows: thousand, total: 1000 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByRole('button', { name: /Coffee at Luna/ }))[0]).toBeInTheDocument();
    const items = rowsInPage(canvasElement);
    await expect(items.length).toBeGreaterThan(0);
    await expect(items.length).toBeLessThan(100);
    for (const item of items) {
      await expect(item).toHaveAttribute('aria-setsize', '1000');
      await expect(item).toHaveAttribute('aria-posinset', String(Number(item.dataset.index) + 1));
    }
    // The first rows are the newest, in order.
    await expect(items[0]).toHaveAttribute('aria-posinset', '1');
    await expect(items[1]).toHaveAttribute('aria-posinset', '2');
    // A type without a description is named by the type.
    await expect(within(items[1]!).getByRole('button')).toHaveTextContent('Transfer to a person');
    await expect(canvas.getByRole('list', { name: 'Transactions' })).toHaveAttribute('aria-busy', 'false');
    await expect(canvas.getByText(/^That is all: 1,?000 transactions\.$/)).toBeInTheDocument();
    await expect(args.loadMore).not.toHaveBeenCalled();
  },
};

/** Nothing matches the filter. */
export const Empty: Story = {
  args: { rows: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No transactions')).toBeInTheDocument();
    // No filter is on: nothing is said about filters.
    await expect(canvas.queryByText('Nothing matches these filters.')).toBeNull();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByText(/That is all/)).toBeNull();
    await expect(args.loadMore).not.toHaveBeenCalled();
  },
};

/** Filtered and empty: the list says nothing matches the filters. */
export const EmptyFiltered: Story = {
  args: { rows: [], total: 0, filtered: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nothing matches these filters.')).toBeInTheDocument();
  },
};

/**
 * A new filter is loading: the old rows stay, at full contrast (they can still be opened), and the
 * list says it is busy.
 */
export const Stale: Story = {
  args: { rows: demoTransactions(30), total: 30, stale: true },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Transactions' });
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/** The next page is on its way: a labelled progress under the rows; no second request. */
export const LoadingMore: Story = {
  args: { rows: demoTransactions(20), total: 120, hasMore: true, loadingMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading more transactions' })).toBeInTheDocument();
    await expect(canvas.getByRole('list', { name: 'Transactions' })).toHaveAttribute('aria-busy', 'true');
    await expect(rowsInPage(canvasElement)[0]).toHaveAttribute('aria-setsize', '120');
    await expect(canvas.queryByText(/That is all/)).toBeNull();
    await expect(args.loadMore).not.toHaveBeenCalled();
  },
};

/** Everything is loaded: the list says how many there are and asks for nothing more. */
export const TheEnd: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('That is all: 5 transactions.')).toBeInTheDocument();
    await expect(rowsInPage(canvasElement)).toHaveLength(5);
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(args.loadMore).not.toHaveBeenCalled();
  },
};

/** One transaction is counted in the singular. */
export const JustOne: Story = {
  args: { rows: demoTransactions(1), total: 1 },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('That is all: 1 transaction.')).toBeInTheDocument();
  },
};

/** Pressing a row opens it: `onOpen` gets that transaction. */
export const OpenRow: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /Salary March/ }));
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
    await expect(args.onOpen).toHaveBeenCalledWith(five[2]);
    // The keyboard too: Enter on the focused row.
    const wire = canvas.getByRole('button', { name: /Wire transfer/ });
    wire.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenLastCalledWith(five[3]);
  },
};

/** A short first page with more to come: its end is in view at once, so the next page is asked for. */
export const LoadMore: Story = {
  args: { rows: five, total: 45, hasMore: true },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('button', { name: /Coffee at Luna/ })).toBeInTheDocument();
    await waitFor(() => expect(args.loadMore).toHaveBeenCalled());
    await expect(within(canvasElement).queryByText(/That is all/)).toBeNull();
  },
};

/** 200 of 1,000 loaded: nothing is asked for at the top; scrolled to the end of what is loaded, the next page is. */
export const LoadMoreOnScroll: Story = {
  args: { rows: demoTransactions(200), total: 1000, hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByRole('button', { name: /Coffee at Luna/ }))[0]).toBeInTheDocument();
    await expect(args.loadMore).not.toHaveBeenCalled();
    window.scrollTo(0, document.documentElement.scrollHeight);
    await waitFor(() => expect(args.loadMore).toHaveBeenCalled());
    // The rows now in the page are the last ones loaded, still few.
    await waitFor(() => expect(rowsInPage(canvasElement).at(-1)).toHaveAttribute('aria-posinset', '200'));
    await expect(rowsInPage(canvasElement).length).toBeLessThan(100);
    window.scrollTo(0, 0);
  },
};
