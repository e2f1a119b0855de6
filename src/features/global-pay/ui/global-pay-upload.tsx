import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import type { ActorRefFrom } from 'xstate';
import { ownTransferSources } from '@machines/transfers/own-transfer.logic';
import { GLOBAL_PAY_COLUMNS, type GlobalPayProblem } from '@machines/batches/global-pay-rules';
import { openProblems } from '@machines/batches/global-pay-table';
import { globalPayProblemMessages } from '@machines/batches/global-pay-forms.machine';
import type { globalPayBatchMachine, GlobalPayFileProblem } from '@machines/batches/global-pay-batch.machine';
import { AccountSelect, type Account } from '@/entities/account';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions, saveFile, useMobileApp } from '@/shared/model';
import { annotateInWorker } from '../model/global-pay-flow';
import { Button, DateText, Dialog, FileCheckProgress, FileDrop, FormAlert, TextField } from '@/shared/ui';
import { GLOBAL_PAY_COLUMN_LABELS as COLUMN_LABELS } from '@/entities/global-pay-batch';
import { GlobalPayFixes } from './virtual-lists';
import styles from './global-pay.module.css';

export type GlobalPayActor = ActorRefFrom<typeof globalPayBatchMachine>;

/** A file's problem in the customer's words: the line, the column and what is wrong; the service's own words when it gave them. */
export function useFileProblemText() {
  const { t, i18n } = useLingui();
  return (p: GlobalPayFileProblem): string => {
    if (p.problem === 'tooBig') return t`The file is larger than 10 MB. Split it into several files.`;
    if (p.problem === 'tooManyRows' || p.problem === 'tooMany') return t`The file has more than 10,000 payments. Split it into several files.`;
    if (p.problem === 'empty') return t`The file has no payments.`;
    if (p.problem === 'header') return t`Line ${p.line}: the column "${p.column}" is missing from the first line.`;
    if (p.problem === 'unknownColumn') return t`Line ${p.line}: the column "${p.column}" is not one a batch knows.`;
    if (p.problem === 'cells') return t`Line ${p.line}: the number of values does not match the first line.`;
    // A problem the rules name is worded in the customer's language (the service's English words only for one they do not).
    const column = COLUMN_LABELS[p.column] ? i18n._(COLUMN_LABELS[p.column]!) : p.column;
    const known = globalPayProblemMessages[p.problem as GlobalPayProblem];
    if (!known && p.message) return p.message;
    const what = known ? i18n._(known) : p.problem;
    return t`Line ${p.line}, ${column}: ${what}`;
  };
}

/**
 * The batch page before a batch exists (/transfer/mass/global): the paying account, a batch name,
 * the sample file and the file (chosen or dropped). The file is checked in the browser with
 * progress and can be cancelled; every problem is listed with its line and column, so nothing is
 * uploaded until the file is clean. An identical batch (code 92) is asked about: send it anyway
 * or stop. A lost reply keeps the file to try again (the same request: nothing created twice).
 */
export function GlobalPayUpload({ actor, accounts, sampleUrl }: { actor: GlobalPayActor; accounts: readonly Account[]; sampleUrl?: string | undefined }) {
  const { t, i18n } = useLingui();
  const accountId = useSelector(actor, (s) => s.context.accountId);
  const batchName = useSelector(actor, (s) => s.context.batchName);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const uploading = useSelector(actor, (s) => s.hasTag('uploading'));
  const uploadFailed = useSelector(actor, (s) => s.hasTag('uploadFailed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const progress = useSelector(actor, (s) => s.context.progress);
  // The problems still open: a line fixed in place or left out no longer listed (openProblems).
  const problems = useSelector(
    actor,
    (s) => (s.hasTag('problems') ? openProblems(s.context.header, s.context.badRows, s.context.problems, s.context.fixes, s.context.omitted) : EMPTY),
    sameProblems,
  );
  const fixable = useSelector(actor, (s) => s.hasTag('fixable'));
  const identical = useSelector(actor, (s) => (s.hasTag('identical') ? s.context.identical : null));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const problemText = useFileProblemText();
  const sources = ownTransferSources(accounts);
  const choose = (file: File) => actor.send({ type: 'FILE', file, fileName: file.name });
  if (sources.length === 0) return <p>{t`You have no open account to send from.`}</p>;
  return (
    <div className={styles.upload} aria-busy={busy}>
      <AccountSelect label={t`From account`} accounts={sources} value={accountId} onChange={(value) => actor.send({ type: 'ACCOUNT', accountId: value })} isDisabled={busy} />
      <TextField label={t`Batch name (optional)`} value={batchName} onChange={(value) => actor.send({ type: 'BATCH_NAME', batchName: value })} maxLength={60} autoComplete="off" isDisabled={busy} />
      <div className={styles.help}>
        <p>{t`A CSV file in UTF-8 with a first line naming the columns. Required: ${GLOBAL_PAY_COLUMNS.required.join(', ')}. Optional: ${GLOBAL_PAY_COLUMNS.optional.join(', ')}. At most 10,000 payments.`}</p>
        {sampleUrl ? (
          <a href={sampleUrl} download>
            {t`Download a sample file`}
          </a>
        ) : null}
      </div>
      <FileDrop id="global-pay-file" label={t`Choose the file, or drop it here`} accept=".csv,text/csv" isDisabled={busy} fileName={fileName} onFile={choose}>
        {!accountId && fileName ? <p>{t`Choose the account: the file is checked then.`}</p> : null}
      </FileDrop>
      <div role="status" aria-live="polite">
        {checking ? (
          <FileCheckProgress id="global-pay-progress" label={t`Checking the file…`} share={progress} cancelLabel={t`Cancel`} onCancel={() => actor.send({ type: 'CANCEL' })} />
        ) : uploading ? (
          <p>{t`Uploading the batch…`}</p>
        ) : null}
      </div>
      {problems.length > 0 ? (
        <FormAlert>
          <p id="global-pay-problems-intro">{fixable ? t`Nothing was sent. Fix the lines below, or fix the file and choose it again.` : t`Fix these in the file, then choose it again. Nothing was sent.`}</p>
          {/* Up to 200 problems in a box that scrolls: it is reached and scrolled from the keyboard too. */}
          <ul className={styles.lines} tabIndex={0} aria-labelledby="global-pay-problems-intro">
            {problems.slice(0, 200).map((p, i) => (
              <li key={`${p.line}-${p.column}-${i}`}>{problemText(p)}</li>
            ))}
          </ul>
          {problems.length > 200 ? <p>{t`And ${problems.length - 200} more.`}</p> : null}
          <DownloadWithProblems actor={actor} problemText={problemText} />
        </FormAlert>
      ) : null}
      {fixable ? <GlobalPayFixes actor={actor} /> : null}
      {failure ? (
        <FormAlert>
          <p>{failure}</p>
          {uploadFailed ? (
            <div className={styles.buttons}>
              <Button onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button>
              <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
                {t`Choose another file`}
              </Button>
            </div>
          ) : null}
        </FormAlert>
      ) : null}
      <Dialog isOpen={identical !== null} role="alertdialog" onClose={() => actor.send({ type: 'STOP' })} title={t`This batch was uploaded before`}>
        {identical ? (
          <div className={styles.dialogBody}>
            <p>
              {t`The same payments from the same account were uploaded on`} <DateText value={identical.date} withTime /> {t`as batch ${identical.batchId}.`}
            </p>
            <p>{t`Upload it again as a new batch? Each batch is paid separately.`}</p>
            <div className={styles.buttons}>
              <Button onPress={() => actor.send({ type: 'CONFIRM' })}>{t`Upload it again`}</Button>
              <Button variant="secondary" onPress={() => actor.send({ type: 'STOP' })}>
                {t`Don't upload`}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
const EMPTY: readonly GlobalPayFileProblem[] = [];
/** Two lists of problems say the same (a new list each time the selector runs). */
const sameProblems = (a: readonly GlobalPayFileProblem[], b: readonly GlobalPayFileProblem[]) =>
  a.length === b.length && a.every((p, i) => p.line === b[i]!.line && p.column === b[i]!.column && p.problem === b[i]!.problem);

/**
 * "Download the file with its problems": the chosen file given back with one more column saying
 * what is wrong on each line (written in a worker), to fix it in a spreadsheet and choose it again.
 */
function DownloadWithProblems({ actor, problemText }: { actor: GlobalPayActor; problemText: (p: GlobalPayFileProblem) => string }) {
  const { t, i18n } = useLingui();
  const mobileApp = useMobileApp();
  const task = useActorRef(
    taskMachine.provide({
      actors: {
        run: fromPromise(async () => {
          const { file, fileName, problems } = actor.getSnapshot().context;
          if (!file) return;
          const notes: Record<number, string> = {};
          for (const p of problems) if (p.line > 1) notes[p.line] = notes[p.line] ? `${notes[p.line]}; ${problemText(p)}` : problemText(p);
          try {
            const annotated = await annotateInWorker(file, notes, t`problems`);
            await saveFile(annotated, `${fileName.replace(/\.csv$/i, '') || 'batch'}-problems.csv`, mobileApp);
          } catch {
            throw { descriptor: downloadFailed };
          }
        }),
      },
    }),
    inspectOptions(),
  );
  const busy = useSelector(task, (s) => s.hasTag('busy'));
  const error = useSelector(task, (s) => (s.hasTag('failed') ? uiMessageText(i18n, s.context.error) : null));
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" isPending={busy} onPress={() => task.send({ type: 'RUN' })}>
        {t`Download the file with its problems`}
      </Button>
      {error ? <span role="alert">{error}</span> : null}
    </div>
  );
}
const downloadFailed = msg`The file could not be written. Try again.`;
