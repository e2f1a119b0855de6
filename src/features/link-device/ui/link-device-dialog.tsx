import { lazy, Suspense, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { normalisePhone } from '@machines/auth/store-links.logic';
import { uiMessageText } from '@/shared/lib';
import { Button, Dialog, FormAlert, Preloader, TextField } from '@/shared/ui';
import type { linkDeviceLogic } from '../model/link-device-actors';
import styles from './link-device.module.css';

const DeeplinkQrCode = lazy(() => import(/* webpackChunkName: "deeplink-qr" */ './deeplink-qr-code').then((m) => ({ default: m.DeeplinkQrCode })));

type LinkDeviceActor = ActorRefFrom<typeof linkDeviceLogic>;

/**
 * The link-new-device popup (001 s3 popups): the QR code of a deeplink the mobile app opens (a new
 * one every minute while the popup is open; the one shown is never stale), and the app's store
 * links sent by SMS to a number in international format. Closing stops both.
 */
export function LinkDeviceDialog({ actor }: { actor: LinkDeviceActor }) {
  const { t } = useLingui();
  return (
    <Dialog isOpen onClose={() => actor.send({ type: 'CLOSE' })} title={t`Link a new phone`}>
      <div className={styles.body}>
        <QrPart actor={actor} />
        <LinksPart actor={actor} />
        <div>
          <Button variant="secondary" onPress={() => actor.send({ type: 'CLOSE' })}>
            {t`Close`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function QrPart({ actor }: { actor: LinkDeviceActor }) {
  const { t, i18n } = useLingui();
  const deeplink = useSelector(actor, (s) => s.context.deeplink);
  const failed = useSelector(actor, (s) => s.hasTag('qrFailed'));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.qrFailure));
  return (
    <section aria-labelledby="link-qr-title" className={styles.part}>
      <h3 id="link-qr-title">{t`Scan with the mobile app`}</h3>
      <p className={styles.text}>{t`Open the mobile app on your new phone, choose to link it to your account and scan this code. The code changes every minute.`}</p>
      <div className={styles.qrBox}>
        {deeplink ? (
          <Suspense fallback={<Preloader label={t`Loading the QR code`} />}>
            <DeeplinkQrCode value={deeplink} />
          </Suspense>
        ) : failed ? null : (
          <Preloader label={t`Loading the QR code`} />
        )}
      </div>
      {failed ? (
        <div className={styles.failure}>
          <FormAlert>{failure}</FormAlert>
          <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY' })}>
            {t`Try again`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function LinksPart({ actor }: { actor: LinkDeviceActor }) {
  const { t, i18n } = useLingui();
  const phoneNumber = useSelector(actor, (s) => s.context.phoneNumber);
  const phoneError = useSelector(actor, (s) => uiMessageText(i18n, s.context.phoneError));
  const linksFailure = useSelector(actor, (s) => uiMessageText(i18n, s.context.linksFailure));
  const sending = useSelector(actor, (s) => s.hasTag('sendingLinks'));
  const sent = useSelector(actor, (s) => s.hasTag('linksSent'));
  const sentTo = normalisePhone(phoneNumber);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('phoneNumber');
    actor.send({ type: 'SEND_LINKS', phoneNumber: typeof value === 'string' ? value : '' });
  };
  return (
    <form noValidate onSubmit={submit} className={styles.part} aria-labelledby="link-links-title">
      <h3 id="link-links-title">{t`No app on the phone yet?`}</h3>
      <p className={styles.text}>{t`We send the links to the app stores by SMS.`}</p>
      {linksFailure ? <FormAlert>{linksFailure}</FormAlert> : null}
      <TextField
        name="phoneNumber"
        label={t`Mobile number`}
        description={t`International format, e.g. +40 712 345 678.`}
        type="tel"
        autoComplete="tel"
        defaultValue={phoneNumber}
        errorMessage={phoneError}
        isRequired
        isReadOnly={sending}
      />
      <p role="status" className={styles.status}>
        {sent ? t`We sent the links to ${sentTo}.` : ''}
      </p>
      <div>
        <Button type="submit" variant="secondary" isPending={sending}>
          {t`Send links`}
        </Button>
      </div>
    </form>
  );
}
