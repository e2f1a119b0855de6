import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { receiveFormMachine } from '@machines/batches/global-pay-forms.machine';
import type { FormValues } from '@machines/shared/form.machine';
import type { ReceiveMeta, ReceiveMethod } from '@/entities/global-pay-batch';
import { ReceiveForm } from '@/features/receive-global-pay';
import { withAppServices } from '../../../../.storybook/decorators';
import { ReceivePageView } from './receive-page';

const submit = fn<(values: FormValues) => Promise<unknown>>();

/** The recipient's form statechart with a fake submit (the story's), as a screen would be given it. */
const fakeReceiveLogic = () => receiveFormMachine.provide({ actors: { submit: fromPromise<unknown, { values: FormValues }>(({ input }) => submit(input.values)) } });

const id = 'gp-7f3c9a21';
const methods: ReceiveMethod[] = [
  { name: 'bankTransfer', fields: ['accountHolderName', 'accountNumber'] },
  { name: 'card', fields: ['cardNumber'] },
  { name: 'wallet', fields: [] },
];
const open: ReceiveMeta = {
  senderName: 'Northwind Trading Ltd',
  beneficiaryName: 'Anna Schmidt',
  beneficiaryCountryCode: 'DE',
  amount: '1250.00',
  currency: 'EUR',
  feeShare: 'sender',
  fee: '12.50',
  recipientGets: '1250.00',
  description: 'Invoice 2026-031, March',
  expires: '2026-04-04T09:15:00Z',
  status: 'open',
};

/** /receive/{id}: the page a global payment's recipient opens from the e-mailed link (no sign-in). */
const meta: Meta<typeof ReceivePageView> = {
  title: 'Pages/Receive',
  component: ReceivePageView,
  decorators: [withAppServices],
  parameters: { layout: 'fullscreen' },
  args: { id, loading: false, failed: false, missing: false, onRetry: fn() },
  beforeEach: () => {
    submit.mockReset();
    submit.mockImplementation(async () => ({ status: 'used' }));
  },
};
export default meta;
type Story = StoryObj<typeof ReceivePageView>;

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Receive a payment' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading the payment…' })).toBeInTheDocument();
  },
};

/** A link the service does not know (mistyped, or another brand's). */
export const MissingLink: Story = {
  args: { missing: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This link does not work')).toBeInTheDocument();
    await expect(canvas.getByText(/Check that you opened the whole link from the e-mail\./)).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The payment could not be loaded (the connection): Try again. */
export const Failed: Story = {
  args: { failed: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The payment could not be loaded')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** An open link: who sends how much, what arrives, by when to choose; three ways to receive it. */
export const Open: Story = {
  args: { data: { meta: open, methods }, form: <ReceiveForm id={id} methods={methods} logic={fakeReceiveLogic()} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Northwind Trading Ltd sends you a payment.')).toBeInTheDocument();
    const facts = canvas.getByText('Amount').closest('dl')!;
    await expect(facts).toHaveTextContent('Amount€1,250.00');
    await expect(facts).toHaveTextContent('You receive€1,250.00');
    await expect(facts).toHaveTextContent('DescriptionInvoice 2026-031, March');
    await expect(within(facts).queryByText('Fee')).toBeNull();
    await expect(within(facts).getByRole('time')).toHaveAttribute('datetime', '2026-04-04T09:15:00Z');
    const group = canvas.getByRole('radiogroup', { name: 'How do you want to receive it?' });
    await expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(within(group).getByText('Card'));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Card number' }), '4111 1111 1111 1111');
    await userEvent.click(canvas.getByRole('button', { name: 'Receive the money' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith(expect.objectContaining({ paymentMethod: 'card', cardNumber: '4111 1111 1111 1111' })));
  },
};

/** The recipient pays the fee: the fee and what arrives after it. */
export const RecipientPaysFee: Story = {
  args: {
    data: { meta: { ...open, senderName: 'Contoso Pharma SRL', amount: '480.00', currency: 'USD', feeShare: 'recipient', fee: '4.80', recipientGets: '475.20', description: 'Photography, March' }, methods },
    form: <ReceiveForm id={id} methods={methods} logic={fakeReceiveLogic()} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const facts = (await canvas.findByText('Amount')).closest('dl')!;
    await expect(facts).toHaveTextContent('Amount$480.00');
    await expect(facts).toHaveTextContent('Fee$4.80');
    await expect(facts).toHaveTextContent('You receive$475.20');
  },
};

/** Already received (by card): the link cannot be used again. */
export const Used: Story = {
  args: { data: { meta: { ...open, status: 'used', receivedBy: 'card' }, methods } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This payment has been received')).toBeInTheDocument();
    await expect(canvas.getByText('It was received by Card. The link cannot be used again.')).toBeInTheDocument();
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
    await expect(canvas.queryByText('Choose by')).toBeNull();
  },
};

/** The time to choose is over. */
export const Expired: Story = {
  args: { data: { meta: { ...open, status: 'expired' }, methods } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This link has expired')).toBeInTheDocument();
    await expect(canvas.getByText('The time to choose how to receive the payment is over. Ask the sender to send it again.')).toBeInTheDocument();
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
  },
};

/** The sender allowed no method for the recipient's country. */
export const NoMethods: Story = {
  args: { data: { meta: open, methods: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No way to receive this payment')).toBeInTheDocument();
    await expect(canvas.getByText('Ask the sender to allow a payment method for your country.')).toBeInTheDocument();
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
  },
};
