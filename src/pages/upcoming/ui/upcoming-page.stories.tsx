import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../../.storybook/decorators';
import { TransfersUpcomingPage } from './upcoming-page';

/** Pages home links to that are not in the app yet: each says so and leads back home. */
const meta: Meta = {
  title: 'Pages/Upcoming',
  decorators: [withRouter],
};
export default meta;
type Story = StoryObj;

async function check(canvasElement: HTMLElement, title: string) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  await expect(canvas.getByText('This page is not available yet.')).toBeInTheDocument();
  await expect(canvas.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  await waitFor(() => expect(document.title).toBe(title));
}

export const Transfers: Story = {
  render: () => <TransfersUpcomingPage />,
  play: ({ canvasElement }) => check(canvasElement, 'Transfers'),
};
