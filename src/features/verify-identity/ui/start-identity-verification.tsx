import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { uiMessageText } from '@/shared/lib';
import { Button, FormAlert } from '@/shared/ui';
import { useIdentityVerification, type IdentityVerificationLogic } from '../model/identity-actors';
import styles from './start-identity-verification.module.css';

export interface StartIdentityVerificationProps {
  /** Injectable for stories (fake start, no page move); default the app's calls. */
  logic?: IdentityVerificationLogic;
}

/**
 * "Verify your identity" (/kyc and /profile use it): starts a run with the identity
 * provider and sends the browser to the provider's page (in the mobile app, the app takes over:
 * "Continue in the app"). The button waits while the run starts and the page leaves; a failure
 * says why and the button tries again.
 */
export function StartIdentityVerification({ logic }: StartIdentityVerificationProps) {
  const { t, i18n } = useLingui();
  const actor = useIdentityVerification({ mode: 'start', signedIn: true }, logic);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const inApp = useSelector(actor, (s) => s.hasTag('inApp'));
  const failure = useSelector(actor, (s) => (s.hasTag('startFailed') ? uiMessageText(i18n, s.context.failure) : null));
  return (
    <div className={styles.start}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {inApp ? (
        <p role="status" className={styles.note}>
          {t`Continue in the app.`}
        </p>
      ) : null}
      <div>
        <Button isPending={busy} onPress={() => actor.send({ type: 'START' })}>
          {t`Verify your identity`}
        </Button>
      </div>
    </div>
  );
}
