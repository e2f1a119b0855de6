import { useCallback, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { AcceptedAgreement } from '@/entities/security';
import { useMobileApp } from '@/shared/model';
import { TaskButton } from '@/shared/ui';
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
 * "Download" for one accepted agreement, on its own task statechart (TaskButton): busy while it
 * works, a failure said beside it, pressed again it tries again. The button's name carries the
 * agreement's title.
 */
export function AgreementDownloadButton({ agreement, download }: { agreement: AcceptedAgreement; download: SaveAgreement }) {
  const [logic] = useState(() => agreementDownloadLogic(() => download(agreement)));
  const name = agreement.name;
  return (
    <TaskButton logic={logic}>
      <Trans>
        Download<span className={styles.visuallyHidden}> {name}</span>
      </Trans>
    </TaskButton>
  );
}
