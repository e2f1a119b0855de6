import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { withRouter } from '../../../../.storybook/decorators';
import { TermsPage } from './terms-page';

const meta: Meta<typeof TermsPage> = {
  title: 'Pages/Terms of service',
  component: TermsPage,
  decorators: [withRouter],
  args: { document: 'brand2-tos' },
};
export default meta;
type Story = StoryObj<typeof TermsPage>;

export const Brand2: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Terms of service — Lumenvale' })).toBeInTheDocument();
  },
};

export const UnknownDocument: Story = {
  args: { document: 'nobrand-tos' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  },
};
