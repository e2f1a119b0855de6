import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ownTransferSources } from '@machines/transfers/own-transfer.logic';
import { MASS_FILE_COLUMNS } from '@machines/transfers/external-rails';
import type { massFileMachine, MassFileProblemFact } from '@machines/transfers/mass-file.machine';
import { AccountSelect, type Account } from '@/entities/account';
import { BatchReview } from '@/entities/approval';
import { uiMessageText } from '@/shared/lib';
import { FileCheckProgress, FileDrop, FormAlert, TextField } from '@/shared/ui';
import styles from './mass-file.module.css';

export type MassFileActor = ActorRefFrom<typeof massFileMachine>;

const COLUMN_LABELS: Record<string, MessageDescriptor> = {
  beneficiaryName: msg`Beneficiary's full name`,
  beneficiaryAddress: msg`Beneficiary's address`,
  countryCode: msg`Country`,
  currencyCode: msg`Currency`,
  amount: msg`Amount`,
  iban: msg`IBAN`,
  swiftCode: msg`SWIFT (BIC) code`,
  accountNumber: msg`Account number`,
  routingNumber: msg`Routing number (ABA)`,
  sortCode: msg`Sort code`,
  bankCode: msg`Bank`,
  branchCode: msg`Branch`,
  cardNumber: msg`Card number`,
  toCurrencyCode: msg`Crypto currency`,
  walletAddress: msg`Wallet address`,
  reference: msg`Reference`,
};

const PROBLEM_TEXTS: Record<string, MessageDescriptor> = {
  required: msg`missing`,
  format: msg`not valid`,
  amount: msg`not an amount above 0 (use a dot for decimals)`,
  country: msg`not a two-letter country code`,
  currency: msg`not a currency that can be sent this way`,
  unknown: msg`refused`,
  mismatch: msg`of another bank or country than the IBAN`,
};

/** A problem in the customer's words: the line, the column and what is wrong; the service's own words when it gave them. */
function useProblemText() {
  const { t, i18n } = useLingui();
  return (p: MassFileProblemFact): string => {
    if (p.problem === 'tooBig') return t`The file is larger than 5 MB. Split it into several files.`;
    if (p.problem === 'tooManyRows') return t`The file has more than 10,000 payments. Split it into several files.`;
    if (p.problem === 'empty') return t`The file has no payments.`;
    const column = COLUMN_LABELS[p.column] ? i18n._(COLUMN_LABELS[p.column]!) : p.column;
    if (p.problem === 'header') return t`Line ${p.line}: the column "${p.column}" is missing from the first line.`;
    if (p.problem === 'cells') return t`Line ${p.line}: the number of values does not match the first line.`;
    if (p.message) return p.message;
    const what = PROBLEM_TEXTS[p.problem] ? i18n._(PROBLEM_TEXTS[p.problem]!) : p.problem;
    return t`Line ${p.line}, ${column}: ${what}`;
  };
}

/**
 * A mass file's page (/transfer/mass/<kind>): the account, a batch name, the sample file and the
 * file (chosen or dropped); the file is checked in the browser with progress and can be cancelled;
 * every problem is listed with its line and column so the customer fixes the file before it is
 * sent; a clean file is summarised by the service and reviewed on the confirm page.
 */
export function MassFileForm({ actor, accounts, sampleUrl }: { actor: MassFileActor; accounts: readonly Account[]; sampleUrl?: string | undefined }) {
  const { t, i18n } = useLingui();
  const method = useSelector(actor, (s) => s.context.method);
  const accountId = useSelector(actor, (s) => s.context.accountId);
  const batchName = useSelector(actor, (s) => s.context.batchName);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const progress = useSelector(actor, (s) => s.context.progress);
  const problems = useSelector(actor, (s) => (s.hasTag('problems') ? s.context.problems : []));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const problemText = useProblemText();
  const sources = ownTransferSources(accounts);
  const choose = (file: File) => actor.send({ type: 'FILE', file, fileName: file.name });
  if (sources.length === 0) return <p>{t`You have no open account to send from.`}</p>;
  const columns = MASS_FILE_COLUMNS[method];
  return (
    <div className={styles.form} aria-busy={busy}>
      <AccountSelect label={t`From account`} accounts={sources} value={accountId} onChange={(value) => actor.send({ type: 'ACCOUNT', accountId: value })} isDisabled={busy} />
      <TextField label={t`Batch name (optional)`} value={batchName} onChange={(value) => actor.send({ type: 'BATCH_NAME', batchName: value })} maxLength={60} autoComplete="off" isDisabled={busy} />
      <div className={styles.help}>
        <p>{t`A CSV file in UTF-8 with a first line naming the columns. Required: ${columns.required.join(', ')}. Optional: ${columns.optional.join(', ')}. At most 10,000 payments.`}</p>
        {sampleUrl ? (
          <a href={sampleUrl} download>
            {t`Download a sample file`}
          </a>
        ) : null}
      </div>
      <FileDrop id={`mass-file-${method}`} label={t`Choose the file, or drop it here`} accept=".csv,text/csv" isDisabled={busy} fileName={fileName} onFile={choose}>
        {!accountId && fileName ? <p>{t`Choose the account: the file is checked then.`}</p> : null}
      </FileDrop>
      <div role="status" aria-live="polite">
        {checking ? (
          <FileCheckProgress id={`mass-file-progress-${method}`} label={t`Checking the file…`} share={progress} cancelLabel={t`Cancel`} onCancel={() => actor.send({ type: 'CANCEL' })} />
        ) : busy ? (
          <p>{t`Asking for the summary…`}</p>
        ) : null}
      </div>
      {problems.length > 0 ? (
        <FormAlert>
          <p>{t`Fix these in the file, then choose it again. Nothing was sent.`}</p>
          <ul className={styles.lines}>
            {problems.slice(0, 200).map((p, i) => (
              <li key={`${p.line}-${p.column}-${i}`}>{problemText(p)}</li>
            ))}
          </ul>
          {problems.length > 200 ? <p>{t`And ${problems.length - 200} more.`}</p> : null}
        </FormAlert>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}

/** The confirm page (/transfer/external/mass/confirm): the service's summary, then the batch through the approval. */
export function MassFileReview({ actor }: { actor: MassFileActor }) {
  const { t } = useLingui();
  const batchName = useSelector(actor, (s) => s.context.batchName.trim());
  return <BatchReview actor={actor} batchName={batchName} editLabel={t`Choose another file`} />;
}
