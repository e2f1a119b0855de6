import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { ipnSettingsFormMachine } from '@machines/merchant/merchant-forms';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import type { IpnSettings } from '@/entities/merchant';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { IpnSettingsView, type IpnSettingsRead } from './ipn-settings-panel';

/**
 * /merchant/ipn/settings (issue 55): the settings read (`args.read`), the form and the secret on
 * their real statecharts with fake calls: `saves` records each save (`saveFails` refuses the first
 * with the service's words), `issue` answers a new secret (`issueFails`: the first fails).
 */
const SAVED: IpnSettings = { notifyUrl: 'https://shop.example/ipn', notifyStatusId: 2, statusId: 2, secretLastFour: 'k9Qz', updatedAt: '2026-11-30T10:00:00Z' };
const SECRET = 'whsec_3kq8S2vLxN7pR4tY9uB1mC6dF0gH5jZa';
const ISSUED = 'Zq7mW2xR9kLp4sT8vB3nC6dF1gH5jY0a';

let saves = fn();
let issues = fn();
let saveFails = false;
let issueFails = false;

const formLogic = ipnSettingsFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input }) => {
      saves(input);
      if (saveFails) {
        saveFails = false;
        throw { fields: { notifyUrl: { text: 'This address did not answer' } } };
      }
      // Turned on with no secret yet: the service issues one with the save.
      return { settings: { ...SAVED, notifyUrl: input.values.notifyUrl ?? null, updatedAt: '2026-11-30T11:00:00Z' }, secret: input.values.statusId === '2' ? ISSUED : null };
    }),
  },
});
const secretLogic = secretRevealMachine.provide({
  actors: {
    regenerate: fromPromise(async ({ input }) => {
      issues(input);
      if (issueFails) {
        issueFails = false;
        throw { text: 'The service is not available' };
      }
      return SECRET;
    }),
  },
});

const meta: Meta<typeof IpnSettingsView> = {
  title: 'Features/IPN settings',
  component: IpnSettingsView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { read: fakeQuery<IpnSettings | null>({ data: SAVED }) as IpnSettingsRead, canManage: true, formLogic, secretLogic },
  beforeEach: () => {
    saves = fn();
    issues = fn();
    saveFails = false;
    issueFails = false;
  },
};
export default meta;
type Story = StoryObj<typeof IpnSettingsView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'IPN settings' });

/** The settings being read: the heading and its progress. */
export const Loading: Story = {
  args: { read: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'Save' })).toBeNull();
  },
};

/** The read failed: what happened and Try again. */
export const Error: Story = {
  args: { read: fakeQuery({ isError: true, error: new globalThis.Error('down') }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The IPN settings could not be loaded');
  },
};

/** Nothing saved yet: the defaults of 001 s9 (off, completed payments only), said to be defaults; no secret yet. */
export const Defaults: Story = {
  args: { read: fakeQuery<IpnSettings | null>({ data: null }) as IpnSettingsRead },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByText('Nothing is saved yet: these are the defaults.')).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Off' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Completed payments only' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Notify address' })).toHaveValue('');
    await expect(canvas.getByText('No secret has been issued yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Issue a secret' })).toBeInTheDocument();
  },
};

/** Saved settings: on, every status, the address; the secret by its last four characters. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'On' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Every status a payment takes' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: /Notify address/ })).toHaveValue('https://shop.example/ipn');
    await expect(canvas.getByText('••••••••k9Qz')).toBeInTheDocument();
    await expect(canvas.queryByText(SECRET)).toBeNull();
  },
};

/** A user who reads: the settings as text, no form, no secret button. */
export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Issue/ })).toBeNull();
    await expect(canvas.getByText('https://shop.example/ipn')).toBeInTheDocument();
    await expect(canvas.getByText('Every status a payment takes')).toBeInTheDocument();
  },
};

/** Turned on without an address, then an http one: refused at the field before any save, the focus on it; the service's refusal kept by field; then saved. */
export const FieldErrors: Story = {
  args: { read: fakeQuery<IpnSettings | null>({ data: null }) as IpnSettingsRead },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    saveFails = true;
    await userEvent.click(canvas.getByRole('radio', { name: 'On' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter the address notifications are sent to.')).toBeInTheDocument();
    const field = canvas.getByRole('textbox', { name: /Notify address/ });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'http://shop.example/ipn');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Use an address that starts with https://.')).toBeInTheDocument();
    await expect(saves).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'https://shop.example/ipn');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('This address did not answer')).toBeInTheDocument();
    await expect(field).toHaveValue('https://shop.example/ipn');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveBeenCalledTimes(2));
    await expect(saves.mock.calls[1]![0].requestId).toBe(saves.mock.calls[0]![0].requestId);
    // Turned on with no secret yet: the one the service issued with the save is shown once.
    const shown = await screen.findByRole('alertdialog', { name: 'Your new secret' }, { timeout: 5000 });
    await expect(within(shown).getByText(ISSUED)).toBeInTheDocument();
    await expect(issues).not.toHaveBeenCalled();
    await userEvent.click(within(shown).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** A new secret: asked first; shown once with Copy; "I have kept it" closes it and it is not on the page any more. */
export const SecretShownOnce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Issue a new secret' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Issue a new secret?' }, { timeout: 5000 });
    await expect(ask).toHaveTextContent('The secret in use stops working at once');
    await userEvent.click(within(ask).getByRole('button', { name: 'Issue it' }));
    const shown = await screen.findByRole('alertdialog', { name: 'Your new secret' }, { timeout: 5000 });
    await expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    await expect(issues).toHaveBeenCalledTimes(1);
    await userEvent.click(within(shown).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(SECRET)).toBeNull();
  },
};

/** Closing the secret's dialog asks first: back to it, then closed without keeping it (gone). */
export const SecretLeave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Issue a new secret' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Issue a new secret?' }, { timeout: 5000 })).getByRole('button', { name: 'Issue it' }));
    await screen.findByRole('alertdialog', { name: 'Your new secret' }, { timeout: 5000 });
    await userEvent.keyboard('{Escape}');
    const asked = await screen.findByRole('alertdialog', { name: 'Close without keeping the secret?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'Back to the secret' }));
    await expect(await screen.findByText(SECRET)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Close without keeping the secret?' })).getByRole('button', { name: 'Close it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(SECRET)).toBeNull();
  },
};

/** Issuing fails: said with Try again, which sends the same request (one secret issued). */
export const SecretFails: Story = {
  beforeEach: () => {
    issueFails = true;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Issue a new secret' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Issue a new secret?' }, { timeout: 5000 })).getByRole('button', { name: 'Issue it' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The service is not available');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('alertdialog', { name: 'Your new secret' }, { timeout: 5000 });
    await expect(issues.mock.calls[1]![0].requestId).toBe(issues.mock.calls[0]![0].requestId);
  },
};

const layoutHolds = async (canvasElement: HTMLElement) => {
  const section = (await within(canvasElement).findByRole('heading', { level: 1 })).parentElement!;
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
};

/** In Portuguese on a 320 px column: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
