import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ConfirmButton } from './confirm-button';

const meta: Meta<typeof ConfirmButton> = {
  title: 'Design system/ConfirmButton',
  component: ConfirmButton,
  args: {
    label: 'Remove Pixel 8',
    children: 'Remove',
    title: 'Remove this device?',
    message: 'Pixel 8 will no longer approve your sign-ins.',
    confirmLabel: 'Remove device',
    onConfirm: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof ConfirmButton>;

export const ConfirmRuns: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove Pixel 8' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const CancelKeepsFocus: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Remove Pixel 8' });
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  },
};
