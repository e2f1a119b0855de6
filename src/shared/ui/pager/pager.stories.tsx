import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { Pager } from './pager';

/** Links as a page would make them (here plain anchors to `?page=N`). */
const link = (target: number, rel: 'prev' | 'next', label: string) => (
  <a href={`?page=${target}`} rel={rel}>
    {label}
  </a>
);

const meta: Meta<typeof Pager> = {
  title: 'Design system/Pager',
  component: Pager,
  args: { page: 1, pages: 3, link },
};
export default meta;
type Story = StoryObj<typeof Pager>;

/** The first page: no previous link. */
export const First: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pages' });
    await expect(nav).toHaveTextContent('Page 1 of 3');
    await expect(within(nav).queryByRole('link', { name: 'Previous page' })).toBeNull();
    await expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?page=2');
  },
};

/** A middle page: both ways, each with its rel. */
export const Middle: Story = {
  args: { page: 2, pages: 1200 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pages' });
    await expect(nav).toHaveTextContent('Page 2 of 1,200');
    await expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('rel', 'prev');
    await expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?page=3');
  },
};

/** The last page: no next link. */
export const Last: Story = {
  args: { page: 3, pages: 3 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pages' });
    await expect(within(nav).queryByRole('link', { name: 'Next page' })).toBeNull();
    await expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '?page=2');
  },
};

/** One page holds everything: no pager at all. */
export const OnePage: Story = {
  args: { page: 1, pages: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};
