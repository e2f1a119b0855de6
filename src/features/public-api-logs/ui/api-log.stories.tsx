import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ApiRequest } from '@/entities/public-api';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { demoApiKeys, demoApiRequests, failedInfiniteRead, infiniteRead, OFF_KEY, pagesOf, pendingInfiniteRead, ROLLED_KEY } from '../../../../.storybook/public-api-fixtures';
import { ApiLogView } from './api-log';

/**
 * /merchant/internal/api_log (issue 57): the requests read page by page (`args.read`: pages of
 * 50, "Show more" while the last page names a next cursor), the keys to filter by (`args.keys`),
 * the filters the address holds (`args.filters`) and `args.onFilters`, which records the cleaned
 * filters Apply and Clear put into the address.
 */
const ALL = demoApiRequests(120);

const meta: Meta<typeof ApiLogView> = {
  title: 'Features/Public API/API log',
  component: ApiLogView,
  parameters: { layout: 'padded' },
  args: { read: infiniteRead(pagesOf(ALL, 50, 1)), keys: demoApiKeys, filters: {}, onFilters: fn() },
};
export default meta;
type Story = StoryObj<typeof ApiLogView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'API log' });

/** The log shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

const filterForm = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('form', { name: 'Filters' }));

/** The first requests being read: the filters and the progress, no list. */
export const Loading: Story = {
  args: { read: pendingInfiniteRead<ApiRequest>() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** The read failed: what happened and Try again, which reads again. */
export const Error: Story = {
  args: { read: failedInfiniteRead<ApiRequest>() },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The log could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.read.refetch).toHaveBeenCalledTimes(1);
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};

/** No request yet (no filters): said so, with where they come from. */
export const Empty: Story = {
  args: { read: infiniteRead<ApiRequest>([{ items: [], nextCursor: null }]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No requests yet')).toBeInTheDocument();
    await expect(canvas.getByText('Requests made with your API keys are listed here.')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** Filtered by a key that made no request: said that nothing matches, the key shown in its field. */
export const EmptyFiltered: Story = {
  args: { read: infiniteRead<ApiRequest>([{ items: [], nextCursor: null }]), filters: { apiKeyId: String(OFF_KEY.id) } },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No request matches these filters')).toBeInTheDocument();
    await expect(canvas.getByText('Change or clear the filters.')).toBeInTheDocument();
    await expect(filterForm(canvasElement).getByRole('combobox', { name: 'Key' })).toHaveValue(String(OFF_KEY.id));
  },
};

/**
 * The newest 50 of more: each request's status, call, when, key (by the name the service gave, or
 * found among the keys), address and time taken; "Show more" reads the next page.
 */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('The newest 50 requests')).toBeInTheDocument();
    const items = within(canvas.getByRole('list', { name: 'API log' })).getAllByRole('listitem');
    await expect(items).toHaveLength(50);
    const first = within(items[0]!);
    await expect(first.getByText('201', { exact: true })).toBeInTheDocument();
    await expect(first.getByText('POST /v1/transfers', { exact: true })).toBeInTheDocument();
    await expect(items[0]).toHaveTextContent(`Key: ${demoApiKeys[0]!.name} · Address: 203.0.113.7 · ${ALL[0]!.durationMs} ms`);
    await expect(items[1]).toHaveTextContent('200GET /v1/accounts');
    await expect(items[1]).toHaveTextContent(`Key: ${ROLLED_KEY.name} · Address: 198.51.100.23`);
    // The service named no key: the view finds its name among the keys.
    await expect(ALL[2]!.apiKeyName).toBeUndefined();
    await expect(items[2]).toHaveTextContent(`Key: ${OFF_KEY.name} · Address: 2001:db8::1`);
    await expect(items[3]).toHaveTextContent('422POST /v1/invoices');
    // No duration answered: none said.
    await expect(items[4]).toHaveTextContent('401GET /v1/balance');
    await expect(items[4]).not.toHaveTextContent(' ms');
    await expect(items[5]).toHaveTextContent('500POST /v1/transfers');
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.read.fetchNextPage).toHaveBeenCalledTimes(1);
  },
};

/** The next page on its way: "Show more" shows progress and is not pressed twice. */
export const LoadingMore: Story = {
  args: { read: infiniteRead(pagesOf(ALL, 50, 1), { isFetchingNextPage: true }) },
  play: async ({ canvasElement, args }) => {
    await heading(canvasElement);
    const more = (await within(canvasElement).findByRole('progressbar', { name: 'Loading…' })).closest('button')!;
    await expect(more).toHaveAttribute('aria-busy', 'true');
    await expect(more).toHaveTextContent('Show more');
    await userEvent.click(more);
    await expect(args.read.fetchNextPage).not.toHaveBeenCalled();
  },
};

/** Every page read (120 in three pages): the count says so, no "Show more"; a request of a deleted key names its number. */
export const AllShown: Story = {
  args: { read: infiniteRead(pagesOf([...ALL.slice(0, 119), { ...ALL[119]!, apiKeyId: 399, apiKeyName: undefined }], 50)) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('Requests: 120')).toBeInTheDocument();
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(120);
    await expect(items[119]).toHaveTextContent('Key: #399');
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/**
 * The filters: the keys to choose from; a last day before the first is refused at the last day
 * (nothing handed on); put right, Apply hands on only the key chosen; Clear hands on no filter.
 */
export const Filters: Story = {
  play: async ({ canvasElement, args }) => {
    await shown(canvasElement);
    const form = filterForm(canvasElement);
    const key = form.getByRole('combobox', { name: 'Key' });
    await expect(within(key).getAllByRole('option').map((option) => option.textContent)).toEqual(['Every key', ...demoApiKeys.map((one) => one.name)]);
    await userEvent.selectOptions(key, String(ROLLED_KEY.id));
    const from = form.getByLabelText('First day');
    const to = form.getByLabelText('Last day');
    await userEvent.type(from, '2026-11-30');
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    await expect(to).toHaveAccessibleDescription(expect.stringContaining('The last day cannot be before the first.'));
    await waitFor(() => expect(to).toHaveFocus());
    await expect(args.onFilters).not.toHaveBeenCalled();
    await userEvent.clear(from);
    await userEvent.clear(to);
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onFilters).toHaveBeenCalledTimes(1));
    await expect(args.onFilters).toHaveBeenCalledWith({ apiKeyId: String(ROLLED_KEY.id) });
    await userEvent.click(form.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(args.onFilters).toHaveBeenCalledTimes(2));
    await expect(args.onFilters).toHaveBeenLastCalledWith({});
    await expect(key).toHaveValue('');
  },
};

/** The filters the address holds are shown in their fields. */
export const FiltersFromAddress: Story = {
  args: { filters: { apiKeyId: String(ROLLED_KEY.id), fromDate: '2026-11-01', toDate: '2026-11-30' } },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    const form = filterForm(canvasElement);
    await expect(form.getByRole('combobox', { name: 'Key' })).toHaveValue(String(ROLLED_KEY.id));
    await expect(form.getByLabelText('First day')).toHaveValue('2026-11-01');
    await expect(form.getByLabelText('Last day')).toHaveValue('2026-11-30');
  },
};

/** The first 7 requests on a 320 px column in Russian: nothing cut off, nothing scrolling sideways. */
export const NarrowRussian: Story = {
  ...narrowIn('ru', async ({ canvasElement }) => {
    const section = (await within(canvasElement).findByRole('heading', { level: 1 })).closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(7));
    await expect(clippedText(section)).toEqual([]);
    await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
  }),
  args: { read: infiniteRead(pagesOf(ALL.slice(0, 7), 50), { hasNextPage: true }) },
};
