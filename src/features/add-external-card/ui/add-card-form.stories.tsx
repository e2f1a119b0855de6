import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { binLookupMachine, type BinInfo } from '@machines/cards/bin-lookup.machine';
import { createAddCardFormMachine } from '@machines/cards/card-forms';
import type { FormValues } from '@machines/shared/form.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { ExternalCard } from '@/entities/card';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { AddCardForm } from './add-card-form';

/** What the fake bin service knows: a Visa bin, and a bin whose cards cannot be added. */
const bins: Record<string, BinInfo> = {
  '411111': { binNumber: '411111', valid: true, cardBrand: 'VISA', cardCategory: 'CLASSIC', cardType: 'CREDIT', issuer: 'Example Bank', countryCode: 'US' },
  '999999': { binNumber: '999999', valid: false },
};
const lookup = (answer: (binNumber: string) => Promise<BinInfo>) =>
  binLookupMachine.provide({ actors: { lookUp: fromPromise<BinInfo, { binNumber: string }>(({ input }) => answer(input.binNumber)) }, delays: { settle: 10 } });
const knownBins = lookup(async (bin) => bins[bin] ?? { binNumber: bin, valid: false });
const unavailable: UiMessage = { text: 'The card service is not available' };

const added: ExternalCard = { cardId: 74, cardNumber: '411111••••••1111', cardBrand: 'VISA', cardExpiryMonth: 11, cardExpiryYear: 2028, cardHolderName: 'Ana Ruiz', confirmed: false };
const submit = fn(async (_values: FormValues): Promise<unknown> => added);
/** The form as in November 2026 (its expiry rule is pure), with a fake submit. */
const formLogic = createAddCardFormMachine({ month: 11, year: 2026 }).provide({
  actors: { submit: fromPromise<unknown, { values: FormValues }>(({ input }) => submit(input.values)) },
});

/** Add a card at another bank: the bin is looked up as the number is typed (fake lookup and submit, no network). */
const meta: Meta<typeof AddCardForm> = {
  title: 'Features/AddCardForm',
  component: AddCardForm,
  decorators: [withAppServices, withRouter],
  args: { onAdded: fn(), formLogic, lookupLogic: knownBins },
};
export default meta;
type Story = StoryObj<typeof AddCardForm>;

async function fill(canvasElement: HTMLElement, number: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Card number'), number);
  await userEvent.selectOptions(canvas.getByLabelText('Expiry month'), '11');
  await userEvent.selectOptions(canvas.getByLabelText('Expiry year'), '2028');
  await userEvent.type(canvas.getByLabelText('Name on the card'), 'Ana Ruiz');
  await userEvent.click(canvas.getByRole('button', { name: 'Add card' }));
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Add a card' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add card' }));
    await expect(await canvas.findByText('This card number is not valid.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose the month and year printed on the card.')).toBeInTheDocument();
    await expect(canvas.getByText('Type the name printed on the card.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByLabelText('Card number')).toHaveFocus());
  },
};

/** Six digits (spaces do not count) start the lookup: brand, category, type, issuer and country show. */
export const BinKnown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Card number'), '4111 11');
    await expect(await canvas.findByText('VISA · CLASSIC · CREDIT · Example Bank · United States')).toBeInTheDocument();
    // Fewer than six digits again: nothing is shown.
    await userEvent.type(canvas.getByLabelText('Card number'), '{backspace}{backspace}');
    await waitFor(() => expect(canvas.queryByText(/Example Bank/)).toBeNull());
  },
};

/** A bin whose cards cannot be added. */
export const BinInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Card number'), '9999 9912');
    await expect(await canvas.findByText('Cards of this kind cannot be added.')).toBeInTheDocument();
  },
};

/** The lookup fails: its reason, and Try again asks again. */
export const BinLookupFailed: Story = {
  args: {
    lookupLogic: lookup(async () => {
      throw unavailable;
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Card number'), '411111');
    await expect(await canvas.findByText(/The card service is not available/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** A number that fails the Luhn check is refused before anything is sent. */
export const InvalidNumber: Story = {
  play: async ({ canvasElement, args }) => {
    submit.mockClear();
    const canvas = within(canvasElement);
    await fill(canvasElement, '4111 1111 1111 1112');
    await expect(await canvas.findByText('This card number is not valid.')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).not.toHaveBeenCalled();
    await expect(args.onAdded).not.toHaveBeenCalled();
  },
};

/** A valid card is sent as digits and the page is told it was added. */
export const Added: Story = {
  play: async ({ canvasElement, args }) => {
    submit.mockClear();
    await fill(canvasElement, '4111 1111 1111 1111');
    await waitFor(() => expect(args.onAdded).toHaveBeenCalledWith(added));
    await expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ cardNumber: '4111 1111 1111 1111', cardExpiryMonth: '11', cardExpiryYear: '2028', cardHolderName: 'Ana Ruiz' }),
    );
  },
};
