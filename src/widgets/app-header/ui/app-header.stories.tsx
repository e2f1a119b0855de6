import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within, screen } from 'storybook/test';
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
    // The language menu opens with the keyboard and lists the brand's languages.
    const trigger = canvas.getByRole('button', { name: /Language/ });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(await screen.findByRole('option', { name: /Română/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};
