import { useEffect } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { globalPayBatchMachine, type GlobalPayEvent } from '@machines/batches/global-pay-batch.machine';
import { announceMoneyMoved } from '@/entities/account';
import { approvalLogic } from '@/entities/approval';
import { getGlobalPayBatch, globalPayBatchStatus, rejectGlobalPayBatch, saveGlobalPayEdits, uploadGlobalPayBatch } from '@/entities/global-pay-batch';
import { createSharedFlow, watchBatchChanges } from '@/shared/model';
import type { GlobalPayFileCheck } from './parse-global-pay';

/** Who wants to hear that a batch was sent (the page shows its summary and refreshes balances). */
const submittedListeners = new Set<(batchId: number) => void>();

type WorkerReply = { type: 'progress'; share: number } | { type: 'done'; check: GlobalPayFileCheck; ms: number } | { type: 'failed' };

/** The browser's check of the file in a Web Worker: progress, then every problem; stopping ends the worker (cancel). */
const checkInWorker = fromCallback<GlobalPayEvent, { file: Blob }>(({ input, sendBack }) => {
  const worker = new Worker(new URL('./parse-global-pay.worker.ts', import.meta.url), { name: 'global-pay-check' });
  // User timing for `npm run bench` (the check from the file's choice to its result, and the worker's own time).
  performance.mark('global-pay-check:start');
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    if (reply.type === 'progress') sendBack({ type: 'PROGRESS', share: reply.share });
    else if (reply.type === 'done') {
      performance.measure('global-pay-check', { start: 'global-pay-check:start', detail: { workerMs: reply.ms, rows: reply.check.rows } });
      sendBack({ type: 'CHECKED', rows: reply.check.rows, problems: reply.check.problems, header: reply.check.header, badRows: reply.check.badRows });
    } else sendBack({ type: 'CHECK_FAILED' });
  };
  worker.onerror = () => sendBack({ type: 'CHECK_FAILED' });
  worker.postMessage({ file: input.file });
  return () => worker.terminate();
});

/** One piece of the file's work in a worker (a 10,000-line file is not parsed on the main thread): the text it writes back, as a CSV file. */
function writeInWorker(name: string, message: { file: Blob; notes?: Record<number, string>; column?: string; replacements?: Record<number, string[] | null> }, reply: 'annotated' | 'rewritten'): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-global-pay.worker.ts', import.meta.url), { name });
    worker.onmessage = (event: MessageEvent<{ type: string; text?: string }>) => {
      worker.terminate();
      if (event.data.type === reply && typeof event.data.text === 'string') resolve(new Blob([event.data.text], { type: 'text/csv' }));
      else reject(new Error('The file could not be read'));
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('The file could not be read'));
    };
    worker.postMessage(message);
  });
}

/** The file written back with its problems in one more column. */
export const annotateInWorker = (file: Blob, notes: Record<number, string>, column: string): Promise<Blob> => writeInWorker('global-pay-annotate', { file, notes, column }, 'annotated');

/** The batch statechart with the app's calls (none of them opens the automatic error popup: the screens show each error). */
export const globalPayLogic = globalPayBatchMachine.provide({
  actors: {
    check: checkInWorker,
    rewrite: fromPromise(async ({ input }) => writeInWorker('global-pay-rewrite', { file: input.file, replacements: input.replacements }, 'rewritten')),
    upload: fromPromise(async ({ input, signal }) => uploadGlobalPayBatch(input, signal)),
    getBatch: fromPromise(async ({ input, signal }) => getGlobalPayBatch(input.batchId, signal)),
    save: fromPromise(async ({ input, signal }) => saveGlobalPayEdits(input.batchId, input.edits, signal)),
    reject: fromPromise(async ({ input }) => rejectGlobalPayBatch(input.batchId)),
    status: fromPromise(async ({ input, signal }) => globalPayBatchStatus(input.batchId, signal)),
    changes: fromCallback<GlobalPayEvent, { batchId: number }>(({ input, sendBack }) =>
      watchBatchChanges((batchId) => {
        if (batchId === input.batchId) sendBack({ type: 'POLL' });
      }),
    ),
    approval: approvalLogic,
  },
  actions: {
    moneyMoved: announceMoneyMoved,
    submitted: ({ context }) => {
      if (context.batchId !== null) submittedListeners.forEach((listener) => listener(context.batchId!));
    },
  },
});
export type GlobalPayLogic = typeof globalPayLogic;

/** One batch across /transfer/mass/global and /transfer/external/global-summary (a shared flow). */
export const globalPayFlow = createSharedFlow(() => globalPayLogic, { defaultInput: () => ({}) });

/** Subscribes to "a batch was sent" while the component is mounted. */
export function useOnGlobalPaySubmitted(listener: (batchId: number) => void) {
  useEffect(() => {
    submittedListeners.add(listener);
    return () => void submittedListeners.delete(listener);
  }, [listener]);
}
