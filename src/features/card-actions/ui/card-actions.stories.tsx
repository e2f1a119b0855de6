import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import type { ActivationData, CardCommand, CardState } from '@machines/cards/card-actions.machine';
import { activationFormMachine, changePinFormMachine, reissueFormMachine, renameFormMachine } from '@machines/cards/card-forms';
import type { FormValues } from '@machines/shared/form.machine';
import { approvalMachine } from '@machines/transfers/approval.machine';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { UiMessage } from '@machines/shared/ui-message';
import type { Account } from '@/entities/account';
import { toCardState } from '@/entities/card';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, demoCardAccounts } from '../../../../.storybook/fixtures';
import { cardActionsLogicFor } from '../model/card-actions-actors';
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
  block?: (accountId: number) => Promise<ApprovalReply>;
  showPin?: (accountId: number) => Promise<ApprovalReply>;
  getPin?: (accountId: number, operationId: string) => Promise<string>;
  activationData?: (accountId: number) => Promise<ActivationData>;
  submit?: Partial<Record<FormName, (values: FormValues) => Promise<unknown>>>;
}

/** The other device's code is 123456; a push is never decided (the customer closes it). */
const storyApproval = approvalMachine.provide({
  actors: {
    confirm: fromPromise<void, { reply: ApprovalReply; code: string }>(async ({ input }) => {
      if (input.code !== '123456') throw { text: 'The code is not right' } satisfies UiMessage;
    }),
    resend: fromPromise(async () => ({})),
    // A refused code: the operation still waits.
    status: fromPromise(async ({ input }) => ({ state: 'waiting' as const, reply: input.reply })),
    watch: fromCallback(() => () => undefined),
  },
});

function fakeLogic(forCard: Account, fakes: Fakes = {}) {
  const submit = (name: FormName) => fromPromise<unknown, { values: FormValues }>(({ input }) => (fakes.submit?.[name] ?? never)(input.values));
  return cardActionsLogicFor(forCard).provide({
    actors: {
      command: fromPromise<CardState, { method: CardCommand; accountId: number }>(({ input }) => (fakes.command ?? never)(input.method, input.accountId)),
      showPin: fromPromise<ApprovalReply, { accountId: number }>(({ input }) => (fakes.showPin ?? never)(input.accountId)),
      getPin: fromPromise<string, { accountId: number; operationId: string }>(({ input }) => (fakes.getPin ?? never)(input.accountId, input.operationId)),
      activationData: fromPromise<ActivationData, { accountId: number }>(({ input }) => (fakes.activationData ?? never)(input.accountId)),
      block: fromPromise<ApprovalReply, { accountId: number }>(({ input }) => (fakes.block ?? never)(input.accountId)),
      approval: storyApproval,
      changePinForm: changePinFormMachine.provide({ actors: { submit: submit('changePin') } }),
      renameForm: renameFormMachine.provide({ actors: { submit: submit('rename') } }),
      reissueForm: reissueFormMachine.provide({ actors: { submit: submit('reissue') } }),
      activationForm: activationFormMachine.provide({ actors: { submit: submit('activation') } }),
    },
  });
}

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
      showPin: async () => ({ approveType: 'none', operationId: 'op-1' }),
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

/** In SMS mode the PIN waits for the code like a PIN change (issue 46); closed unconfirmed, nothing is shown and the page says so. */
export const ShowPinWithCode: Story = {
  args: {
    logic: fakeLogic(active, {
      showPin: async () => ({ approveType: 'sms', operationId: 'op-5', approvalSentTo: '+40 7•• ••• 012', availableApprovalMethods: ['sms'] }),
      getPin: async (_id, operationId) => (operationId === 'op-5' ? '4821' : '0000'),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Show PIN' }));
    let dialog = await body().findByRole('dialog', { name: 'Confirm with a code' }, slow);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The PIN request was not confirmed, so the PIN is not shown.');
    await expect(canvas.queryByText('4821')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show PIN' }));
    dialog = await body().findByRole('dialog', { name: 'Confirm with a code' }, slow);
    await userEvent.type(within(dialog).getByLabelText('Code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await body().findByRole('alertdialog', { name: 'Successfully submitted' }, slow);
    await expect(await canvas.findByText('4821', {}, { timeout: 6000 })).toBeInTheDocument();
  },
};

/** Blocking asks first; keeping the card closes the question; confirming blocks it (approval mode none: the success popup at once). */
export const BlockConfirm: Story = {
  args: { logic: fakeLogic(active, { block: async () => ({ approveType: 'none' }) }) },
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
    // Blocking is sensitive: it confirms through the approval (mode none: its success at once).
    const popup = await body().findByRole('alertdialog', { name: 'Successfully submitted' }, slow);
    // The last Close is the popup's own button (the first is the dialog's corner button).
    await userEvent.click(within(popup).getAllByRole('button', { name: 'Close' }).at(-1)!);
    const notice = await canvas.findByText('The card is blocked for good.');
    await expect(notice.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** In SMS mode the block waits for the code: a wrong one is refused in the popup, the right one blocks. */
export const BlockWithCode: Story = {
  args: { logic: fakeLogic(active, { block: async () => ({ approveType: 'sms', operationId: 'op-7', approvalSentTo: '+40 7•• ••• 012', availableApprovalMethods: ['sms', 'otp'] }) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Block card' }));
    const question = await body().findByRole('alertdialog', { name: 'Block Travel card?' }, slow);
    await userEvent.click(within(question).getByRole('button', { name: 'Block card' }));
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' }, slow);
    await expect(dialog).toHaveTextContent('We sent a code by SMS to +40 7•• ••• 012.');
    const code = within(dialog).getByLabelText('Code');
    await userEvent.type(code, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(await within(dialog).findByText('The code is not right')).toBeInTheDocument();
    await expect(canvas.queryByText('The card is blocked for good.')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await body().findByRole('alertdialog', { name: 'Successfully submitted' }, slow);
    // The SMS success closes by itself after 3 s.
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull(), { timeout: 6000 });
    await expect(await canvas.findByText('The card is blocked for good.')).toBeInTheDocument();
  },
};

/** A PIN change waiting on the phone that the customer closes: nothing changed, and the page says so. */
export const ChangePinNotConfirmed: Story = {
  args: { logic: fakeLogic(active, { submit: { changePin: async () => ({ approveType: 'push', operationId: 'op-8', approvalSentTo: 'Pixel 8' }) } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Change PIN' }));
    const dialog = await body().findByRole('dialog', { name: 'Change PIN' }, slow);
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('New PIN'), '4821');
    await userEvent.type(form.getByLabelText('New PIN again'), '4821');
    await userEvent.click(form.getByRole('checkbox', { name: 'I understand that my old PIN stops working.' }));
    await userEvent.click(form.getByRole('button', { name: 'Change PIN' }));
    const push = await body().findByRole('dialog', { name: 'Approve on your phone' }, slow);
    await expect(push).toHaveTextContent('We sent a request to Pixel 8.');
    await userEvent.click(within(push).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The change was not confirmed, so the card stays as it was.');
    await expect(canvas.queryByText('The PIN is changed.')).toBeNull();
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
