import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { withRouter } from '../../../../.storybook/decorators';
import { AppFooter } from './app-footer';

const meta: Meta<typeof AppFooter> = {
  title: 'Widgets/AppFooter',
  component: AppFooter,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof AppFooter>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', expect.stringMatching(/^\/legal\/brand\d-tos$/));
    await expect(canvas.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('rel', expect.stringContaining('noopener'));
  },
};
