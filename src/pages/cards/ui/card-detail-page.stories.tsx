import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { ActivationData, CardCommand, CardState } from '@machines/cards/card-actions.machine';
import type { Account } from '@/entities/account';
import { cardActionsLogicFor } from '@/features/card-actions';
import { MobileAppContext, type MobileApp, type MobileAppMessage } from '@/shared/model';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoCardAccounts, fakeQuery } from '../../../../.storybook/fixtures';
import { CardPageView } from './card-detail-page';

const never = () => new Promise<never>(() => {});
const query = (over: Parameters<typeof fakeQuery<Account[]>>[0] = {}) => fakeQuery<Account[]>(over);

/** The card-actions statechart with fake calls: the PIN is 4821, every other call never answers. */
const logic = cardActionsLogicFor({ accountId: 2001 }).provide({
  actors: {
    command: fromPromise<CardState, { method: CardCommand; accountId: number }>(never),
    showPin: fromPromise<ApprovalReply, { accountId: number }>(async () => ({ approveType: 'none', operationId: 'op-1' })),
    getPin: fromPromise<string, { accountId: number; operationId: string }>(async () => '4821'),
    activationData: fromPromise<ActivationData, { accountId: number }>(never),
  },
});

/** The account confirmation's task with a fake document (made at once, never, or failing every other time). */
const confirmation = (run: () => Promise<void>) => {
  const spy = fn(run);
  return { logic: taskMachine.provide({ actors: { run: fromPromise<void>(() => spy()) } }), run: spy };
};
const madeConfirmation = confirmation(async () => undefined);
const busyConfirmation = confirmation(never);
let confirmationRuns = 0;
const failingConfirmation = confirmation(async () => {
  confirmationRuns += 1;
  if (confirmationRuns % 2 === 1) throw { text: 'The document could not be made' } satisfies UiMessage;
});

const walletSend = fn<(message: MobileAppMessage) => void>();
const mobileApp: MobileApp = { send: walletSend };
/** Mobile-wrapper mode: the native app around the page receives what the page posts. */
const withMobileApp: Decorator = (Story) => (
  <MobileAppContext.Provider value={mobileApp}>
    <Story />
  </MobileAppContext.Provider>
);

/** /cards/{accountId} and /card/{accountId}/pin with the account query injected and fake card calls. */
const meta: Meta<typeof CardPageView> = {
  title: 'Pages/Cards/Detail',
  component: CardPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { accountId: 2001, logic, accounts: query({ data: demoCardAccounts }), confirmationLogic: madeConfirmation.logic },
};
export default meta;
type Story = StoryObj<typeof CardPageView>;

export const Loading: Story = {
  args: { accounts: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { level: 1 })).toBeNull();
  },
};

export const Error: Story = {
  args: { accounts: query({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The card could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.accounts.refetch).toHaveBeenCalledTimes(1);
  },
};

/** An id that is not among the customer's cards. */
export const NotFound: Story = {
  args: { accountId: 9999 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Card not found')).toBeInTheDocument();
    await expect(canvas.getByText('This card is not among your cards.')).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { level: 2, name: 'What you can do' })).toBeNull();
  },
};

/** An active physical card among several: its facts, its actions, its history and PIN pages. No wallet in a browser. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Travel card' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Travel card'));
    await expect(canvas.getByRole('link', { name: 'All physical cards' })).toHaveAttribute('href', '/cards/physical');
    await expect(canvas.getByRole('heading', { level: 2, name: 'What you can do' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Block card' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Card history' }).getAttribute('href')).toMatch(/^\/history\?accountId=(%22)?2001(%22)?$/);
    await expect(canvas.getByRole('link', { name: 'PIN' })).toHaveAttribute('href', '/card/2001/pin');
    await expect(canvas.getByText('To close a card for good, block it.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add to phone wallet' })).toBeNull();
    // The card's account confirmation document.
    madeConfirmation.run.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Account confirmation (PDF)' }));
    await waitFor(() => expect(madeConfirmation.run).toHaveBeenCalledTimes(1));
  },
};

/** The account confirmation being made: pending, a second press makes nothing twice. */
export const ConfirmationLoading: Story = {
  args: { confirmationLogic: busyConfirmation.logic },
  play: async ({ canvasElement }) => {
    busyConfirmation.run.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Account confirmation (PDF)' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(button);
    await expect(busyConfirmation.run).toHaveBeenCalledTimes(1);
  },
};

/** The account confirmation failed: why, beside the button, which says Try again. */
export const ConfirmationError: Story = {
  args: { confirmationLogic: failingConfirmation.logic },
  play: async ({ canvasElement }) => {
    confirmationRuns = 0;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Account confirmation (PDF)' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The document could not be made');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(confirmationRuns).toBe(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Account confirmation (PDF)' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The document could not be made');
  },
};

/** /card/{accountId}/pin: only the PIN actions, and the way back to the card. */
export const PinPage: Story = {
  args: { pinOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Travel card' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('PIN of Travel card'));
    const actions = canvas.getByRole('region', { name: 'What you can do' });
    await expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Show PIN', 'Change PIN']);
    await expect(canvas.getByRole('link', { name: 'Back to the card' })).toHaveAttribute('href', '/cards/2001');
    await expect(canvas.queryByRole('link', { name: 'Card history' })).toBeNull();
    await userEvent.click(within(actions).getByRole('button', { name: 'Show PIN' }));
    await expect((await canvas.findByText('4821')).closest('[aria-live=\"polite\"]')).not.toBeNull();
  },
};

/** A virtual card has no PIN: no PIN page link. */
export const Virtual: Story = {
  args: { accountId: 2005, logic: cardActionsLogicFor({ accountId: 2005 }).provide({ actors: { command: fromPromise<CardState, { method: CardCommand; accountId: number }>(never) } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Online shopping' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'All virtual cards' })).toHaveAttribute('href', '/cards/virtual');
    await expect(canvas.queryByRole('link', { name: 'PIN' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Show PIN' })).toBeNull();
  },
};

/** In the mobile app an active card can be added to the phone's wallet: the page posts it to the app. */
export const MobileWrapper: Story = {
  decorators: [withMobileApp],
  play: async ({ canvasElement }) => {
    walletSend.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add to phone wallet' }));
    await expect(walletSend).toHaveBeenCalledTimes(1);
    await expect(walletSend).toHaveBeenCalledWith({ type: 'cardToWallet', accountId: 2001 });
  },
};

/** In the mobile app, a card that is not active is not offered to the wallet. */
export const MobileWrapperPaused: Story = {
  decorators: [withMobileApp],
  args: { accountId: 2002, logic: cardActionsLogicFor({ accountId: 2002 }).provide({ actors: { command: fromPromise<CardState, { method: CardCommand; accountId: number }>(never) } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Virtual card' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add to phone wallet' })).toBeNull();
  },
};
