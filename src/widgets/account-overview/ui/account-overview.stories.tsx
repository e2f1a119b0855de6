import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { Account } from '@/entities/account';
import { withAppServices, withAppStartOffering, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, demoCurrencies, fakeQuery } from '../../../../.storybook/fixtures';
import { AccountOverviewView } from './account-overview';

const accounts = demoAccounts;
const query = (over: Parameters<typeof fakeQuery<Account[]>>[0] = {}) => fakeQuery<Account[]>(over);

/** An account confirmation's task per account whose work is `run` (resolves, never answers, or fails every other time). */
function fakeConfirmation(run: (accountId: number) => Promise<void>) {
  const spy = fn(run);
  return { logic: (accountId: number) => taskMachine.provide({ actors: { run: fromPromise<void>(() => spy(accountId)) } }), run: spy };
}
const madeConfirmation = fakeConfirmation(async () => undefined);
const busyConfirmation = fakeConfirmation(() => new Promise<never>(() => {}));
let confirmationRuns = 0;
const failingConfirmation = fakeConfirmation(async () => {
  confirmationRuns += 1;
  if (confirmationRuns % 2 === 1) throw { text: 'The document could not be made' } satisfies UiMessage;
});

/** The accounts section of home with its query injected: loading, error, empty and filled. */
const meta: Meta<typeof AccountOverviewView> = {
  title: 'Widgets/AccountOverview',
  component: AccountOverviewView,
  decorators: [withAppServices, withAppStartOffering(demoCurrencies), withRouter],
};
export default meta;
type Story = StoryObj<typeof AccountOverviewView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    // Nothing to add to before the list is known.
    await expect(canvas.queryByRole('button', { name: 'Add a currency' })).toBeNull();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load your accounts');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { query: query({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have no accounts yet')).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Add a currency' })).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: { query: query({ data: accounts }), confirmationLogic: madeConfirmation.logic },
  play: async ({ canvasElement }) => {
    madeConfirmation.run.mockClear();
    const canvas = within(canvasElement);
    // One section per currency, in the server's order (the closed RON account is not one).
    const usd = await canvas.findByRole('region', { name: 'US dollar USD' });
    await expect(canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      expect.stringContaining('USD'),
      expect.stringContaining('EUR'),
      expect.stringContaining('USDT'),
      'Cards',
    ]);
    // Pending is shown with its sign; remaining value = |-500.00| + (-120.00), exact.
    await expect(within(usd).getByText(/Pending/)).toHaveTextContent('Pending: -$120.50');
    await expect(within(usd).getByText(/Remaining value/)).toHaveTextContent('Remaining value: $380.00');
    // Crypto amounts keep their 8 decimals and offer the wallet address.
    await expect(canvas.getByText('USDT 250.12345678')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'USDT wallet address' })).toBeInTheDocument();
    // Cards are links to their detail.
    await expect(canvas.getByRole('link', { name: /Travel card/ })).toHaveAttribute('href', '/cards/2001');
    await expect(canvas.getByRole('link', { name: /Virtual card/ })).toHaveTextContent(/Paused/);
    // Closed accounts are collapsed until their summary is pressed.
    const summary = canvas.getByText(/Closed accounts/);
    const details = summary.closest('details');
    await expect(details).not.toHaveAttribute('open');
    await expect(canvas.getByText('Account No. 1005')).not.toBeVisible();
    await userEvent.click(summary);
    await waitFor(() => expect(details).toHaveAttribute('open'));
    await expect(canvas.getByText('Account No. 1005')).toBeVisible();
    // Currencies the customer holds no payment account in can be added.
    await expect(await canvas.findByRole('button', { name: 'Add a currency' })).toBeInTheDocument();
    // Each open account offers its confirmation document, named with the account's number (not the closed one).
    await expect(canvas.getAllByRole('button', { name: /^Account confirmation \(PDF\) No\. / })).toHaveLength(4);
    await expect(canvas.queryByRole('button', { name: 'Account confirmation (PDF) No. 1005' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Account confirmation (PDF) No. 1003' }));
    await waitFor(() => expect(madeConfirmation.run).toHaveBeenCalledWith(1003));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** An account confirmation being made: that account's button is pending, and a second press makes nothing twice. */
export const ConfirmationLoading: Story = {
  args: { query: query({ data: accounts }), confirmationLogic: busyConfirmation.logic },
  play: async ({ canvasElement }) => {
    busyConfirmation.run.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Account confirmation (PDF) No. 1001' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(button).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await userEvent.click(button);
    await expect(busyConfirmation.run).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Account confirmation (PDF) No. 1003' })).not.toHaveAttribute('aria-busy');
  },
};

/** The confirmation could not be made: why, beside the button, which says Try again and makes it again. */
export const ConfirmationError: Story = {
  args: { query: query({ data: accounts }), confirmationLogic: failingConfirmation.logic },
  play: async ({ canvasElement }) => {
    confirmationRuns = 0;
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Account confirmation (PDF) No. 1001' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The document could not be made');
    const retry = canvas.getByRole('button', { name: 'Try again No. 1001' });
    await userEvent.click(retry);
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(confirmationRuns).toBe(2);
    await expect(canvas.getByRole('button', { name: 'Account confirmation (PDF) No. 1001' })).toBeInTheDocument();
    // Fail again so the story rests on its state.
    await userEvent.click(canvas.getByRole('button', { name: 'Account confirmation (PDF) No. 1001' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The document could not be made');
  },
};
