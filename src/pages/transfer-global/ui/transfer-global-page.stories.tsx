import { useEffect, useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import { globalPayBatchMachine, type GlobalPayStatusFact } from '@machines/batches/global-pay-batch.machine';
import type { GlobalPayBatchFact, GlobalPayEdit, GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import type { Account } from '@/entities/account';
import type { GlobalPayActor } from '@/features/global-pay';
import type { QueryLike } from '@/shared/ui';
import { TransferMenuView } from '@/widgets/transfer-menu';
import { withAppServices, withAppStart, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { TransferGlobalPageView, TransferGlobalSummaryView } from './transfer-global-page';

const never = () => new Promise<never>(() => {});

const payment = (id: number, over: Partial<GlobalPayPaymentFact>): GlobalPayPaymentFact => ({
  id,
  amount: '100.00',
  currency: 'EUR',
  description: '',
  beneficiaryType: 'individual',
  beneficiaryName: '',
  beneficiaryEmail: '',
  beneficiaryCountryCode: 'DE',
  feeShare: 'sender',
  paymentMethods: [
    { name: 'bankTransfer', forbidden: false },
    { name: 'card', forbidden: false },
    { name: 'wallet', forbidden: false },
  ],
  status: 'draft',
  fee: '1.00',
  ...over,
});
const payments = [
  payment(101, { amount: '1250.00', fee: '12.50', beneficiaryName: 'Anna Schmidt', beneficiaryEmail: 'anna.schmidt@example.com', description: 'Invoice 2026-031, March' }),
  payment(102, { amount: '480.00', fee: '4.80', currency: 'USD', feeShare: 'recipient', beneficiaryName: 'John Carter', beneficiaryEmail: 'john.carter@example.com', beneficiaryCountryCode: 'US', description: 'March salary' }),
];
const batch = (status: GlobalPayBatchFact['status'], list: GlobalPayPaymentFact[] = payments): GlobalPayBatchFact => ({
  batchId: 41,
  batchName: 'Contractors, March',
  accountId: 1001,
  currencyCode: 'USD',
  status,
  created: '2026-03-20T10:00:00Z',
  ...(status === 'draft' ? {} : { submitted: '2026-03-21T09:15:00Z' }),
  payments: list,
});
const completed = batch('completed', [
  { ...payments[0]!, status: 'completed', receivedBy: 'bankTransfer' },
  { ...payments[1]!, status: 'failed', failureReason: 'linkExpired' },
]);

const getBatch = fn<(input: { batchId: number }) => Promise<GlobalPayBatchFact>>();

/** The story's batch statechart, started once and stopped when the story goes (a running one would keep polling into the next story). */
function useStoryActor(create: () => GlobalPayActor): GlobalPayActor {
  const [actor] = useState(() => {
    const created = create();
    created.start();
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}

/** The batch statechart with fakes: `load` is the batch the address names (none: a fresh page); status and edits never answer. */
const logic = globalPayBatchMachine.provide({
  actors: {
    getBatch: fromPromise<GlobalPayBatchFact, { batchId: number }>(({ input }) => getBatch(input)),
    save: fromPromise<readonly GlobalPayPaymentFact[], { batchId: number; edits: readonly GlobalPayEdit[] }>(never),
    reject: fromPromise<void, { batchId: number }>(never),
    status: fromPromise<GlobalPayStatusFact, { batchId: number }>(never),
    approval: fakeApprovalLogic(never),
  },
});

function useFlow(fromAddress: boolean) {
  const actor = useStoryActor(() => createActor(logic, { input: fromAddress ? { batchId: 41 } : {} }));
  return actor;
}

type Place = Parameters<typeof TransferGlobalPageView>[0]['place'];
interface PageStoryProps {
  place: Place;
  accounts: QueryLike & { data?: readonly Account[] | undefined };
  allowed?: boolean;
  sampleUrl?: string;
  onNew: () => void;
  menu?: ReactNode;
  /** The address names batch 41 (getBatch answers it); otherwise a fresh page. */
  fromAddress?: boolean;
}

function PageStory({ fromAddress = false, ...props }: PageStoryProps) {
  return <TransferGlobalPageView {...props} actor={useFlow(fromAddress)} />;
}

/** /transfer/mass/global and /transfer/external/global-summary on the batch statechart with fakes (no network, no worker). */
const meta: Meta<typeof PageStory> = {
  title: 'Pages/TransferGlobal',
  component: PageStory,
  decorators: [withAppServices, withAppStart, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { place: 'choosing', accounts: fakeQuery<Account[]>({ data: demoAccounts }), sampleUrl: '/samples/global-pay.csv', onNew: fn() },
  beforeEach: () => {
    getBatch.mockReset();
    getBatch.mockImplementation(async () => batch('draft'));
  },
};
export default meta;
type Story = StoryObj<typeof PageStory>;

/** A fresh page: the transfer kinds, what the page does, the account and the file. */
export const Choosing: Story = {
  args: { menu: <TransferMenuView flags={{ withdrawOwn: { betweenAccounts: true }, sendMoneyUser: true, massSending: { user: true, globalTransfer: true } }} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Global payments' })).toBeInTheDocument();
    await expect(within(canvas.getByRole('navigation', { name: 'Kinds of transfer' })).getByRole('link', { name: 'Global payments' })).toHaveAttribute('href', '/transfer/mass/global');
    await expect(canvas.getByText(/Pay many people in other countries from one file\./)).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: /From account/ })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Download a sample file' })).toHaveAttribute('href', '/samples/global-pay.csv');
    await expect(getBatch).not.toHaveBeenCalled();
  },
};

/** The accounts are still loading. */
export const AccountsLoading: Story = {
  args: { accounts: fakeQuery<Account[]>({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};

/** The accounts could not be loaded: what happened and Try again. */
export const AccountsError: Story = {
  args: { accounts: fakeQuery<Account[]>({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Your accounts could not be loaded');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.accounts.refetch).toHaveBeenCalledTimes(1);
  },
};

/** No open account to pay from. */
export const NoAccounts: Story = {
  args: { accounts: fakeQuery<Account[]>({ data: [] }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have no open account to send from.')).toBeInTheDocument();
  },
};

/** The batch the address names is loading. */
export const Loading: Story = {
  args: { place: 'loading', fromAddress: true },
  beforeEach: () => {
    getBatch.mockImplementation(never);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading the batch…' })).toBeInTheDocument();
    await expect(getBatch).toHaveBeenCalledWith({ batchId: 41 });
  },
};

/** The batch could not be loaded: the service's reason, Try again (loads again) or a new batch. */
export const LoadFailed: Story = {
  args: { place: 'loadFailed', fromAddress: true },
  beforeEach: () => {
    getBatch.mockImplementationOnce(() => Promise.reject({ text: 'The service is not available. Try again in a few minutes.' }));
    getBatch.mockImplementation(never);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The service is not available. Try again in a few minutes.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(getBatch).toHaveBeenCalledTimes(2));
    await userEvent.click(canvas.getByRole('button', { name: 'Start a new batch' }));
    await expect(args.onNew).toHaveBeenCalledTimes(1);
  },
};

/** A cancelled batch: nothing was sent; a new batch may be started. */
export const Rejected: Story = {
  args: { place: 'rejected', fromAddress: true },
  beforeEach: () => {
    getBatch.mockImplementation(async () => batch('rejected'));
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The batch was cancelled. Nothing was sent.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Start a new batch' }));
    await expect(args.onNew).toHaveBeenCalledTimes(1);
  },
};

/** A draft: the editor of its payments. */
export const Draft: Story = {
  args: { place: 'draft', fromAddress: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('region', { name: 'Payments of the batch' });
    await expect(within(table).getByText('Anna Schmidt')).toBeInTheDocument();
    await expect(within(table).getByText('John Carter')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the batch' })).toBeEnabled();
  },
};

/** Global payments not enabled for the profile. */
export const NotAllowed: Story = {
  args: { allowed: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not available for your profile')).toBeInTheDocument();
    await expect(canvas.getByText('Global payments are not enabled for your profile. Contact support if you need them.')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};

function SummaryStory({ place, onNew }: { place: Place; onNew: () => void }) {
  return <TransferGlobalSummaryView actor={useFlow(true)} place={place} onNew={onNew} />;
}

/** The summary page loading its batch. */
export const SummaryLoading: StoryObj<typeof SummaryStory> = {
  render: (args) => <SummaryStory {...args} />,
  args: { place: 'loading' },
  beforeEach: () => {
    getBatch.mockImplementation(never);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Global payments: summary' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading the batch…' })).toBeInTheDocument();
  },
};

/** The summary's batch could not be loaded: the reason and Try again. */
export const SummaryLoadFailed: StoryObj<typeof SummaryStory> = {
  render: (args) => <SummaryStory {...args} />,
  args: { place: 'loadFailed' },
  beforeEach: () => {
    getBatch.mockImplementationOnce(() => Promise.reject({ text: 'Batch 41 was not found.' }));
    getBatch.mockImplementation(never);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Batch 41 was not found.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(getBatch).toHaveBeenCalledTimes(2));
  },
};

/** The summary of a finished batch: one paid, one whose link expired (it may be sent again). */
export const SummarySent: StoryObj<typeof SummaryStory> = {
  render: (args) => <SummaryStory {...args} />,
  args: { place: 'sent' },
  beforeEach: () => {
    getBatch.mockImplementation(async () => completed);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Paid: received by Bank transfer.')).toBeInTheDocument();
    await expect(canvas.getByText('The recipient did not choose how to receive it in time.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send again: John Carter' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send another batch' })).toBeInTheDocument();
  },
};
