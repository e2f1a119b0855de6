import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { requestDecisionMachine } from '@machines/business/request-decision.machine';
import type { TransactionRequest } from '@/entities/transfer';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeApprovalLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { TransferApprovedPageView } from './transfer-approved-page';

const decide = fn(async (_request: ApprovalRequest): Promise<ApprovalReply> => ({ approveType: 'none', status: 'completed' }));
const decided = fn();
const logic = requestDecisionMachine.provide({ actors: { approval: fakeApprovalLogic(decide) }, actions: { moneyMoved: decided } });
const requests: TransactionRequest[] = [
  { id: 11, created: '2026-11-25T09:30:00Z', transactionType: 'p2p', groupedTransactionType: 'single', createdBy: 'initiator@acme.test', status: 'waiting', amount: '25.00', currencyCode: 'USD', beneficiary: 'Ana R.' },
  { id: 12, created: '2026-11-25T10:00:00Z', transactionType: 'wire', groupedTransactionType: 'single', createdBy: 'initiator@acme.test', status: 'waiting', amount: '120.00', currencyCode: 'EUR', beneficiary: 'Maria Ferreira' },
  { id: 13, created: '2026-11-25T11:00:00Z', transactionType: 'mass_wire', groupedTransactionType: 'mass', batchId: 7, count: 2, createdBy: 'initiator@acme.test', status: 'waiting', amount: '200.50', currencyCode: 'EUR', beneficiary: 'November suppliers' },
  { id: 14, created: '2026-11-25T12:00:00Z', transactionType: 'wire', groupedTransactionType: 'single', createdBy: 'approver@acme.test', status: 'waiting', amount: '80.00', currencyCode: 'EUR', beneficiary: 'Own request', mine: true },
];
const data = (list: TransactionRequest[]) => fakeQuery({ data: { total: list.length, requests: list } });

/** /transfer/approved with its list injected and a fake decision (no network). */
const meta: Meta<typeof TransferApprovedPageView> = {
  title: 'Pages/Transfers/Approvals',
  component: TransferApprovedPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { allowed: true, level: 4, filter: { status: 'waiting' }, page: 1, requests: data(requests), onFilter: fn(), logic },
  beforeEach: () => {
    decide.mockClear();
    decided.mockClear();
  },
};
export default meta;
type Story = StoryObj<typeof TransferApprovedPageView>;

export const Loading: Story = {
  args: { requests: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Approvals' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { requests: fakeQuery({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The requests could not be loaded');
  },
};

export const Empty: Story = {
  args: { requests: data([]) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No request waits for approval.')).toBeInTheDocument();
  },
};

export const NotAllowed: Story = {
  args: { allowed: false },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Your access rights do not include approvals.')).toBeInTheDocument();
  },
};

/** Two ticked and approved together; one's own request has no buttons; a mass request is decided as a whole. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Maria Ferreira')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Approve: Own request' })).toBeNull();
    await expect(canvas.getByText('You')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Approve: November suppliers' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all waiting requests' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Approve 2 requests' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ method: 'transactionRequestApprove', body: { transactionIds: [11, 12], declined: false, requestId: expect.any(String) } }));
    const success = await within(document.body).findByRole('alertdialog', { name: 'Successfully submitted' });
    await userEvent.click(within(success).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await expect(await canvas.findByText('Approved. The money is on its way.')).toBeInTheDocument();
    // Money moved: the list, the counts and the balances are asked again, once.
    await expect(decided).toHaveBeenCalledTimes(1);
  },
};

/** Declining asks first; keeping it waiting sends nothing; declining the mass request sends its batch. */
export const Decline: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Decline: November suppliers' }));
    let dialog = await within(document.body).findByRole('alertdialog', { name: 'Decline?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it waiting' }));
    await expect(decide).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Decline: November suppliers' }));
    dialog = await within(document.body).findByRole('alertdialog', { name: 'Decline?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ method: 'massTransactionRequestApprove', body: { batchId: 7, declined: true, requestId: expect.any(String) } }));
  },
};

/** An initiate-only user sees their requests' progress, with nothing to decide. */
export const InitiateOnly: Story = {
  args: { level: 3, requests: data(requests.map((r) => ({ ...r, mine: true }))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Maria Ferreira')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /Approve/ })).toBeNull();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};
