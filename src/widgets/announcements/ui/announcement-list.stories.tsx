import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Announcement } from '@/entities/announcement';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { AnnouncementsView } from './announcement-list';

/** Newest first, as announcementList answers: one asks for a choice, one is news, one was read. */
const news: Announcement[] = [
  {
    id: 31,
    isRead: false,
    confirmation: true,
    choice: null,
    title: 'New terms for card payments abroad',
    body: 'From 1 January card payments abroad are free up to 1,000 USD a month.\nPlease accept or decline the new terms.',
    created: '2026-11-21T09:30:00Z',
  },
  {
    id: 30,
    isRead: false,
    confirmation: false,
    choice: null,
    title: 'Planned maintenance on Sunday night',
    body: 'Transfers may be delayed between 01:00 and 03:00.',
    created: '2026-11-19T16:00:00Z',
  },
  {
    id: 29,
    isRead: true,
    confirmation: true,
    choice: 'accept',
    title: 'Your statements are now monthly',
    body: 'You accepted monthly statements.',
    created: '2026-11-02T08:00:00Z',
  },
];

const query = (over: Parameters<typeof fakeQuery<Announcement[]>>[0] = {}) => fakeQuery<Announcement[]>(over);

/** The news list (home shows the newest few, /news all) with its query injected. */
const meta: Meta<typeof AnnouncementsView> = {
  title: 'Widgets/Announcements',
  component: AnnouncementsView,
  decorators: [withAppServices, withRouter],
};
export default meta;
type Story = StoryObj<typeof AnnouncementsView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down') }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the news');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { query: query({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No news for now')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Filled: Story = {
  args: { query: query({ data: news }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findAllByRole('button', { name: /./ });
    await expect(items).toHaveLength(3);
    const [choice, info, read] = items as [HTMLElement, HTMLElement, HTMLElement];
    await expect(choice).toHaveTextContent('New terms for card payments abroad');
    await expect(choice).toHaveTextContent('New');
    await expect(choice).toHaveTextContent('Your answer is needed');
    await expect(choice).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(info).toHaveTextContent('New');
    await expect(info).not.toHaveTextContent('Your answer is needed');
    await expect(read).not.toHaveTextContent('New');
    await expect(read).toHaveTextContent('Accepted');
    // Everything fits: no link to the full list.
    await expect(canvas.queryByRole('link', { name: 'All news' })).toBeNull();
  },
};

/** Home shows the newest few and links to the rest. */
export const Limited: Story = {
  args: { query: query({ data: news }), limit: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
  },
};

/** The server's title is plain text: markup in it is shown, never interpreted. */
export const ServerTextIsText: Story = {
  args: {
    query: query({
      data: [{ id: 40, isRead: false, confirmation: false, choice: null, title: 'Fees <b>not bold</b> & <img src=x onerror=alert(1)>', body: 'Plain text.', created: '2026-11-22T10:00:00Z' }],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /Fees/ })).toHaveTextContent('Fees <b>not bold</b> & <img src=x onerror=alert(1)>');
    await expect(canvasElement.querySelector('b')).toBeNull();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};
