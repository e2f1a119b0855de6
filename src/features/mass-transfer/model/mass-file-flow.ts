import { fromCallback } from 'xstate';
import type { MassFileMethod } from '@machines/transfers/external-rails';
import { massFileMachine, type MassFileEvent, type MassFileSummaryFact } from '@machines/transfers/mass-file.machine';
import { announceMoneyMoved } from '@/entities/account';
import { approvalLogic } from '@/entities/approval';
import { summarizeMassFile, type MassFileUpload } from '@/entities/transfer';
import { uiActor } from '@/shared/api';
import { createSharedFlow, type SharedFlow } from '@/shared/model';
import type { MassFileCheck } from './parse-mass-file';

type WorkerReply = { type: 'progress'; share: number } | { type: 'done'; check: MassFileCheck } | { type: 'failed' };

/** The browser's check of the file in a Web Worker: progress, then every problem; stopping ends the worker (cancel). */
const checkInWorker = fromCallback<MassFileEvent, { file: Blob; method: MassFileMethod }>(({ input, sendBack }) => {
  const worker = new Worker(new URL('./parse-mass-file.worker.ts', import.meta.url), { name: 'mass-file-check' });
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    if (reply.type === 'progress') sendBack({ type: 'PROGRESS', share: reply.share });
    else if (reply.type === 'done') sendBack({ type: 'CHECKED', rows: reply.check.rows, problems: reply.check.problems });
    else sendBack({ type: 'CHECK_FAILED' });
  };
  worker.onerror = () => sendBack({ type: 'CHECK_FAILED' });
  worker.postMessage({ file: input.file, method: input.method });
  return () => worker.terminate();
});

/** The mass file statechart with the app's calls: the worker's check, the summary and the real submit (massTransfer). */
export const massFileLogic = massFileMachine.provide({
  actors: {
    check: checkInWorker,
    summarize: uiActor<MassFileSummaryFact, MassFileUpload>((input, signal) => summarizeMassFile(input, signal)),
    approval: approvalLogic,
  },
  actions: { moneyMoved: announceMoneyMoved },
});
export type MassFileLogic = typeof massFileLogic;

/**
 * One batch per kind across its page (/transfer/mass/<kind>) and the confirm page
 * (/transfer/external/mass/confirm?method=<kind>): shared flows, so moving between the two keeps it.
 */
export const massFileFlows: Record<MassFileMethod, SharedFlow<MassFileLogic>> = {
  wire: createSharedFlow(() => massFileLogic, { defaultInput: () => ({ method: 'wire' }) }),
  eft: createSharedFlow(() => massFileLogic, { defaultInput: () => ({ method: 'eft' }) }),
  oct: createSharedFlow(() => massFileLogic, { defaultInput: () => ({ method: 'oct' }) }),
  crypto: createSharedFlow(() => massFileLogic, { defaultInput: () => ({ method: 'crypto' }) }),
};
