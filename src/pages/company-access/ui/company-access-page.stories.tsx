import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { BusinessUser, PermissionChange, PotentialUser, UserAccessEntry } from '@/entities/company-person';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { CompanyAccessView } from './company-access-page';

/**
 * /company-access (issue 54): the users with their access, the changes waiting for another
 * full-access user, the representatives who could be invited, the recent decisions; the reads are
 * injected (loading, failed, empty, filled) and the clock is fixed.
 */
const NOW = Date.parse('2026-11-30T12:00:00Z');

const user = (over: Partial<BusinessUser> & Pick<BusinessUser, 'userId' | 'firstName' | 'lastName' | 'email'>): BusinessUser => ({ isOwner: false, isYou: false, active: true, positionIds: [], representativeId: null, ...over });
const access = (userId: number, accessRights: number, accessList: UserAccessEntry['accessList'], settlementAccount = false): UserAccessEntry => ({ userId, accessRights, accessList, permissions: { settlementAccount }, version: 1 });

const FULL = { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 };
const READ = { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 };

const users: BusinessUser[] = [
  user({ userId: 1101, firstName: 'Carpathia', lastName: 'Trading', email: 'company-access@brand1.test', isOwner: true, isYou: true }),
  user({ userId: 1102, firstName: 'Elena', lastName: 'Vasile', email: 'company-admin2@brand1.test', positionIds: [2], representativeId: 1 }),
  user({ userId: 1103, firstName: 'Dan', lastName: 'Munteanu', email: 'company-viewer@brand1.test' }),
  user({ userId: 1105, firstName: 'Irina', lastName: 'Stoica', email: 'company-docs@brand1.test' }),
];
const rights: UserAccessEntry[] = [
  access(1101, 2, FULL, true),
  access(1102, 2, FULL),
  access(1103, 1, READ),
  access(1105, 5, { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 }),
];
const potential: PotentialUser[] = [{ representativeId: 5, firstName: 'Victor', lastName: 'Lungu', email: 'victor.lungu@example.com', positionIds: [8] }];
const waiting: PermissionChange = {
  id: 71,
  kind: 'rights',
  status: 'awaitingApproval',
  authorId: 1102,
  authorName: 'Elena Vasile',
  createdAt: '2026-11-28T09:00:00Z',
  expiresAt: '2026-12-05T09:00:00Z',
  targetUserId: 1103,
  targetName: 'Dan Munteanu',
  before: { accessRights: 1, accessList: READ },
  after: { accessRights: 3, accessList: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 } },
};
const declined: PermissionChange = { ...waiting, id: 70, status: 'declined', createdAt: '2026-11-20T09:00:00Z', expiresAt: '2026-11-27T09:00:00Z', decidedAt: '2026-11-21T10:00:00Z', decidedByName: 'Carpathia Trading' };

async function rendered(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: 'Users and access' });
  return canvas;
}

const meta: Meta<typeof CompanyAccessView> = {
  title: 'Pages/Company access',
  component: CompanyAccessView,
  decorators: [withRouter, withAppServices],
  parameters: { layout: 'padded' },
  args: { users: fakeQuery({ data: users }), rights: fakeQuery({ data: rights }), potential: fakeQuery({ data: potential }), changes: fakeQuery({ data: [waiting, declined] }), now: NOW },
};
export default meta;
type Story = StoryObj<typeof CompanyAccessView>;

/** Still reading: the progress in each section. */
export const Loading: Story = {
  args: { users: fakeQuery({ isPending: true }), rights: fakeQuery({ isPending: true }), potential: fakeQuery({ isPending: true }), changes: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(3);
    await expect(canvas.queryByRole('region', { name: 'Waiting for approval' })).not.toBeInTheDocument();
  },
};

/** The users could not be read: said, with Try again. */
export const Failed: Story = {
  args: { users: fakeQuery({ isError: true, error: new Error('down') }) },
  play: async ({ canvasElement }) => {
    const users = within((await rendered(canvasElement)).getByRole('region', { name: 'Users' }));
    await expect(users.getByRole('alert')).toHaveTextContent("The company's users could not be loaded");
    await expect(users.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Only the owner, nobody to invite, nothing decided: each section says so. */
export const Empty: Story = {
  args: { users: fakeQuery({ data: [users[0]!] }), rights: fakeQuery({ data: [rights[0]!] }), potential: fakeQuery({ data: [] }), changes: fakeQuery({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByText('Nobody to invite')).toBeInTheDocument();
    await expect(canvas.getByText('No decisions in the last 30 days')).toBeInTheDocument();
    // The owner is the only user with full access, and it is them: neither changed nor removed.
    await expect(canvas.getByText('Nobody changes their own access: another user with full access can.')).toBeInTheDocument();
  },
};

/** The owner: another admin's change waits for them; every other user's access can be changed; the hidden level 5 is shown as held. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const waitingList = within(canvas.getByRole('region', { name: 'Waiting for approval' }));
    await expect(waitingList.getByText('Dan Munteanu')).toBeInTheDocument();
    await expect(waitingList.getByRole('button', { name: 'Review: Access change: Dan Munteanu' })).toBeInTheDocument();
    const usersList = within(canvas.getByRole('region', { name: 'Users' }));
    await expect(usersList.getAllByRole('listitem')).toHaveLength(4);
    await expect(usersList.getByRole('button', { name: 'Change access: Elena Vasile' })).toBeInTheDocument();
    await expect(usersList.queryByRole('button', { name: 'Change access: Carpathia Trading' })).not.toBeInTheDocument();
    await expect(usersList.getByText('Custom · Uploading')).toBeInTheDocument();
    const invite = within(canvas.getByRole('region', { name: 'Representatives who could be users' }));
    await expect(invite.getByRole('button', { name: 'Invite as a user: Victor Lungu' })).toBeInTheDocument();
    await expect(within(canvas.getByRole('region', { name: 'Recent decisions' })).getByText('Declined')).toBeInTheDocument();
  },
};

/** The author of the waiting change sees it waits for someone else; a viewer changes nothing. */
export const AsAuthor: Story = {
  args: {
    users: fakeQuery({ data: users.map((u) => ({ ...u, isYou: u.userId === 1102 })) }),
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const waitingList = within(canvas.getByRole('region', { name: 'Waiting for approval' }));
    await expect(waitingList.getByText('You asked for this: another user with full access approves it.')).toBeInTheDocument();
    await expect(waitingList.queryByRole('button', { name: /Review/ })).not.toBeInTheDocument();
  },
};

export const AsViewer: Story = {
  args: {
    users: fakeQuery({ data: users.map((u) => ({ ...u, isYou: u.userId === 1103 })) }),
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.queryByRole('button', { name: /Change access/ })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
    await expect(canvas.getAllByText('Only users with full access change access.').length).toBeGreaterThan(0);
  },
};

/** A company with one user with full access: that row can be neither lowered nor removed. */
export const LastFullUser: Story = {
  args: {
    users: fakeQuery({ data: [users[0]!, { ...users[2]!, isYou: false }] }),
    rights: fakeQuery({ data: [rights[0]!, rights[2]!] }),
    changes: fakeQuery({ data: [] }),
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    // The owner (the signed-in user) changes the viewer; the owner's own row says why it cannot change.
    await expect(canvas.getByRole('button', { name: 'Change access: Dan Munteanu' })).toBeInTheDocument();
    await expect(canvas.getByText('Nobody changes their own access: another user with full access can.')).toBeInTheDocument();
  },
};

/** Changing a user's access: presets over the levels, each level, the settlement account; nothing to send until something changes. */
export const ChangeAccessDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change access: Dan Munteanu' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: "Change Dan Munteanu's access" }));
    const send = dialog.getByRole('button', { name: 'Send for approval' });
    await expect(send).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: /^Viewer/ })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: /^Preparer/ }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Transfers' })).toHaveValue('3'));
    await expect(send).toBeEnabled();
    await expect(dialog.getByText('Another user with full access has to approve this within 7 days. Nothing changes until then.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
  },
};
