import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { receiveFormMachine } from '@machines/batches/global-pay-forms.machine';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import type { ReceiveMethod } from '@/entities/global-pay-batch';
import { withAppServices } from '../../../../.storybook/decorators';
import { ReceiveForm } from './receive-form';

/** The story's submit: the chosen values; what it answers or throws (a FormFailure) is the service's. */
const submit = fn<(values: FormValues) => Promise<unknown>>();

/** The recipient's form statechart with a fake submit (the story's), as a screen would be given it. */
const fakeReceiveLogic = () => receiveFormMachine.provide({ actors: { submit: fromPromise<unknown, { values: FormValues }>(({ input }) => submit(input.values)) } });

const methods: ReceiveMethod[] = [
  { name: 'bankTransfer', fields: ['accountHolderName', 'accountNumber'] },
  { name: 'card', fields: ['cardNumber'] },
  { name: 'wallet', fields: [] },
];

/** How the recipient of a global payment receives it (/receive/{id}): a method and what it needs. */
const meta: Meta<typeof ReceiveForm> = {
  title: 'Features/ReceiveForm',
  component: ReceiveForm,
  decorators: [withAppServices],
  args: { id: 'gp-7f3c9a21', methods },
  render: (args) => <ReceiveForm {...args} logic={fakeReceiveLogic()} />,
  beforeEach: () => {
    submit.mockReset();
    submit.mockImplementation(async () => ({ status: 'used' }));
  },
};
export default meta;
type Story = StoryObj<typeof ReceiveForm>;

/** react-aria radios: the visible label is what a person clicks. */
const choose = async (canvasElement: HTMLElement, label: string) => {
  const group = await within(canvasElement).findByRole('radiogroup', { name: 'How do you want to receive it?' });
  await userEvent.click(within(group).getByText(label));
  return group;
};

/** Three methods, none chosen: no fields yet. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('radiogroup', { name: 'How do you want to receive it?' });
    await expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Bank transfer', 'Card', 'Wallet']);
    await expect(within(group).getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** Bank transfer chosen: its hint and its two fields. */
export const BankTransfer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await choose(canvasElement, 'Bank transfer');
    await expect(within(group).getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    await expect(canvas.getByText('To your bank account.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: "Account holder's name" })).toHaveAttribute('autocomplete', 'name');
    await expect(canvas.getByRole('textbox', { name: 'Account number or IBAN' })).toBeInTheDocument();
    await choose(canvasElement, 'Wallet');
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.getByText('To a wallet in your name at this e-mail address; open it to use the money.')).toBeInTheDocument();
  },
};

/** Nothing chosen: the choice is asked for and nothing is sent. */
export const NothingChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Receive the money' }));
    const group = canvas.getByRole('radiogroup', { name: 'How do you want to receive it?' });
    await expect(await within(group).findByText('Choose how you want to receive the money.')).toBeInTheDocument();
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Choose how you want to receive the money.');
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** Bank transfer with empty fields: each is required, and focus goes to the first. */
export const BankTransferEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, 'Bank transfer');
    await userEvent.click(canvas.getByRole('button', { name: 'Receive the money' }));
    const holder = canvas.getByRole('textbox', { name: "Account holder's name" });
    await waitFor(() => expect(holder).toHaveFocus());
    await expect(holder).toHaveAccessibleDescription('Required.');
    await expect(canvas.getByRole('textbox', { name: 'Account number or IBAN' })).toHaveAccessibleDescription('Required.');
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** A card number that fails Luhn's check is refused before anything is sent. */
export const CardNumberInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, 'Card');
    const card = canvas.getByRole('textbox', { name: 'Card number' });
    await expect(card).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(card, '4111 1111 1111 1112');
    await userEvent.click(canvas.getByRole('button', { name: 'Receive the money' }));
    await expect(card).toHaveAccessibleDescription('Check this: it is not valid.');
    await waitFor(() => expect(card).toHaveFocus());
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** The service refuses the card: its reason shows at the field and what was typed stays. */
export const CardRefused: Story = {
  beforeEach: () => {
    const refusal: FormFailure = { fields: { cardNumber: { text: 'This card cannot receive payments' } } };
    submit.mockImplementation(() => Promise.reject(refusal));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, 'Card');
    const card = canvas.getByRole('textbox', { name: 'Card number' });
    await userEvent.type(card, '4111 1111 1111 1111');
    await userEvent.click(canvas.getByRole('button', { name: 'Receive the money' }));
    await waitFor(() => expect(card).toHaveAccessibleDescription('This card cannot receive payments'));
    await expect(card).toHaveAttribute('aria-invalid', 'true');
    await expect(card).toHaveValue('4111 1111 1111 1111');
    await waitFor(() => expect(card).toHaveFocus());
    await expect(submit).toHaveBeenCalledWith(expect.objectContaining({ paymentMethod: 'card', cardNumber: '4111 1111 1111 1111' }));
  },
};

/** A wallet needs nothing more: the choice is sent once. */
export const WalletSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, 'Wallet');
    await userEvent.click(canvas.getByRole('button', { name: 'Receive the money' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toMatchObject({ paymentMethod: 'wallet' });
  },
};

/** One method only: it is chosen already, its field shown. */
export const SingleMethod: Story = {
  args: { methods: [{ name: 'instantPayment', fields: ['instantKey'] }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: 'Instant payment' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Instant payment key' })).toBeInTheDocument();
    await expect(canvas.getByText('To your instant payment key (for example a Pix key).')).toBeInTheDocument();
  },
};
