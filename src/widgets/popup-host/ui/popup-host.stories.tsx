import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { createActor } from 'xstate';
import { popupMachine, type PopupRequest } from '@machines/app/popup.machine';
import { PopupContext } from '@/shared/model';
import { Button } from '@/shared/ui';
import { PopupHost } from './popup-host';

/**
 * The app's popup host on a real popup actor (no network). Each story opens popups the way the
 * API layer and screens do: by sending SHOW with the server's reply. The test runner renders
 * every story in all six brands and runs axe on each.
 */
function Harness({ popups, onGoHome, openOnStart = true }: { popups: PopupRequest[]; onGoHome: () => void; openOnStart?: boolean }) {
  const actor = useMemo(() => {
    const a = createActor(popupMachine.provide({ actions: { goHome: () => onGoHome() } })).start();
    if (openOnStart) for (const popup of popups) a.send({ type: 'SHOW', popup });
    return a;
  }, [popups, onGoHome, openOnStart]);
  return (
    <PopupContext.Provider value={actor}>
      {openOnStart ? null : (
        <Button onPress={() => popups.forEach((popup) => actor.send({ type: 'SHOW', popup }))}>Send the transfer</Button>
      )}
      <PopupHost />
    </PopupContext.Provider>
  );
}

const meta: Meta<typeof Harness> = {
  title: 'Widgets/PopupHost',
  component: Harness,
  args: { onGoHome: fn() },
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof Harness>;

export const ResponseSuccess: Story = {
  args: { popups: [{ kind: 'response', status: 'success', reply: { responseCode: '00', responseDescription: 'Your transfer was sent.' } as never }] },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('heading', { name: 'Success' })).toBeInTheDocument();
    await expect(within(dialog).getByText('Your transfer was sent.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** 001 s8: description first, then message, body, validation errors, errors (arrays joined). */
export const ResponseFailureJoinsErrors: Story = {
  args: { popups: [{ kind: 'response', status: 'failure', reply: { errors: ['IBAN is not valid', 'Amount is above your limit'] } }] },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByText('IBAN is not valid, Amount is above your limit')).toBeInTheDocument();
  },
};

/** No usable text in the reply: the translated default server error. */
export const ResponseFailureDefaultText: Story = {
  args: { popups: [{ kind: 'response', status: 'failure', reply: {} }] },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByText('The server could not complete the request. Please try again later.')).toBeInTheDocument();
  },
};

/** "Go to home" clears the OAuth parameters and goes home (the app provides goHome). */
export const ResponseWithGoHome: Story = {
  args: { popups: [{ kind: 'response', status: 'failure', reply: { message: 'The authorisation was not found.' }, goHome: true }] },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to home' }));
    await expect(args.onGoHome).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** 002 s8: a short description is the header; the errors list is the body. */
export const ErrorShortHeader: Story = {
  args: { popups: [{ kind: 'error', reply: { responseDescription: 'Verification failed', validationErrors: ['name is required', 'code is required'] } }] },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    await expect(within(dialog).getByText('name is required, code is required')).toBeInTheDocument();
  },
};

/** In Russian, a long description (over 50 characters) moves to the body under "Ошибка". */
export const ErrorLongHeaderRussian: Story = {
  globals: { locale: 'ru' },
  args: {
    popups: [
      {
        kind: 'error',
        reply: { responseDescription: 'Недостаточно средств на счёте для выполнения этого перевода. Пополните счёт и попробуйте снова.' },
      },
    ],
  },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('heading', { name: 'Ошибка' })).toBeInTheDocument();
    await expect(within(dialog).getByText(/^Недостаточно средств на счёте/)).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'ОК' })).toBeInTheDocument(); // Cyrillic: the button is translated too
  },
};

/** Focus moves into the popup when it opens and back to the button that opened it when it closes. */
export const FocusMovesInAndBack: Story = {
  args: { openOnStart: false, popups: [{ kind: 'response', status: 'failure', reply: { message: 'Insufficient funds' } }] },
  play: async ({ canvasElement }) => {
    const trigger = await within(canvasElement).findByRole('button', { name: 'Send the transfer' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  },
};

/** A second popup waits until the first is closed; nothing is replaced unseen. */
export const QueuedPopups: Story = {
  args: {
    popups: [
      { kind: 'response', status: 'failure', reply: { message: 'First problem' } },
      { kind: 'response', status: 'success', reply: { message: 'Then this' } },
    ],
  },
  play: async () => {
    const first = await screen.findByRole('alertdialog');
    await expect(within(first).getByText('First problem')).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'OK' }));
    const second = await screen.findByRole('dialog');
    await expect(within(second).getByText('Then this')).toBeInTheDocument();
  },
};
