import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { applyFormMachine } from '@machines/cards/card-forms';
import type { FormValues } from '@machines/shared/form.machine';
import type { Account } from '@/entities/account';
import type { CardOffer } from '@/entities/card';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeQuery } from '../../../../.storybook/fixtures';
import { CardApplyPageView } from './card-apply-page';

const offersQuery = (over: Parameters<typeof fakeQuery<CardOffer[]>>[0] = {}) => fakeQuery<CardOffer[]>(over);
const accountsQuery = (over: Parameters<typeof fakeQuery<Account[]>>[0] = {}) => fakeQuery<Account[]>(over);

const offers: CardOffer[] = [
  { cardNetwork: 'VISA', applyType: 1, currencyCode: 'USD', cardIsVirtual: false, fee: '10.00' },
  { cardNetwork: 'MC', applyType: 1, currencyCode: 'EUR', cardIsVirtual: true, fee: '0.00' },
  { cardNetwork: 'VISA', applyType: 2, currencyCode: 'USD', cardIsVirtual: false, fee: '5.00' },
];
const PREPAID = 'Visa prepaid · physical · USD · fee $10.00';
const VIRTUAL = 'Mastercard prepaid · virtual · EUR · no fee';
const DEBIT = 'Visa debit · physical · USD · fee $5.00';

const newCard: Account = { accountId: 2010, type: 2010, accountStatusId: 0, customerId: 10, currencyCode: 'USD', balance: '0.00', cardIsVirtual: false };
const submit = fn(async (_values: FormValues): Promise<unknown> => newCard);
const logic = applyFormMachine.provide({ actors: { submit: fromPromise<unknown, { values: FormValues }>(({ input }) => submit(input.values)) } });

/** /cards/apply with its queries injected and a fake apply (no network). */
const meta: Meta<typeof CardApplyPageView> = {
  title: 'Pages/Cards/Apply',
  component: CardApplyPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { offers: offersQuery({ data: offers }), accounts: accountsQuery({ data: demoAccounts }), onApplied: fn(), logic },
};
export default meta;
type Story = StoryObj<typeof CardApplyPageView>;

export const Loading: Story = {
  args: { offers: offersQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Apply for a card' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
  },
};

export const Error: Story = {
  args: { offers: offersQuery({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The card offers could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.offers.refetch).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
  },
};

export const Empty: Story = {
  args: { offers: offersQuery({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No cards to apply for')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Apply' })).toBeNull();
  },
};

/** Every offer as one choice: network, kind, form, currency and fee. Applying without a choice says so. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    submit.mockClear();
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('radiogroup', { name: 'Card' });
    await expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([PREPAID, VIRTUAL, DEBIT]);
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(await canvas.findByText('Choose a card.')).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
    await expect(args.onApplied).not.toHaveBeenCalled();
    // A virtual card is usable at once.
    await userEvent.click(canvas.getByRole('radio', { name: VIRTUAL }));
    await expect(await canvas.findByText('A virtual card can be used online at once.')).toBeInTheDocument();
  },
};

/** A debit card spends from a payment account in its currency: the account is asked for. */
export const DebitNeedsAccount: Story = {
  play: async ({ canvasElement }) => {
    submit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: DEBIT }));
    const account = await canvas.findByLabelText('Spends from account');
    await expect(within(account).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', '1001']);
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(await canvas.findByText('Choose the account the debit card spends from.')).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** No USD payment account: a debit card in USD cannot be had, and the page says what to do. */
export const DebitWithoutAccount: Story = {
  args: { accounts: accountsQuery({ data: demoAccounts.filter((a) => a.accountId !== 1001) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: DEBIT }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('A debit card spends from a USD account; add that currency on the home page first.');
    await expect(canvas.queryByLabelText('Spends from account')).toBeNull();
  },
};

/** Home's "Request a card" passes the account: a debit offer has it chosen already. */
export const DebitFromHome: Story = {
  args: { accountId: '1001' },
  play: async ({ canvasElement, args }) => {
    submit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: DEBIT }));
    await expect(await canvas.findByLabelText('Spends from account')).toHaveValue('1001');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onApplied).toHaveBeenCalledWith(newCard));
    await expect(submit).toHaveBeenCalledWith(expect.objectContaining({ offer: 'VISA|2|USD|0', applyType: '2', settlementAccountId: '1001' }));
  },
};

/** A prepaid physical card: applied for, and the page is told which card was made. */
export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    submit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: PREPAID }));
    await expect(await canvas.findByText('A physical card is sent to your address; activate it when it arrives.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onApplied).toHaveBeenCalledWith(newCard));
    await expect(submit).toHaveBeenCalledTimes(1);
    await expect(submit).toHaveBeenCalledWith(expect.objectContaining({ offer: 'VISA|1|USD|0', applyType: '1' }));
    await expect(submit.mock.calls[0]![0].requestId).toMatch(/^[0-9a-f-]{36}$/);
  },
};
