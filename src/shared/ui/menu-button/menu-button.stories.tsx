import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
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
    const trigger = within(canvasElement).getByRole('button', { name: 'Approve iPad' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('sms');
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(screen.queryByRole('menu')).toBeNull();
  },
};

/** The down arrow opens the menu too; Escape closes it without acting and focus goes back. */
export const EscapeCloses: StoryObj<typeof MenuButton> = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Approve iPad' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};
