import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Preloader } from './preloader';
import { ErrorState } from '../error-state/error-state';
import { EmptyState } from '../empty-state/empty-state';

const meta: Meta<typeof Preloader> = {
  title: 'Design system/Preloader and states',
  component: Preloader,
  tags: ['autodocs'],
};
export default meta;
type Story = StoryObj<typeof Preloader>;

export const Inline: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  },
};
export const Page: Story = { args: { variant: 'page' }, parameters: { layout: 'fullscreen' } };
export const Error: StoryObj<typeof ErrorState> = {
  args: { onRetry: fn() },
  render: (args) => <ErrorState title="Something went wrong" message="Server is not available" onRetry={args.onRetry} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const Empty: StoryObj<typeof EmptyState> = {
  render: () => <EmptyState title="No transactions yet" message="Transfers you send and receive will appear here." />,
};
