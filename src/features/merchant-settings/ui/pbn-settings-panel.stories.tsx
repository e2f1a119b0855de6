import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { pbnSettingsFormMachine } from '@machines/merchant/merchant-forms';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import type { PbnSettings } from '@/entities/merchant';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { PbnSettingsView, type PbnSettingsRead } from './pbn-settings-panel';

/**
 * /merchant/buttons/pbn_settings (issue 55): the setting read (`args.read`), the form and the
 * secret on their real statecharts with fake calls: `saves` records each save (`saveFails`: the
 * first is refused), a save turning it on with no secret yet answers one (shown once), `issues`
 * records each new secret.
 */
const SAVED: PbnSettings = { statusId: 2, secretLastFour: 'Pb4x', updatedAt: '2026-11-30T10:00:00Z' };
const SECRET = 'pbn_Hq2mW7xR9kLp4sT8vB3nC6dF1gY0a';
const ISSUED = 'pbn_first_7xR9kLp4sT8vB3nC6dF1g';

let saves = fn();
let issues = fn();
let saveFails = false;

const formLogic = pbnSettingsFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input }) => {
      saves(input);
      if (saveFails) {
        saveFails = false;
        // As the real call throws a refusal: a FormFailure with the service's message.
        throw { message: { text: 'The service is not available' } };
      }
      const on = input.values.statusId === '2';
      return { settings: { statusId: on ? 2 : 1, secretLastFour: on ? ISSUED.slice(-4) : null, updatedAt: '2026-11-30T11:00:00Z' }, secret: on ? ISSUED : null };
    }),
  },
});
const secretLogic = secretRevealMachine.provide({
  actors: {
    regenerate: fromPromise(async ({ input }) => {
      issues(input);
      return SECRET;
    }),
  },
});

const meta: Meta<typeof PbnSettingsView> = {
  title: 'Features/PBN settings',
  component: PbnSettingsView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { read: fakeQuery<PbnSettings | null>({ data: SAVED }) as PbnSettingsRead, canManage: true, formLogic, secretLogic },
  beforeEach: () => {
    saves = fn();
    issues = fn();
    saveFails = false;
  },
};
export default meta;
type Story = StoryObj<typeof PbnSettingsView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'PBN settings' });

/** The setting being read: the heading and its progress, no form yet. */
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
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The PBN settings could not be loaded');
  },
};

/** Nothing saved yet: off, said so; no secret. Turned on and saved: the secret the service issued is shown once. */
export const Defaults: Story = {
  args: { read: fakeQuery<PbnSettings | null>({ data: null }) as PbnSettingsRead },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByText('Nothing is saved yet: notifications are off.')).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Off' })).toBeChecked();
    await expect(canvas.getByText('No secret has been issued yet.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: 'On' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const shown = await screen.findByRole('alertdialog', { name: 'Your new secret' }, { timeout: 5000 });
    await expect(within(shown).getByText(ISSUED)).toBeInTheDocument();
    await expect(saves).toHaveBeenCalledTimes(1);
    await expect(issues).not.toHaveBeenCalled();
    await userEvent.click(within(shown).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(ISSUED)).toBeNull();
  },
};

/** Saved: on, the secret by its last four characters; a new one asked first and shown once. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'On' })).toBeChecked();
    await expect(canvas.getByText('••••••••Pb4x')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Issue a new secret' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Issue a new secret?' }, { timeout: 5000 })).getByRole('button', { name: 'Issue it' }));
    const shown = await screen.findByRole('alertdialog', { name: 'Your new secret' }, { timeout: 5000 });
    await expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    await expect(issues).toHaveBeenCalledTimes(1);
  },
};

/** A save refused: said, the choice kept; saved again with the same requestId. */
export const SaveFails: Story = {
  beforeEach: () => {
    saveFails = true;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Off' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('The service is not available')).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Off' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveBeenCalledTimes(2));
    await expect(saves.mock.calls[1]![0].requestId).toBe(saves.mock.calls[0]![0].requestId);
  },
};

/** A user who reads: the setting as text, no form, no secret button. */
export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Issue/ })).toBeNull();
    await expect(canvas.getByText('On')).toBeInTheDocument();
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
