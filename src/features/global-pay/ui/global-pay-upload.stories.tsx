import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  globalPayBatchMachine,
  type GlobalPayEvent,
  type GlobalPayFileProblem,
  type GlobalPayUploadInput,
  type GlobalPayUploadOutcome,
} from '@machines/batches/global-pay-batch.machine';
import type { GlobalPayBatchFact } from '@machines/batches/global-pay.logic';
import type { Account } from '@/entities/account';
import { withAppServices, withAppStart } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic } from '../../../../.storybook/fixtures';
import { checkGlobalPayText } from '../model/parse-global-pay';
import { GlobalPayUpload, type GlobalPayActor } from './global-pay-upload';

const never = () => new Promise<never>(() => {});
const body = () => within(document.body);

const header = 'amount,currency,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,description,feeShare,paymentMethods';
const cleanFile = [
  header,
  '1200.00,USD,individual,John Carter,john.carter@example.com,US,March salary,sender,',
  '850.50,EUR,individual,Lena Fischer,lena.fischer@example.com,DE,Consulting in March,recipient,',
  '640.00,GBP,business,Thames Design Ltd,accounts@thamesdesign.example.com,GB,Logo redesign,sender,',
].join('\n');
const csv = (text: string, name = 'march-payroll.csv') => new File([text], name, { type: 'text/csv' });

/** The calls of the upload step: `upload` answers what the story needs; the check is the browser's real one, or never answers. */
const upload = fn<(input: GlobalPayUploadInput) => Promise<GlobalPayUploadOutcome>>();

/**
 * The batch statechart with fakes: `checkInPlace` runs the browser's real check of the file in
 * place (no worker in stories), otherwise the check never answers and the story drives it with
 * PROGRESS and CHECKED. Loading the created batch never answers (that is the editor's story).
 */
function logicWith({ checkInPlace }: { checkInPlace: boolean }) {
  return globalPayBatchMachine.provide({
    actors: {
      check: fromCallback<GlobalPayEvent, { file: Blob }>(({ input, sendBack }) => {
        if (!checkInPlace) return () => undefined;
        let live = true;
        void input.file.text().then((text) => {
          if (!live) return;
          const check = checkGlobalPayText(text, (share) => sendBack({ type: 'PROGRESS', share }));
          sendBack({ type: 'CHECKED', rows: check.rows, problems: check.problems });
        });
        return () => void (live = false);
      }),
      upload: fromPromise<GlobalPayUploadOutcome, GlobalPayUploadInput>(({ input }) => upload(input)),
      getBatch: fromPromise<GlobalPayBatchFact, { batchId: number }>(never),
      approval: fakeApprovalLogic(never),
    },
  });
}

function UploadStory({ accounts, sampleUrl, checkInPlace = false, start }: { accounts: readonly Account[]; sampleUrl?: string; checkInPlace?: boolean; start?: (actor: GlobalPayActor) => void }) {
  const [actor] = useState(() => {
    const a: GlobalPayActor = createActor(logicWith({ checkInPlace }), { input: {} }).start();
    start?.(a);
    return a;
  });
  // Stopped when the story goes (a running check or upload would outlive it).
  useEffect(() => () => actor.stop(), [actor]);
  return <GlobalPayUpload actor={actor} accounts={accounts} sampleUrl={sampleUrl} />;
}

/** The first step of /transfer/mass/global: the account, a batch name and the file (checked in the browser, then uploaded). */
const meta: Meta<typeof UploadStory> = {
  title: 'Features/GlobalPayUpload',
  component: UploadStory,
  decorators: [withAppServices, withAppStart],
  args: { accounts: demoAccounts, sampleUrl: '/samples/global-pay.csv' },
  beforeEach: () => {
    upload.mockReset();
    upload.mockImplementation(never);
  },
};
export default meta;
type Story = StoryObj<typeof UploadStory>;

const chooseFile = async (canvasElement: HTMLElement, file = csv(cleanFile)) => {
  const canvas = within(canvasElement);
  await userEvent.selectOptions(await canvas.findByRole('combobox', { name: /From account/ }), '1001');
  await userEvent.upload(canvas.getByLabelText('Choose the file, or drop it here'), file);
};

/** Choosing: the paying accounts (no cards, no closed account), a batch name, the columns and the sample file. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = await canvas.findByRole('combobox', { name: /From account/ });
    await expect(within(account).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', '1001', '1002', '1003', '1004']);
    await expect(canvas.getByRole('textbox', { name: 'Batch name (optional)' })).toHaveAttribute('maxlength', '60');
    await expect(canvas.getByText(/Required: amount, currency, beneficiaryType, beneficiaryName, beneficiaryEmail, beneficiaryCountryCode\./)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Download a sample file' })).toHaveAttribute('href', '/samples/global-pay.csv');
    await expect(canvas.getByLabelText('Choose the file, or drop it here')).toBeEnabled();
  },
};

/** A file chosen before the account waits for it: the file is checked once the account is known. */
export const FileBeforeAccount: Story = {
  args: { start: (a) => a.send({ type: 'FILE', file: csv(cleanFile), fileName: 'march-payroll.csv' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('march-payroll.csv')).toBeInTheDocument();
    await expect(canvas.getByText('Choose the account: the file is checked then.')).toBeInTheDocument();
  },
};

/** Checking with progress (40 %): the fields are locked; Cancel drops the file. */
export const Checking: Story = {
  args: {
    start: (a) => {
      a.send({ type: 'ACCOUNT', accountId: '1001' });
      a.send({ type: 'FILE', file: csv(cleanFile), fileName: 'march-payroll.csv' });
      a.send({ type: 'PROGRESS', share: 0.4 });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const progress = await canvas.findByRole('progressbar', { name: 'Checking the file…' });
    await expect(progress).toHaveAttribute('value', '40');
    await expect(canvas.getByRole('combobox', { name: /From account/ })).toBeDisabled();
    await expect(canvas.getByLabelText('Choose the file, or drop it here')).toBeDisabled();
    await expect(canvas.getByText('march-payroll.csv')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** Cancel during the check: the file is dropped and the fields open again. */
export const CheckCancelled: Story = {
  args: Checking.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    await expect(canvas.queryByText('march-payroll.csv')).toBeNull();
    await expect(canvas.getByLabelText('Choose the file, or drop it here')).toBeEnabled();
  },
};

const problems: GlobalPayFileProblem[] = [
  { line: 1, column: 'beneficiaryEmail', problem: 'header' },
  { line: 3, column: 'amount', problem: 'amountRange' },
  { line: 4, column: 'beneficiaryEmail', problem: 'duplicate', message: 'Line 4 repeats line 2: the same recipient, amount and currency.' },
  { line: 5, column: 'beneficiaryCountryCode', problem: 'sanctioned', message: 'Line 5: payments to this recipient are not allowed.' },
];

/** Every problem with its line and column (a missing column, a row's amount, a duplicate in the customer's words, a problem only the service knows in its own words); nothing is uploaded. */
export const Problems: Story = {
  args: {
    start: (a) => {
      a.send({ type: 'ACCOUNT', accountId: '1003' });
      a.send({ type: 'BATCH_NAME', batchName: 'Contractors, March' });
      a.send({ type: 'FILE', file: csv(cleanFile), fileName: 'contractors-march.csv' });
      a.send({ type: 'CHECKED', rows: 3, problems });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Fix these in the file, then choose it again. Nothing was sent.');
    await expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Line 1: the column "beneficiaryEmail" is missing from the first line.',
      'Line 3, Amount: Enter an amount from 1.00 to 50,000.00.',
      'Line 4, E-mail: The same recipient, amount and currency as an earlier line.',
      'Line 5: payments to this recipient are not allowed.',
    ]);
    await expect(canvas.getByLabelText('Choose the file, or drop it here')).toBeEnabled();
    await expect(within(alert).getByRole('button', { name: 'Download the file with its problems' })).toBeEnabled();
    await expect(upload).not.toHaveBeenCalled();
  },
};

/** Code 92: the batch was uploaded before. The question names its date and number; "Upload it again" resends with ignoreIdenticalBatch. */
export const IdenticalBatch: Story = {
  args: { checkInPlace: true },
  beforeEach: () => {
    upload.mockImplementationOnce(async () => ({ result: 'identical', batchId: 12, date: '2026-11-20T10:00:00Z' }));
  },
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement);
    const dialog = await body().findByRole('alertdialog', { name: 'This batch was uploaded before' });
    await expect(dialog).toHaveTextContent(/The same payments from the same account were uploaded on .+ as batch 12\./);
    await expect(within(dialog).getByRole('time')).toHaveAttribute('datetime', '2026-11-20T10:00:00Z');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload it again' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    const [first, second] = upload.mock.calls.map(([input]) => input);
    await expect(first).toMatchObject({ accountId: 1001, fileName: 'march-payroll.csv', ignoreIdenticalBatch: false });
    await expect(second).toMatchObject({ accountId: 1001, fileName: 'march-payroll.csv', ignoreIdenticalBatch: true });
    await expect(second?.requestId).not.toBe(first?.requestId);
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(await within(canvasElement).findByText('Uploading the batch…')).toBeInTheDocument();
  },
};

/** "Don't upload" drops the file: nothing is sent again. */
export const IdenticalBatchStopped: Story = {
  args: { checkInPlace: true },
  beforeEach: IdenticalBatch.beforeEach,
  play: async ({ canvasElement }) => {
    await chooseFile(canvasElement);
    const dialog = await body().findByRole('alertdialog', { name: 'This batch was uploaded before' });
    await userEvent.click(within(dialog).getByRole('button', { name: "Don't upload" }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(within(canvasElement).queryByText('march-payroll.csv')).toBeNull();
    await expect(upload).toHaveBeenCalledTimes(1);
  },
};

/** A lost reply: the service's message, Try again (the same request, nothing created twice) or another file. */
export const UploadFailed: Story = {
  args: { checkInPlace: true },
  beforeEach: () => {
    upload.mockImplementationOnce(() => Promise.reject({ text: 'The service is not available. Try again in a few minutes.' }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseFile(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The service is not available. Try again in a few minutes.');
    await expect(within(alert).getByRole('button', { name: 'Choose another file' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    await expect(upload.mock.calls[1]?.[0].requestId).toBe(upload.mock.calls[0]?.[0].requestId);
    await expect(await canvas.findByText('Uploading the batch…')).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** No open account to pay from (only cards and a closed account): nothing to choose. */
export const NoAccounts: Story = {
  args: { accounts: demoAccounts.filter((a) => a.accountId >= 2000 || a.accountStatusId === 11) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have no open account to send from.')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};

/** No accounts at all. */
export const Empty: Story = {
  args: { accounts: [] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have no open account to send from.')).toBeInTheDocument();
  },
};
