import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, screen, userEvent, within } from 'storybook/test';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { SettingPage } from './setting-page';

const linked = [
  { id: 'd1', name: 'Pixel 8', type: 'android', location: 'Bucharest, RO', lastActivityAt: '2026-11-20T08:15:00Z', approved: true },
  { id: 'd2', name: 'iPhone 15', type: 'ios', location: 'Madrid, ES', lastActivityAt: '2026-11-18T19:40:00Z', approved: true },
];
const registered = [...linked, { id: 'd3', name: 'Office tablet', type: 'android', location: null, lastActivityAt: null, approved: false }];
const methods = [
  { id: 'push', name: 'Push on a linked device' },
  { id: 'sms', name: 'SMS code' },
];

/** Seeded query data (no network): what a customer with two phones and a new tablet sees. */
const meta: Meta<typeof SettingPage> = {
  title: 'Pages/Security and devices',
  component: SettingPage,
  decorators: [withAppServices, withRouter],
  parameters: {
    layout: 'padded',
    queryData: [
      [['auth-profile'], { scp: 'none', type: 1 }],
      [['devices', 'linked'], linked],
      [['devices', 'registered'], registered],
      [['devices', 'approve-methods'], methods],
    ],
  },
};
export default meta;
type Story = StoryObj<typeof SettingPage>;

export const WithDevices: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Get the mobile app' })).toBeInTheDocument();
    const registeredGrid = canvas.getByRole('table', { name: 'Registered devices' });
    await expect(within(registeredGrid).getByText('Waiting for approval')).toBeInTheDocument();
    await userEvent.click(within(registeredGrid).getByRole('button', { name: 'Approve Office tablet' }));
    await expect(await screen.findByRole('menuitem', { name: 'SMS code' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

/** The service offers no method to choose (000 s4): the device is approved as it is, one button, no menu. */
export const ApprovedWithoutAMethod: Story = {
  parameters: {
    queryData: [
      [['auth-profile'], { scp: 'none', type: 1 }],
      [['devices', 'linked'], linked],
      [['devices', 'registered'], registered],
      [['devices', 'approve-methods'], []],
    ],
  },
  play: async ({ canvasElement }) => {
    const registeredGrid = await within(canvasElement).findByRole('table', { name: 'Registered devices' });
    const approve = within(registeredGrid).getByRole('button', { name: 'Approve Office tablet' });
    await expect(approve).not.toHaveAttribute('aria-haspopup');
    await expect(within(registeredGrid).getAllByRole('button', { name: /^Approve / })).toHaveLength(1);
  },
};

export const PushApproval: Story = {
  parameters: {
    queryData: [
      [['auth-profile'], { scp: 'push', type: 1 }],
      [['devices', 'linked'], linked],
      [['devices', 'registered'], linked],
      [['devices', 'approve-methods'], methods],
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('New sign-ins are approved with a push notification on your linked phone.')).toBeInTheDocument();
  },
};

/** Nothing read yet (no data seeded, no network in Storybook): each list shows its progress; the two-step and password sections are there at once. */
export const Loading: Story = {
  parameters: { queryData: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table', { name: 'Linked devices' })).toBeNull();
  },
};

/** No device of either kind: the lists say so; "Link a new phone" is the way to add one. */
export const NoDevices: Story = {
  parameters: {
    queryData: [
      [['auth-profile'], { scp: 'none', type: 1 }],
      [['devices', 'linked'], []],
      [['devices', 'registered'], []],
      [['devices', 'approve-methods'], methods],
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No linked devices')).toBeInTheDocument();
    await expect(canvas.getByText('No registered devices')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Link a new phone' })).toBeInTheDocument();
    await expect(canvas.getByText('To approve sign-ins in the mobile app, link your phone first.')).toBeInTheDocument();
  },
};
