import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within, screen } from 'storybook/test';
import { Dialog } from './dialog';

const meta: Meta<typeof Dialog> = {
  title: 'Design system/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: { isOpen: true, title: 'Link a new device', children: 'Scan the code with the app on your phone.', onClose: fn() },
};
export default meta;
type Story = StoryObj<typeof Dialog>;

export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Link a new device');
    await expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};
export const CloseButton: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
