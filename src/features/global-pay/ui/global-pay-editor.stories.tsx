import { GLOBAL_PAY_COUNTRIES } from '@machines/batches/global-pay-rules';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { globalPayBatchMachine, type GlobalPayStatusFact } from '@machines/batches/global-pay-batch.machine';
import { draftPayment, type GlobalPayBatchFact, type GlobalPayEdit, type GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { withAppServices, withAppStart } from '../../../../.storybook/decorators';
import { fakeApprovalLogic } from '../../../../.storybook/fixtures';
import { GlobalPayEditor } from './global-pay-editor';
import { draftBatch, draftPayments, never, useStoryActor } from './global-pay.fixtures';

const body = () => within(document.body);

/** The calls a draft makes: the edits of one call, the cancel, and the approval's submit. */
const save = fn<(input: { batchId: number; edits: readonly GlobalPayEdit[] }) => Promise<readonly GlobalPayPaymentFact[]>>();
const reject = fn<(input: { batchId: number }) => Promise<void>>();
const submit = fn<(request: ApprovalRequest) => Promise<ApprovalReply>>();
/** The service's answer to an edit: an added payment gets its id (105); other edits answer nothing new. */
const saved = async ({ edits }: { edits: readonly GlobalPayEdit[] }): Promise<readonly GlobalPayPaymentFact[]> => {
  const [edit] = edits;
  return edit?.kind === 'add' ? [draftPayment(105, edit.payment)] : [];
};

/** The batch statechart with fakes, resumed from the address (batch 41): the load answers the draft; status never answers. */
const logicFor = (batch: GlobalPayBatchFact) =>
  globalPayBatchMachine.provide({
    actors: {
      getBatch: fromPromise<GlobalPayBatchFact, { batchId: number }>(async () => batch),
      save: fromPromise<readonly GlobalPayPaymentFact[], { batchId: number; edits: readonly GlobalPayEdit[] }>(({ input }) => save(input)),
      reject: fromPromise<void, { batchId: number }>(({ input }) => reject(input)),
      status: fromPromise<GlobalPayStatusFact, { batchId: number }>(never),
      approval: fakeApprovalLogic((request) => submit(request)),
    },
  });

function EditorStory({ batch, onNew }: { batch: GlobalPayBatchFact; onNew: () => void }) {
  const actor = useStoryActor(() => createActor(logicFor(batch), { input: { batchId: 41 } }));
  return <GlobalPayEditor actor={actor} onNew={onNew} />;
}

/** A draft global pay batch (/transfer/mass/global?batchId=41): every change shows at once and is saved in the background. */
const meta: Meta<typeof EditorStory> = {
  title: 'Features/GlobalPayEditor',
  component: EditorStory,
  decorators: [withAppServices, withAppStart],
  args: { batch: draftBatch(), onNew: fn() },
  parameters: {
    // The dictionary of countries and methods, and what Portugal offers (the payment form asks for both).
    queryData: [
      [['global-pay', 'dictionary'], { responseCode: '00', countries: Object.entries(GLOBAL_PAY_COUNTRIES).map(([code, methods]) => ({ code, paymentMethods: [...methods] })), paymentMethods: [] }],
      [['global-pay', 'country-methods', 'PT'], ['bankTransfer', 'card', 'wallet']],
    ],
  },
  beforeEach: () => {
    save.mockReset();
    save.mockImplementation(saved);
    reject.mockReset();
    reject.mockImplementation(never);
    submit.mockReset();
    submit.mockImplementation(async () => ({ approveType: 'none', status: 'pending', transactionId: 9041 }));
  },
};
export default meta;
type Story = StoryObj<typeof EditorStory>;

/** The payment's row of the table (an ARIA table: rows are role=row). */
const rowOf = async (canvasElement: HTMLElement, name: string) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Payments of the batch' });
  return (await within(table).findByText(name)).closest<HTMLElement>('[role="row"]')!;
};

/** The draft: its facts, each payment with its fee side and methods, the removed one to restore, the totals per currency. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('region', { name: 'Payments of the batch' });
    await expect(canvas.getByText('Contractors, March')).toBeInTheDocument();
    await expect(canvas.getByText('Draft')).toBeInTheDocument();
    await expect(canvas.getByText('All changes saved.')).toBeInTheDocument();
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    // The amount, e-mail and description are edited in place: each payment's cells hold its values.
    await expect(canvas.getByLabelText('Amount to Anna Schmidt, EUR')).toHaveValue('1250.00');
    await expect(canvas.getByLabelText('E-mail of Anna Schmidt')).toHaveValue('anna.schmidt@example.com');
    await expect(canvas.getByLabelText('Description for Anna Schmidt')).toHaveValue('Invoice 2026-031, March');
    await expect(canvas.getByLabelText('Amount to Estúdio Sol Ltda, USD')).toHaveValue('480.00');
    await expect(canvas.getByLabelText('Description for Priya Nair')).toHaveValue('Translation, 3 pages');
    // A removed payment's cells are locked until it is restored.
    await expect(canvas.getByLabelText('Description for Ioana Popescu')).toHaveValue('Travel costs');
    await expect(canvas.getByLabelText('Description for Ioana Popescu')).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Fee paid by, for Estúdio Sol Ltda' })).toHaveValue('recipient');
    await expect(canvas.getByRole('combobox', { name: 'Fee paid by, for Anna Schmidt' })).toHaveValue('sender');
    await userEvent.click(canvas.getByText('2 of 3 methods')); // the methods, shut in the row, opened
    const priya = within(canvas.getByRole('group', { name: 'Methods Priya Nair may choose' }));
    await expect(priya.getByRole('checkbox', { name: 'Instant payment' })).not.toBeChecked();
    await expect(priya.getByRole('checkbox', { name: 'Bank transfer' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Restore: Ioana Popescu' })).toBeEnabled();
    await expect(canvas.getByRole('combobox', { name: 'Fee paid by, for Ioana Popescu' })).toBeDisabled();
    const totals = canvas.getByRole('table', { name: 'Totals' });
    await expect(within(totals).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'CurrencyPaymentsAmountFeesYou pay',
      'EUR1€1,250.00€12.50€1,262.50',
      'USD2$555.50$5.80$556.50',
    ]);
    await expect(canvas.getByRole('button', { name: 'Send the batch' })).toBeEnabled();
  },
};

/** A change on its way: shown at once, "Saving your changes…", and the batch cannot be sent until it is saved. */
export const Saving: Story = {
  beforeEach: () => {
    save.mockImplementation(never);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByLabelText('Payment methods for Anna Schmidt: All 3 methods')); // shut in the row, opened
    const anna = within(await canvas.findByRole('group', { name: 'Methods Anna Schmidt may choose' }));
    await userEvent.click(anna.getByRole('checkbox', { name: 'Card' }));
    await expect(anna.getByRole('checkbox', { name: 'Card' })).not.toBeChecked();
    await expect(await canvas.findByText('Saving your changes…')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the batch' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Start another batch' })).toBeDisabled();
    await expect(save).toHaveBeenCalledWith({ batchId: 41, edits: [expect.objectContaining({ kind: 'forbid', id: 101, name: 'card', forbidden: true, requestId: expect.any(String) })] });
  },
};

const refused = { message: { text: 'Enter a valid e-mail address.' }, field: 'beneficiaryEmail' };

/** A refused change is marked on its payment alone: "Not saved: …", Try again or Undo; Undo puts the saved value back. */
export const EditNotSaved: Story = {
  beforeEach: () => {
    save.mockImplementationOnce(() => Promise.reject(refused));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fee = await canvas.findByRole('combobox', { name: 'Fee paid by, for Anna Schmidt' });
    await userEvent.selectOptions(fee, 'recipient');
    const row = within(await rowOf(canvasElement, 'Anna Schmidt'));
    await expect(await row.findByText('Not saved (E-mail): Enter a valid e-mail address.')).toBeInTheDocument();
    await expect(row.getByRole('button', { name: 'Try again: Anna Schmidt' })).toBeInTheDocument();
    await expect(canvas.getByText('Some changes were not saved. They are marked below.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the batch' })).toBeDisabled();
    await expect(canvas.getByText('Save or undo the marked changes before sending.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Start another batch' })).toBeDisabled();
    await expect(fee).toHaveValue('recipient');
    await userEvent.click(row.getByRole('button', { name: 'Undo the change: Anna Schmidt' }));
    await waitFor(() => expect(fee).toHaveValue('sender'));
    await expect(row.queryByText(/Not saved/)).toBeNull();
    await expect(canvas.getByText('All changes saved.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the batch' })).toBeEnabled();
    await expect(save).toHaveBeenCalledTimes(1);
  },
};

/** Try again sends the same call (its requestId) and clears the mark once saved. */
export const EditRetried: Story = {
  beforeEach: EditNotSaved.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Fee paid by, for Anna Schmidt' }), 'recipient');
    const row = within(await rowOf(canvasElement, 'Anna Schmidt'));
    await userEvent.click(await row.findByRole('button', { name: 'Try again: Anna Schmidt' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    await expect(save.mock.calls[1]?.[0].edits[0]?.requestId).toBe(save.mock.calls[0]?.[0].edits[0]?.requestId);
    await expect(await canvas.findByText('All changes saved.')).toBeInTheDocument();
    await expect(row.queryByText(/Not saved/)).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Fee paid by, for Anna Schmidt' })).toHaveValue('recipient');
  },
};

/** Every payment removed: nothing to send ("Send the batch" is disabled), each one can be restored. */
export const EmptyBatch: Story = {
  args: { batch: draftBatch(draftPayments.map((p) => ({ ...p, status: 'removed' }))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No payments in the batch.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the batch' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Fee paid by, for every payment' })).toBeDisabled();
    await expect(canvas.getAllByRole('button', { name: /^Restore: / })).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'Cancel the batch' })).toBeEnabled();
  },
};

/** Add a payment: an empty form lists every required field and focuses the first; a filled one adds the row, saved in the background. */
export const AddPayment: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a payment' }));
    const dialog = await body().findByRole('dialog', { name: 'Add a payment' });
    const form = within(dialog);
    await userEvent.click(form.getByRole('button', { name: 'Add the payment' }));
    const name = form.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Required.');
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Required.');
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Required.');
    await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription('Required.');
    await expect(form.getByRole('combobox', { name: 'Currency' })).toHaveAccessibleDescription('Required.');
    await expect(form.getByRole('combobox', { name: 'Beneficiary type' })).not.toHaveAttribute('aria-invalid');
    await userEvent.type(name, 'Sofia Almeida');
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail' }), 'sofia.almeida@example.com');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Country' }), 'PT');
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Recipients there can receive by: Bank transfer, Card, Wallet.');
    await userEvent.type(form.getByRole('textbox', { name: 'Amount' }), '950,00');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await userEvent.type(form.getByRole('textbox', { name: 'Description (optional)' }), 'Translation, April');
    await userEvent.click(form.getByRole('button', { name: 'Add the payment' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    const row = within(await rowOf(canvasElement, 'Sofia Almeida'));
    await expect(row.getByLabelText('E-mail of Sofia Almeida')).toHaveValue('sofia.almeida@example.com');
    await expect(row.getByLabelText('Amount to Sofia Almeida, EUR')).toHaveValue('950.00');
    await expect(row.getByLabelText('Description for Sofia Almeida')).toHaveValue('Translation, April');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await expect(save.mock.calls[0]?.[0].edits[0]).toMatchObject({
      kind: 'add',
      payment: { amount: '950.00', currency: 'EUR', beneficiaryName: 'Sofia Almeida', beneficiaryEmail: 'sofia.almeida@example.com', beneficiaryCountryCode: 'PT', feeShare: 'sender', description: 'Translation, April' },
    });
    // The fifth payment of the batch; once the service gave it its id (105) it can be ticked and changed.
    await expect(row.getByText('5', { selector: '[role="cell"]' })).toBeInTheDocument();
    await waitFor(() => expect(row.getByRole('checkbox', { name: 'Tick payment 5: Sofia Almeida' })).toBeEnabled());
    await expect(row.getByRole('button', { name: 'Change: Sofia Almeida' })).toHaveAttribute('id', 'change-105');
    await expect(row.getByRole('button', { name: 'Change: Sofia Almeida' })).toBeEnabled();
    await expect(canvas.getByText('All changes saved.')).toBeInTheDocument();
    await expect(within(canvas.getByRole('table', { name: 'Totals' })).getByRole('rowheader', { name: 'EUR' }).closest('tr')).toHaveTextContent('EUR2€2,200.00€22.00€2,222.00');
  },
};

/** Send asks first, with the totals; Back returns to the draft. */
export const SubmitConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const send = await canvas.findByRole('button', { name: 'Send the batch' });
    await userEvent.click(send);
    const dialog = await body().findByRole('alertdialog', { name: 'Send the batch?' });
    await expect(dialog).toHaveTextContent('3 payments will be sent. Each recipient is e-mailed to choose how to receive the money.');
    await expect(within(within(dialog).getByRole('table', { name: 'Totals' })).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the batch' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(submit).not.toHaveBeenCalled();
    await waitFor(() => expect(send).toHaveFocus());
  },
};

/** Send confirmed: the batch goes through the approval (mode none: pending, processed later). */
export const Submitted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the batch' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Send the batch?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toEqual({ method: 'globalPaySubmit', body: { batchId: 41, requestId: expect.any(String) } });
    await expect(await body().findByRole('alertdialog', { name: 'Successfully submitted, pending*' })).toBeInTheDocument();
  },
};

/** Cancel asks first; "Keep the batch" returns to the draft and nothing is cancelled. */
export const RejectConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel the batch' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Cancel the batch?' });
    await expect(dialog).toHaveTextContent('Nothing will be sent and the batch cannot be changed any more.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the batch' }));
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    await expect(reject).not.toHaveBeenCalled();
  },
};

/** Cancel confirmed: the batch is cancelled (the page then says so). */
export const Rejected: Story = {
  beforeEach: () => {
    reject.mockImplementation(async () => undefined);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel the batch' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Cancel the batch?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the batch' }));
    await waitFor(() => expect(reject).toHaveBeenCalledWith({ batchId: 41 }));
    await expect(await canvas.findByText('Cancelled')).toBeInTheDocument();
  },
};

/** The cancel failed: the service's reason, and the draft stays as it was. */
export const RejectFailed: Story = {
  beforeEach: () => {
    reject.mockImplementation(() => Promise.reject({ text: 'The batch cannot be cancelled right now. Try again later.' }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel the batch' }));
    const dialog = await body().findByRole('alertdialog', { name: 'Cancel the batch?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the batch' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The batch cannot be cancelled right now. Try again later.');
    await expect(canvas.getByText('Draft')).toBeInTheDocument();
  },
};

/** Another batch may be started once every change is saved: the draft stays (the batch history lists it). */
export const StartAnother: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('A draft stays saved: find it again under Batch transfers in your history.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Start another batch' }));
    await expect(args.onNew).toHaveBeenCalledTimes(1);
  },
};

/** Renaming the draft (full update): an empty name is refused at the field; the new name shows at once and is saved. */
export const Rename: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename the batch' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Rename the batch' }));
    const name = dialog.getByRole('textbox', { name: /Batch name/ });
    await userEvent.clear(name);
    await userEvent.click(dialog.getByRole('button', { name: 'Save the name' }));
    await expect(await dialog.findByText('Enter a name for the batch.')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'April payroll');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the name' }));
    await expect(await canvas.findByText('April payroll')).toBeInTheDocument();
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ edits: [expect.objectContaining({ kind: 'rename', batchName: 'April payroll' })] })));
  },
};

/** The last change undone: the fee side goes back, and the undo is saved like any change. */
export const Undo: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const undo = await canvas.findByRole('button', { name: 'Undo the last change' });
    await expect(undo).toBeDisabled();
    const fee = await canvas.findByRole('combobox', { name: 'Fee paid by, for Anna Schmidt' });
    await userEvent.selectOptions(fee, 'recipient');
    await waitFor(() => expect(undo).toBeEnabled());
    await userEvent.click(undo);
    await waitFor(() => expect(fee).toHaveValue('sender'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    await expect(save.mock.calls[1]?.[0].edits[0]).toMatchObject({ kind: 'feeSide', feeShare: 'sender' });
    await waitFor(() => expect(undo).toBeDisabled());
  },
};
