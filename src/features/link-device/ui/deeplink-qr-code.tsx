import { QRCodeSVG } from 'qrcode.react';
import { useLingui } from '@lingui/react/macro';
import styles from './link-device.module.css';

/** The QR code of the link-device deeplink, in a chunk of its own (qrcode.react): only the popup loads it. */
export function DeeplinkQrCode({ value }: { value: string }) {
  const { t } = useLingui();
  return <QRCodeSVG value={value} size={168} role="img" aria-label={t`QR code to link your new phone`} className={styles.qrCode} />;
}
