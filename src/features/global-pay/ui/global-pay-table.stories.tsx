import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import { globalPayBatchMachine, type GlobalPayStatusFact } from '@machines/batches/global-pay-batch.machine';
import type { GlobalPayBatchFact, GlobalPayEdit, GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { Preloader } from '@/shared/ui';
import { withAppServices, withAppStart } from '../../../../.storybook/decorators';
import { fakeApprovalLogic } from '../../../../.storybook/fixtures';
import { GlobalPayTable } from './global-pay-table';
import { draftBatch, manyPayments, never, useStoryActor } from './global-pay.fixtures';

/** The calls the table makes through the batch statechart: the load of batch 41 and the saves of its edits. */
const getBatch = fn<(input: { batchId: number }) => Promise<GlobalPayBatchFact>>();
const save = fn<(input: { batchId: number; edits: readonly GlobalPayEdit[] }) => Promise<readonly GlobalPayPaymentFact[]>>();

/** The batch statechart with fakes, resumed from the address (batch 41): `getBatch` answers the draft (it resumes in `editing`); status and approval never answer. */
const logic = globalPayBatchMachine.provide({
  actors: {
    getBatch: fromPromise<GlobalPayBatchFact, { batchId: number }>(({ input }) => getBatch(input)),
    save: fromPromise<readonly GlobalPayPaymentFact[], { batchId: number; edits: readonly GlobalPayEdit[] }>(({ input }) => save(input)),
    reject: fromPromise<void, { batchId: number }>(never),
    status: fromPromise<GlobalPayStatusFact, { batchId: number }>(never),
    approval: fakeApprovalLogic(never),
  },
});

/**
 * The table of batch 41 as the editor shows it; while the batch loads, the page's "Loading the
 * batch…" (the table needs the batch). `width` sets its container's width (cards below 44rem, a table from it).
 */
function TableStory({ onChange, width }: { onChange: (id: number) => void; width?: string }) {
  const actor = useStoryActor(() => createActor(logic, { input: { batchId: 41 } }));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  return <div style={width ? { width, maxWidth: '100%' } : undefined}>{loading ? <Preloader label="Loading the batch…" /> : <GlobalPayTable actor={actor} onChange={onChange} />}</div>;
}

/** A draft's payments as one virtualised table: the amount, e-mail and description changed in place, find, show and sort, payments ticked to remove together. */
const meta: Meta<typeof TableStory> = {
  title: 'Features/GlobalPayTable',
  component: TableStory,
  decorators: [withAppServices, withAppStart],
  args: { onChange: fn() },
  beforeEach: () => {
    getBatch.mockReset();
    getBatch.mockImplementation(async () => draftBatch());
    save.mockReset();
    // The service answers each edit with nothing new (the table already shows it).
    save.mockImplementation(async () => []);
  },
};
export default meta;
type Story = StoryObj<typeof TableStory>;

const tableOf = (canvasElement: HTMLElement) => within(canvasElement).findByRole('table', { name: 'Payments of the batch' });
/** The payment's row (an ARIA table: rows are role=row). */
const rowOf = async (canvasElement: HTMLElement, name: string) => (await within(await tableOf(canvasElement)).findByText(name)).closest<HTMLElement>('[role="row"]')!;

/** Is the table drawn as a row of columns (its headers shown), not as cards? */
const asTable = (scroll: HTMLElement) => within(scroll).getAllByRole('rowgroup')[0]!.getBoundingClientRect().width > 1;

/**
 * Nothing is cut: no cell's content is wider than its cell, no row wider than its columns; as cards
 * the box never scrolls sideways (as a table it may: the table's own box, the recipient kept in view).
 */
const fitsWidth = async (canvasElement: HTMLElement) => {
  const scroll = within(canvasElement).getByRole('region', { name: 'Payments of the batch' });
  const table = asTable(scroll);
  if (!table) await expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  const overflowing = [...within(scroll).getAllByRole('row').slice(1), ...within(scroll).getAllByRole('cell'), ...(table ? within(scroll).getAllByRole('columnheader') : [])]
    .filter((element) => element.scrollWidth > element.clientWidth)
    .map((element) => `${element.getAttribute('data-label') ?? element.textContent ?? element.getAttribute('role')}: ${element.scrollWidth} > ${element.clientWidth}`);
  await expect(overflowing).toEqual([]);
};

/**
 * The table where the editor has it on a screen of a given width (the navigation and the page's
 * margins taken off): a row of eleven columns with every header whole, each payment one line high
 * (its methods shut), the currency on one line; when the box scrolls sideways the recipient stays
 * at its left edge.
 */
const atScreen = (containerWidth: string): Story => ({
  args: { width: containerWidth },
  beforeEach: () => {
    getBatch.mockImplementation(async () => draftBatch(manyPayments(40)));
  },
  play: async ({ canvasElement }) => {
    const table = within(await tableOf(canvasElement));
    const scroll = within(canvasElement).getByRole('region', { name: 'Payments of the batch' });
    await expect(asTable(scroll)).toBe(true);
    const headers = table.getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual(['Tick', 'No.', 'Recipient', 'E-mail', 'Amount', 'Fee', 'Fee paid by', 'Payment methods', 'Description', 'Status', 'Actions']);
    await fitsWidth(canvasElement);
    const rows = table.getAllByRole('row').slice(1);
    await expect(rows.length).toBeGreaterThan(5);
    const tall = rows.filter((row) => row.getBoundingClientRect().height > 64).map((row) => `${row.getAttribute('aria-rowindex')}: ${Math.round(row.getBoundingClientRect().height)}px`);
    await expect(tall).toEqual([]);
    const codes = [...scroll.querySelectorAll<HTMLElement>('[aria-hidden="true"]')].filter((el) => /^[A-Z]{3}$/.test(el.textContent ?? ''));
    await expect(codes.length).toBeGreaterThan(0);
    await expect(codes.filter((el) => el.getBoundingClientRect().height > 30).map((el) => el.textContent)).toEqual([]);
    if (scroll.scrollWidth > scroll.clientWidth) {
      scroll.scrollLeft = scroll.scrollWidth;
      const recipient = within(rows[0]!).getAllByRole('cell')[2]!;
      await waitFor(() => expect(Math.abs(recipient.getBoundingClientRect().left - scroll.getBoundingClientRect().left)).toBeLessThanOrEqual(2));
      await expect(table.getByRole('button', { name: 'Change: Anna Schmidt' })).toBeVisible();
    }
  },
});

/**
 * The draft of four: a new amount typed and Enter saves it (the fee follows); a wrong e-mail stays
 * in its cell, marked, with why, and nothing is sent; Escape puts the saved e-mail back.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await tableOf(canvasElement));
    await expect(canvas.getByText('4 payments')).toBeInTheDocument();
    await expect(table.getAllByRole('row')).toHaveLength(5);
    await expect(table.getByLabelText('Description for Estúdio Sol Ltda')).toHaveValue('Photography, March');
    await expect(table.getByLabelText('Amount to Priya Nair, USD')).toHaveValue('75.50');
    await expect(table.getByLabelText('E-mail of Ioana Popescu')).toBeDisabled();
    await fitsWidth(canvasElement);

    const anna = within(await rowOf(canvasElement, 'Anna Schmidt'));
    const amount = anna.getByLabelText('Amount to Anna Schmidt, EUR');
    await expect(amount).toHaveValue('1250.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1300,5{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await expect(save.mock.calls[0]?.[0]).toEqual({ batchId: 41, edits: [expect.objectContaining({ kind: 'update', id: 101, changes: { amount: '1300.50' }, requestId: expect.any(String) })] });
    await waitFor(() => expect(amount).toHaveValue('1300.50'));
    await expect(await anna.findByText('€13.01')).toBeInTheDocument();

    const email = table.getByLabelText('E-mail of Priya Nair');
    await userEvent.clear(email);
    await userEvent.type(email, 'priya.nair@example{Enter}');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    await expect(email).toHaveValue('priya.nair@example');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    await expect(email).toHaveValue('priya.nair@example.com');
    await expect(table.queryByText('Enter a valid e-mail address.')).toBeNull();
    await expect(save).toHaveBeenCalledTimes(1);
  },
};

/** The same draft in a narrow container (a phone, or a side panel): each payment is a card of labelled fields, nothing runs off sideways. */
export const Narrow: Story = {
  args: { width: '22rem' },
  play: async ({ canvasElement }) => {
    const table = within(await tableOf(canvasElement));
    await expect(table.getByLabelText('Amount to Anna Schmidt, EUR')).toHaveValue('1250.00');
    // The column headers are for screen readers only; each field says what it is.
    await expect(table.getAllByRole('rowgroup')[0]!.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await fitsWidth(canvasElement);
  },
};

/** At a 1024-px screen (a 46rem page): the table, scrolled sideways in its box. */
export const Screen1024: Story = { name: 'At a 1024-px screen', ...atScreen('46rem') };
/** At a 1366-px screen (a 67rem page). */
export const Screen1366: Story = { name: 'At a 1366-px screen', ...atScreen('67rem') };
/** At a 1440-px screen (a 72rem page): the currency beside each amount on one line (issue 45: "U/S/D" from 1440 px). */
export const Screen1440: Story = { name: 'At a 1440-px screen', ...atScreen('72rem') };

/** A payment's methods, shut to one line in the row ("2 of 3 methods"), opened to untick one; the last one left cannot be unticked. */
export const Methods: Story = {
  play: async ({ canvasElement }) => {
    const priya = within(await rowOf(canvasElement, 'Priya Nair'));
    const summary = priya.getByText('2 of 3 methods');
    await expect(summary).toHaveAccessibleName('Payment methods for Priya Nair: 2 of 3 methods');
    await expect(priya.getByRole('group', { name: 'Methods Priya Nair may choose', hidden: true })).not.toBeVisible();
    await userEvent.click(summary);
    const methods = within(priya.getByRole('group', { name: 'Methods Priya Nair may choose' }));
    await expect(methods.getByRole('checkbox', { name: 'Instant payment' })).not.toBeChecked();
    await userEvent.click(methods.getByRole('checkbox', { name: 'Wallet' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await expect(save.mock.calls[0]?.[0]).toEqual({ batchId: 41, edits: [expect.objectContaining({ kind: 'forbid', id: 103, name: 'wallet', forbidden: true })] });
    await expect(await priya.findByText('1 of 3 methods')).toBeInTheDocument();
    await expect(methods.getByRole('checkbox', { name: 'Bank transfer' })).toBeDisabled();
  },
};

/** A draft without payments. */
export const Empty: Story = {
  beforeEach: () => {
    getBatch.mockImplementation(async () => draftBatch([]));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await tableOf(canvasElement));
    await expect(canvas.getByText('0 payments')).toBeInTheDocument();
    await expect(table.getByRole('cell', { name: 'No payment matches.' })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Tick all 0 payments shown' })).toBeDisabled();
  },
};

/** Words no payment has: "No payment matches." and how many are shown of how many. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tableOf(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a payment' }), 'Kowalczyk');
    await expect(await canvas.findByText('0 of 4 payments shown')).toBeInTheDocument();
    await expect(await canvas.findByText('No payment matches.')).toBeInTheDocument();
    await expect(canvas.queryByText('Anna Schmidt')).toBeNull();
    await expect(canvas.getByRole('checkbox', { name: 'Tick all 0 payments shown' })).toBeDisabled();
  },
};

/** The batch is loading (getBatch never answers): the page's progress, no table yet. */
export const Loading: Story = {
  beforeEach: () => {
    getBatch.mockImplementation(never);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the batch…' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(getBatch).toHaveBeenCalledWith({ batchId: 41 });
  },
};

/** A change the service could not save: marked on its payment alone ("Not saved", Try again, Undo); Undo puts the saved value back. */
export const SaveFailed: Story = {
  beforeEach: () => {
    save.mockImplementationOnce(() => Promise.reject({ message: { text: 'The service is not available. Try again in a few minutes.' } }));
  },
  play: async ({ canvasElement }) => {
    const row = within(await rowOf(canvasElement, 'Anna Schmidt'));
    const description = row.getByLabelText('Description for Anna Schmidt');
    await userEvent.clear(description);
    await userEvent.type(description, 'Invoice 2026-032, April{Enter}');
    await expect(await row.findByText('Not saved: The service is not available. Try again in a few minutes.')).toBeInTheDocument();
    await expect(row.getByRole('button', { name: 'Try again: Anna Schmidt' })).toBeEnabled();
    await expect(row.getByRole('button', { name: 'Undo the change: Anna Schmidt' })).toBeEnabled();
    await expect(description).toHaveValue('Invoice 2026-032, April');
    await expect(save).toHaveBeenCalledWith({ batchId: 41, edits: [expect.objectContaining({ kind: 'update', id: 101, changes: { description: 'Invoice 2026-032, April' } })] });
    // Only that payment is marked.
    await expect(within(await rowOf(canvasElement, 'Priya Nair')).queryByText(/Not saved/)).toBeNull();
    await userEvent.click(row.getByRole('button', { name: 'Undo the change: Anna Schmidt' }));
    await waitFor(() => expect(description).toHaveValue('Invoice 2026-031, March'));
    await expect(row.queryByText(/Not saved/)).toBeNull();
    await expect(save).toHaveBeenCalledTimes(1);
  },
};

/** Forty payments ticked at once ("Tick all … shown") and removed together: one removal of those payments in one call. */
export const TickMany: Story = {
  beforeEach: () => {
    getBatch.mockImplementation(async () => draftBatch(manyPayments(40)));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tableOf(canvasElement);
    await expect(canvas.queryByRole('button', { name: /^Remove \d+ ticked/ })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Tick all 40 payments shown' }));
    await expect(await canvas.findByText('40 payments ticked')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Restore 0 ticked payments' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove 40 ticked payments' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const ids = Array.from({ length: 40 }, (_, i) => 1_001 + i);
    await expect(save.mock.calls[0]?.[0]).toEqual({ batchId: 41, edits: [expect.objectContaining({ kind: 'remove', ids })] });
    await waitFor(() => expect(canvas.queryByText('40 payments ticked')).toBeNull());
    await expect(canvas.getByRole('checkbox', { name: 'Tick all 40 payments shown' })).not.toBeChecked();
    const first = within(await rowOf(canvasElement, 'Anna Schmidt'));
    await expect(first.getByRole('button', { name: 'Restore: Anna Schmidt' })).toBeInTheDocument();
  },
};

/** 10,000 payments: only the rows in view are in the page; finding "Bonus" shows the 500 bonus payments. */
export const TenThousand: Story = {
  beforeEach: () => {
    getBatch.mockImplementation(async () => draftBatch(manyPayments(10_000)));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await tableOf(canvasElement);
    await expect(table).toHaveAttribute('aria-rowcount', '10001');
    await expect(canvas.getByText('10,000 payments')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').length;
    await expect(rows).toBeGreaterThan(1);
    await expect(rows).toBeLessThan(60);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a payment' }), 'Bonus');
    await expect(await canvas.findByText('500 of 10000 payments shown')).toBeInTheDocument();
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '501'));
    await expect(within(table).getAllByLabelText(/^Description for /)[0]).toHaveValue('Bonus 1');
    await expect(within(table).getAllByRole('row').length).toBeLessThan(60);
  },
};
