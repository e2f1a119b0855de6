import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { StoreLinkItems } from './store-links';

const meta: Meta<typeof StoreLinkItems> = {
  title: 'Design system/StoreLinkItems',
  component: StoreLinkItems,
  decorators: [(Story) => <ul aria-label="App stores">{<Story />}</ul>],
  args: { ios: 'https://apps.apple.com/app/demo/id1', android: 'https://play.google.com/store/apps/details?id=demo' },
};
export default meta;
type Story = StoryObj<typeof StoreLinkItems>;

export const BothStores: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(2);
  },
};

/** A brand without an iOS app: that link is not shown (spec 000 s1). */
export const AndroidOnly: Story = {
  args: { ios: null },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    await expect(links).toHaveLength(1);
    await expect(links[0]).toHaveAttribute('rel', expect.stringContaining('noopener'));
  },
};
