import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import type { MassSummary } from '@machines/transfers/mass-p2p.logic';
import type { MainBody } from '@/shared/api';
import { massP2pMachine } from '@machines/transfers/mass-p2p.machine';
import type { Account } from '@/entities/account';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { TransferMassP2pConfirmView, TransferMassP2pPageView } from './transfer-mass-p2p-page';

const clean: MassSummary = { count: 2, total: '12.50', fee: '0.50', currencyCode: 'USD', errors: [] };
const withErrors: MassSummary = { count: 1, total: '10.00', fee: '0.25', currencyCode: 'USD', errors: [{ line: 2, message: 'There is no customer with this e-mail' }] };
const summarize = fn(async (_body: MainBody<'p2pMassTransfer'>): Promise<MassSummary> => clean);
const submit = fn(async (_request: ApprovalRequest): Promise<ApprovalReply> => ({ approveType: 'none', status: 'completed', transactionId: 700 }));
const logic = massP2pMachine.provide({
  actors: { summarize: fromPromise<MassSummary, MainBody<'p2pMassTransfer'>>(({ input }) => summarize(input)), approval: fakeApprovalLogic(submit) },
});

/** The flow as the page has it: started, and for the confirm page already previewed. */
function Page({ step, accounts, allowed = true }: { step: 'edit' | 'review'; accounts: ReturnType<typeof fakeQuery<Account[]>>; allowed?: boolean }) {
  const [actor] = useState(() => {
    const a = createActor(logic, { input: { values: { accountId: '1001' } } }).start();
    if (step === 'review') {
      a.send({ type: 'CHANGE', name: 'text', value: 'maria@example.com,10.00\nbob@example.com,2.50' });
      a.send({ type: 'PREVIEW' });
    }
    return a;
  });
  return step === 'edit' ? <TransferMassP2pPageView actor={actor} accounts={accounts} allowed={allowed} /> : <TransferMassP2pConfirmView actor={actor} />;
}

const meta: Meta<typeof Page> = {
  title: 'Pages/Transfers/Send to many people',
  component: Page,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { step: 'edit', accounts: fakeQuery<Account[]>({ data: demoAccounts }) },
  beforeEach: () => {
    summarize.mockReset();
    summarize.mockResolvedValue(clean);
    submit.mockReset();
    submit.mockResolvedValue({ approveType: 'none', status: 'completed', transactionId: 700 });
  },
};
export default meta;
type Story = StoryObj<typeof Page>;

export const Loading: Story = {
  args: { accounts: fakeQuery<Account[]>({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Send to many people' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { accounts: fakeQuery<Account[]>({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Your accounts could not be loaded');
  },
};

export const Empty: Story = {
  args: { accounts: fakeQuery<Account[]>({ data: [] }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have no open account to send from.')).toBeInTheDocument();
  },
};

export const NotAllowed: Story = {
  args: { allowed: false },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Not available for your profile')).toBeInTheDocument();
  },
};

/** The payments typed; the service's summary lists a line it cannot send, with its number. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    summarize.mockResolvedValueOnce(withErrors);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Preview' }));
    await expect(await canvas.findByText('Paste or type the payments, one a line: e-mail, amount, note.')).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Payments' }), 'maria@example.com,10.00{enter}nobody@example.com,5');
    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    await expect(await canvas.findByText('Line 2: There is no customer with this e-mail')).toBeInTheDocument();
    await expect(summarize).toHaveBeenCalledWith({ accountId: 1001, onlySummary: true, textContent: 'maria@example.com,10.00\nnobody@example.com,5' });
  },
};

/** The confirm page: the summary, then the batch sent once through the approval. */
export const Review: Story = {
  args: { step: 'review' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check the payments' })).toBeInTheDocument();
    await expect(canvas.getByText('$13.00')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send the batch' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toMatchObject({ method: 'p2pMassTransfer', body: { accountId: 1001, onlySummary: false, requestId: expect.any(String) } });
    const success = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Successfully submitted' }, { timeout: 5000 });
    await userEvent.click(within(success).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await expect(await canvas.findByText('The batch is sent.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send another batch' })).toBeInTheDocument();
  },
};
