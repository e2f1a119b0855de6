import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { blacklistAddFormMachine } from '@machines/settings/blacklist-add.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import type { FormValues } from '@machines/shared/form.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import { securityListKeys, type BlacklistUser } from '@/entities/security';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { PayoutBlacklistSection } from './payout-blacklist-section';

const seed: BlacklistUser[] = [
  { email: 'spam@example.com', blockType: 'all' },
  { email: 'old.partner@example.org', blockType: 'p2p' },
];

const removeChange = fn<(input: { subject: string; requestId: string }) => Promise<void>>();
/** Not used by these stories (the add form has its own): never answers. */
const addLogic = blacklistAddFormMachine.provide({ actors: { submit: fromPromise<unknown, { values: FormValues; requestId?: string }>(() => new Promise<never>(() => {})) } });
const removeLogic = confirmedChangeMachine.provide({ actors: { change: fromPromise(({ input }) => removeChange(input)) } });

/**
 * The list's rows and their removal (the confirmed-change statechart with a fake call), from the
 * list seeded in the query cache (no session: nothing is read from the network).
 */
const meta: Meta<typeof PayoutBlacklistSection> = {
  title: 'Features/Edit payout blacklist/Rows',
  component: PayoutBlacklistSection,
  decorators: [withAppServices, withRouter],
  args: { addLogic, removeLogic },
  parameters: { layout: 'padded', queryData: [[securityListKeys.blacklist, seed]] },
  beforeEach: () => {
    removeChange.mockReset();
    removeChange.mockImplementation(async () => {});
  },
};
export default meta;
type Story = StoryObj<typeof PayoutBlacklistSection>;

const grid = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('table', { name: 'Payout black list' }));

/** Cancelled: nothing is sent, the rows stay and can be removed again. */
export const RemoveCancelled: Story = {
  play: async ({ canvasElement }) => {
    const rows = await grid(canvasElement);
    const button = rows.getByRole('button', { name: 'Remove old.partner@example.org' });
    await userEvent.click(button);
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove old.partner@example.org from the black list?' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removeChange).not.toHaveBeenCalled();
    await waitFor(() => expect(button).toHaveFocus());
    await expect(rows.getAllByRole('rowheader')).toHaveLength(2);
  },
};

/** Confirmed: sent once with the e-mail; the popup closes. */
export const RemoveConfirmed: Story = {
  play: async ({ canvasElement }) => {
    const rows = await grid(canvasElement);
    await userEvent.click(rows.getByRole('button', { name: 'Remove spam@example.com' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove spam@example.com from the black list?' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removeChange).toHaveBeenCalledTimes(1);
    await expect(removeChange).toHaveBeenCalledWith({ subject: 'spam@example.com', requestId: expect.any(String) });
  },
};

/** The service fails: its message in the popup with "Try again", which sends the same requestId again. */
export const RemoveFailsThenRetried: Story = {
  beforeEach: () => {
    removeChange.mockImplementationOnce(() => Promise.reject({ text: 'The service is not available' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const rows = await grid(canvasElement);
    await userEvent.click(rows.getByRole('button', { name: 'Remove spam@example.com' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove spam@example.com from the black list?' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The service is not available');
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const [first, second] = removeChange.mock.calls.map(([input]) => input.requestId);
    await expect(removeChange).toHaveBeenCalledTimes(2);
    await expect(second).toBe(first);
  },
};

/** While it is sent: "Remove" shows progress, Cancel waits. */
export const Removing: Story = {
  beforeEach: () => {
    removeChange.mockImplementation(() => new Promise<never>(() => {}));
  },
  play: async ({ canvasElement }) => {
    const rows = await grid(canvasElement);
    await userEvent.click(rows.getByRole('button', { name: 'Remove spam@example.com' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    const remove = await dialog.findByRole('button', { name: 'Remove' });
    await userEvent.click(remove);
    await waitFor(() => expect(remove).toHaveAttribute('aria-busy', 'true'));
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(removeChange).toHaveBeenCalledTimes(1);
  },
};
