import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { LoginHistorySearch } from '@machines/settings/login-history.rules';
import type { LoginHistoryItem, LoginHistoryPageData } from '@/entities/security';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { LoginHistory, LoginHistoryView } from './login-history-page';

const places = [
  { device: 'Chrome 131 on Windows 11', ip: '86.120.14.7', countryCode: 'RO', city: 'Bucharest' },
  { device: 'Safari on iPhone (iOS 18)', ip: '2a02:2f0e:100::17', countryCode: 'ES', city: 'Madrid' },
  { device: 'Firefox 133 on Ubuntu', ip: '185.53.12.90', countryCode: 'PT', city: null },
  { device: null, ip: null, countryCode: null, city: null },
];

/** Twenty sign-ins, newest first, one every 9 hours; every fourth with nothing known but its date. */
const signIns = (count: number, from = Date.UTC(2026, 10, 20, 8, 15)): LoginHistoryItem[] =>
  Array.from({ length: count }, (_, i) => ({ date: new Date(from - i * 9 * 3_600_000).toISOString(), ...places[i % places.length]! }));

const page = (total: number, items: LoginHistoryItem[]): LoginHistoryPageData => ({ total, items });
const march: LoginHistorySearch = { fromDate: '2026-03-01', toDate: '2026-03-31' };

/**
 * /login-history for a search: the list read from the query cache (seeded, no network), 20 a page;
 * the dates form above it. Loading and failure take the query injected (LoginHistoryView).
 */
const meta: Meta<typeof LoginHistory> = {
  title: 'Pages/Login history',
  component: LoginHistory,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { search: {}, onSearch: fn() },
};
export default meta;
type Story = StoryObj<typeof LoginHistory>;

/** The first of three pages: each sign-in's date and time, device and place where known; "Next page" only. */
export const Filled: Story = {
  parameters: { queryData: [[['security', 'login-history', {}], page(45, signIns(20))]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Sign-ins' });
    await expect(within(table).getAllByRole('row')).toHaveLength(21);
    await expect(within(table).getByRole('columnheader', { name: 'Device' })).toBeInTheDocument();
    const [, first, second, third, fourth] = within(table).getAllByRole('row');
    await expect(getComputedStyle(first!).display).toBe('table-row');
    await expect(within(first!).getByRole('rowheader').querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T08:15:00.000Z');
    await expect(first).toHaveTextContent('Chrome 131 on Windows 11');
    await expect(first).toHaveTextContent('Bucharest, Romania');
    await expect(first).toHaveTextContent('86.120.14.7');
    await expect(second).toHaveTextContent('Madrid, Spain');
    await expect(third).toHaveTextContent('Portugal');
    await expect(third).not.toHaveTextContent('null');
    await expect(fourth).toHaveTextContent('Unknown device');
    await expect(canvas.getByText('45 sign-ins')).toHaveAttribute('aria-live', 'polite');
    const pager = canvas.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toHaveTextContent('Page 1 of 3');
    await expect(within(pager).queryByRole('link', { name: 'Previous page' })).toBeNull();
    await expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/login-history?page=2');
  },
};

/** The middle page of a filtered view: both ways, each keeping the dates; the form shows the address's dates. */
export const MiddlePageFiltered: Story = {
  args: { search: { ...march, page: 2 } },
  parameters: { queryData: [[['security', 'login-history', { ...march, page: 2 }], page(45, signIns(20, Date.UTC(2026, 2, 24, 12)))]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pager = await canvas.findByRole('navigation', { name: 'Pages' });
    await expect(pager).toHaveTextContent('Page 2 of 3');
    await expect(within(pager).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/login-history?fromDate=2026-03-01&toDate=2026-03-31');
    await expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/login-history?fromDate=2026-03-01&toDate=2026-03-31&page=3');
    const form = canvas.getByRole('form', { name: 'Dates' });
    await expect(within(form).getByLabelText('From')).toHaveValue('2026-03-01');
    await expect(within(form).getByLabelText('To')).toHaveValue('2026-03-31');
  },
};

/** No sign-in in the dates chosen: said so, with what to do; no table, no pager. */
export const Empty: Story = {
  args: { search: march },
  parameters: { queryData: [[['security', 'login-history', march], page(0, [])]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No sign-ins in these dates')).toBeInTheDocument();
    await expect(canvas.getByText('Choose other dates, or clear them to see every sign-in.')).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  },
};

/** A page past the end (a bookmark from when there were more): a way back to the first page. */
export const PastTheEnd: Story = {
  args: { search: { page: 4 } },
  parameters: { queryData: [[['security', 'login-history', { page: 4 }], page(45, [])]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('There is nothing on this page')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/login-history');
  },
};

/** The first load: the dates form at once, the list's progress below it. */
export const Loading: Story = {
  render: (args) => <LoginHistoryView {...args} query={fakeQuery({ isPending: true })} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Login history' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

const failed = fakeQuery<LoginHistoryPageData>({ isError: true, error: new globalThis.Error('Network down') });

/** The first load failed: what happened and "Try again", which asks again. */
export const Error: Story = {
  render: (args) => <LoginHistoryView {...args} query={failed} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your login history could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(failed.refetch).toHaveBeenCalledTimes(1);
  },
};

/** Dates out of order are refused at "To" (focus there, nothing applied); put right, Apply hands on the dates from the first page. */
export const ApplyDates: Story = {
  args: { search: { page: 3 } },
  parameters: { queryData: [[['security', 'login-history', { page: 3 }], page(45, signIns(5))]] },
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Dates' }));
    await userEvent.type(form.getByLabelText('From'), '2026-03-10');
    await userEvent.type(form.getByLabelText('To'), '2026-03-01');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    const to = form.getByLabelText('To');
    await expect(await form.findByText('The end date is before the start date.')).toBeInTheDocument();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(to).toHaveFocus());
    await expect(args.onSearch).not.toHaveBeenCalled();
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-31');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledTimes(1));
    await expect(args.onSearch).toHaveBeenCalledWith({ fromDate: '2026-03-10', toDate: '2026-03-31' });
    // The same filter goes on (no new form): the same dates applied again go to their first page again.
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledTimes(2));
    await expect(to).toHaveValue('2026-03-31');
  },
};

/** Clear empties both dates and drops them (and the page) from the address. */
export const ClearDates: Story = {
  args: { search: { ...march, page: 2 } },
  parameters: { queryData: [[['security', 'login-history', { ...march, page: 2 }], page(45, signIns(20))]] },
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Dates' }));
    await expect(form.getByLabelText('From')).toHaveValue(march.fromDate);
    await userEvent.click(form.getByRole('button', { name: 'Clear' }));
    await expect(args.onSearch).toHaveBeenCalledWith({});
    await expect(form.getByLabelText('From')).toHaveValue('');
    await expect(form.getByLabelText('To')).toHaveValue('');
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

const longOnes: LoginHistoryItem[] = [
  { date: '2026-11-20T08:15:00Z', device: 'Mozilla/5.0 (Linux; Android 15; SM-S928B Build/AP3A.240905.015.A2) Samsung Internet 27.0', ip: '2a02:2f0e:100:17:a1b2:c3d4:e5f6:7890', countryCode: 'BR', city: 'São José dos Campos do Vale do Paraíba' },
  { date: '2026-11-19T21:40:00Z', device: null, ip: null, countryCode: 'RU', city: null },
];

/** At 320 px each sign-in is one block, every value under its column's name; long devices, addresses and places wrap, nothing overflows or is cut off. */
export const Narrow: Story = {
  decorators: [narrow],
  args: { search: march },
  parameters: { queryData: [[['security', 'login-history', march], page(2, longOnes)]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Sign-ins' });
    const [, first, second] = within(table).getAllByRole('row');
    await expect(getComputedStyle(first!).display).toBe('grid');
    await expect(first).toHaveTextContent('São José dos Campos do Vale do Paraíba, Brazil');
    await expect(second).toHaveTextContent('Unknown device');
    // Only what is known: the second sign-in shows its date, "Unknown device" and its country, no empty IP line.
    await expect([...second!.children].filter((cell) => getComputedStyle(cell).display !== 'none')).toHaveLength(3);
    const wrap = table.parentElement!;
    // The rows' text (the column headers are visually hidden at this width, there for screen readers).
    await expect(clippedText(wrap, table.querySelector('tbody')!)).toEqual([]);
    await expect(wrap.scrollWidth).toBeLessThanOrEqual(wrap.clientWidth);
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};
