import type { ReactNode } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import { globalPayBatchMachine, type GlobalPayStatusFact } from '@machines/batches/global-pay-batch.machine';
import type { GlobalPayBatchFact, GlobalPayEdit, GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import type { Account } from '@/entities/account';
import type { QueryLike } from '@/shared/ui';
import { TransferMenuView } from '@/widgets/transfer-menu';
import { withAppServices, withAppStart, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { draftBatch, draftPayments, never, useStoryActor } from '@/features/global-pay/index.fixtures';
import { TransferGlobalPageView, TransferGlobalSummaryView } from './transfer-global-page';

const [anna, estudio] = draftPayments;
/** A finished batch of two: one paid, one whose link expired. */
const completed = draftBatch(
  [
    { ...anna, status: 'completed', receivedBy: 'bankTransfer' },
    { ...estudio, status: 'failed', failureReason: 'linkExpired' },
  ],
  'completed',
);

const getBatch = fn<(input: { batchId: number }) => Promise<GlobalPayBatchFact>>();

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
    getBatch.mockImplementation(async () => draftBatch());
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
    getBatch.mockImplementation(async () => draftBatch(draftPayments, 'rejected'));
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
    await expect(within(table).getByLabelText('Amount to Anna Schmidt, EUR')).toHaveValue('1250.00');
    await expect(within(table).getByLabelText('Description for Anna Schmidt')).toHaveValue('Invoice 2026-031, March');
    await expect(within(table).getByText('Estúdio Sol Ltda')).toBeInTheDocument();
    await expect(within(table).getByLabelText('Amount to Estúdio Sol Ltda, USD')).toHaveValue('480.00');
    await expect(within(table).getByLabelText('Description for Estúdio Sol Ltda')).toHaveValue('Photography, March');
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
    await expect(canvas.getByRole('button', { name: 'Send again: Estúdio Sol Ltda' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send another batch' })).toBeInTheDocument();
  },
};
