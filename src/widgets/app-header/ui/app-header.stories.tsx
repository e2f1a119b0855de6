import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { withAppStart, withRouter } from '../../../../.storybook/decorators';
import { AppHeader } from './app-header';

const meta: Meta<typeof AppHeader> = {
  title: 'Widgets/AppHeader',
  component: AppHeader,
  decorators: [withAppStart, withRouter],
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof AppHeader>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /: home$/ })).toBeInTheDocument();
    // The language list opens with the keyboard, lists the brand's languages and closes on Escape.
    const trigger = canvas.getByRole('button', { name: /Language/ });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const list = canvas.getByRole('list', { name: 'Languages' });
    await expect(within(list).getByRole('button', { name: /Română/ })).toBeVisible();
    await expect(within(list).getByRole('button', { name: /English/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(list).getAllByRole('button')[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveFocus();
    await expect(canvas.queryByRole('list', { name: 'Languages' })).toBeNull();
  },
};
