import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SupportTicket, TicketPage } from '@/entities/support-ticket';
import { ApiError } from '@/shared/api';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { MessagesView } from './messages-page';

/**
 * /messages (issue 60) with its reads injected (`args.list`, `args.stats`): loading, failed (the
 * help desk's 429 said with Try again), empty, filled with a ticket of each display status, more
 * than a page, an unknown ticket number, long Russian at 320 px.
 */
const ME = 'support@brand1.test';
const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
const ticket = (n: number, subject: string, over: Partial<SupportTicket> = {}): SupportTicket => ({
  id: String(7000 + n),
  ticketNumber: String(10400 + n),
  subject,
  status: 'Open',
  lastThread: { createdAt: at(n), to: 'support@northbridgepay.example' },
  updatedAt: at(n),
  createdAt: at(n + 24),
  statusId: 'open',
  departmentId: '1',
  cf: { cf_read_at: null },
  ...over,
});
const TICKETS: SupportTicket[] = [
  ticket(1, 'My card was declined abroad', { lastThread: { createdAt: at(1), to: ME }, statusId: 'new' }),
  ticket(2, 'Change of address'),
  ticket(3, 'Statement for March', { status: 'Closed', statusId: 'closed' }),
  ticket(4, 'Transfer not received', { status: 'Closed-No-Reply', statusId: 'new' }),
];
const page = (data: SupportTicket[], count = data.length): TicketPage => ({ data, count });
const STATS = { all: 4, open: 1, new: 2, closed: 1 };

const meta: Meta<typeof MessagesView> = {
  title: 'Pages/Messages',
  component: MessagesView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { filter: 'all', page: 1, list: fakeQuery({ data: page(TICKETS) }), stats: STATS, agent: { name: 'Elena Marsh', photo: null, available: true }, customerEmail: ME, limited: false, onRetry: fn() },
};
export default meta;
type Story = StoryObj<typeof MessagesView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'Messages' });

export const Loading: Story = {
  args: { list: fakeQuery({ isPending: true }), stats: null },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** The help desk said too many requests: said, and Try again lets the desk send again. */
export const TooManyRequests: Story = {
  args: { list: fakeQuery({ isError: true, error: { aborted: true, message: { text: 'The help desk is receiving too many requests. Wait a moment, then try again.' } } }), limited: true },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The help desk is receiving too many requests.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Failed: Story = {
  args: { list: fakeQuery({ isError: true, error: new ApiError({ kind: 'serverUnavailable', status: 500 }), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Your tickets could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.list.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { list: fakeQuery({ data: page([]) }), stats: { all: 0, open: 0, new: 0, closed: 0 } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No tickets yet')).toBeInTheDocument();
  },
};

/** Each display status by the rule (an answer to the customer unread: new; Closed-No-Reply: new; Closed: closed). */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Tickets' });
    const rows = within(list).getAllByRole('link');
    await expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('My card was declined abroad'),
      expect.stringContaining('Change of address'),
      expect.stringContaining('Statement for March'),
      expect.stringContaining('Transfer not received'),
    ]);
    await expect(within(rows[0]!).getByText('New')).toBeInTheDocument();
    await expect(within(rows[1]!).getByText('Open')).toBeInTheDocument();
    await expect(within(rows[2]!).getByText('Closed')).toBeInTheDocument();
    await expect(within(rows[3]!).getByText('New')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  },
};

/** More than 20: the pages as links. */
export const SecondPage: Story = {
  args: { page: 2, list: fakeQuery({ data: page(TICKETS.slice(0, 2), 22) }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Page 2 of 2')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  },
};

export const UnknownTicket: Story = {
  args: { missingTicket: '99999' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There is no ticket No. 99999 among yours. Here are all your tickets.')).toBeInTheDocument();
  },
};

export const NarrowRussian: Story = {
  args: { list: fakeQuery({ data: page([ticket(5, 'Не поступил международный перевод на валютный счёт индивидуального предпринимателя')]) }) },
  ...narrowIn('ru', async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list');
    await expect(clippedText(canvasElement)).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};
