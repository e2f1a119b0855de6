import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import { asUiMessage } from '@/shared/api';
import { saveFile, type MobileApp } from '@/shared/model';
import { downloadAgreement, type AcceptedAgreement } from '@/entities/security';

/** What a failed download says when the service gives no words of its own. */
const downloadFailed = msg`The agreement could not be downloaded. Please try again.`;

/** A file name from the agreement's title (characters a file system refuses left out). */
export function agreementFileName(agreement: Pick<AcceptedAgreement, 'id' | 'name'>): string {
  const name = agreement.name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
  return `${name || `agreement-${agreement.id}`}.pdf`;
}

/** Fetch an agreement's PDF and hand it over: a download in a browser, the app's download message in the mobile wrapper. */
export const saveAgreement = async (agreement: AcceptedAgreement, mobileApp: MobileApp | null): Promise<void> =>
  saveFile(await downloadAgreement(agreement.id), agreementFileName(agreement), mobileApp);

/** One agreement's download as the task statechart (busy, failed with its reason, tried again). */
export function agreementDownloadLogic(download: () => Promise<void>) {
  return taskMachine.provide({
    actors: { run: fromPromise(() => asUiMessage(download, downloadFailed)) },
  });
}
