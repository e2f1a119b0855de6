import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { AnnouncementView, Choice } from '@machines/accounts/announcement.machine';
import { withAppServices } from '../../../../.storybook/decorators';
import { announcementLogic } from '../model/announcement';
import { AnnouncementDialog } from './announcement-dialog';

const never = () => new Promise<never>(() => {});

const reading: AnnouncementView = {
  id: 30,
  isRead: true,
  confirmation: false,
  choice: null,
  title: 'Planned maintenance on Sunday night',
  body: 'Transfers may be delayed between 01:00 and 03:00.\nCard payments are not affected.',
  created: '2026-11-19T16:00:00Z',
};
const asking: AnnouncementView = {
  id: 31,
  isRead: true,
  confirmation: true,
  choice: null,
  title: 'New terms for card payments abroad',
  body: 'From 1 January card payments abroad are free up to 1,000 USD a month.\nPlease accept or decline the new terms.',
  created: '2026-11-21T09:30:00Z',
};

/** The announcement statechart with fake calls: what `open` gives and what `answer` does. */
function logic(
  open: (input: { id: number }) => Promise<AnnouncementView>,
  answer: (input: { id: number; choice: Choice }) => Promise<AnnouncementView> = never,
) {
  return announcementLogic.provide({
    actors: {
      open: fromPromise<AnnouncementView, { id: number }>(({ input }) => open(input)),
      answer: fromPromise<AnnouncementView, { id: number; choice: Choice }>(({ input }) => answer(input)),
    },
  });
}

/** One announcement in a dialog (rendered in a portal, so plays look in `screen`). */
const meta: Meta<typeof AnnouncementDialog> = {
  title: 'Features/AnnouncementDialog',
  component: AnnouncementDialog,
  decorators: [withAppServices],
  args: { id: 31, title: asking.title, onClose: fn() },
};
export default meta;
type Story = StoryObj<typeof AnnouncementDialog>;

/** Opening: the list's title shows while the announcement loads. */
export const Loading: Story = {
  args: { logic: logic(never) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: asking.title });
    await expect(within(dialog).getByRole('progressbar', { name: 'Opening the announcement' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: {
    logic: logic(async () => {
      throw { text: 'The service is not available' };
    }),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: asking.title });
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is not available');
    await expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    await userEvent.click(closes[closes.length - 1] as HTMLElement);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** News without a choice: the text (its line breaks kept) and Close. */
export const Reading: Story = {
  args: { id: reading.id, title: reading.title, logic: logic(async () => reading) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: reading.title });
    await expect(await within(dialog).findByText(/Transfers may be delayed/)).toBeInTheDocument();
    await expect(within(dialog).queryByRole('button', { name: 'Accept' })).toBeNull();
    await expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  },
};

/** Asks for a choice: Accept sends it once and the answer is announced. */
export const Choosing: Story = {
  args: { logic: logic(async () => asking, async ({ choice }) => ({ ...asking, choice })) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: asking.title });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Accept' }));
    await expect(await within(dialog).findByRole('status')).toHaveTextContent('You accepted.');
    await expect(within(dialog).queryByRole('button', { name: 'Accept' })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: 'Decline' })).toBeNull();
  },
};

/** The answer failed: the reason shows and both choices stay, to be sent again. */
export const AnswerFailed: Story = {
  args: {
    logic: logic(
      async () => asking,
      async () => {
        throw { text: 'Your answer could not be saved. Please try again.' };
      },
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: asking.title });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Decline' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your answer could not be saved. Please try again.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled());
    await expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await expect(within(dialog).queryByRole('status')).toBeNull();
  },
};
