import { fromPromise } from 'xstate';
import { exportMachine } from '@machines/history/export.machine';
import { taskMachine } from '@machines/shared/task.machine';
import { exportStatus, generatePdf, sendExport, startExport } from '@/entities/history';
import { asUiMessage, fetchFile } from '@/shared/api';
import type { MobileApp } from '@/shared/model';
import { saveFile } from '@/shared/model';

/**
 * Ready exports' file links by exportId, kept for their downloads. Module-wide on purpose: the
 * view provides the logic again on every render (@xstate/react then swaps the implementations), so
 * a map made per call would be a new, empty one by the time Download is pressed.
 */
const links = new Map<string, string>();

/** The export statechart with its real calls. */
export function exportLogic(mobileApp: MobileApp | null) {
  return exportMachine.provide({
    actors: {
      start: fromPromise(({ input }) => asUiMessage(() => startExport(input))),
      status: fromPromise(({ input }) =>
        asUiMessage(async () => {
          const status = await exportStatus(input.exportId);
          if (status.status === 'ready' && status.redirectLink) links.set(input.exportId, status.redirectLink);
          return status;
        }),
      ),
      download: fromPromise(({ input }) =>
        asUiMessage(async () => {
          const link = links.get(input.exportId);
          if (!link) throw new Error('No file link for this export');
          const { blob, fileName } = await fetchFile(link);
          await saveFile(blob, fileName, mobileApp);
        }),
      ),
      send: fromPromise(({ input }) => asUiMessage(() => sendExport(input.exportId, input.email))),
    },
  });
}

export interface DocumentRequest {
  name: 'statement' | 'transactionConfirmation' | 'accountConfirmation';
  body: Record<string, unknown>;
}

/** A generated document (000 s7): generate, fetch its link, hand the file over. */
export function documentLogic(document: DocumentRequest, mobileApp: MobileApp | null) {
  return taskMachine.provide({
    actors: {
      run: fromPromise(() =>
        asUiMessage(async () => {
          const link = await generatePdf(document.name, document.body);
          const { blob, fileName } = await fetchFile(link);
          await saveFile(blob, fileName, mobileApp);
        }),
      ),
    },
  });
}
