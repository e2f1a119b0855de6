import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { withRouter } from '../../../../.storybook/decorators';
import { ApprovalsLinkView } from './approvals-link';

/** The header's link to the approvals with how many requests wait (only while some do). */
const meta: Meta<typeof ApprovalsLinkView> = {
  title: 'Widgets/Approvals link',
  component: ApprovalsLinkView,
  decorators: [withRouter],
};
export default meta;
type Story = StoryObj<typeof ApprovalsLinkView>;

export const Filled: Story = {
  args: { waiting: 3 },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link', { name: 'Approvals, 3 requests waiting' });
    await expect(link).toHaveAttribute('href', '/transfer/approved');
  },
};

export const Empty: Story = {
  args: { waiting: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};
