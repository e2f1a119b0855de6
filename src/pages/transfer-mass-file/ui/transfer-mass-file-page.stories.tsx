import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import type { MassFileMethod } from '@machines/transfers/external-rails';
import { massFileMachine, type MassFileEvent, type MassFileSummaryFact } from '@machines/transfers/mass-file.machine';
import type { Account } from '@/entities/account';
import { checkMassFileText, type MassFileActor } from '@/features/mass-transfer';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { TransferMassFileConfirmView, TransferMassFilePageView } from './transfer-mass-file-page';

const header = 'beneficiaryName,beneficiaryAddress,countryCode,currencyCode,amount,iban,swiftCode,accountNumber,routingNumber,sortCode,reference';
const good = 'Anna Schmidt,"Hauptstraße 1, Berlin",DE,EUR,120.50,DE89370400440532013000,,,,,rent';
const cleanFile = [header, good, good.replace('120.50', '80.00')].join('\n');
const badFile = [header, good, 'Bob,Rua,PT,EUR,0,PT50000201231234567890155,,,,,'].join('\n');
const summary: MassFileSummaryFact = { count: 2, total: '200.50', fee: '2.00', currencyCode: 'EUR', errors: [] };
const submit = fn(async (_request: ApprovalRequest): Promise<ApprovalReply> => ({ approveType: 'none', status: 'pending' }));
const summarize = fn(async (): Promise<MassFileSummaryFact> => summary);

/** The statechart with the browser's real check run in place (no worker in stories), a fake summary and approval. */
const logic = massFileMachine.provide({
  actors: {
    check: fromCallback<MassFileEvent, { file: Blob; method: MassFileMethod }>(({ input, sendBack }) => {
      void input.file.text().then((text) => {
        const check = checkMassFileText(input.method, text, (share) => sendBack({ type: 'PROGRESS', share }));
        sendBack({ type: 'CHECKED', rows: check.rows, problems: check.problems });
      });
      return () => undefined;
    }),
    summarize: fromPromise(() => summarize()),
    approval: fakeApprovalLogic(submit),
  },
});

function useFlow(start?: (actor: MassFileActor) => void) {
  const [actor] = useState(() => {
    const a = createActor(logic, { input: { method: 'wire' } }).start() as MassFileActor;
    start?.(a);
    return a;
  });
  return actor;
}

const csv = (text: string, name = 'wires.csv') => new File([text], name, { type: 'text/csv' });

/** /transfer/mass/<kind> and the confirm page, on the mass file statechart with fakes (no network, no worker). */
const meta: Meta<typeof TransferMassFilePageView> = {
  title: 'Pages/Transfers/Send from a file',
  component: TransferMassFilePageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { method: 'wire', offered: ['wire', 'eft', 'oct', 'crypto'], accounts: fakeQuery<Account[]>({ data: demoAccounts }), sampleUrl: '/samples/mass-wire.csv' },
  render: (args) => <TransferMassFilePageView {...args} actor={useFlow()} />,
  beforeEach: () => {
    submit.mockClear();
    summarize.mockClear();
  },
};
export default meta;
type Story = StoryObj<typeof TransferMassFilePageView>;

export const Loading: Story = {
  args: { accounts: fakeQuery<Account[]>({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Wire transfers from a file' })).toBeInTheDocument();
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
  args: { allowed: false, offered: [] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Not available for your profile')).toBeInTheDocument();
  },
};

/** The kinds of file link to each other; the columns and the sample file are shown. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const kinds = await canvas.findByRole('navigation', { name: 'Kinds of file' });
    await expect(within(kinds).getAllByRole('link').map((l) => l.textContent)).toEqual(['Wire', 'EFT', 'Card payouts', 'Crypto']);
    await expect(within(kinds).getByRole('link', { name: 'Wire' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Download a sample file' })).toHaveAttribute('href', '/samples/mass-wire.csv');
    await expect(canvas.getByText(/Required: beneficiaryName, beneficiaryAddress, countryCode, currencyCode, amount\./)).toBeInTheDocument();
  },
};

/** A file with a bad row: its line and columns are listed before anything is sent; a fixed file goes on to the summary. */
export const ProblemsThenFixed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'From account' }), '1003');
    await userEvent.upload(canvas.getByLabelText('Choose the file, or drop it here'), csv(badFile));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Fix these in the file, then choose it again. Nothing was sent.');
    await expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Line 3, Beneficiary's address: not valid",
      'Line 3, Amount: not an amount above 0 (use a dot for decimals)',
      'Line 3, IBAN: not valid',
    ]);
    await expect(summarize).not.toHaveBeenCalled();
    await userEvent.upload(canvas.getByLabelText('Choose the file, or drop it here'), csv(cleanFile, 'wires-fixed.csv'));
    await waitFor(() => expect(summarize).toHaveBeenCalledTimes(1));
  },
};

/** The confirm page: the summary, then the batch through the approval (mode none: pending, processed later). */
export const Review: StoryObj<typeof TransferMassFileConfirmView> = {
  render: () => (
    <TransferMassFileConfirmView
      actor={useFlow((a) => {
        a.send({ type: 'ACCOUNT', accountId: '1003' });
        a.send({ type: 'BATCH_NAME', batchName: 'November suppliers' });
        a.send({ type: 'FILE', file: csv(cleanFile), fileName: 'wires.csv' });
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('November suppliers')).toBeInTheDocument();
    await expect(canvas.getByText('€202.50')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send the batch' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toMatchObject({ method: 'massTransfer', data: { onlySummary: false, accountId: 1003, method: 'wire', batchName: 'November suppliers', requestId: expect.any(String) }, fileName: 'wires.csv' });
    await expect(await within(document.body).findByRole('alertdialog', { name: 'Successfully submitted, pending*' })).toBeInTheDocument();
  },
};
