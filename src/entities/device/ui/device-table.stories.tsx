import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { EmptyState } from '@/shared/ui';
import { DeviceTable } from './device-table';

const devices = [
  { id: 'd1', name: 'Pixel 8', type: 'android' as const, location: 'Bucharest, RO', lastActivityAt: '2026-11-20T08:15:00Z' },
  { id: 'd2', name: 'iPhone 15', type: 'ios' as const, location: null, lastActivityAt: null },
];

const meta: Meta<typeof DeviceTable> = {
  title: 'Entities/DeviceTable',
  component: DeviceTable,
  args: { label: 'Linked devices', devices, empty: <EmptyState title="No linked devices" /> },
};
export default meta;
type Story = StoryObj<typeof DeviceTable>;

export const TwoDevices: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('table', { name: 'Linked devices' });
    await expect(await within(grid).findAllByRole('row')).toHaveLength(3);
    await expect(within(grid).getByText('Unknown')).toBeInTheDocument(); // no location
    await expect(within(grid).getByText('Never')).toBeInTheDocument(); // no activity yet
  },
};

export const Empty: Story = {
  args: { devices: [] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No linked devices')).toBeInTheDocument();
  },
};
