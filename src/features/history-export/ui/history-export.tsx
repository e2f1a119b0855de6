import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { exportRequestFor, type HistorySearch } from '@machines/history/history.logic';
import type { ExportType } from '@machines/history/export.machine';
import { uiMessageText, useFormMachine } from '@/shared/lib';
import { inspectOptions, useDisclosure, useMobileApp } from '@/shared/model';
import { Button, FormAlert, TextField } from '@/shared/ui';
import { exportLogic } from '../model/export-actors';
import { sendFormLogic } from '../model/send-form';
import styles from './history-export.module.css';

/**
 * Export what the list shows, as CSV or PDF: the export statechart starts it, waits with a growing
 * pause while the file is made (progress shown, cancel any time), then downloads it or sends it to
 * an e-mail; a failure says why and can be retried.
 */
export function HistoryExport({ search, logic }: { search: HistorySearch; logic?: ReturnType<typeof exportLogic> }) {
  const { t, i18n } = useLingui();
  const panel = useDisclosure();
  const mobileApp = useMobileApp();
  const actor = useActorRef(logic ?? exportLogic(mobileApp), inspectOptions());
  const working = useSelector(actor, (s) => s.hasTag('working'));
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const sentTo = useSelector(actor, (s) => (s.hasTag('sent') ? s.context.sentTo : null));
  const progress = useSelector(actor, (s) => s.context.progress);
  const error = useSelector(actor, (s) => s.context.error);
  const type = useSelector(actor, (s) => s.context.request?.type ?? null);
  const start = (chosen: ExportType) => actor.send({ type: 'START', request: exportRequestFor(search, chosen) });
  return (
    <div className={styles.export}>
      <Button variant="secondary" aria-expanded={panel.open} aria-controls="history-export-panel" onPress={panel.toggle}>
        {t`Export`}
      </Button>
      <section id="history-export-panel" hidden={!panel.open} aria-label={t`Export`} className={styles.panel}>
        {panel.open ? (
          <>
            <p className={styles.hint}>{t`The file holds the transactions the list shows now, with its filters.`}</p>
            <div role="status" className={styles.status}>
              {working ? (progress !== null ? t`Preparing the file… ${progress}%` : t`Preparing the file…`) : null}
              {ready && !sentTo ? t`The file is ready.` : null}
              {sentTo ? t`The file is on its way to ${sentTo}.` : null}
            </div>
            {error ? <FormAlert>{uiMessageText(i18n, error)}</FormAlert> : null}
            {!working && !ready ? (
              <div className={styles.buttons}>
                <Button onPress={() => start('csv')}>{t`Export CSV`}</Button>
                <Button variant="secondary" onPress={() => start('pdf')}>
                  {t`Export PDF`}
                </Button>
                {failed ? (
                  <Button variant="ghost" onPress={() => actor.send({ type: 'RETRY' })}>
                    {t`Try again`}
                  </Button>
                ) : null}
              </div>
            ) : null}
            {working ? (
              <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
                {t`Cancel`}
              </Button>
            ) : null}
            {ready ? (
              <>
                <div className={styles.buttons}>
                  <Button isPending={busy} onPress={() => actor.send({ type: 'DOWNLOAD' })}>
                    {type === 'pdf' ? t`Download PDF` : t`Download CSV`}
                  </Button>
                  <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
                    {t`New export`}
                  </Button>
                </div>
                <SendExport busy={busy} onSend={(email) => actor.send({ type: 'SEND', email })} />
              </>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}

/** Send the ready file to an e-mail: the form checks the address before the statechart sends it. */
function SendExport({ busy, onSend }: { busy: boolean; onSend: (email: string) => void }) {
  const { t } = useLingui();
  // After handing the address on, the form is ready for another submit with the address still in
  // it: a refusal (not a confirmed address) or a second copy starts from what was typed.
  const form = useFormMachine(
    sendFormLogic.provide({ actions: { submitted: ({ context, self }) => {
      const email = (context.values.email ?? '').trim();
      onSend(email);
      self.send({ type: 'RESET' });
      self.send({ type: 'CHANGE', name: 'email', value: email });
    } } }),
    { values: { email: '' } },
  );
  return (
    <form {...form.formProps} className={styles.send}>
      <TextField {...form.field('email')} label={t`Send to e-mail`} type="email" autoComplete="email" />
      <Button type="submit" variant="secondary" isPending={busy}>
        {t`Send`}
      </Button>
    </form>
  );
}

