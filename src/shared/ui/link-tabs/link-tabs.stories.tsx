import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { LinkTabs, linkTab, TabCount } from './link-tabs';

/** Tabs that are links (plain anchors here; pages spread `linkTab` on router Links): one current, with or without counts. */
function Example({ current, counts }: { current: string; counts: boolean }) {
  const tabs = [
    { id: 'all', label: 'All', count: 28 },
    { id: 'open', label: 'Open', count: 14 },
    { id: 'new', label: 'New', count: 5 },
    { id: 'closed', label: 'Closed', count: 1234 },
  ];
  return (
    <LinkTabs label="Tickets by status">
      {tabs.map((tab) => {
        const { activeOptions: _routerOnly, ...props } = linkTab(tab.id === current);
        return (
          <a key={tab.id} href={tab.id === 'all' ? '?' : `?status=${tab.id}`} {...props}>
            {tab.label}
            {counts ? <TabCount>{tab.count.toLocaleString('en')}</TabCount> : null}
          </a>
        );
      })}
    </LinkTabs>
  );
}

const meta: Meta<typeof Example> = {
  title: 'Design system/Link tabs',
  component: Example,
  args: { current: 'all', counts: true },
};
export default meta;
type Story = StoryObj<typeof Example>;

/** The first tab current, with counts. */
export const WithCounts: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Tickets by status' });
    await expect(within(nav).getByRole('link', { name: 'All 28' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  },
};

/** Another tab current, without counts: only it is marked. */
export const AnotherCurrent: Story = {
  args: { current: 'new', counts: false },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Tickets by status' });
    await expect(within(nav).getByRole('link', { name: 'New' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
  },
};
