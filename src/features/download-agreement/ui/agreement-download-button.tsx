import { useCallback } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { AcceptedAgreement } from '@/entities/security';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions, useMobileApp } from '@/shared/model';
import { Button } from '@/shared/ui';
import { agreementDownloadLogic, saveAgreement } from '../model/agreement-download';
import styles from './agreement-download-button.module.css';

/** How an agreement's PDF is fetched and handed over (a download; in the mobile wrapper, the app's download). */
export type SaveAgreement = (agreement: AcceptedAgreement) => Promise<void>;

/** agreementDownload, then saved the way this browser saves files (the mobile wrapper's message inside the app). */
export function useSaveAgreement(): SaveAgreement {
  const mobileApp = useMobileApp();
  return useCallback((agreement) => saveAgreement(agreement, mobileApp), [mobileApp]);
}

/**
 * "Download" for one accepted agreement, on its own task statechart: busy while it works, a failure
 * said beside it, pressed again it tries again. The button's name carries the agreement's title.
 */
export function AgreementDownloadButton({ agreement, download }: { agreement: AcceptedAgreement; download: SaveAgreement }) {
  const { i18n } = useLingui();
  const actor = useActorRef(
    agreementDownloadLogic(() => download(agreement)),
    inspectOptions(),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  const name = agreement.name;
  return (
    <div className={styles.download}>
      <Button variant="secondary" isPending={busy} onPress={() => actor.send({ type: 'RUN' })}>
        <Trans>
          Download<span className={styles.visuallyHidden}> {name}</span>
        </Trans>
      </Button>
      {error ? (
        <span role="alert" className={styles.error}>
          {uiMessageText(i18n, error)}
        </span>
      ) : null}
    </div>
  );
}
