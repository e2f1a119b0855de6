import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply } from '@machines/settings/reauthentication.machine';
import type { SettingsFailure } from '@machines/settings/settings-messages';
import type { TwoStepConfirmation, TwoStepConfirmed, TwoStepRequest, TwoStepRequested } from '@machines/settings/two-step-mode.machine';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { forgetProof, keepProof } from '@/shared/model';
import { twoStepModeLogic } from '../model/two-step-actors';
import { TwoStepSection } from './two-step-section';

const never = () => new Promise<never>(() => {});
const fail = (failure: SettingsFailure) => Promise.reject(failure);

/** The fake calls: they succeed unless a story says otherwise (reset before each story). */
const checkPassword = fn<(input: CheckPasswordInput) => Promise<CheckPasswordReply>>();
const requestTwoStep = fn<(input: TwoStepRequest) => Promise<TwoStepRequested>>();
const confirmTwoStep = fn<(input: TwoStepConfirmation) => Promise<TwoStepConfirmed>>();

/** The real statecharts (the two-step mode and its re-authentication child) with the fake calls (no network). */
const logic = twoStepModeLogic.provide({
  actors: {
    reauthentication: reauthenticationMachine.provide({
      actors: { checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input }) => checkPassword(input)) },
    }),
    requestTwoStep: fromPromise<TwoStepRequested, TwoStepRequest>(({ input }) => requestTwoStep(input)),
    confirmTwoStep: fromPromise<TwoStepConfirmed, TwoStepConfirmation>(({ input }) => confirmTwoStep(input)),
  },
});

/** A proof from an earlier change still held by the app: the change asks no password (issue 49). */
const withKeptProof = () => void keepProof('story-proof', 300);

/**
 * Two-step verification on /setting (001 s7, s8, s9): the mode now, a button for each other mode
 * offered, and the popups of a change (confirm it is you, the code by SMS, the result), on the
 * two-step mode statechart with fake calls. The popups render in a portal: plays look in `screen`.
 */
const meta: Meta<typeof TwoStepSection> = {
  title: 'Features/Change two-step',
  component: TwoStepSection,
  decorators: [withAppServices, withRouter],
  args: { logic, current: 'no', hasLinkedDevice: false },
  beforeEach: () => {
    // The proof is kept in memory between changes: no story inherits one from the story before.
    forgetProof();
    checkPassword.mockReset();
    checkPassword.mockImplementation(async () => ({ proof: 'story-proof', expiresIn: 300 }));
    requestTwoStep.mockReset();
    requestTwoStep.mockImplementation(async () => ({ reqId: 'req-1', phoneNumber: '+40 7** *** 678', smsIdentifier: 'NBP' }));
    confirmTwoStep.mockReset();
    confirmTwoStep.mockImplementation(async () => ({}));
  },
};
export default meta;
type Story = StoryObj<typeof TwoStepSection>;

/** The section (the memory router renders it after the first frame). */
const section = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('region', { name: 'Two-step verification' }));

/** The code popup, after a change asked with a kept proof. */
async function toCode(canvasElement: HTMLElement, button = 'Use a code by SMS') {
  await userEvent.click((await section(canvasElement)).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Enter the code from the SMS' });
  const code = await within(dialog).findByRole('textbox', { name: 'Code' });
  return { dialog: within(dialog), code };
}

/** Off, no linked phone: the only choice is SMS; the mobile app waits for a linked phone. */
export const OffWithoutLinkedPhone: Story = {
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await expect(view.getByText('Off')).toBeInTheDocument();
    const buttons = view.getAllByRole('button');
    await expect(buttons.map((b) => b.textContent)).toEqual(['Use a code by SMS']);
    await expect(buttons[0]).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(buttons[0]).toBeEnabled();
    await expect(view.getByText('To approve sign-ins in the mobile app, link your phone first.')).toBeInTheDocument();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** SMS on with a linked phone: off and the mobile app offered, no hint about linking. */
export const SmsWithLinkedPhone: Story = {
  args: { current: 'sms', hasLinkedDevice: true },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await expect(view.getByText('A code by SMS')).toBeInTheDocument();
    await expect(view.getAllByRole('button').map((b) => b.textContent)).toEqual(['Turn off two-step verification', 'Use the mobile app']);
    await expect(view.queryByRole('button', { name: 'Use a code by SMS' })).toBeNull();
    await expect(view.queryByText('To approve sign-ins in the mobile app, link your phone first.')).toBeNull();
  },
};

/**
 * Turning it off asks who it is first: the password (a wrong one is cleared with the service's
 * reason), then the code the check sent by SMS; the proof then asks for the change's own code.
 */
export const ConfirmItIsYou: Story = {
  args: { current: 'sms', hasLinkedDevice: true },
  beforeEach: () => {
    checkPassword.mockImplementation(async ({ code }) => (code ? { proof: 'story-proof', expiresIn: 300 } : { secondFactor: 'sms' }));
    checkPassword.mockImplementationOnce(() => fail({ kind: 'refused', message: { text: 'The password is not correct' } }));
  },
  play: async ({ canvasElement }) => {
    await userEvent.click((await section(canvasElement)).getByRole('button', { name: 'Turn off two-step verification' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    const password = dialog.getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    await expect(dialog.getByText('For your security, enter your password to continue.')).toBeInTheDocument();
    await userEvent.type(password, 'Wrong-pass-1{Enter}');
    await expect(await dialog.findByText('The password is not correct')).toBeInTheDocument();
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(password, 'Demo-pass-1{Enter}');
    await expect(await dialog.findByText('We sent a code by SMS to your phone.')).toBeInTheDocument();
    const code = dialog.getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveFocus());
    await userEvent.type(code, '123456{Enter}');
    await expect(await screen.findByRole('dialog', { name: 'Enter the code from the SMS' })).toBeInTheDocument();
    await expect(checkPassword).toHaveBeenNthCalledWith(2, { password: 'Demo-pass-1' });
    await expect(checkPassword).toHaveBeenLastCalledWith({ password: 'Demo-pass-1', code: '123456' });
    await expect(requestTwoStep).toHaveBeenCalledWith({ mode: 'no', requestId: expect.any(String), proof: 'story-proof' });
  },
};

/** A wrong code keeps the popup open with the service's message (001 s8); "Send a new code" asks again as a new intent. */
export const WrongCodeAndNewCode: Story = {
  beforeEach: () => {
    withKeptProof();
    confirmTwoStep.mockImplementation(() => fail({ kind: 'refused', message: { text: 'The code is not correct' } }));
  },
  play: async ({ canvasElement }) => {
    const { dialog, code } = await toCode(canvasElement);
    await expect(dialog.getByText('We sent a code by SMS to +40 7** *** 678.')).toBeInTheDocument();
    await expect(dialog.getByText('The message starts with NBP.')).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
    await expect(checkPassword).not.toHaveBeenCalled();
    await userEvent.type(code, '123456{Enter}');
    await expect(await dialog.findByText('The code is not correct')).toBeInTheDocument();
    await expect(confirmTwoStep).toHaveBeenCalledWith({ reqId: 'req-1', code: '123456' });
    await expect(code).toHaveValue('');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(screen.getByRole('dialog', { name: 'Enter the code from the SMS' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send a new code' }));
    await expect(await dialog.findByText('A new code is on its way.')).toBeInTheDocument();
    await expect(dialog.getByRole('status')).toHaveTextContent('A new code is on its way.');
    await expect(requestTwoStep).toHaveBeenCalledTimes(2);
    const [first, second] = requestTwoStep.mock.calls.map(([input]) => input.requestId);
    await expect(second).not.toBe(first);
  },
};

/** The request failed: the response popup with the reason; Try again asks the same intent again and the code popup comes. */
export const FailedThenTryAgain: Story = {
  beforeEach: () => {
    withKeptProof();
    requestTwoStep.mockImplementationOnce(() => fail({ kind: 'failed', message: { text: 'The service is not available. Try again later.' } }));
  },
  play: async ({ canvasElement }) => {
    await userEvent.click((await section(canvasElement)).getByRole('button', { name: 'Use a code by SMS' }));
    const alert = within(await screen.findByRole('alertdialog', { name: 'Error' }));
    await expect(alert.getByText('The service is not available. Try again later.')).toBeInTheDocument();
    await expect(alert.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    await userEvent.click(alert.getByRole('button', { name: 'Try again' }));
    await expect(await screen.findByRole('dialog', { name: 'Enter the code from the SMS' })).toBeInTheDocument();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(requestTwoStep).toHaveBeenCalledTimes(2);
    const [first, second] = requestTwoStep.mock.calls.map(([input]) => input.requestId);
    await expect(second).toBe(first);
  },
};

/** The right code: the success popup, the new mode shown; Close goes back to the choice. */
export const Changed: Story = {
  beforeEach: withKeptProof,
  play: async ({ canvasElement }) => {
    // Found before the popup opens: the modal hides what is behind it from the accessibility tree.
    const view = await section(canvasElement);
    const { code } = await toCode(canvasElement);
    await userEvent.type(code, '123456{Enter}');
    const success = within(await screen.findByRole('dialog', { name: 'Success' }));
    await expect(success.getByText('Two-step verification has been changed.')).toBeInTheDocument();
    await expect(requestTwoStep).toHaveBeenCalledWith({ mode: 'sms', requestId: expect.any(String), proof: 'story-proof' });
    const close = success.getAllByRole('button', { name: 'Close' }).at(-1)!;
    await waitFor(() => expect(close).toHaveFocus());
    await expect(view.getByText('A code by SMS')).toBeInTheDocument();
    await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(view.getByRole('button', { name: 'Turn off two-step verification' })).toBeEnabled();
  },
};

/** The code is being asked for: the popup says it is sending, the choice is locked meanwhile. */
export const Sending: Story = {
  beforeEach: () => {
    withKeptProof();
    requestTwoStep.mockImplementation(never);
  },
  play: async ({ canvasElement }) => {
    const button = (await section(canvasElement)).getByRole('button', { name: 'Use a code by SMS' });
    await userEvent.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Two-step verification' }));
    await expect(await dialog.findByRole('progressbar', { name: 'Sending the code…' })).toBeInTheDocument();
    await expect(dialog.queryByRole('textbox', { name: 'Code' })).toBeNull();
    await expect(button).toBeDisabled();
    await expect(requestTwoStep).toHaveBeenCalledTimes(1);
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/** In Russian (the longest labels), on a 320 px column, SMS on without a linked phone: nothing is cut off or overflows. */
export const LongRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  args: { current: 'sms', hasLinkedDevice: false },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Двухэтапная проверка' });
    await expect(within(region).getByRole('button', { name: 'Выключить двухэтапную проверку' })).toBeInTheDocument();
    await expect(within(region).getByText('Чтобы подтверждать входы в мобильном приложении, сначала привяжите телефон.')).toBeInTheDocument();
    await expect(clippedText(region)).toEqual([]);
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};
