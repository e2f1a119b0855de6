import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { MenuButton } from './menu-button';

const meta: Meta<typeof MenuButton> = {
  title: 'Design system/MenuButton',
  component: MenuButton,
  args: {
    label: 'Approve',
    'aria-label': 'Approve iPad',
    items: [
      { id: 'push', label: 'Push on a linked device' },
      { id: 'sms', label: 'SMS code' },
    ],
    onAction: fn(),
  },
};
export default meta;

export const ChooseByKeyboard: StoryObj<typeof MenuButton> = {
  play: async ({ canvasElement, args }) => {
    within(canvasElement).getByRole('button', { name: 'Approve iPad' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('sms');
  },
};
