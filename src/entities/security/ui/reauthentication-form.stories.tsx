import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import {
  reauthenticationMachine,
  type CheckPasswordInput,
  type CheckPasswordReply,
  type ReauthenticationOutput,
} from '@machines/settings/reauthentication.machine';
import type { SettingsFailure } from '@machines/settings/settings-messages';
import { withAppServices } from '../../../../.storybook/decorators';
import { Dialog } from '@/shared/ui';
import { ReauthenticationForm } from './reauthentication-form';

const fail = (failure: SettingsFailure) => Promise.reject(failure);

/** The fake password check: it gives the proof unless a story says otherwise (reset before each story). */
const checkPassword = fn<(input: CheckPasswordInput) => Promise<CheckPasswordReply>>();

/** The form over a started re-authentication actor (its check a fake), in the popup the settings open; `onDone` hears its output. */
function ReauthenticationStory({ onDone }: { onDone: (output: ReauthenticationOutput) => void }) {
  const [actor] = useState(() =>
    createActor(
      reauthenticationMachine.provide({
        actors: { checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input }) => checkPassword(input)) },
      }),
      { input: {} },
    ).start(),
  );
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') onDone(snapshot.output);
    });
    return () => subscription.unsubscribe();
  }, [actor, onDone]);
  const open = useSelector(actor, (s) => s.status === 'active');
  return (
    <Dialog isOpen={open} onClose={() => actor.send({ type: 'CANCEL' })} title="Confirm it is you">
      <ReauthenticationForm actor={actor} />
    </Dialog>
  );
}

/**
 * "Confirm it is you" (issue 49): the password, then the second factor when two-step verification
 * is on, and the wait after too many tries, on the re-authentication statechart with a fake check.
 * The settings features show it in their popups; the popup renders in a portal: plays look in `screen`.
 */
const meta: Meta<typeof ReauthenticationStory> = {
  title: 'Entities/Security/Confirm it is you',
  component: ReauthenticationStory,
  decorators: [withAppServices],
  args: { onDone: fn() },
  beforeEach: () => {
    checkPassword.mockReset();
    checkPassword.mockImplementation(async () => ({ proof: 'story-proof', expiresIn: 300 }));
  },
};
export default meta;
type Story = StoryObj<typeof ReauthenticationStory>;

async function openDialog() {
  return within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
}

/** The password step: the field has the focus; Continue without a password sends nothing. */
export const Password: Story = {
  play: async ({ args }) => {
    const dialog = await openDialog();
    const password = dialog.getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(dialog.getByText('For your security, enter your password to continue.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expect(checkPassword).not.toHaveBeenCalled();
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

/** A wrong password: the service's reason, the field emptied; the right one ends it with the proof. */
export const WrongPasswordThenProven: Story = {
  beforeEach: () => void checkPassword.mockImplementationOnce(() => fail({ kind: 'refused', message: { text: 'The password is not correct' } })),
  play: async ({ args }) => {
    const dialog = await openDialog();
    const password = dialog.getByLabelText('Your password');
    await userEvent.type(password, 'Wrong-pass-1{Enter}');
    await expect(await dialog.findByText('The password is not correct')).toBeInTheDocument();
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(password, 'Demo-pass-1{Enter}');
    await waitFor(() => expect(args.onDone).toHaveBeenCalledWith({ outcome: 'proven', proof: 'story-proof', expiresIn: 300 }));
    await expect(checkPassword).toHaveBeenLastCalledWith({ password: 'Demo-pass-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** A push user: the code is the one the app on the linked phone shows. */
export const CodeFromTheApp: Story = {
  beforeEach: () => void checkPassword.mockImplementation(async ({ code }) => (code ? { proof: 'story-proof', expiresIn: 300 } : { secondFactor: 'push' })),
  play: async () => {
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Your password'), 'Demo-pass-1{Enter}');
    await expect(await dialog.findByText('Type the code the app on your linked phone shows.')).toBeInTheDocument();
    const code = dialog.getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveFocus());
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(dialog.queryByLabelText('Your password')).toBeNull();
  },
};

/** Too many wrong tries (a 429 without a message): the wait is said, only Cancel is offered. */
export const LockedOut: Story = {
  beforeEach: () => void checkPassword.mockImplementation(() => fail({ kind: 'rateLimited', retryAfterSeconds: 60 })),
  play: async ({ args }) => {
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Your password'), 'Demo-pass-1{Enter}');
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Too many attempts. Wait, then try again.');
    await expect(dialog.queryByLabelText('Your password')).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Continue' })).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};
