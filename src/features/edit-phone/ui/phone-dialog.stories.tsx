import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { SANDBOX_CAPTCHA_TOKEN } from '@machines/registration/captcha';
import type { PhoneVerificationType } from '@machines/verification/phone-verification.machine';
import { reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply } from '@machines/settings/reauthentication.machine';
import { withAppServices } from '../../../../.storybook/decorators';
import { phoneVerificationLogic } from '../model/phone-actors';
import { PhoneDialog } from './phone-dialog';

const never = () => new Promise<never>(() => {});

type SaveInput = { phoneCountryCode: string; phone: string; phoneId: number | null; proof: string | null };
type SendInput = { phoneId: number; type: PhoneVerificationType; captcha: string; codeChallenge: string };
type ConfirmInput = { phoneId: number; codeVerifier: string; code: string };

/** The fake calls: they succeed unless a story says otherwise (reset before each story). */
const savePhone = fn<(input: SaveInput) => Promise<number>>();
const makeChallenge = fn<() => Promise<{ verifier: string; challenge: string }>>();
const sendCode = fn<(input: SendInput) => Promise<void>>();
const confirmCode = fn<(input: ConfirmInput) => Promise<void>>();
const checkConfirmed = fn<(input: { phoneId: number }) => Promise<boolean>>();
const checkPassword = fn<(input: CheckPasswordInput) => Promise<CheckPasswordReply>>();

/** The real statechart with the fake calls (no network); the camera's confirmation read every 20 ms instead of 3 s. */
const logic = phoneVerificationLogic.provide({
  delays: { cameraPoll: 20 },
  actors: {
    savePhone: fromPromise<number, SaveInput>(({ input }) => savePhone(input)),
    makeChallenge: fromPromise<{ verifier: string; challenge: string }>(() => makeChallenge()),
    sendCode: fromPromise<void, SendInput>(({ input }) => sendCode(input)),
    confirmCode: fromPromise<void, ConfirmInput>(({ input }) => confirmCode(input)),
    checkConfirmed: fromPromise<boolean, { phoneId: number }>(({ input }) => checkConfirmed(input)),
    reauthentication: reauthenticationMachine.provide({ actors: { checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input }) => checkPassword(input)) } }),
  },
});

const existing = { id: 701, phoneCountryCode: '40', phone: '722000111' };

/**
 * A phone added, replaced or verified by SMS, by e-mail or with the phone's camera (spec 002 s3,
 * s5, s7, s8), on the phone verification statechart with fake calls. The dialog renders in a
 * portal: plays look in `screen`.
 */
const meta: Meta<typeof PhoneDialog> = {
  title: 'Features/Edit phone',
  component: PhoneDialog,
  decorators: [withAppServices],
  args: { phone: null, onClose: fn(), logic },
  beforeEach: () => {
    savePhone.mockReset();
    savePhone.mockImplementation(async () => 701);
    makeChallenge.mockReset();
    makeChallenge.mockImplementation(async () => ({ verifier: 'story-verifier', challenge: 'story-challenge' }));
    sendCode.mockReset();
    sendCode.mockImplementation(async () => undefined);
    confirmCode.mockReset();
    confirmCode.mockImplementation(async () => undefined);
    checkConfirmed.mockReset();
    checkConfirmed.mockImplementation(async () => false);
    checkPassword.mockReset();
    checkPassword.mockImplementation(async () => ({ proof: 'story-proof', expiresIn: 300 }));
  },
};
export default meta;
type Story = StoryObj<typeof PhoneDialog>;

async function openDialog(name = 'Add a phone') {
  const dialog = await screen.findByRole('dialog', { name });
  return within(dialog);
}

type DialogQueries = Awaited<ReturnType<typeof openDialog>>;

const countryCode = (dialog: DialogQueries) => dialog.getByRole('textbox', { name: 'Country code' });
const phoneNumber = (dialog: DialogQueries) => dialog.getByRole('textbox', { name: 'Phone number' });

/** The number typed and Continue pressed. */
async function fillAndContinue(dialog: DialogQueries) {
  await userEvent.type(countryCode(dialog), '40');
  await userEvent.type(phoneNumber(dialog), '722000111');
  await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
}

/** The captcha step: the number saved. */
async function toCaptcha(dialog: DialogQueries) {
  await fillAndContinue(dialog);
  return dialog.findByText('To send a code to +40 722000111, confirm you are not a robot.');
}

/** The captcha ticked and the code asked for. */
async function tickAndSend(dialog: DialogQueries) {
  await userEvent.click(dialog.getByRole('checkbox', { name: 'I am not a robot' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Send the code by SMS' }));
}

/** The code step: the code sent. */
async function toCode(dialog: DialogQueries) {
  await toCaptcha(dialog);
  await tickAndSend(dialog);
  return dialog.findByText('We sent a 6-digit code to +40 722000111.');
}

/** A new phone: both fields empty, no error before Continue. */
export const AddPhone: Story = {
  play: async ({ args }) => {
    const dialog = await openDialog();
    await expect(countryCode(dialog)).toHaveValue('');
    await expect(countryCode(dialog)).toHaveAttribute('inputmode', 'numeric');
    await expect(dialog.getByText('Digits only, for example 40')).toBeInTheDocument();
    await expect(phoneNumber(dialog)).toHaveValue('');
    await expect(dialog.queryByText('Enter the country code.')).toBeNull();
    await expect(dialog.queryByRole('alert')).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Continue on the empty form: the rule's messages on the fields (no popup), focus on the first, nothing sent. */
export const Problems: Story = {
  play: async () => {
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expect(await dialog.findByText('Enter the country code.')).toBeInTheDocument();
    await expect(dialog.getByText('Enter the phone number.')).toBeInTheDocument();
    await expect(countryCode(dialog)).toHaveAttribute('aria-invalid', 'true');
    await expect(phoneNumber(dialog)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(countryCode(dialog)).toHaveFocus());
    // A wrong format says so once a value is typed.
    await userEvent.type(countryCode(dialog), '12345');
    await userEvent.type(phoneNumber(dialog), '721');
    await expect(dialog.getByText('The country code has 1 to 4 digits.')).toBeInTheDocument();
    await expect(dialog.getByText('The phone number has 4 to 15 digits.')).toBeInTheDocument();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(savePhone).not.toHaveBeenCalled();
  },
};

/** Saving: Continue shows progress and the fields are locked. */
export const Saving: Story = {
  beforeEach: () => void savePhone.mockImplementation(never),
  play: async () => {
    const dialog = await openDialog();
    // Found before it is pressed: while pending, its name is the spinner's ("Loading…").
    const button = dialog.getByRole('button', { name: 'Continue' });
    await fillAndContinue(dialog);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(dialog.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await expect(phoneNumber(dialog)).toHaveAttribute('readonly');
    await expect(savePhone).toHaveBeenCalledWith({ phoneCountryCode: '40', phone: '722000111', phoneId: null, proof: null });
  },
};

/** The service refuses the number: its reason under the field, the number kept, focus on it. */
export const Refused: Story = {
  beforeEach: () => void savePhone.mockImplementation(() => Promise.reject({ fields: { phone: { text: 'Enter the phone number with digits only' } } })),
  play: async () => {
    const dialog = await openDialog();
    await fillAndContinue(dialog);
    await expect(await dialog.findByText('Enter the phone number with digits only')).toBeInTheDocument();
    await expect(phoneNumber(dialog)).toHaveAttribute('aria-invalid', 'true');
    await expect(phoneNumber(dialog)).toHaveValue('722000111');
    await waitFor(() => expect(phoneNumber(dialog)).toHaveFocus());
    await expect(dialog.queryByText(/confirm you are not a robot/)).toBeNull();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** Saved: the captcha comes before a code is sent; Send waits for it. */
export const Captcha: Story = {
  play: async () => {
    const dialog = await openDialog();
    const text = await toCaptcha(dialog);
    await waitFor(() => expect(text).toHaveFocus());
    await expect(savePhone).toHaveBeenCalledWith({ phoneCountryCode: '40', phone: '722000111', phoneId: null, proof: null });
    const send = dialog.getByRole('button', { name: 'Send the code by SMS' });
    await expect(send).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'I am not a robot' }));
    await expect(send).toBeEnabled();
    await expect(sendCode).not.toHaveBeenCalled();
  },
};

/** The code could not be sent: the service's message, the captcha to be ticked again. */
export const CaptchaFailed: Story = {
  beforeEach: () => void sendCode.mockImplementation(() => Promise.reject({ message: { text: 'The captcha was not passed' } })),
  play: async () => {
    const dialog = await openDialog();
    await toCaptcha(dialog);
    await tickAndSend(dialog);
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The captcha was not passed');
    await expect(dialog.getByRole('checkbox', { name: 'I am not a robot' })).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Send the code by SMS' })).toBeDisabled();
    await expect(dialog.queryByRole('textbox', { name: 'Code from the SMS' })).toBeNull();
  },
};

/** The code was sent: the field for it, another code on demand. */
export const Code: Story = {
  play: async () => {
    const dialog = await openDialog();
    const text = await toCode(dialog);
    await waitFor(() => expect(text).toHaveFocus());
    await expect(sendCode).toHaveBeenCalledWith({ phoneId: 701, type: 'sms', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: 'story-challenge' });
    const code = dialog.getByRole('textbox', { name: 'Code from the SMS' });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(dialog.getByRole('button', { name: 'Confirm phone' })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Send another code' })).toBeInTheDocument();
    await expect(dialog.queryByRole('alert')).toBeNull();
  },
};

/** A wrong code: the refusal's description, the code kept to correct. */
export const CodeRefused: Story = {
  beforeEach: () => void confirmCode.mockImplementation(() => Promise.reject({ message: { text: 'The code is not correct' } })),
  play: async ({ args }) => {
    const dialog = await openDialog();
    await toCode(dialog);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Code from the SMS' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm phone' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The code is not correct');
    await expect(dialog.getByRole('textbox', { name: 'Code from the SMS' })).toHaveValue('123456');
    await expect(dialog.queryByText('Your phone is confirmed.')).toBeNull();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The right code: confirmed with the phone, the verifier and the code; Done closes. */
export const Confirmed: Story = {
  play: async ({ args }) => {
    const dialog = await openDialog();
    await toCode(dialog);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Code from the SMS' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm phone' }));
    const done = await dialog.findByText('Your phone is confirmed.');
    await waitFor(() => expect(done).toHaveFocus());
    await expect(confirmCode).toHaveBeenCalledWith({ phoneId: 701, codeVerifier: 'story-verifier', code: '123456' });
    await expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await expect(args.onClose).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

const typeChoice = (dialog: DialogQueries) => dialog.getByRole('radiogroup', { name: 'How do you want to verify the phone?' });

/** Saved: three ways to verify it (SMS chosen); the arrow keys move the choice, and the text and the button follow it. */
export const ChooseType: Story = {
  play: async () => {
    const dialog = await openDialog();
    await toCaptcha(dialog);
    const choice = within(typeChoice(dialog));
    const sms = choice.getByRole('radio', { name: 'A code by SMS' });
    await expect(sms).toBeChecked();
    await expect(choice.getAllByRole('radio')).toHaveLength(3);
    sms.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(choice.getByRole('radio', { name: 'A code by e-mail' })).toBeChecked();
    await expect(dialog.getByText('To send a code for +40 722000111 to your e-mail address, confirm you are not a robot.')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Send the code by e-mail' })).toBeDisabled();
    await userEvent.keyboard('{ArrowDown}');
    await expect(choice.getByRole('radio', { name: "With the phone's camera, in our app" })).toBeChecked();
    await expect(dialog.getByText('To send a link to +40 722000111, confirm you are not a robot.')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Send the link to the phone' })).toBeInTheDocument();
    await expect(sendCode).not.toHaveBeenCalled();
  },
};

/** By e-mail: the code is sent to the customer's address; its field says so; confirmed as an SMS code is. */
export const CodeByEmail: Story = {
  play: async () => {
    const dialog = await openDialog();
    await toCaptcha(dialog);
    await userEvent.click(within(typeChoice(dialog)).getByRole('radio', { name: 'A code by e-mail' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'I am not a robot' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send the code by e-mail' }));
    const text = await dialog.findByText('We sent a 6-digit code for +40 722000111 to your e-mail address.');
    await waitFor(() => expect(text).toHaveFocus());
    await expect(sendCode).toHaveBeenCalledWith({ phoneId: 701, type: 'email', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: 'story-challenge' });
    await userEvent.type(dialog.getByRole('textbox', { name: 'Code from the e-mail' }), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm phone' }));
    await expect(await dialog.findByText('Your phone is confirmed.')).toBeInTheDocument();
    await expect(confirmCode).toHaveBeenCalledWith({ phoneId: 701, codeVerifier: 'story-verifier', code: '654321' });
  },
};

/** With the camera, the link sent: the dialog waits for the phone (a status line), another link on demand. */
async function toCamera(dialog: DialogQueries) {
  await toCaptcha(dialog);
  await userEvent.click(within(typeChoice(dialog)).getByRole('radio', { name: "With the phone's camera, in our app" }));
  await userEvent.click(dialog.getByRole('checkbox', { name: 'I am not a robot' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Send the link to the phone' }));
  return dialog.findByText('We sent a link to +40 722000111. Open it on that phone and confirm with its camera in our app.');
}

/** The link sent to the phone: the dialog waits (the confirmation read now and then); no code to type. */
export const CameraWaiting: Story = {
  beforeEach: () => void checkConfirmed.mockImplementation(never),
  play: async () => {
    const dialog = await openDialog();
    const text = await toCamera(dialog);
    await waitFor(() => expect(text).toHaveFocus());
    await expect(sendCode).toHaveBeenCalledWith({ phoneId: 701, type: 'camera', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: 'story-challenge' });
    await expect(dialog.getByRole('status')).toHaveTextContent('This window goes on by itself once the phone is confirmed.');
    await waitFor(() => expect(checkConfirmed).toHaveBeenCalledWith({ phoneId: 701 }));
    await expect(dialog.queryByRole('textbox')).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Check again' })).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Send another link' })).toBeInTheDocument();
  },
};

/** No confirmation after a while (or a read failed): it says so, and checks again on demand. */
export const CameraStillWaiting: Story = {
  beforeEach: () => void checkConfirmed.mockImplementation(() => Promise.reject({ message: { text: 'The service is not available' } })),
  play: async () => {
    const dialog = await openDialog();
    await toCamera(dialog);
    await expect(await dialog.findByRole('button', { name: 'Check again' })).toBeInTheDocument();
    await expect(dialog.getByRole('status')).toHaveTextContent('No confirmation from your phone yet. Once you have confirmed on it, check again.');
    await expect(dialog.getByRole('alert')).toHaveTextContent('The service is not available');
    checkConfirmed.mockImplementation(async () => true);
    await userEvent.click(dialog.getByRole('button', { name: 'Check again' }));
    await expect(await dialog.findByText('Your phone is confirmed.')).toBeInTheDocument();
  },
};

/** The phone confirmed it: the dialog goes on by itself. */
export const CameraConfirmed: Story = {
  beforeEach: () => void checkConfirmed.mockImplementationOnce(async () => false).mockImplementation(async () => true),
  play: async () => {
    const dialog = await openDialog();
    await toCamera(dialog);
    const done = await dialog.findByText('Your phone is confirmed.');
    await waitFor(() => expect(done).toHaveFocus());
    await expect(checkConfirmed).toHaveBeenCalledTimes(2);
    await expect(confirmCode).not.toHaveBeenCalled();
  },
};

/** A phone of the profile: its number filled in; Continue with it unchanged verifies it (replaced by its id). */
export const ReplaceExisting: Story = {
  args: { phone: existing },
  play: async () => {
    const dialog = await openDialog('Change your phone');
    await expect(countryCode(dialog)).toHaveValue('40');
    await expect(phoneNumber(dialog)).toHaveValue('722000111');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expect(await dialog.findByText('To send a code to +40 722000111, confirm you are not a robot.')).toBeInTheDocument();
    await expect(savePhone).toHaveBeenCalledWith({ phoneCountryCode: '40', phone: '722000111', phoneId: 701, proof: null });
  },
};

/**
 * A confirmed phone changed: the service asks the customer to confirm it is them first (403 REAUTH,
 * issue 49). The password in the same dialog, then the same phone saved again with the proof.
 */
export const ConfirmItIsYouFirst: Story = {
  args: { phone: existing },
  play: async () => {
    savePhone.mockImplementationOnce(() => Promise.reject({ proofRefused: true, message: { text: 'Confirm it is you first' } }));
    const dialog = await openDialog('Change your phone');
    await userEvent.clear(phoneNumber(dialog));
    await userEvent.type(phoneNumber(dialog), '722000222');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    const password = await dialog.findByLabelText('Your password', { selector: 'input' });
    await expect(dialog.getByText('For your security, enter your password to continue.')).toBeInTheDocument();
    await userEvent.type(password, 'Demo-pass-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expect(await dialog.findByText('To send a code to +40 722000222, confirm you are not a robot.')).toBeInTheDocument();
    await expect(checkPassword).toHaveBeenCalledWith({ password: 'Demo-pass-1' });
    await expect(savePhone).toHaveBeenLastCalledWith({ phoneCountryCode: '40', phone: '722000222', phoneId: 701, proof: 'story-proof' });
    await expect(savePhone).toHaveBeenCalledTimes(2);
  },
};

/** An unconfirmed phone of the profile ("Confirm this phone"): the dialog says it confirms, not changes (issue 45). */
export const ConfirmExisting: Story = {
  args: { phone: { ...existing, confirmed: false } },
  play: async () => {
    const dialog = await openDialog('Confirm your phone');
    await expect(phoneNumber(dialog)).toHaveValue('722000111');
    await expect(within(document.body).queryByRole('dialog', { name: 'Change your phone' })).toBeNull();
  },
};

/** Cancel leaves at any step: the dialog is asked to close and nothing is sent. */
export const Cancelled: Story = {
  args: { phone: existing },
  play: async ({ args }) => {
    const dialog = await openDialog('Change your phone');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(savePhone).not.toHaveBeenCalled();
  },
};
