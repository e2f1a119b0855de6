import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { PasswordChangeRequest, PasswordChangeRequested } from '@machines/settings/password-change.machine';
import { reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply } from '@machines/settings/reauthentication.machine';
import type { SettingsFailure } from '@machines/settings/settings-messages';
import { withAppServices } from '../../../../.storybook/decorators';
import { forgetProof } from '@/shared/model';
import { passwordChangeLogic } from '../model/password-actors';
import { PasswordChangeForm } from './password-change-form';

const never = () => new Promise<never>(() => {});
const fail = (failure: SettingsFailure) => Promise.reject(failure);

type ConfirmInput = { code: string; requestKey: string };

/** The fake calls: they succeed unless a story says otherwise (reset before each story). */
const checkPassword = fn<(input: CheckPasswordInput) => Promise<CheckPasswordReply>>();
const changePassword = fn<(input: PasswordChangeRequest) => Promise<PasswordChangeRequested>>();
const confirmPasswordChange = fn<(input: ConfirmInput) => Promise<void>>();

/** The real statecharts (the password change and its re-authentication child) with the fake calls (no network). */
const logic = passwordChangeLogic.provide({
  actors: {
    reauthentication: reauthenticationMachine.provide({
      actors: { checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input }) => checkPassword(input)) },
    }),
    changePassword: fromPromise<PasswordChangeRequested, PasswordChangeRequest>(({ input }) => changePassword(input)),
    confirmPasswordChange: fromPromise<void, ConfirmInput>(({ input }) => confirmPasswordChange(input)),
  },
});

/**
 * Change password on /setting (001 s5, s7; 002 s8): the current password, the new one twice; the
 * current password proves it is you, a code by SMS confirms the change. On the password change
 * statechart with fake calls; the popups render in a portal: plays look in `screen`.
 */
const meta: Meta<typeof PasswordChangeForm> = {
  title: 'Features/Change password',
  component: PasswordChangeForm,
  decorators: [withAppServices],
  args: { logic },
  beforeEach: () => {
    // The proof is kept in memory between changes: no story inherits one from the story before.
    forgetProof();
    checkPassword.mockReset();
    checkPassword.mockImplementation(async () => ({ proof: 'story-proof', expiresIn: 300 }));
    changePassword.mockReset();
    changePassword.mockImplementation(async () => ({ requestKey: 'key-1', approvalSentTo: '+40 7** *** 678', smsIdentifier: 'NBP' }));
    confirmPasswordChange.mockReset();
    confirmPasswordChange.mockImplementation(async () => undefined);
  },
};
export default meta;
type Story = StoryObj<typeof PasswordChangeForm>;

const current = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('Current password');
const newPassword = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('New password');
const repeat = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('Repeat the new password');
const submitButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: 'Change password' });

/** The three passwords typed (valid unless told) and the form sent. */
async function fillAndSubmit(canvasElement: HTMLElement, { again = 'New-pass-22' } = {}) {
  await userEvent.type(current(canvasElement), 'Demo-pass-1');
  await userEvent.type(newPassword(canvasElement), 'New-pass-22');
  await userEvent.type(repeat(canvasElement), again);
  await userEvent.click(submitButton(canvasElement));
}

/** The approval popup: the form sent, the password checked, the change asked. */
async function toApproval(canvasElement: HTMLElement) {
  await fillAndSubmit(canvasElement);
  const dialog = await screen.findByRole('dialog', { name: 'Confirm the password change' });
  const code = await within(dialog).findByRole('textbox', { name: 'Code' });
  return { dialog: within(dialog), code };
}

/** The empty form: three password fields, the rule described, nothing said yet. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
    for (const field of [current(canvasElement), newPassword(canvasElement), repeat(canvasElement)]) {
      await expect(field).toHaveValue('');
      await expect(field).toHaveAttribute('type', 'password');
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    }
    await expect(current(canvasElement)).toHaveAttribute('autocomplete', 'current-password');
    await expect(newPassword(canvasElement)).toHaveAttribute('autocomplete', 'new-password');
    await expect(newPassword(canvasElement)).toHaveAccessibleDescription('8 to 128 characters with at least one letter and one digit.');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(submitButton(canvasElement)).toBeEnabled();
  },
};

/** The rules refuse the submit: every empty field says so (focus on the first), then the repeat that differs; nothing is sent. */
export const Problems: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(submitButton(canvasElement));
    await expect(await canvas.findByText('Enter your current password.')).toBeInTheDocument();
    await expect(canvas.getByText('Enter a new password.')).toBeInTheDocument();
    await expect(canvas.getByText('Repeat the new password.')).toBeInTheDocument();
    await expect(current(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(current(canvasElement)).toHaveFocus());
    await fillAndSubmit(canvasElement, { again: 'New-pass-23' });
    await expect(await canvas.findByText('The passwords do not match.')).toBeInTheDocument();
    await expect(canvas.queryByText('Enter your current password.')).toBeNull();
    await expect(repeat(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(repeat(canvasElement)).toHaveFocus());
    await expect(checkPassword).not.toHaveBeenCalled();
    await expect(changePassword).not.toHaveBeenCalled();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/**
 * The check of the current password asks the second factor (two-step verification is on): the
 * "Confirm it is you" popup asks only the code (the password was typed once, in the form); then
 * the change is asked with the proof and the approval popup asks its own code.
 */
export const ApprovalAfterCheck: Story = {
  beforeEach: () => void checkPassword.mockImplementation(async ({ code }) => (code ? { proof: 'story-proof', expiresIn: 300 } : { secondFactor: 'sms' })),
  play: async ({ canvasElement }) => {
    // Found before the popup opens: the modal hides what is behind it from the accessibility tree.
    const button = submitButton(canvasElement);
    await fillAndSubmit(canvasElement);
    const check = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await expect(check.getByText('We sent a code by SMS to your phone.')).toBeInTheDocument();
    await expect(check.queryByLabelText('Your password')).toBeNull();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.type(await check.findByRole('textbox', { name: 'Code' }), '654321{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the password change' }));
    await expect(dialog.getByText('We sent a code by SMS to +40 7** *** 678.')).toBeInTheDocument();
    await expect(dialog.getByText('The message starts with NBP.')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveFocus());
    await expect(checkPassword).toHaveBeenNthCalledWith(1, { password: 'Demo-pass-1' });
    await expect(checkPassword).toHaveBeenNthCalledWith(2, { password: 'Demo-pass-1', code: '654321' });
    await expect(changePassword).toHaveBeenCalledWith({
      password: 'Demo-pass-1',
      passwordNew: 'New-pass-22',
      passwordNewRepeat: 'New-pass-22',
      requestId: expect.any(String),
      proof: 'story-proof',
    });
  },
};

/** A wrong current password: the service's reason under that field, focus on it, nothing asked. */
export const WrongCurrentPassword: Story = {
  beforeEach: () => void checkPassword.mockImplementation(() => fail({ kind: 'refused', message: { text: 'The password is not correct' } })),
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    await expect(await within(canvasElement).findByText('The password is not correct')).toBeInTheDocument();
    await expect(current(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(current(canvasElement)).toHaveFocus());
    await expect(newPassword(canvasElement)).toHaveValue('New-pass-22');
    await expect(changePassword).not.toHaveBeenCalled();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** A wrong code keeps the approval popup with the reason; the code is cleared to type again. */
export const WrongCode: Story = {
  beforeEach: () => void confirmPasswordChange.mockImplementation(() => fail({ kind: 'refused', message: { text: 'The code is not correct' } })),
  play: async ({ canvasElement }) => {
    const { dialog, code } = await toApproval(canvasElement);
    await userEvent.type(code, '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByText('The code is not correct')).toBeInTheDocument();
    await expect(confirmPasswordChange).toHaveBeenCalledWith({ code: '123456', requestKey: 'key-1' });
    await expect(code).toHaveValue('');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(screen.queryByRole('dialog', { name: 'Success' })).toBeNull();
  },
};

/** Cancel in the approval popup says exactly "Confirmation canceled" (002 s8); the passwords typed are gone. */
export const Canceled: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await toApproval(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    const canceled = within(await screen.findByRole('dialog', { name: 'Canceled' }));
    await expect(canceled.getByText('Confirmation canceled')).toHaveTextContent(/^Confirmation canceled$/);
    await waitFor(() => expect(canceled.getAllByRole('button', { name: 'Close' }).at(-1)).toHaveFocus());
    await expect(confirmPasswordChange).not.toHaveBeenCalled();
    // The change has ended: nothing typed stays behind the popup.
    await expect(current(canvasElement)).toHaveValue('');
    await expect(newPassword(canvasElement)).toHaveValue('');
  },
};

/** The change failed (not a refusal): the response popup with Try again, which sends the same intent again. */
export const FailedThenTryAgain: Story = {
  beforeEach: () => void changePassword.mockImplementationOnce(() => fail({ kind: 'failed', message: { text: 'The service is not available. Try again later.' } })),
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const alert = within(await screen.findByRole('alertdialog', { name: 'Error' }));
    await expect(alert.getByText('The service is not available. Try again later.')).toBeInTheDocument();
    await userEvent.click(alert.getByRole('button', { name: 'Try again' }));
    await expect(await screen.findByRole('dialog', { name: 'Confirm the password change' })).toBeInTheDocument();
    await expect(changePassword).toHaveBeenCalledTimes(2);
    const [first, second] = changePassword.mock.calls.map(([input]) => input.requestId);
    await expect(second).toBe(first);
    await expect(checkPassword).toHaveBeenCalledTimes(1);
  },
};

/** The change is being sent: the button shows progress, the fields are locked, no popup yet. */
export const Sending: Story = {
  beforeEach: () => void changePassword.mockImplementation(never),
  play: async ({ canvasElement }) => {
    // Found before it is pressed: while pending, its name is the spinner's ("Loading…").
    const button = submitButton(canvasElement);
    await fillAndSubmit(canvasElement);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(button).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await expect(current(canvasElement)).toHaveAttribute('readonly');
    await expect(repeat(canvasElement)).toHaveAttribute('readonly');
    await expect(changePassword).toHaveBeenCalledTimes(1);
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** Keyboard only, to the end: Tab between the fields (past each show-password toggle), Enter to send and to confirm; the success popup. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(canvasElement); // the story's frame, not a control
    await userEvent.tab();
    await expect(current(canvasElement)).toHaveFocus();
    await userEvent.keyboard('Demo-pass-1');
    await userEvent.tab();
    await expect(within(canvasElement).getAllByRole('button', { name: 'Show password' })[0]).toHaveFocus();
    await userEvent.tab();
    await expect(newPassword(canvasElement)).toHaveFocus();
    await userEvent.keyboard('New-pass-22');
    await userEvent.tab();
    await userEvent.tab();
    await expect(repeat(canvasElement)).toHaveFocus();
    await userEvent.keyboard('New-pass-22{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the password change' }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveFocus());
    await userEvent.keyboard('123456{Enter}');
    const success = within(await screen.findByRole('dialog', { name: 'Success' }));
    await expect(success.getByText('Your password has been changed.')).toBeInTheDocument();
    await expect(success.getByText('You stay signed in here; your other sessions have ended.')).toBeInTheDocument();
    const close = success.getAllByRole('button', { name: 'Close' }).at(-1)!;
    await waitFor(() => expect(close).toHaveFocus());
    await expect(confirmPasswordChange).toHaveBeenCalledWith({ code: '123456', requestKey: 'key-1' });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(current(canvasElement)).toHaveValue('');
  },
};
