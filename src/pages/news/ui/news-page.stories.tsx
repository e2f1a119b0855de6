import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import type { Announcement } from '@/entities/announcement';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { NewsPage } from './news-page';

const news: Announcement[] = [
  { id: 31, isRead: false, confirmation: true, choice: null, title: 'New terms for card payments abroad', body: 'Please accept or decline the new terms.', created: '2026-11-21T09:30:00Z' },
  { id: 30, isRead: false, confirmation: false, choice: null, title: 'Planned maintenance on Sunday night', body: 'Transfers may be delayed.', created: '2026-11-19T16:00:00Z' },
  { id: 29, isRead: true, confirmation: true, choice: 'decline', title: 'Paper statements by post', body: 'You declined paper statements.', created: '2026-11-02T08:00:00Z' },
  { id: 28, isRead: true, confirmation: false, choice: null, title: 'Welcome to the new online banking', body: 'Hello.', created: '2026-10-01T08:00:00Z' },
];

/** /news with seeded query data (no network): every announcement, the page's heading is the list's. */
const meta: Meta<typeof NewsPage> = {
  title: 'Pages/News',
  component: NewsPage,
  decorators: [withAppServices, withRouter],
  parameters: { queryData: [[['announcements', 'all'], news]] },
};
export default meta;
type Story = StoryObj<typeof NewsPage>;

export const AllNews: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.queryByRole('link', { name: 'All news' })).toBeNull();
    await expect(canvas.getByRole('button', { name: /Paper statements by post/ })).toHaveTextContent('Declined');
    await waitFor(() => expect(document.title).toBe('News'));
  },
};

export const Empty: Story = {
  parameters: { queryData: [[['announcements', 'all'], []]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    await expect(canvas.getByText('No news for now')).toBeInTheDocument();
  },
};
