import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Button } from '@/shared/ui';
import type { KycActor } from './kyc-parts';
import styles from './complete-kyc.module.css';

/**
 * The identity check of the KYC request: done with the identity provider on its own pages (the
 * page puts its start here, `start`). When the provider decides, the realtime news reads the
 * request again; "Check again" does the same by hand.
 */
export function IdentityStep({ actor, start }: { actor: KycActor; start: ReactNode }) {
  const { t } = useLingui();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const first = useSelector(actor, (s) => s.context.index === 0);
  return (
    <div className={styles.form}>
      <p className={styles.intro}>{t`Verify your identity with our partner: you will need an identity document and your phone's or computer's camera. You come back here when it is done.`}</p>
      {start ?? <p className={styles.hint}>{t`The identity check is started from its own page. This step is done as soon as the check is approved.`}</p>}
      <div className={styles.buttons}>
        <Button variant="secondary" isPending={busy} onPress={() => actor.send({ type: 'REFRESH' })}>
          {t`I have finished: check again`}
        </Button>
        {first ? null : (
          <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'BACK' })}>
            {t`Back`}
          </Button>
        )}
      </div>
    </div>
  );
}
