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
