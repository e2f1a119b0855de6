import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { globalPayBatchMachine, type GlobalPayEvent, type GlobalPayUploadInput, type GlobalPayUploadOutcome } from '@machines/batches/global-pay-batch.machine';
import type { GlobalPayBatchFact } from '@machines/batches/global-pay.logic';
import type { Account } from '@/entities/account';
import { withAppServices, withAppStart } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic } from '../../../../.storybook/fixtures';
import { applyFixesToText, checkGlobalPayText } from '../model/parse-global-pay';
import { GlobalPayUpload, type GlobalPayActor } from './global-pay-upload';
import { never, useStoryActor } from './global-pay.fixtures';

const header = 'amount,currency,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,description,feeShare,paymentMethods';
const COLUMNS = header.split(',');
/** Three bad lines among good ones: line 3's amount is out of range, line 4's e-mail has no domain, line 5 repeats line 2. */
const badLines = [
  header,
  '1200.00,USD,individual,John Carter,john.carter@example.com,US,March salary,sender,',
  '75000.00,EUR,individual,Lena Fischer,lena.fischer@example.com,DE,Consulting in March,recipient,',
  '640.00,GBP,business,Thames Design Ltd,accounts@thamesdesign,GB,Logo redesign,sender,',
  '1200.00,USD,individual,John Carter,john.carter@example.com,US,March salary again,sender,',
  '310.00,EUR,individual,Ioana Popescu,ioana.popescu@example.com,RO,Travel costs,sender,',
].join('\n');
/** Line 3 has five values where the first line names nine. */
const wrongNumberOfValues = [header, '1200.00,USD,individual,John Carter,john.carter@example.com,US,March salary,sender,', '850.50,EUR,individual,Lena Fischer,lena.fischer@example.com'].join('\n');
/** 2,000 lines, every one with an amount below 1.00. */
const manyBadLines = [header, ...Array.from({ length: 2_000 }, (_, i) => `0.${String(10 + (i % 89)).padStart(2, '0')},EUR,individual,Recipient ${i + 1},recipient.${i + 1}@example.com,DE,Refund ${i + 1},sender,`)].join('\n');
/** The first line has no beneficiaryEmail column: nothing can be fixed line by line. */
const missingColumn = [
  'amount,currency,beneficiaryType,beneficiaryName,beneficiaryCountryCode,description',
  '1200.00,USD,individual,John Carter,US,March salary',
  '850.50,EUR,individual,Lena Fischer,DE,Consulting in March',
].join('\n');

const csv = (text: string, name = 'march-payroll.csv') => new File([text], name, { type: 'text/csv' });

/** The fake workers' calls: the file written back with the fixes, and the upload (never answers: the editor is another story). */
const rewrite = fn<(input: { file: Blob; replacements: Record<number, string[] | null> }) => Promise<Blob>>();
const upload = fn<(input: GlobalPayUploadInput) => Promise<GlobalPayUploadOutcome>>();
/** What the app's rewrite worker does, in place: the fixed lines replace the file's, the lines left out go. */
const rewriteInPlace = async ({ file, replacements }: { file: Blob; replacements: Record<number, string[] | null> }) =>
  new File([applyFixesToText(await file.text(), replacements)], 'march-payroll.csv', { type: 'text/csv' });

/**
 * The batch statechart with fakes: the check is the browser's real one run in place (the app runs
 * it in a worker), the rewrite and the upload are the story's; loading a batch never answers.
 */
const logic = globalPayBatchMachine.provide({
  actors: {
    check: fromCallback<GlobalPayEvent, { file: Blob }>(({ input, sendBack }) => {
      let live = true;
      void input.file.text().then((text) => {
        if (!live) return;
        const check = checkGlobalPayText(text, (share) => sendBack({ type: 'PROGRESS', share }));
        sendBack({ type: 'CHECKED', rows: check.rows, problems: check.problems, header: check.header, badRows: check.badRows });
      });
      return () => void (live = false);
    }),
    rewrite: fromPromise<Blob, { file: Blob; replacements: Record<number, string[] | null> }>(({ input }) => rewrite(input)),
    upload: fromPromise<GlobalPayUploadOutcome, GlobalPayUploadInput>(({ input }) => upload(input)),
    getBatch: fromPromise<GlobalPayBatchFact, { batchId: number }>(never),
    approval: fakeApprovalLogic(never),
  },
});

/**
 * The file `text` chosen for account 1001 and checked (the check's answer given at once, as the
 * worker would give it), then `then` (fixes, lines left out) sent; the statechart stops with the story.
 */
function FixesStory({ accounts, text, then }: { accounts: readonly Account[]; text: string; then?: (actor: GlobalPayActor) => void }) {
  const actor = useStoryActor(() => {
    const created: GlobalPayActor = createActor(logic, { input: {} }).start();
    const check = checkGlobalPayText(text);
    created.send({ type: 'ACCOUNT', accountId: '1001' });
    created.send({ type: 'FILE', file: csv(text), fileName: 'march-payroll.csv' });
    created.send({ type: 'CHECKED', rows: check.rows, problems: check.problems, header: check.header, badRows: check.badRows });
    then?.(created);
    return created;
  });
  return <GlobalPayUpload actor={actor} accounts={accounts} sampleUrl="/samples/global-pay.csv" />;
}

/** Before upload, a file's bad lines fixed here: each line's wrong values, checked as they are typed, or the line left out. */
const meta: Meta<typeof FixesStory> = {
  title: 'Features/GlobalPayFixes',
  component: FixesStory,
  decorators: [withAppServices, withAppStart],
  args: { accounts: demoAccounts, text: badLines },
  beforeEach: () => {
    rewrite.mockReset();
    rewrite.mockImplementation(rewriteInPlace);
    upload.mockReset();
    upload.mockImplementation(never);
  },
};
export default meta;
type Story = StoryObj<typeof FixesStory>;

const fixesOf = (canvasElement: HTMLElement) => within(canvasElement).findByRole('region', { name: 'Fix the lines here' });
const lineOf = async (canvasElement: HTMLElement, line: number) => within(await within(await fixesOf(canvasElement)).findByRole('group', { name: `Line ${line}` }));
const useFixes = 'Check the fixed file and upload it';

/** Every line fixed or left out: line 3's amount and line 4's e-mail fixed, line 5 (a repeat) left out. */
const fixEveryLine = (actor: GlobalPayActor) => {
  actor.send({ type: 'FIX', line: 3, column: 'amount', value: '7500.00' });
  actor.send({ type: 'FIX', line: 4, column: 'beneficiaryEmail', value: 'accounts@thamesdesign.example.com' });
  actor.send({ type: 'OMIT', line: 5, omitted: true });
};

/** Three bad lines: each offers the values that are wrong (a repeat: its recipient, amount and currency); a fix is checked as it is typed; a line can be left out. */
export const BadLines: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fixes = within(await fixesOf(canvasElement));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Nothing was sent. Fix the lines below, or fix the file and choose it again.');
    await expect(fixes.getAllByRole('group', { name: /^Line \d+$/ }).map((g) => g.querySelector('legend')?.textContent)).toEqual(['Line 3', 'Line 4', 'Line 5']);
    await expect(fixes.getByText('3 lines still have a problem.')).toBeInTheDocument();
    await expect(fixes.getByRole('button', { name: useFixes })).toBeDisabled();

    const line3 = await lineOf(canvasElement, 3);
    const amount = line3.getByRole('textbox', { name: 'Amount' });
    await expect(amount).toHaveValue('75000.00');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription('Enter an amount from 1.00 to 50,000.00.');
    const line4 = await lineOf(canvasElement, 4);
    await expect(line4.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Enter a valid e-mail address.');
    const line5 = await lineOf(canvasElement, 5);
    // A repeat offers its recipient, amount and currency; the e-mail is marked until one of them changes.
    await expect(line5.getAllByRole('textbox').map((box) => (box as HTMLInputElement).value)).toEqual(['1200.00', 'USD', 'john.carter@example.com']);
    await expect(line5.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    await expect(line5.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('The same recipient, amount and currency as an earlier line.');

    await userEvent.clear(amount);
    await userEvent.type(amount, '7500.00');
    await waitFor(() => expect(amount).not.toHaveAttribute('aria-invalid'));
    await expect(amount).toHaveValue('7500.00');
    await expect(line3.queryByText('Enter an amount from 1.00 to 50,000.00.')).toBeNull();
    await expect(fixes.getByText('2 lines still have a problem.')).toBeInTheDocument();

    await userEvent.click(line5.getByRole('checkbox', { name: 'Leave line 5 out' }));
    await expect(await line5.findByText('This line is left out of the batch.')).toBeInTheDocument();
    await expect(line5.queryByRole('textbox')).toBeNull();
    await expect(fixes.getByText('1 line still has a problem.')).toBeInTheDocument();
    await expect(fixes.getByRole('button', { name: useFixes })).toBeDisabled();
    await expect(rewrite).not.toHaveBeenCalled();
  },
};

/** Every line fixed or left out: the file is written back with the fixes, checked again as a whole and uploaded. */
export const AllFixed: Story = {
  args: { then: fixEveryLine },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fixes = within(await fixesOf(canvasElement));
    await expect(fixes.getByText('Every line is fixed or left out.')).toBeInTheDocument();
    await expect((await lineOf(canvasElement, 3)).getByRole('textbox', { name: 'Amount' })).toHaveValue('7500.00');
    await expect((await lineOf(canvasElement, 5)).getByRole('checkbox', { name: 'Leave line 5 out' })).toBeChecked();
    const button = fixes.getByRole('button', { name: useFixes });
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(rewrite).toHaveBeenCalledTimes(1));
    await expect(rewrite.mock.calls[0]?.[0].replacements).toEqual({
      3: ['7500.00', 'EUR', 'individual', 'Lena Fischer', 'lena.fischer@example.com', 'DE', 'Consulting in March', 'recipient', ''],
      4: ['640.00', 'GBP', 'business', 'Thames Design Ltd', 'accounts@thamesdesign.example.com', 'GB', 'Logo redesign', 'sender', ''],
      5: null,
    });
    // The fixed file is checked again (clean now) and uploaded: four payments, line 5 gone.
    await expect(await canvas.findByText('Uploading the batch…')).toBeInTheDocument();
    await expect(upload).toHaveBeenCalledTimes(1);
    const sent = await upload.mock.calls[0]![0].file.text();
    await expect(sent.trim().split(/\r?\n/)).toHaveLength(5);
    await expect(sent).toContain('7500.00,EUR,individual,Lena Fischer');
    await expect(sent).not.toContain('March salary again');
    await expect(canvas.queryByRole('region', { name: 'Fix the lines here' })).toBeNull();
  },
};

/** The fixed file being written back (the rewrite never answers): the page is busy and the lines are locked. */
export const Rewriting: Story = {
  args: {
    then: (actor) => {
      fixEveryLine(actor);
      actor.send({ type: 'USE_FIXES' });
    },
  },
  beforeEach: () => {
    rewrite.mockImplementation(never);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fixes = within(await fixesOf(canvasElement));
    // The button keeps its place and width, says "Loading…" and ignores presses.
    const button = fixes.getByRole('progressbar', { name: 'Loading…' }).closest('button')!;
    await expect(button).toHaveTextContent(useFixes);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect((await lineOf(canvasElement, 3)).getByRole('textbox', { name: 'Amount' })).toBeDisabled();
    await expect((await lineOf(canvasElement, 5)).getByRole('checkbox', { name: 'Leave line 5 out' })).toBeDisabled();
    await expect(canvas.getByLabelText('Choose the file, or drop it here')).toBeDisabled();
    await expect(rewrite).toHaveBeenCalledTimes(1);
    await expect(upload).not.toHaveBeenCalled();
  },
};

/** The fixed file could not be written: the page says so and every fix is kept, to try again. */
export const RewriteFailed: Story = {
  args: {
    then: (actor) => {
      fixEveryLine(actor);
      actor.send({ type: 'USE_FIXES' });
    },
  },
  beforeEach: () => {
    rewrite.mockImplementation(() => Promise.reject(new Error('worker gone')));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The fixed file could not be written. Try again, or download the file with its problems.')).toBeInTheDocument();
    const fixes = within(await fixesOf(canvasElement));
    await expect((await lineOf(canvasElement, 3)).getByRole('textbox', { name: 'Amount' })).toHaveValue('7500.00');
    await expect((await lineOf(canvasElement, 4)).getByRole('textbox', { name: 'E-mail' })).toHaveValue('accounts@thamesdesign.example.com');
    await expect((await lineOf(canvasElement, 5)).getByRole('checkbox', { name: 'Leave line 5 out' })).toBeChecked();
    await expect(fixes.getByText('Every line is fixed or left out.')).toBeInTheDocument();
    await expect(fixes.getByRole('button', { name: useFixes })).toBeEnabled();
    await expect(upload).not.toHaveBeenCalled();
  },
};

/** A line with the wrong number of values: every column of the first line is offered, and the line is fixed once what it lacks is filled in. */
export const WrongNumberOfValues: Story = {
  args: { text: wrongNumberOfValues },
  play: async ({ canvasElement }) => {
    const fixes = within(await fixesOf(canvasElement));
    const line3 = await lineOf(canvasElement, 3);
    await expect(line3.getByText('The number of values does not match the first line.')).toBeInTheDocument();
    const boxes = line3.getAllByRole('textbox');
    await expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Amount',
      'Currency',
      'Beneficiary type',
      'Name',
      'E-mail',
      'Country',
      'Description',
      'Fee paid by',
      'Payment methods',
    ]);
    await expect(boxes).toHaveLength(COLUMNS.length);
    await expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['850.50', 'EUR', 'individual', 'Lena Fischer', 'lena.fischer@example.com', '', '', '', '']);
    const country = line3.getByRole('textbox', { name: 'Country' });
    await expect(country).toHaveAccessibleDescription('Required.');
    await userEvent.type(country, 'DE');
    await waitFor(() => expect(country).not.toHaveAttribute('aria-invalid'));
    await expect(fixes.getByText('Every line is fixed or left out.')).toBeInTheDocument();
    await expect(fixes.getByRole('button', { name: useFixes })).toBeEnabled();
  },
};

/** 2,000 bad lines: only the lines in view are in the page (a virtualised list); the last one is reached by scrolling. */
export const ManyLines: Story = {
  args: { text: manyBadLines },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fixes = within(await fixesOf(canvasElement));
    await expect(fixes.getByText('2,000 lines still have a problem.')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('And 1800 more.');
    const list = fixes.getByRole('region', { name: 'Lines with problems' });
    const rendered = list.querySelectorAll('fieldset').length;
    await expect(rendered).toBeGreaterThan(0);
    await expect(rendered).toBeLessThan(50);
    await expect(list.querySelector('li')).toHaveAttribute('aria-setsize', '2000');
    await expect(fixes.getByRole('group', { name: 'Line 2' })).toBeInTheDocument();
    await waitFor(() => {
      list.scrollTop = list.scrollHeight;
      return expect(fixes.getByRole('group', { name: 'Line 2001' })).toBeInTheDocument();
    });
    await expect(fixes.queryByRole('group', { name: 'Line 2' })).toBeNull();
    await expect(list.querySelectorAll('fieldset').length).toBeLessThan(50);
  },
};

/** A problem of the file itself (a missing column): nothing to fix line by line; only the list and the file with its problems. */
export const NotFixable: Story = {
  args: { text: missingColumn },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Fix these in the file, then choose it again. Nothing was sent.');
    await expect(within(alert).getAllByRole('listitem')[0]).toHaveTextContent('Line 1: the column "beneficiaryEmail" is missing from the first line.');
    await expect(within(alert).getByRole('button', { name: 'Download the file with its problems' })).toBeEnabled();
    await expect(canvas.queryByRole('region', { name: 'Fix the lines here' })).toBeNull();
    await expect(canvasElement.querySelector('fieldset')).toBeNull();
    await expect(canvas.queryByRole('button', { name: useFixes })).toBeNull();
    await expect(canvas.getByLabelText('Choose the file, or drop it here')).toBeEnabled();
  },
};
