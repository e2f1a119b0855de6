import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { confirmCardFormMachine } from '@machines/cards/card-forms';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import type { ConfirmRequirements } from '@/features/add-external-card';
import { ConfirmCardPageView } from './confirm-card-page';

const query = (over: Parameters<typeof fakeQuery<ConfirmRequirements>>[0] = {}) => fakeQuery<ConfirmRequirements>(over);

const asking: ConfirmRequirements = { card: { cardNumber: '555555••••••4444', cardBrand: 'MASTERCARD' }, requirements: ['verificationAmount'], currencyCode: 'USD', attemptsLeft: 3 };

const submit = fn(async (_values: FormValues): Promise<unknown> => true);
const logic = (answer: (values: FormValues) => Promise<unknown>) =>
  confirmCardFormMachine.provide({ actors: { submit: fromPromise<unknown, { values: FormValues }>(({ input }) => answer(input.values)) } });
const wrongAmount: FormFailure = { fields: { verificationAmount: { text: 'Wrong amount: 2 attempts left' } } };

/** /confirm-card/{cardId} with its requirements query injected and a fake confirm (no network). */
const meta: Meta<typeof ConfirmCardPageView> = {
  title: 'Pages/Cards/ConfirmCard',
  component: ConfirmCardPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { cardId: 72, onDone: fn(), query: query({ data: asking }), logic: logic(submit) },
};
export default meta;
type Story = StoryObj<typeof ConfirmCardPageView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Confirm your card' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The card could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

/** What was charged, to which (masked) card, and how many attempts are left. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/We charged a small amount/)).toHaveTextContent(
      "We charged a small amount in USD to card 5555 55•• •••• 4444. Find it on the card's statement at your bank and type it here.",
    );
    const field = canvas.getByLabelText('Amount charged (USD)');
    await expect(field).toHaveAccessibleDescription('Attempts left: 3');
    // Later goes back without confirming.
    await userEvent.click(canvas.getByRole('button', { name: 'Later' }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

/** More than two decimals: the rule's message, nothing sent. */
export const InvalidAmount: Story = {
  play: async ({ canvasElement, args }) => {
    submit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Amount charged (USD)'), '1.375');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm card' }));
    await expect(await canvas.findByText('Type the amount with its decimals, for example 1.37.')).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

/** The service says the amount is wrong: its text shows at the field, what was typed stays. */
export const WrongAmount: Story = {
  args: {
    logic: logic(async () => {
      throw wrongAmount;
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText('Amount charged (USD)');
    await userEvent.type(field, '0.42');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm card' }));
    await expect(await canvas.findByText('Wrong amount: 2 attempts left')).toBeInTheDocument();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('0.42');
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

/** A card that needs nothing more. */
export const Confirmed: Story = {
  args: { query: query({ data: { ...asking, requirements: [] } }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This card is confirmed')).toBeInTheDocument();
    await expect(canvas.getByText('Card 5555 55•• •••• 4444 needs nothing more.')).toBeInTheDocument();
    await expect(canvas.queryByLabelText('Amount charged (USD)')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

/** The right amount: sent as typed, and the page goes back. */
export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    submit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Amount charged (USD)'), '1.37');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm card' }));
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1));
    await expect(submit).toHaveBeenCalledWith({ verificationAmount: '1.37' });
  },
};
