import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply } from '@machines/settings/reauthentication.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { withAppServices } from '../../../../.storybook/decorators';
import { cancelUsernameChangeLogic, taxIdFormLogic, usernameChangeFormLogic } from '../model/profile-details-actors';
import { CancelUsernameChangeButton, TaxIdForm, UsernameChangeForm } from './profile-details-forms';

/** The calls, faked: each story says how they answer. */
const saveTaxId = fn<(values: FormValues) => Promise<unknown>>();
const requestChange = fn<(values: FormValues, proof?: string | null) => Promise<unknown>>();
const withdraw = fn<() => Promise<void>>();
const never = () => new Promise<never>(() => {});

const taxLogic = taxIdFormLogic.provide({ actors: { submit: fromPromise<unknown, { values: FormValues }>(({ input }) => saveTaxId(input.values)) } });
const checkPassword = fn<(input: CheckPasswordInput) => Promise<CheckPasswordReply>>();
const changeLogic = usernameChangeFormLogic.provide({
  actors: {
    submit: fromPromise<unknown, { values: FormValues; proof: string | null }>(({ input }) => requestChange(input.values, input.proof)),
    reauthentication: reauthenticationMachine.provide({ actors: { checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input }) => checkPassword(input)) } }),
  },
});
const withdrawLogic = cancelUsernameChangeLogic.provide({ actors: { run: fromPromise<void>(() => withdraw()) } });

type Kind = 'taxId' | 'usernameChange' | 'withdraw';

/** One of the profile's small forms on its statechart with fake calls. */
function Forms({ kind, taxId }: { kind: Kind; taxId?: string | null }) {
  if (kind === 'taxId') return <TaxIdForm taxId={taxId ?? null} logic={taxLogic} />;
  if (kind === 'usernameChange') return <UsernameChangeForm current="ana@example.com" logic={changeLogic} />;
  return <CancelUsernameChangeButton logic={withdrawLogic} />;
}

/** The tax id, the username change request and its withdrawal (002 s3, s7, s8). */
const meta: Meta<typeof Forms> = {
  title: 'Features/Profile details',
  component: Forms,
  decorators: [withAppServices],
  args: { kind: 'taxId', taxId: null },
  beforeEach: () => {
    for (const mock of [saveTaxId, requestChange]) {
      mock.mockReset();
      mock.mockResolvedValue(null);
    }
    withdraw.mockReset();
    withdraw.mockResolvedValue(undefined);
    checkPassword.mockReset();
    checkPassword.mockResolvedValue({ proof: 'story-proof', expiresIn: 300 });
  },
};
export default meta;
type Story = StoryObj<typeof Forms>;

/** No tax id yet: Save says what is wrong before anything is sent. */
export const TaxIdEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Tax id' });
    await expect(field).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: 'Save tax id' }));
    await expect(await canvas.findByText('Enter your tax id.')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    await expect(saveTaxId).not.toHaveBeenCalled();
  },
};

/** The tax id given, changed and saved once. */
export const TaxIdSaved: Story = {
  args: { taxId: 'RO1850312' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Tax id' });
    await expect(field).toHaveValue('RO1850312');
    await userEvent.clear(field);
    await userEvent.type(field, 'RO 1850312-77');
    await userEvent.click(canvas.getByRole('button', { name: 'Save tax id' }));
    await waitFor(() => expect(saveTaxId).toHaveBeenCalledWith({ taxId: 'RO 1850312-77' }));
    await expect(saveTaxId).toHaveBeenCalledTimes(1);
  },
};

/** The service refuses: its description is shown (002 s8), the value kept. */
export const TaxIdRefused: Story = {
  args: { taxId: 'RO1850312' },
  beforeEach: () => void saveTaxId.mockRejectedValue({ message: { text: 'The tax id has 4 to 40 letters, digits, spaces, dots, slashes or dashes' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save tax id' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The tax id has 4 to 40 letters, digits, spaces, dots, slashes or dashes');
    await expect(canvas.getByRole('textbox', { name: 'Tax id' })).toHaveValue('RO1850312');
  },
};

/** Saving: the button waits, the field is read-only. */
export const TaxIdSaving: Story = {
  args: { taxId: 'RO1850312' },
  beforeEach: () => void saveTaxId.mockImplementation(never),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Save tax id' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(canvas.getByRole('textbox', { name: 'Tax id' })).toHaveAttribute('readonly');
  },
};

/** Another sign-in address: the one in use is refused before anything is sent; a new one is asked for once. */
export const UsernameChange: Story = {
  args: { kind: 'usernameChange' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'New e-mail address to sign in with' });
    await userEvent.type(field, 'ANA@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    await expect(await canvas.findByText('This is already the address you sign in with.')).toBeInTheDocument();
    await expect(requestChange).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'ana.lima@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(requestChange).toHaveBeenCalledTimes(1));
    await expect(requestChange.mock.calls[0]?.[0]).toMatchObject({ email: 'ana.lima@example.com' });
  },
};

/** The address belongs to someone else: the service's reason under the field. */
export const UsernameChangeRefused: Story = {
  args: { kind: 'usernameChange' },
  beforeEach: () => void requestChange.mockRejectedValue({ fields: { email: { text: 'This address belongs to another customer' } } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'New e-mail address to sign in with' }), 'taken@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    await expect(await canvas.findByText('This address belongs to another customer')).toBeInTheDocument();
  },
};

/**
 * The service asks the customer to confirm it is them first (403 REAUTH, issue 49): the popup, a
 * wrong password said, then the same address sent again with the proof.
 */
export const UsernameChangeConfirmItIsYou: Story = {
  args: { kind: 'usernameChange' },
  beforeEach: () => {
    requestChange.mockRejectedValueOnce({ proofRefused: true, message: { text: 'Confirm it is you first' } });
    checkPassword.mockRejectedValueOnce({ kind: 'refused', message: { text: 'The password is not correct' } });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'New e-mail address to sign in with' }), 'ana.lima@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    const popup = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    const password = popup.getByLabelText('Your password', { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    await userEvent.type(password, 'wrong-1');
    await userEvent.click(popup.getByRole('button', { name: 'Continue' }));
    await expect(await popup.findByText('The password is not correct')).toBeInTheDocument();
    await userEvent.type(password, 'Demo-pass-1');
    await userEvent.click(popup.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(requestChange).toHaveBeenCalledTimes(2));
    await expect(requestChange).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'ana.lima@example.com' }), 'story-proof');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
  },
};

/** The request withdrawn: the button goes once it is done. */
export const Withdraw: Story = {
  args: { kind: 'withdraw' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Withdraw the request' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Withdraw the request' })).toBeNull());
    await expect(withdraw).toHaveBeenCalledTimes(1);
  },
};

/** The service will not withdraw it (already with the service): its reason next to the button. */
export const WithdrawRefused: Story = {
  args: { kind: 'withdraw' },
  beforeEach: () => void withdraw.mockRejectedValue({ text: 'This request is already being checked and cannot be withdrawn' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Withdraw the request' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This request is already being checked and cannot be withdrawn');
    await expect(canvas.getByRole('button', { name: 'Withdraw the request' })).toBeInTheDocument();
  },
};
