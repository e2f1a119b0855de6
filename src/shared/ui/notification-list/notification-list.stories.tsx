import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NotificationList } from './notification-list';

const meta: Meta<typeof NotificationList> = {
  title: 'Design system/NotificationList',
  component: NotificationList,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    items: [
      { id: '1', tone: 'success', title: 'Transfer confirmed', body: '€120.00 to Ana Popescu' },
      { id: '2', tone: 'info', title: 'New message from support' },
      { id: '3', tone: 'error', title: 'Card payment declined', body: 'Недостаточно средств на счёте для выполнения этого перевода' },
    ],
    onDismiss: fn(),
    onPause: fn(),
    onResume: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof NotificationList>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Notifications' })).toHaveAttribute('aria-live', 'polite');
    const buttons = canvas.getAllByRole('button', { name: 'Dismiss notification' });
    await userEvent.hover(buttons[0]!);
    await expect(args.onPause).toHaveBeenCalledWith('1');
    await userEvent.click(buttons[1]!);
    await expect(args.onDismiss).toHaveBeenCalledWith('2');
  },
};

/** Notifications from the service carry their type (002 s3), said above the title; the status is the tone. */
export const WithTypes: Story = {
  args: {
    items: [
      { id: 't', tone: 'success', title: 'Successfully submitted', body: 'Transfer to Ana Popescu', category: 'transaction' },
      { id: 'd', tone: 'error', title: 'Your document was refused', body: 'The document is not readable. Please send another.', category: 'document' },
      { id: 'g', tone: 'info', title: 'Maintenance tonight', body: 'From 22:00 to 23:00 some services may be slow.', category: 'general' },
      { id: 's', tone: 'info', title: 'A new sign-in from Chrome on Windows', category: 'security' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(within(items[0]!).getByText('Transfers')).toBeVisible();
    await expect(within(items[1]!).getByText('Documents')).toBeVisible();
    await expect(within(items[2]!).getByText('News')).toBeVisible();
    await expect(within(items[3]!).getByText('Security')).toBeVisible();
  },
};
