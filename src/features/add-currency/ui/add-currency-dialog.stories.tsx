import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import type { Account } from '@/entities/account';
import { withAppServices, withAppStart } from '../../../../.storybook/decorators';
import { addCurrencyFormLogic } from '../model/add-currency-form';
import { AddCurrencyDialog } from './add-currency-dialog';

/** The add-currency form on its statechart with fake submits (no network). */
const refusing = addCurrencyFormLogic.provide({
  actors: {
    submit: fromPromise<unknown, { values: FormValues }>(async () => {
      const failure: FormFailure = { fields: { currencyCode: { text: 'You already have an account in this currency' } } };
      throw failure;
    }),
  },
});
const adding = addCurrencyFormLogic.provide({
  actors: {
    submit: fromPromise<unknown, { values: FormValues }>(async ({ input }) => {
      const account: Account = { accountId: 1010, type: 1001, accountStatusId: 1, customerId: 10, balance: '0.00', currencyCode: input.values.currencyCode ?? '' };
      return account;
    }),
  },
});

/** The dialog renders in a portal: plays look in `screen`. */
const meta: Meta<typeof AddCurrencyDialog> = {
  title: 'Features/AddCurrencyDialog',
  component: AddCurrencyDialog,
  decorators: [withAppServices, withAppStart],
  args: { currencies: ['GBP', 'CAD', 'BTC'], onClose: fn(), logic: adding },
};
export default meta;
type Story = StoryObj<typeof AddCurrencyDialog>;

async function openDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Add a currency' });
  return { dialog, select: within(dialog).getByRole('combobox', { name: /Currency/ }) };
}

/** Adding without a choice: the rule's message, and focus goes to the currency. */
export const Default: Story = {
  play: async ({ args }) => {
    const { dialog, select } = await openDialog();
    await expect(within(select).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'GBP', 'CAD', 'BTC']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add currency' }));
    await expect(await within(dialog).findByText('Choose a currency to add.')).toBeInTheDocument();
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(select).toHaveFocus());
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The server refuses: its reason shows at the field and the choice stays. */
export const Refused: Story = {
  args: { logic: refusing },
  play: async ({ args }) => {
    const { dialog, select } = await openDialog();
    await userEvent.selectOptions(select, 'GBP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add currency' }));
    await expect(await within(dialog).findByText('You already have an account in this currency')).toBeInTheDocument();
    await expect(select).toHaveValue('GBP');
    await waitFor(() => expect(select).toHaveFocus());
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Added: the list refreshes, a notice says so and the dialog asks to be closed. */
export const Added: Story = {
  play: async ({ args }) => {
    const { dialog, select } = await openDialog();
    await userEvent.selectOptions(select, 'CAD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add currency' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};
