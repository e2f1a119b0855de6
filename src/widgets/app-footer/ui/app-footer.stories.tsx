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
    // The entity line ends the name with one full stop, also for names like "… S.L.".
    await expect(canvas.getByText(/^©/)).not.toHaveTextContent(/\.\./);
  },
};

/** Brand 3's regulated entity is "Corvel Finance S.L.": its abbreviation's full stop ends the sentence. */
export const NameEndingInAbbreviation: Story = {
  globals: { brand: 'brand3' },
  play: async ({ canvasElement }) => {
    const entity = await within(canvasElement).findByText(/^©/);
    await expect(entity).toHaveTextContent(/Corvel Finance S\.L\. Corvel Finance S\.L\. is/);
    await expect(entity).not.toHaveTextContent(/\.\./);
  },
};
