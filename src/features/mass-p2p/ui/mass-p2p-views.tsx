import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ownTransferSources } from '@machines/transfers/own-transfer.logic';
import { MASS_P2P_MAX_BYTES, type MassP2pValues } from '@machines/transfers/mass-p2p.logic';
import type { massP2pMachine } from '@machines/transfers/mass-p2p.machine';
import { AccountSelect, type Account } from '@/entities/account';
import { BatchReview } from '@/entities/approval';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { readTextAtMost } from '@/shared/csv';
import { Button, FormAlert, TextArea, TextField } from '@/shared/ui';
import styles from './mass-p2p.module.css';

export type MassP2pActor = ActorRefFrom<typeof massP2pMachine>;

/**
 * The payments of a mass p2p (/transfer/mass/p2p): the account, a batch name, the payments typed,
 * pasted or read from a chosen CSV or text file (read in the browser, sent as text), and Preview,
 * which asks the service for the summary. Lines the service cannot send are listed with their
 * line numbers, so the customer fixes them before anything is sent.
 */
export function MassP2pForm({ actor, accounts, sampleUrl }: { actor: MassP2pActor; accounts: readonly Account[]; sampleUrl?: string | undefined }) {
  const { t, i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const lineErrors = useSelector(actor, (s) => s.context.summary?.errors ?? []);
  const formRef = useFocusOnRejectedSubmit(attempts);
  const sources = ownTransferSources(accounts);
  const change = (name: keyof MassP2pValues) => (value: string) => actor.send({ type: 'CHANGE', name, value });
  const error = (name: keyof MassP2pValues) => uiMessageText(i18n, errors[name] ?? null);
  if (sources.length === 0) return <p>{t`You have no open account to send from.`}</p>;
  return (
    <form
      ref={formRef}
      noValidate
      className={styles.form}
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) actor.send({ type: 'PREVIEW' });
      }}
    >
      <AccountSelect label={t`From account`} accounts={sources} value={values.accountId} onChange={change('accountId')} errorMessage={error('accountId')} />
      <TextField label={t`Batch name (optional)`} value={values.batchName} onChange={change('batchName')} errorMessage={error('batchName')} maxLength={60} autoComplete="off" />
      <TextArea
        label={t`Payments`}
        description={t`One payment a line: e-mail, amount, and a note if you like, separated by commas. At most 1,000 payments.`}
        placeholder="maria@example.com,25.00,Lunch"
        value={values.text}
        onChange={change('text')}
        errorMessage={error('text')}
        rows={8}
        isRequired
      />
      <div className={styles.file}>
        <label htmlFor="mass-p2p-file">{t`Or choose a CSV or text file`}</label>
        {sampleUrl ? (
          <a href={sampleUrl} download>
            {t`Download a sample file`}
          </a>
        ) : null}
        <input
          id="mass-p2p-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            // Read in the browser and sent as text; what cannot be read comes back as line errors.
            // At most one byte over the limit is read (issue 47): a huge file is "too big" at once.
            if (file) void readTextAtMost(file, MASS_P2P_MAX_BYTES).then((text) => change('text')(text));
          }}
        />
      </div>
      {lineErrors.length > 0 ? (
        <FormAlert>
          <p>{t`These lines cannot be sent. Fix them, then preview again:`}</p>
          <ul className={styles.lines}>
            {lineErrors.map((e) => (
              <li key={e.line}>{t`Line ${e.line}: ${e.message}`}</li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Preview`}
        </Button>
      </div>
    </form>
  );
}

/** The confirm page (/transfer/mass/p2p/confirm): the summary, then the batch through the approval; Change goes back to the text. */
export function MassP2pReview({ actor }: { actor: MassP2pActor }) {
  const { t } = useLingui();
  const batchName = useSelector(actor, (s) => s.context.values.batchName.trim());
  return <BatchReview actor={actor} batchName={batchName} editLabel={t`Change the payments`} />;
}
