import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { globalPayBatchMachine, type GlobalPayStatusFact } from '@machines/batches/global-pay-batch.machine';
import type { GlobalPayBatchFact, GlobalPayEdit, GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { withAppServices, withAppStart } from '../../../../.storybook/decorators';
import { fakeApprovalLogic } from '../../../../.storybook/fixtures';
import { GlobalPaySummary } from './global-pay-summary';
import { draftBatch, draftPayments, never, useStoryActor } from './global-pay.fixtures';

const body = () => within(document.body);

/** The editor's draft, sent: Anna Schmidt (EUR), Estúdio Sol Ltda (USD, the recipient pays the fee), Priya Nair (USD) and Ioana Popescu (removed from the draft). */
const [anna, estudio, priya, ioana] = draftPayments;

/** Under way: one recipient has the link, one payment is being processed, one failed (no reason given); one was removed from the draft. */
const processing = draftBatch([
  { ...anna, status: 'awaitingRecipient' },
  { ...estudio, status: 'processing' },
  { ...priya, status: 'failed' },
  ioana,
], 'processing');
/** Finished: two paid (by card and instant payment), one failed because the e-mail bounced. */
const completed = draftBatch([
  { ...anna, status: 'completed', receivedBy: 'card' },
  { ...estudio, status: 'completed', receivedBy: 'instantPayment' },
  { ...priya, status: 'failed', failureReason: 'emailBounced' },
  ioana,
], 'completed');
const statusOf = (batch: GlobalPayBatchFact): GlobalPayStatusFact => ({
  status: batch.status,
  payments: batch.payments.map(({ id, status, receivedBy, failureReason }) => ({ id, status, receivedBy, failureReason })),
});

/** The calls a sent batch makes: its status (followed with back-off) and a failed payment's resend through the approval. */
const status = fn<(input: { batchId: number }) => Promise<GlobalPayStatusFact>>();
const submit = fn<(request: ApprovalRequest) => Promise<ApprovalReply>>();

const logicFor = (batch: GlobalPayBatchFact) =>
  globalPayBatchMachine.provide({
    actors: {
      getBatch: fromPromise<GlobalPayBatchFact, { batchId: number }>(async () => batch),
      save: fromPromise<readonly GlobalPayPaymentFact[], { batchId: number; edits: readonly GlobalPayEdit[] }>(never),
      reject: fromPromise<void, { batchId: number }>(never),
      status: fromPromise<GlobalPayStatusFact, { batchId: number }>(({ input }) => status(input)),
      approval: fakeApprovalLogic((request) => submit(request)),
    },
  });

function SummaryStory({ batch, onNew }: { batch: GlobalPayBatchFact; onNew: () => void }) {
  const actor = useStoryActor(() => createActor(logicFor(batch), { input: { batchId: 41 } }));
  return <GlobalPaySummary actor={actor} onNew={onNew} />;
}

/** A sent batch's summary (/transfer/external/global-summary?batchId=41): each payment's status and what its recipient does next. */
const meta: Meta<typeof SummaryStory> = {
  title: 'Features/GlobalPaySummary',
  component: SummaryStory,
  decorators: [withAppServices, withAppStart],
  args: { batch: processing, onNew: fn() },
  beforeEach: () => {
    status.mockReset();
    // A story that does not say how the status answers: it does not answer.
    status.mockImplementation(never);
    submit.mockReset();
    submit.mockImplementation(async () => ({ approveType: 'none', status: 'pending', transactionId: 9203 }));
  },
};
export default meta;
type Story = StoryObj<typeof SummaryStory>;

const rowOf = async (canvasElement: HTMLElement, name: string) => {
  const table = await within(canvasElement).findByRole('region', { name: 'Payments of the batch' });
  return within(table).getByText(name).closest('tr')!;
};

/** Under way: the status updates by itself; each recipient's next step; the removed payment is not listed. */
export const Processing: Story = {
  beforeEach: () => {
    status.mockImplementation(async () => statusOf(processing));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('region', { name: 'Payments of the batch' });
    await expect(canvas.getByTestId('batch-status')).toHaveTextContent('Processing');
    await expect(canvas.getByText('The status updates by itself.')).toBeInTheDocument();
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).queryByText('Ioana Popescu')).toBeNull();
    await expect(await rowOf(canvasElement, 'Anna Schmidt')).toHaveTextContent(
      'Waiting for the recipientAnna Schmidt was e-mailed a link to choose how to receive the money. The link works for 14 days.',
    );
    const studio = await rowOf(canvasElement, 'Estúdio Sol Ltda');
    // The recipient pays the fee: $480.00 less $4.80.
    await expect(studio).toHaveTextContent('$480.00$475.20');
    await expect(studio).toHaveTextContent('Being processed. The recipient will be e-mailed next.');
    await expect(await rowOf(canvasElement, 'Priya Nair')).toHaveTextContent('The payment failed. Nothing was taken for it.');
    await expect(canvas.getByRole('button', { name: 'Send again: Priya Nair' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send another batch' })).toBeNull();
    await waitFor(() => expect(status).toHaveBeenCalledWith({ batchId: 41 }));
  },
};

/** The status could not be asked: what is known stays, and the page says it keeps trying. */
export const ConnectionLost: Story = {
  beforeEach: () => {
    status.mockImplementation(() => Promise.reject(new Error('offline')));
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('The connection was lost. The status will be checked again shortly.')).toBeInTheDocument();
  },
};

/** Finished: paid by which method, the bounced e-mail, and another batch may be started. */
export const Completed: Story = {
  args: { batch: completed },
  beforeEach: () => {
    status.mockImplementation(async () => statusOf(completed));
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await rowOf(canvasElement, 'Anna Schmidt')).toHaveTextContent('Paid: received by Card.');
    await expect(await rowOf(canvasElement, 'Estúdio Sol Ltda')).toHaveTextContent('Paid: received by Instant payment.');
    await expect(await rowOf(canvasElement, 'Priya Nair')).toHaveTextContent('The e-mail to the recipient bounced. Check the address and send it again.');
    await expect(canvas.getByTestId('batch-status')).toHaveTextContent('Completed');
    await expect(canvas.getByText(/The batch is finished\./)).toBeInTheDocument();
    await expect(canvas.queryByText('The status updates by itself.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Send another batch' }));
    await expect(args.onNew).toHaveBeenCalledTimes(1);
    await expect(status).not.toHaveBeenCalled();
  },
};

/** "Send again" on the failed payment: the e-mail is checked before anything is sent. */
export const ResendInvalidEmail: Story = {
  args: { batch: completed },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send again: Priya Nair' }));
    const dialog = await body().findByRole('dialog', { name: 'Send the payment again' });
    await expect(dialog).toHaveTextContent('Priya Nair did not get the payment. Check the e-mail address, then send it again; you confirm it as usual.');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveValue('priya.nair@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'priya.nair@example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    await waitFor(() => expect(email).toHaveFocus());
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** Sent again to a corrected e-mail through the approval (mode none: pending); the payment is processed again. */
export const Resent: Story = {
  args: { batch: completed },
  beforeEach: () => {
    // Once resent, the service has the payment processing again (the batch with it).
    status.mockImplementation(async () =>
      submit.mock.calls.length ? { status: 'processing', payments: statusOf(completed).payments.map((p) => (p.id === 103 ? { id: 103, status: 'processing' } : p)) } : statusOf(completed),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send again: Priya Nair' }));
    const dialog = await body().findByRole('dialog', { name: 'Send the payment again' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, ' p.nair@example.com ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toEqual({ method: 'globalPayResendPayment', body: { batchId: 41, paymentId: 103, beneficiaryEmail: 'p.nair@example.com', requestId: expect.any(String) } });
    const popup = await body().findByRole('alertdialog', { name: 'Successfully submitted, pending*' });
    await userEvent.click(within(popup).getAllByRole('button', { name: 'Close' }).at(-1)!);
    const row = await rowOf(canvasElement, 'Priya Nair');
    await waitFor(() => expect(row).toHaveTextContent('Being processed. The recipient will be e-mailed next.'));
    await expect(row).toHaveTextContent('p.nair@example.com');
    await expect(canvas.getByTestId('batch-status')).toHaveTextContent('Processing');
  },
};
