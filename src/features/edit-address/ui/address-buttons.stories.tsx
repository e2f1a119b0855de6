import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { UiMessage } from '@machines/shared/ui-message';
import { withAppServices } from '../../../../.storybook/decorators';
import { confirmAddressLogic } from '../model/address-actors';
import { ConfirmAddressButton, DeleteAddressButton } from './address-buttons';

const never = () => new Promise<never>(() => {});
const slow = { timeout: 5000 };
const refusal: UiMessage = { text: 'The address cannot be changed now' };

/** A task with a fake call (no network). */
const fakeTask = (work: () => Promise<void>) => confirmAddressLogic(0).provide({ actors: { run: fromPromise<void>(() => work()) } });

const succeeds = fn(async () => undefined);
const fails = fn(async (): Promise<void> => {
  throw refusal;
});
const hangs = fn(() => never());

/** What the customer does with one address of the profile: confirm it is still theirs, delete it. */
const meta: Meta = {
  title: 'Features/Edit address/Buttons',
  decorators: [withAppServices],
};
export default meta;
type Story = StoryObj;

/** Confirm: pressed, the confirmation is sent once; done, nothing is said next to the button. */
export const ConfirmIdle: Story = {
  name: 'Confirm: idle, then done',
  render: () => <ConfirmAddressButton addressId={501} label="I still live here" logic={fakeTask(succeeds)} />,
  play: async ({ canvasElement }) => {
    succeeds.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'I still live here' });
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(succeeds).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Confirm while it is sent: pending, a second press sends nothing more. */
export const ConfirmBusy: Story = {
  name: 'Confirm: busy',
  render: () => <ConfirmAddressButton addressId={501} label="I still live here" logic={fakeTask(hangs)} />,
  play: async ({ canvasElement }) => {
    hangs.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'I still live here' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(button).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await userEvent.click(button);
    await expect(hangs).toHaveBeenCalledTimes(1);
  },
};

/** Confirm refused: the reason next to the button, which can be pressed again. */
export const ConfirmFailed: Story = {
  name: 'Confirm: failed',
  render: () => <ConfirmAddressButton addressId={501} label="I still live here" logic={fakeTask(fails)} />,
  play: async ({ canvasElement }) => {
    fails.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'I still live here' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The address cannot be changed now');
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(fails).toHaveBeenCalledTimes(1);
  },
};

/** Delete asks first: an alert dialog with Delete and Keep it; nothing is sent yet. */
export const DeleteAsking: Story = {
  name: 'Delete: asking',
  render: () => <DeleteAddressButton addressId={501} label="Delete" logic={fakeTask(succeeds)} />,
  play: async ({ canvasElement }) => {
    succeeds.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete this address?' }, slow);
    await expect(within(question).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await expect(within(question).getByRole('button', { name: 'Keep it' })).toBeInTheDocument();
    await expect(succeeds).not.toHaveBeenCalled();
  },
};

/** Keep it: the question closes and nothing is sent. */
export const DeleteKept: Story = {
  name: 'Delete: kept',
  render: () => <DeleteAddressButton addressId={501} label="Delete" logic={fakeTask(succeeds)} />,
  play: async ({ canvasElement }) => {
    succeeds.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Delete' });
    await userEvent.click(button);
    const question = await screen.findByRole('alertdialog', { name: 'Delete this address?' }, slow);
    await userEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(succeeds).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Delete confirmed and refused: the reason next to the button. */
export const DeleteFailed: Story = {
  name: 'Delete: failed',
  render: () => <DeleteAddressButton addressId={501} label="Delete" logic={fakeTask(fails)} />,
  play: async ({ canvasElement }) => {
    fails.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Delete' });
    await userEvent.click(button);
    const question = await screen.findByRole('alertdialog', { name: 'Delete this address?' }, slow);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The address cannot be changed now');
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(fails).toHaveBeenCalledTimes(1);
    await expect(button).not.toHaveAttribute('aria-busy');
  },
};

/** Delete confirmed: sent once; deleted, nothing is said next to the button (the page's list loses it). */
export const Deleted: Story = {
  name: 'Delete: done',
  render: () => <DeleteAddressButton addressId={501} label="Delete" logic={fakeTask(succeeds)} />,
  play: async ({ canvasElement }) => {
    succeeds.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Delete' });
    await userEvent.click(button);
    const question = await screen.findByRole('alertdialog', { name: 'Delete this address?' }, slow);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(succeeds).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
