import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions, useMobileApp } from '@/shared/model';
import { Button } from '@/shared/ui';
import { documentLogic, type DocumentRequest } from '../model/export-actors';
import styles from './history-export.module.css';

/**
 * A button that fetches a generated document (a statement, a transaction's confirmation) and hands
 * it over as a file: pending while it works, pressed again it does nothing until done, a failure
 * is said next to it and the next press tries again.
 */
export function DownloadButton({ document, children, logic }: { document: DocumentRequest; children: React.ReactNode; logic?: ReturnType<typeof documentLogic> }) {
  const { i18n } = useLingui();
  const mobileApp = useMobileApp();
  const actor = useActorRef(logic ?? documentLogic(document, mobileApp), inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  return (
    <span className={styles.download}>
      <Button variant="secondary" isPending={busy} onPress={() => actor.send({ type: 'RUN' })}>
        {children}
      </Button>
      {error ? (
        <span role="alert" className={styles.error}>
          {uiMessageText(i18n, error)}
        </span>
      ) : null}
    </span>
  );
}
