import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { ScpMobilePage } from './scp-mobile-page';

/** Store links and deep link come from the brand: switch the Brand toolbar (brand 5 has no iOS app). */
const meta: Meta<typeof ScpMobilePage> = {
  title: 'Pages/Get the mobile app',
  component: ScpMobilePage,
};
export default meta;

export const Default: StoryObj<typeof ScpMobilePage> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', expect.stringContaining('play.google.com'));
    await expect(canvas.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', expect.stringMatching(/^[a-z]+:\/\/open$/));
  },
};
