import { lazy, Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { LoginActor } from '../model/login-flow';
import { Button, FormAlert } from '@/shared/ui';
import { uiMessageText } from '@/shared/lib';
import styles from './login-form.module.css';

/**
 * The QR code's code (qrcode.react) is a chunk of its own: it downloads when the push step shows
 * (not with the sign-in form) and renders in a placeholder of its exact size until it is there.
 */
const loadQrCode = () => import(/* webpackChunkName: "login-qr-code" */ './push-qr-code');
const PushQrCode = lazy(() =>
  loadQrCode().then(
    (m) => ({ default: m.PushQrCode }),
    () => ({ default: QrCodeUnavailable }), // offline: the step goes on without the code
  ),
);

/** In the code's box when its chunk could not be loaded. */
function QrCodeUnavailable() {
  const { t } = useLingui();
  return <p className={`${styles.qrCode} ${styles.qrUnavailable}`}>{t`The QR code could not be loaded. Use “Send again” to get the request on your phone.`}</p>;
}

/**
 * Approve the sign-in in the mobile app: waits for the push answer, can send it again or show a
 * QR code to scan. When the approval expired (tag `approvalExpired`, also after a device
 * verification) the same screen offers to try again instead of waiting.
 */
export function PushStep({ actor }: { actor: LoginActor }) {
  const { t, i18n } = useLingui();
  // The step is on screen: fetch the QR code's chunk now, so "Show a QR code" does not wait for it.
  useEffect(() => void loadQrCode().catch(() => undefined), []);
  const failure = useSelector(actor, (s) => s.context.error);
  const deeplink = useSelector(actor, (s) => s.context.deeplink);
  const expired = useSelector(actor, (s) => s.hasTag('approvalExpired'));
  const resending = useSelector(actor, (s) => s.hasTag('busy:resendPush'));
  const requestingQr = useSelector(actor, (s) => s.hasTag('busy:requestQr'));
  const error = uiMessageText(i18n, failure);
  return (
    <section aria-labelledby="approve-title" className={styles.panel}>
      <h2 id="approve-title">{t`Approve the sign-in on your phone`}</h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {expired ? (
        <Button onPress={() => actor.send({ type: 'SUBMIT' })}>{t`Try again`}</Button>
      ) : (
        <p role="status" className={styles.waiting}>{t`Waiting for approval…`}</p>
      )}
      {expired ? null : (
        <div className={styles.actions}>
          <Button variant="secondary" isPending={resending} onPress={() => actor.send({ type: 'RESEND_PUSH' })}>
            {t`Send again`}
          </Button>
          <Button variant="ghost" isPending={requestingQr} onPress={() => actor.send({ type: 'REQUEST_QR' })}>
            {t`Show a QR code`}
          </Button>
        </div>
      )}
      {deeplink ? (
        <figure className={styles.qr}>
          <Suspense fallback={<span className={`${styles.qrCode} ${styles.qrPending}`} data-qr-placeholder="" aria-hidden="true" />}>
            <PushQrCode value={deeplink} />
          </Suspense>
          <figcaption>{t`Scan with the mobile app.`}</figcaption>
        </figure>
      ) : null}
      <Button variant="ghost" onPress={() => actor.send({ type: 'BACK' })}>{t`Back`}</Button>
    </section>
  );
}
