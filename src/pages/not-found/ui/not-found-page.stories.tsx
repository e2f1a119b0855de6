import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { withRouter } from '../../../../.storybook/decorators';
import { NotFoundPage } from './not-found-page';

const meta: Meta<typeof NotFoundPage> = {
  title: 'Pages/NotFound',
  component: NotFoundPage,
  decorators: [withRouter],
};
export default meta;
type Story = StoryObj<typeof NotFoundPage>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.getByRole('link')).toHaveAttribute('href', '/');
  },
};
