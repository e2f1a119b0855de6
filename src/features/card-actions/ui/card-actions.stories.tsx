import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { ActivationData, CardCommand, CardState } from '@machines/cards/card-actions.machine';
import { activationFormMachine, changePinFormMachine, reissueFormMachine, renameFormMachine } from '@machines/cards/card-forms';
import type { FormValues } from '@machines/shared/form.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { Account } from '@/entities/account';
import { toCardState } from '@/entities/card';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, demoCardAccounts } from '../../../../.storybook/fixtures';
import { cardActionsLogicFor } from '../model/card-actions-logic';
import { CardActions } from './card-actions';

const never = () => new Promise<never>(() => {});
/** Dialogs arrive with a dynamic import: give them time. */
const slow = { timeout: 5000 };

const card = (over: Partial<Account> = {}): Account => ({ ...demoAccounts.find((a) => a.accountId === 2001)!, ...over });
const active = card();
const paused = card({ accountStatusId: 71 });
const fraud = card({ accountStatusId: 18 });
const shipped = demoCardAccounts.find((a) => a.accountId === 2003)!;

type FormName = 'changePin' | 'rename' | 'reissue' | 'activation';

/** Fake calls for the card-actions statechart; whatever is not given never answers. */
interface Fakes {
  command?: (method: CardCommand, accountId: number) => Promise<CardState>;
  showPin?: (accountId: number) => Promise<string>;
  getPin?: (accountId: number, operationId: string) => Promise<string>;
  activationData?: (accountId: number) => Promise<ActivationData>;
  submit?: Partial<Record<FormName, (values: FormValues) => Promise<unknown>>>;
}

function fakeLogic(forCard: Account, fakes: Fakes = {}) {
  const submit = (name: FormName) => fromPromise<unknown, { values: FormValues }>(({ input }) => (fakes.submit?.[name] ?? never)(input.values));
  return cardActionsLogicFor(forCard).provide({
    actors: {
      command: fromPromise<CardState, { method: CardCommand; accountId: number }>(({ input }) => (fakes.command ?? never)(input.method, input.accountId)),
      showPin: fromPromise<string, { accountId: number }>(({ input }) => (fakes.showPin ?? never)(input.accountId)),
      getPin: fromPromise<string, { accountId: number; operationId: string }>(({ input }) => (fakes.getPin ?? never)(input.accountId, input.operationId)),
      activationData: fromPromise<ActivationData, { accountId: number }>(({ input }) => (fakes.activationData ?? never)(input.accountId)),
      changePinForm: changePinFormMachine.provide({ actors: { submit: submit('changePin') } }),
      renameForm: renameFormMachine.provide({ actors: { submit: submit('rename') } }),
      reissueForm: reissueFormMachine.provide({ actors: { submit: submit('reissue') } }),
      activationForm: activationFormMachine.provide({ actors: { submit: submit('activation') } }),
    },
  });
}

/** The card as the service returns it after a command: the same card in another status. */
const withStatus = (c: Account, accountStatusId: number) => async (): Promise<CardState> => ({ ...toCardState(c), accountStatusId });

const changePinSubmit = fn(async (_values: FormValues): Promise<unknown> => undefined);
const renameSubmit = fn(async (values: FormValues): Promise<unknown> => ({ ...toCardState(active), cardAliasName: values.cardAliasName }));
const activationSubmit = fn(async (_values: FormValues): Promise<unknown> => '5802');
const unavailable: UiMessage = { text: 'The service is not available' };

const body = () => within(document.body);

/**
 * What the customer can do with one card, on the card-actions statechart with fake calls (no
 * network). Dialogs render in a portal and load on demand: plays look in the document body.
 */
const meta: Meta<typeof CardActions> = {
  title: 'Features/CardActions',
  component: CardActions,
  decorators: [withAppServices, withRouter],
  args: { card: active, accounts: demoAccounts, logic: fakeLogic(active) },
};
export default meta;
type Story = StoryObj<typeof CardActions>;

/** An active physical card: everything but Unpause. */
export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'What you can do' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Load card' })).toBeInTheDocument();
    const buttons = canvas.getAllByRole('button').map((b) => b.textContent);
    await expect(buttons).toEqual(['Show PIN', 'Change PIN', 'Pause card', 'Rename card', 'Reissue card', 'Block card']);
    await expect(canvas.queryByRole('button', { name: 'Unpause card' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Block card' })).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(canvas.getByRole('button', { name: 'Pause card' })).not.toHaveAttribute('aria-haspopup');
    await expect(canvas.getByText(/Blocking a card stops it for good/)).toBeInTheDocument();
  },
};

/** A paused card can be unpaused, not paused again or loaded. */
export const Paused: Story = {
  args: { card: paused, logic: fakeLogic(paused) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Unpause card' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Pause card' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Load card' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Show PIN' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Block card' })).toBeInTheDocument();
  },
};

/** A card blocked for fraud offers nothing. */
export const Fraud: Story = {
  args: { card: fraud, logic: fakeLogic(fraud) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This card offers no actions in its current status.')).toBeInTheDocument();
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
  },
};

/** Show PIN asks, then fetches the PIN; it shows in a live region until hidden. */
export const ShowPin: Story = {
  args: {
    logic: fakeLogic(active, {
      showPin: async () => 'op-1',
      getPin: async (_id, operationId) => (operationId === 'op-1' ? '4821' : '0000'),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Show PIN' }));
    const digits = await canvas.findByText('4821');
    // Announced: the digits arrive in a live region that was there before them.
    await expect(digits.closest('[aria-live="polite"]')).not.toBeNull();
    await expect(canvas.getByRole('group', { name: 'PIN' })).toHaveTextContent('It is hidden again after 10 seconds.');
    // While shown, Show PIN is not offered; Hide PIN has the focus.
    await expect(canvas.queryByRole('button', { name: 'Show PIN' })).toBeNull();
    const hide = canvas.getByRole('button', { name: 'Hide PIN' });
    await waitFor(() => expect(hide).toHaveFocus());
    await userEvent.click(hide);
    await waitFor(() => expect(canvas.queryByText('4821')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Show PIN' })).toBeInTheDocument();
  },
};

/** Blocking asks first; keeping the card closes the question, confirming blocks it for good. */
export const BlockConfirm: Story = {
  args: { logic: fakeLogic(active, { command: (method) => (method === 'cardBlock' ? withStatus(active, 4)() : never()) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Block card' }));
    let dialog = await body().findByRole('alertdialog', { name: 'Block Travel card?' }, slow);
    await expect(dialog).toHaveTextContent('A blocked card cannot be used again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the card' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Block card' })).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Block card' }));
    dialog = await body().findByRole('alertdialog', { name: 'Block Travel card?' }, slow);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block card' }));
    const notice = await canvas.findByText('The card is blocked for good.');
    await expect(notice.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    // Blocking is sensitive: the response popup confirms it (until the approval modes take over).
    const popup = await body().findByRole('dialog', { name: 'Success' }, slow);
    await expect(popup).toHaveTextContent('The card is blocked for good.');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(body().queryByRole('dialog', { name: 'Success' })).toBeNull());
    // A cancelled card offers nothing more.
    await expect(canvas.getByText('This card offers no actions in its current status.')).toBeInTheDocument();
  },
};

/** Two different PINs: the rule says so and nothing is sent. */
export const ChangePinMismatch: Story = {
  args: { logic: fakeLogic(active, { submit: { changePin: changePinSubmit } }) },
  play: async ({ canvasElement }) => {
    changePinSubmit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Change PIN' }));
    const dialog = await body().findByRole('dialog', { name: 'Change PIN' }, slow);
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('New PIN'), '4821');
    await userEvent.type(form.getByLabelText('New PIN again'), '4812');
    await userEvent.click(form.getByRole('checkbox', { name: 'I understand that my old PIN stops working.' }));
    await userEvent.click(form.getByRole('button', { name: 'Change PIN' }));
    await expect(await form.findByText('The two PINs are not the same.')).toBeInTheDocument();
    await expect(form.getByLabelText('New PIN again')).toHaveAttribute('aria-invalid', 'true');
    await expect(changePinSubmit).not.toHaveBeenCalled();
  },
};

/** Load is a transfer between own accounts: a link to /transfer/account with the card chosen. */
export const Load: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = await canvas.findByRole('link', { name: 'Load card' });
    await expect(link.getAttribute('href')).toMatch(/^\/transfer\/account\?toAccount=(%22)?2001(%22)?$/);
  },
};

/** The service refuses a pause: its text shows as an alert and the card stays active. */
export const CommandError: Story = {
  args: {
    logic: fakeLogic(active, {
      command: async () => {
        throw unavailable;
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pause card' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The service is not available');
    await expect(canvas.getByRole('button', { name: 'Pause card' })).toBeInTheDocument();
  },
};

/** Rename: the new name is sent and a notice says so. */
export const Rename: Story = {
  args: { logic: fakeLogic(active, { submit: { rename: renameSubmit } }) },
  play: async ({ canvasElement }) => {
    renameSubmit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename card' }));
    const dialog = await body().findByRole('dialog', { name: 'Rename card' }, slow);
    const field = within(dialog).getByLabelText('Card name');
    await expect(field).toHaveValue('Travel card');
    await userEvent.clear(field);
    await userEvent.type(field, 'Holiday card');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await expect(await canvas.findByText('The card is renamed.')).toBeInTheDocument();
    await expect(renameSubmit).toHaveBeenCalledWith(expect.objectContaining({ cardAliasName: 'Holiday card' }));
  },
};

/** A shipped card is activated: the fee, the account that pays it, the last 4 digits; then its PIN shows. */
export const Activate: Story = {
  args: {
    card: shipped,
    accounts: demoCardAccounts,
    logic: fakeLogic(shipped, {
      activationData: async () => ({ fees: '5.00', feeCurrency: 'USD', extraParams: [{ name: 'lastFourDigits', required: true }] }),
      submit: { activation: activationSubmit },
    }),
  },
  play: async ({ canvasElement }) => {
    activationSubmit.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Activate card' }));
    const dialog = await body().findByRole('dialog', { name: 'Activate card' }, slow);
    const form = within(dialog);
    await expect(form.getByText(/Activation fee/)).toHaveTextContent('Activation fee: $5.00');
    await userEvent.selectOptions(form.getByLabelText('Pay the fee from'), '1001');
    await userEvent.type(form.getByLabelText('Last 4 digits of the card number'), '4242');
    await userEvent.click(form.getByRole('button', { name: 'Activate card' }));
    await expect((await canvas.findByText('5802')).closest('[aria-live=\"polite\"]')).not.toBeNull();
    await expect(canvas.getByText('The card is active. Remember its PIN.')).toBeInTheDocument();
    await expect(activationSubmit).toHaveBeenCalledWith(expect.objectContaining({ feeAccountId: '1001', 'param.lastFourDigits': '4242' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};
