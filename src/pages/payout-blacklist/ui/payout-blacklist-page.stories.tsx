import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { blacklistAddFormMachine } from '@machines/settings/blacklist-add.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { securityListKeys, type BlacklistUser } from '@/entities/security';
import { SessionContext } from '@/entities/session';
import { NotificationCenter } from '@/widgets/notification-center';
import { fakeSignedInSession, withAppServices, withRouter } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { downFetch, jsonReply, methodOf, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { PayoutBlacklistPage } from './payout-blacklist-page';

// ---- the service: the list it keeps, read with blacklistList; the writes are the statecharts' fakes ----

const seed: BlacklistUser[] = [
  { email: 'spam@example.com', blockType: 'all' },
  { email: 'old.partner@example.org', blockType: 'p2p' },
  { email: 'batch-only@example.net', blockType: 'mass' },
];
/** What the fake service holds now (the fakes below change it, so the list read again shows the change). */
let kept: BlacklistUser[] = [];


/** blacklistList answers what is kept; the service is otherwise not there. */
const serviceFetch: typeof fetch = async (input) => (methodOf(input) === 'blacklistList' ? jsonReply({ responseCode: '00', users: kept }) : jsonReply({ responseCode: 'UE', responseDescription: 'Not in this story' }, 500));


// ---- the statecharts' calls ----

const addSubmit = fn<(input: { values: FormValues; requestId?: string }) => Promise<BlacklistUser>>();
const removeChange = fn<(input: { subject: string; requestId: string }) => Promise<void>>();

const addLogic = blacklistAddFormMachine.provide({ actors: { submit: fromPromise(({ input }) => addSubmit(input)) } });
const removeLogic = confirmedChangeMachine.provide({ actors: { change: fromPromise(({ input }) => removeChange(input)) } });

/** Signed in as ana@example.com (fake session calls), with the notifications shown. */
const withSignedIn: Decorator = (Story) => {
  const session = useMemo(() => fakeSignedInSession({ customer: { customerType: 0, firstName: 'Ana', lastName: 'Ruiz' }, access: null }), []);
  return (
    <SessionContext.Provider value={session}>
      <Story />
      <NotificationCenter />
    </SessionContext.Provider>
  );
};

/**
 * /payout-blacklist on the real statecharts (the add popup's form, the confirmed removal) with fake
 * calls, the list seeded in the query cache and read again from a fake service after a change.
 */
const meta: Meta<typeof PayoutBlacklistPage> = {
  title: 'Pages/Payout black list',
  component: PayoutBlacklistPage,
  decorators: [withSignedIn, withAppServices, withRouter],
  args: { addLogic, removeLogic },
  parameters: { layout: 'padded', queryData: [[securityListKeys.blacklist, seed]] },
  beforeEach: () => {
    kept = [...seed];
    addSubmit.mockReset();
    addSubmit.mockImplementation(async ({ values }) => {
      const user: BlacklistUser = { email: (values.email ?? '').trim().toLowerCase(), blockType: values.blockType === 'p2p' || values.blockType === 'mass' ? values.blockType : 'all' };
      kept = [user, ...kept];
      return user;
    });
    removeChange.mockReset();
    removeChange.mockImplementation(async ({ subject }) => {
      kept = kept.filter((user) => user.email !== subject);
    });
    return withFetch(serviceFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof PayoutBlacklistPage>;

const table = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('table', { name: 'Payout black list' }));

/** Three e-mails: each a row header with what it blocks in words. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const grid = await table(canvasElement);
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Payout black list' })).toBeInTheDocument();
    // Each row header: the e-mail, and under it what it blocks.
    await expect(grid.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'spam@example.comBlocks: All payouts',
      'old.partner@example.orgBlocks: Peer-to-peer transfers',
      'batch-only@example.netBlocks: Mass payouts',
    ]);
    await expect(grid.getByRole('button', { name: 'Remove spam@example.com' })).toHaveAttribute('aria-haspopup', 'dialog');
  },
};

/** Nothing on the list: it says so; adding is there. */
export const Empty: Story = {
  parameters: { queryData: [[securityListKeys.blacklist, []]] },
  play: async ({ canvasElement }) => {
    const grid = await table(canvasElement);
    await expect(grid.getByText('No e-mails on your black list')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Add to black list' })).toBeEnabled();
  },
};

/** The first read still running: its progress, no table, no add button. */
export const Loading: Story = {
  parameters: { queryData: [] },
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Add to black list' })).toBeNull();
  },
};

/** The read failed: what happened and "Try again" (which reads again). */
export const LoadError: Story = {
  parameters: { queryData: [] },
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Could not load your black list')).toBeInTheDocument();
    await expect(canvas.getByText('Server is not available')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The popup's form refuses the customer's own e-mail (any case) before sending: the error at the field, the e-mail kept. */
export const AddOwnEmailRefused: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add to black list' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to black list' }));
    const email = await dialog.findByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveFocus());
    await userEvent.type(email, 'Ana@Example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await expect(await dialog.findByText('You cannot block your own e-mail address.')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('You cannot block your own e-mail address.');
    await expect(email).toHaveValue('Ana@Example.com');
    await waitFor(() => expect(email).toHaveFocus());
    await expect(addSubmit).not.toHaveBeenCalled();
  },
};

/**
 * Added: the popup closes, the notification says so with the e-mail (001 s8), and the list read
 * again shows it with what it blocks.
 */
export const AddSucceeds: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add to black list' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to black list' }));
    const all = await dialog.findByRole('radio', { name: 'All payouts' });
    await expect(all).toBeChecked();
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-mail' }), 'fraud@example.com');
    await userEvent.click(dialog.getByRole('radio', { name: 'Peer-to-peer transfers' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(addSubmit).toHaveBeenCalledTimes(1);
    await expect(addSubmit.mock.calls[0]![0]).toMatchObject({ values: { email: 'fraud@example.com', blockType: 'p2p' }, requestId: expect.any(String) });
    await expect(await within(canvasElement).findByText('The user with fraud@example.com has been added to the black list.')).toBeInTheDocument();
    const grid = await table(canvasElement);
    await expect(await grid.findByRole('rowheader', { name: 'fraud@example.com Blocks: Peer-to-peer transfers' })).toBeInTheDocument();
  },
};

/** Removal asks first (an alert dialog), then sends once; the list read again no longer has the e-mail. */
export const RemoveConfirmed: Story = {
  play: async ({ canvasElement }) => {
    const grid = await table(canvasElement);
    await userEvent.click(grid.getByRole('button', { name: 'Remove spam@example.com' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove spam@example.com from the black list?' }));
    await expect(removeChange).not.toHaveBeenCalled();
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removeChange).toHaveBeenCalledTimes(1);
    await expect(removeChange).toHaveBeenCalledWith({ subject: 'spam@example.com', requestId: expect.any(String) });
    await expect(await within(canvasElement).findByText('spam@example.com has been removed from the black list.')).toBeInTheDocument();
    await waitFor(() => expect(grid.queryByRole('rowheader', { name: /^spam@example\.com/ })).toBeNull());
    await expect(grid.getAllByRole('rowheader')).toHaveLength(2);
    // Its button is gone with its row: focus is on "Add to black list", not lost.
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Add to black list' })).toHaveFocus());
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/** In Russian on a 320 px column, with a long e-mail: nothing is cut off and the page does not scroll sideways. */
export const NarrowRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  parameters: { queryData: [[securityListKeys.blacklist, [{ email: 'a.very.long.address.of.a.former.partner@subsidiary.example-company.org', blockType: 'mass' }, ...seed]]] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table');
    const page = canvasElement.querySelector('h1')!.parentElement!;
    await expect(clippedText(page)).toEqual([]);
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};
