// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { EXPORT_MAX_POLLS, exportMachine, exportMessages, exportPollDelay, type ExportRequest, type ExportStatus } from '@machines/history/export.machine';
import { batchFilterMachine, historyFilterMachine } from '@machines/history/history-filter.machine';
import { historyFilterMessages } from '@machines/history/history.logic';
import { taskMachine } from '@machines/shared/task.machine';
import { unexpectedFailure } from '@machines/shared/ui-message';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failure = { text: 'The service is not available' };
const request: ExportRequest = { type: 'csv', amountFrom: '10', customerEmail: 'ana@example.com', filter: { accountId: 5 } };

describe('export machine', () => {
  const coverage = new Coverage(exportMachine);

  type Outcome<T> = T | 'fail';
  function start(outcomes: { start?: Outcome<string>[]; status?: (Outcome<ExportStatus> | 'hang')[]; download?: Outcome<true>[]; send?: Outcome<true>[] }) {
    const calls: { actor: string; input: unknown }[] = [];
    const next = <T>(name: string, list: Outcome<T>[] | undefined, input: unknown): T => {
      calls.push({ actor: name, input });
      const value = list?.shift();
      if (value === 'fail' || value === undefined) throw failure;
      return value;
    };
    const actor = createActor(
      exportMachine.provide({
        actors: {
          start: fromPromise(async ({ input }) => next('start', outcomes.start, input)),
          status: fromPromise(async ({ input }) => {
            if (outcomes.status?.[0] === 'hang') {
              calls.push({ actor: 'status', input });
              return new Promise<never>(() => {});
            }
            return next('status', outcomes.status as Outcome<ExportStatus>[] | undefined, input);
          }),
          download: fromPromise(async ({ input }) => {
            next('download', outcomes.download, input);
          }),
          send: fromPromise(async ({ input }) => {
            next('send', outcomes.send, input);
          }),
        },
        delays: { poll: 1 },
      }),
      { inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, calls };
  }

  it('the pause between status questions grows 1 s, 2 s, 4 s and stays at 8 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(exportPollDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('starts, waits while pending (progress shown), then downloads as often as asked', async () => {
    const { actor, calls } = start({ start: ['exp-1'], status: [{ status: 'pending', progress: 40 }, { status: 'ready' }], download: [true, true] });
    actor.send({ type: 'START', request });
    expect(actor.getSnapshot().hasTag('working')).toBe(true);
    await settle();
    await wait(5);
    await settle();
    expect(actor.getSnapshot().context.progress).toBe(40);
    await wait(5);
    await settle();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    actor.send({ type: 'DOWNLOAD' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    actor.send({ type: 'DOWNLOAD' });
    await settle();
    expect(calls.map((c) => c.actor)).toEqual(['start', 'status', 'status', 'download', 'download']);
    expect(calls[0]!.input).toEqual(request);
    expect(calls.at(-1)!.input).toEqual({ exportId: 'exp-1', type: 'csv' });
  });

  it('sends to an e-mail; a failed send says why and keeps the file ready; then a download after sending', async () => {
    const { actor, calls } = start({ start: ['exp-2'], status: [{ status: 'ready' }], send: ['fail', true], download: ['fail'] });
    actor.send({ type: 'START', request });
    await settle();
    await wait(5);
    await settle();
    actor.send({ type: 'SEND', email: 'ana@example.com' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(failure);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    actor.send({ type: 'SEND', email: 'ana@example.com' });
    await settle();
    expect(actor.getSnapshot().hasTag('sent')).toBe(true);
    expect(actor.getSnapshot().context.sentTo).toBe('ana@example.com');
    actor.send({ type: 'SEND', email: 'bob@example.com' });
    await settle();
    actor.send({ type: 'DOWNLOAD' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(failure);
    expect(calls.filter((c) => c.actor === 'send').map((c) => c.input)).toEqual([
      { exportId: 'exp-2', email: 'ana@example.com' },
      { exportId: 'exp-2', email: 'ana@example.com' },
      { exportId: 'exp-2', email: 'bob@example.com' },
    ]);
  });

  it('a sent export can still be downloaded', async () => {
    const { actor, calls } = start({ start: ['exp-3'], status: [{ status: 'ready' }], send: [true], download: [true] });
    actor.send({ type: 'START', request });
    await settle();
    await wait(5);
    await settle();
    actor.send({ type: 'SEND', email: 'ana@example.com' });
    await settle();
    actor.send({ type: 'DOWNLOAD' });
    await settle();
    expect(calls.at(-1)!.actor).toBe('download');
    // Done with it: cancel forgets the export.
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.exportId).toBeNull();
  });

  it('a failed start or a failed export can be retried; cancel leaves it', async () => {
    const { actor, calls } = start({ start: ['fail', 'exp-4', 'exp-5'], status: [{ status: 'failed', reason: 'No transactions in this period' }, { status: 'failed' }] });
    actor.send({ type: 'START', request });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'RETRY' });
    await settle();
    await wait(5);
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ text: 'No transactions in this period' });
    actor.send({ type: 'RETRY' });
    await settle();
    await wait(5);
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: exportMessages.failed });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.filter((c) => c.actor === 'start')).toHaveLength(3);
  });

  it('cancel while starting, while waiting and while asking', async () => {
    const { actor } = start({ start: ['exp-6', 'exp-7', 'exp-8'], status: ['hang'] });
    actor.send({ type: 'START', request });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'START', request });
    for (let i = 0; i < 10; i += 1) await Promise.resolve(); // the start resolves; the 1 ms pause has not passed
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'START', request });
    await settle();
    await wait(5);
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a status question that fails is asked again; after EXPORT_MAX_POLLS questions it gives up', async () => {
    const pending: ExportStatus[] = Array.from({ length: EXPORT_MAX_POLLS }, () => ({ status: 'pending' }) as ExportStatus);
    const { actor, calls } = start({ start: ['exp-9', 'exp-10'], status: ['fail', ...pending.slice(1), ...Array.from({ length: EXPORT_MAX_POLLS - 1 }, () => ({ status: 'pending' }) as ExportStatus), 'fail'] });
    actor.send({ type: 'START', request });
    for (let i = 0; i < EXPORT_MAX_POLLS + 2 && !actor.getSnapshot().hasTag('failed'); i += 1) {
      await wait(3);
      await settle();
    }
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: exportMessages.timedOut });
    expect(calls.filter((c) => c.actor === 'status')).toHaveLength(EXPORT_MAX_POLLS);
    // The last question failing at the limit gives up with that failure.
    actor.send({ type: 'RETRY' });
    for (let i = 0; i < EXPORT_MAX_POLLS + 2 && !actor.getSnapshot().hasTag('failed'); i += 1) {
      await wait(3);
      await settle();
    }
    expect(actor.getSnapshot().context.error).toEqual(failure);
  });

  expectFullCoverage(coverage);
});

describe('history filter form machine', () => {
  const coverage = new Coverage(historyFilterMachine);
  it('refuses dates out of order, then ends with the values it hands on', async () => {
    const actor = createActor(historyFilterMachine.provide({ actors: { submit: fromPromise(async ({ input }) => input.values) } }), {
      input: { values: { fromDate: '2026-03-01', toDate: '2026-02-01', keyword: '' } },
      inspect: (e: InspectionEvent) => coverage.inspect(e),
    }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toDate: { descriptor: historyFilterMessages.dateOrder } });
    actor.send({ type: 'CHANGE', name: 'toDate', value: '2026-03-31' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-31', keyword: '' });
  });
  it('a failing hand-over keeps the values (never happens with the page, covered for the statechart)', async () => {
    const actor = createActor(historyFilterMachine.provide({ actors: { submit: fromPromise<unknown, { values: Record<string, string> }>(async () => Promise.reject(new Error('x'))) } }), {
      input: { values: { keyword: 'rent' } },
      inspect: (e: InspectionEvent) => coverage.inspect(e),
    }).start();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.keyword).toBe('rent');
  });
  expectFullCoverage(coverage);
});

describe('batch filter form machine', () => {
  const coverage = new Coverage(batchFilterMachine);
  it('refuses a date that is not a day and dates out of order, then ends with the values it hands on', async () => {
    const actor = createActor(batchFilterMachine.provide({ actors: { submit: fromPromise(async ({ input }) => input.values) } }), {
      input: { values: { search: 'March', types: 'wire,eft', from: '2026-02-30', to: '2026-02-01' } },
      inspect: (e: InspectionEvent) => coverage.inspect(e),
    }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ from: { descriptor: historyFilterMessages.dateFormat } });
    actor.send({ type: 'CHANGE', name: 'from', value: '2026-03-01' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ to: { descriptor: historyFilterMessages.dateOrder } });
    actor.send({ type: 'CHANGE', name: 'to', value: '2026-03-31' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ search: 'March', types: 'wire,eft', from: '2026-03-01', to: '2026-03-31' });
  });
  it('a failing hand-over keeps the values', async () => {
    const actor = createActor(batchFilterMachine.provide({ actors: { submit: fromPromise<unknown, { values: Record<string, string> }>(async () => Promise.reject(new Error('x'))) } }), {
      input: { values: { search: 'payroll' } },
      inspect: (e: InspectionEvent) => coverage.inspect(e),
    }).start();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.search).toBe('payroll');
  });
  expectFullCoverage(coverage);
});

describe('task machine', () => {
  const coverage = new Coverage(taskMachine);
  it('runs once however often pressed, keeps a failure until the next run, runs again when done', async () => {
    const outcomes: ('ok' | 'fail')[] = ['fail', 'ok', 'ok'];
    let runs = 0;
    const actor = createActor(
      taskMachine.provide({
        actors: {
          run: fromPromise(async () => {
            runs += 1;
            if (outcomes.shift() === 'fail') throw failure;
          }),
        },
      }),
      { inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    actor.send({ type: 'RUN' });
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    actor.send({ type: 'RUN' });
    await settle();
    expect(runs).toBe(3);
  });
  it('a bug (an Error) is shown as the generic failure, never its text', async () => {
    const actor = createActor(taskMachine.provide({ actors: { run: fromPromise(async () => Promise.reject(new Error('boom'))) } })).start();
    actor.send({ type: 'RUN' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: unexpectedFailure });
  });
  expectFullCoverage(coverage);
});
