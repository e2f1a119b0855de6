import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { linkCheckMachine } from '@machines/shared/link-check.machine';
import type { LinkVerdict } from '@machines/shared/link-check.rules';
import { withAppServices } from '../../../../.storybook/decorators';
import { LinkedText } from './linked-text';

const MESSAGE = 'Hello Sofia, the form is at https://docs.example/forms/w8. Please ignore https://malware.example/win, it is not ours.';
const slow = { timeout: 5000 };
const opened = fn();

/** The link check statechart with a fake verdict (no network); the press always counts as fresh unless said. */
const fakeLogic = (verdict: () => Promise<LinkVerdict>, fresh = true) =>
  linkCheckMachine.provide({
    actors: { check: fromPromise<LinkVerdict, { url: string }>(() => verdict()) },
    actions: { open: (_, params) => opened(params.url) },
    guards: { mayOpenNow: () => fresh },
  });

const meta: Meta<typeof LinkedText> = {
  title: 'Features/Check link',
  component: LinkedText,
  decorators: [withAppServices],
  args: { text: MESSAGE },
  render: (args) => <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{<LinkedText {...args} />}</p>,
};
export default meta;
type Story = StoryObj<typeof LinkedText>;

const press = async (canvasElement: HTMLElement, url: string) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) }));
};

/** A message with two links: each a button named by its address; the rest of the message text. */
export const Filled: Story = {
  args: { logic: fakeLogic(async () => 'safe') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
    await expect(canvasElement).toHaveTextContent('Hello Sofia, the form is at https://docs.example/forms/w8');
    opened.mockClear();
    await press(canvasElement, 'https://docs.example/forms/w8');
    // Safe: opened at once, no dialog stays.
    await expect(opened).toHaveBeenCalledWith('https://docs.example/forms/w8');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** No links: just the text. */
export const Empty: Story = {
  args: { text: 'Your card is unblocked.', logic: fakeLogic(async () => 'safe') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
    await expect(canvasElement).toHaveTextContent('Your card is unblocked.');
  },
};

/** Checking: the address, a preloader and Cancel. */
export const Checking: Story = {
  args: { logic: fakeLogic(() => new Promise<never>(() => {})) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'https://docs.example/forms/w8');
    const dialog = await screen.findByRole('dialog', { name: 'Checking the link' }, slow);
    await expect(within(dialog).getByText('https://docs.example/forms/w8')).toBeInTheDocument();
    await expect(within(dialog).getByRole('progressbar', { name: 'Checking the link…' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  },
};

/** Blocked: an alert, the address as text, nothing to open. */
export const Blocked: Story = {
  args: { logic: fakeLogic(async () => 'unsafe') },
  play: async ({ canvasElement }) => {
    opened.mockClear();
    await press(canvasElement, 'https://malware.example/win');
    const dialog = await screen.findByRole('alertdialog', { name: 'This link was blocked' }, slow);
    await expect(dialog).toHaveTextContent('this link to malware.example is not safe');
    await expect(within(dialog).queryByRole('link')).toBeNull();
    await expect(opened).not.toHaveBeenCalled();
  },
};

/** The check failed: the reason, the warning, Try again, Open anyway (a new tab without opener or referrer), Cancel. */
export const Failed: Story = {
  args: {
    logic: fakeLogic(async () => {
      throw { text: 'The service is not available' };
    }),
  },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'https://docs.example/forms/w8');
    const dialog = await screen.findByRole('alertdialog', { name: 'The link could not be checked' }, slow);
    const d = within(dialog);
    await expect(d.getByText('The service is not available')).toBeInTheDocument();
    await expect(d.getByText(/Open it only if you trust where it leads/)).toBeInTheDocument();
    await expect(d.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const anyway = d.getByRole('link', { name: 'Open anyway' });
    await expect(anyway).toHaveAttribute('href', 'https://docs.example/forms/w8');
    await expect(anyway).toHaveAttribute('target', '_blank');
    await expect(anyway).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

/** Safe, but the press was too long ago for the browser to open a tab by itself: the link to press. */
export const Ready: Story = {
  args: { logic: fakeLogic(async () => 'safe', false) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'https://docs.example/forms/w8');
    const dialog = await screen.findByRole('dialog', { name: 'The link is safe to open' }, slow);
    await expect(within(dialog).getByRole('link', { name: 'Open the link' })).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
