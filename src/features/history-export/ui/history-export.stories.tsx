import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { exportMachine, type ExportRequest, type ExportStatus, type ExportType } from '@machines/history/export.machine';
import { taskMachine } from '@machines/shared/task.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { DownloadButton } from './download-button';
import { HistoryExport } from './history-export';

const never = () => new Promise<never>(() => {});
const unavailable: UiMessage = { text: 'The service is not available' };

/** Fake calls for the export statechart; the spies let plays see what was asked. */
interface ExportFakes {
  /** Throws a UiMessage on the first `failStarts` starts, then returns a new export id. */
  failStarts?: number;
  /** How many status questions answer "pending, 40%" before "ready" (Infinity: never ready). */
  pendingPolls?: number;
}

function fakeExport({ failStarts = 0, pendingPolls = 2 }: ExportFakes = {}) {
  const polls = new Map<string, number>();
  let starts = 0;
  const start = fn(async (_request: ExportRequest): Promise<string> => {
    starts += 1;
    if (starts <= failStarts) throw unavailable;
    return `exp-${starts}`;
  });
  const status = fn(async ({ exportId }: { exportId: string }): Promise<ExportStatus> => {
    const n = (polls.get(exportId) ?? 0) + 1;
    polls.set(exportId, n);
    return n <= pendingPolls ? { status: 'pending', progress: 40 } : { status: 'ready' };
  });
  const download = fn(async (_input: { exportId: string; type: ExportType }): Promise<void> => undefined);
  const send = fn(async (_input: { exportId: string; email: string }): Promise<void> => undefined);
  const logic = exportMachine.provide({
    actors: {
      start: fromPromise<string, ExportRequest>(({ input }) => start(input)),
      status: fromPromise<ExportStatus, { exportId: string }>(({ input }) => status(input)),
      download: fromPromise<void, { exportId: string; type: ExportType }>(({ input }) => download(input)),
      send: fromPromise<void, { exportId: string; email: string }>(({ input }) => send(input)),
    },
    delays: { poll: 10 },
  });
  /** Back to no export made (a story shown again starts over). */
  const reset = () => {
    starts = 0;
    polls.clear();
    for (const spy of [start, status, download, send]) spy.mockClear();
  };
  return { logic, start, status, download, send, reset };
}

/** A document task whose work is `run` (a fake: resolves, rejects or never answers). */
function fakeDocument(run: () => Promise<void>) {
  const spy = fn(run);
  return { logic: taskMachine.provide({ actors: { run: fromPromise<void>(() => spy()) } }), run: spy };
}

const ready = fakeExport();
const preparing = fakeExport({ pendingPolls: Infinity });
const sending = fakeExport();
const failing = fakeExport({ failStarts: 1 });

const idleDoc = fakeDocument(async () => undefined);
const busyDoc = fakeDocument(never);
let docRuns = 0;
const failingDoc = fakeDocument(async () => {
  docRuns += 1;
  if (docRuns % 2 === 1) throw { text: 'The document could not be made' } satisfies UiMessage;
});

const confirmation = { name: 'transactionConfirmation' as const, body: { transactionId: 900_000 } };

/** Opens the panel and starts a CSV export; gives the panel. */
async function startCsv(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Export' }));
  const panel = await canvas.findByRole('region', { name: 'Export' });
  await userEvent.click(within(panel).getByRole('button', { name: 'Export CSV' }));
  return panel;
}

/**
 * Export of the history with its statechart on fake calls (no network, polls every 10 ms): the
 * panel behind the Export button, the progress while the file is made, download or e-mail when
 * ready, a failure with Try again. Below, the document download button of a transaction's details.
 */
const meta: Meta<typeof HistoryExport> = {
  title: 'Features/HistoryExport',
  component: HistoryExport,
  decorators: [withAppServices, withRouter],
  args: { search: { accountId: '1001', status: 'completed', fromAmount: '10', email: 'ana@example.com' }, logic: ready.logic },
};
export default meta;
type Story = StoryObj<typeof HistoryExport>;

/** Closed: only the Export button, saying its panel is collapsed. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Export' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getAllByRole('button')).toHaveLength(1);
    await expect(canvas.queryByRole('region', { name: 'Export' })).toBeNull();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** Started: the status region says how far the file is (40%); Cancel stops waiting. */
export const Preparing: Story = {
  args: { logic: preparing.logic },
  play: async ({ canvasElement }) => {
    preparing.reset();
    const canvas = within(canvasElement);
    const panel = await startCsv(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-expanded', 'true');
    const status = within(panel).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Preparing the file… 40%'));
    // The list's filter is what is exported (amounts and e-mail by their export names).
    await expect(preparing.start).toHaveBeenCalledWith({
      type: 'csv',
      amountFrom: '10',
      customerEmail: 'ana@example.com',
      filter: { accountId: 1001, status: 'completed' },
    });
    await expect(within(panel).queryByRole('button', { name: 'Export CSV' })).toBeNull();
    const cancel = within(panel).getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeVisible();
    await userEvent.click(cancel);
    await expect(await within(panel).findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await expect(status).toBeEmptyDOMElement();
  },
};

/** Ready: the status says so; Download CSV hands the file over (the fake download gets the export). */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    ready.reset();
    const panel = await startCsv(canvasElement);
    const p = within(panel);
    await waitFor(() => expect(p.getByRole('status')).toHaveTextContent('The file is ready.'));
    const download = p.getByRole('button', { name: 'Download CSV' });
    await userEvent.click(download);
    await waitFor(() => expect(ready.download).toHaveBeenCalledTimes(1));
    await expect(ready.download).toHaveBeenCalledWith({ exportId: expect.stringMatching(/^exp-\d+$/), type: 'csv' });
    await waitFor(() => expect(download).not.toHaveAttribute('aria-busy'));
    await expect(p.queryByRole('alert')).toBeNull();
    // New export goes back to the choice.
    await userEvent.click(p.getByRole('button', { name: 'New export' }));
    await expect(await p.findByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
  },
};

/** Send to e-mail: half an address is refused by the form; a whole one is sent and the status says where. */
export const SendToEmail: Story = {
  args: { logic: sending.logic },
  play: async ({ canvasElement }) => {
    sending.reset();
    const panel = await startCsv(canvasElement);
    const p = within(panel);
    await waitFor(() => expect(p.getByRole('status')).toHaveTextContent('The file is ready.'));
    const email = p.getByLabelText('Send to e-mail');
    await userEvent.type(email, 'ana@bank');
    await userEvent.click(p.getByRole('button', { name: 'Send' }));
    await expect(await p.findByText('Type a whole e-mail address.')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email).toHaveFocus());
    await expect(sending.send).not.toHaveBeenCalled();
    await userEvent.type(email, '.example{Enter}');
    await waitFor(() => expect(p.getByRole('status')).toHaveTextContent('The file is on its way to ana@bank.example.'));
    await expect(sending.send).toHaveBeenCalledWith({ exportId: expect.stringMatching(/^exp-\d+$/), email: 'ana@bank.example' });
    await expect(p.queryByText('Type a whole e-mail address.')).toBeNull();
    // The address stays in the field: a refusal or a second copy starts from it.
    await expect(email).toHaveValue('ana@bank.example');
  },
};

/** The start fails: the service's text as an alert; Try again starts a new export, which gets ready. */
export const Failed: Story = {
  args: { logic: failing.logic },
  play: async ({ canvasElement }) => {
    failing.reset();
    const panel = await startCsv(canvasElement);
    const p = within(panel);
    await expect(await p.findByRole('alert')).toHaveTextContent('The service is not available');
    // The empty status region is hidden by its CSS (`.status:empty`), hence `hidden: true`.
    await expect(p.getByRole('status', { hidden: true })).toBeEmptyDOMElement();
    await userEvent.click(p.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(p.getByRole('status')).toHaveTextContent('The file is ready.'));
    await expect(failing.start).toHaveBeenCalledTimes(2);
    await expect(p.queryByRole('alert')).toBeNull();
    await expect(p.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** A transaction's confirmation: the button fetches the document on press. */
export const DownloadIdle: Story = {
  name: 'DownloadButton: Idle',
  render: () => (
    <DownloadButton document={confirmation} logic={idleDoc.logic}>
      Confirmation (PDF)
    </DownloadButton>
  ),
  play: async ({ canvasElement }) => {
    idleDoc.run.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Confirmation (PDF)' });
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(idleDoc.run).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** While the document is made the button is pending (a spinner, presses ignored). */
export const DownloadBusy: Story = {
  name: 'DownloadButton: Busy',
  render: () => (
    <DownloadButton document={confirmation} logic={busyDoc.logic}>
      Confirmation (PDF)
    </DownloadButton>
  ),
  play: async ({ canvasElement }) => {
    busyDoc.run.mockClear();
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Confirmation (PDF)' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(within(button).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await userEvent.click(button);
    await expect(busyDoc.run).toHaveBeenCalledTimes(1);
  },
};

/** The document fails: why, as an alert next to the button; the next press tries again (and clears it). */
export const DownloadFailed: Story = {
  name: 'DownloadButton: Failed',
  render: () => (
    <DownloadButton document={confirmation} logic={failingDoc.logic}>
      Confirmation (PDF)
    </DownloadButton>
  ),
  play: async ({ canvasElement }) => {
    docRuns = 0;
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Confirmation (PDF)' });
    await userEvent.click(button);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The document could not be made');
    await expect(alert.parentElement).toBe(button.parentElement);
    await userEvent.click(button);
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(docRuns).toBe(2);
    // Fail again so the story rests on its state.
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The document could not be made');
  },
};

