import { QRCodeSVG } from 'qrcode.react';
import { useLingui } from '@lingui/react/macro';
import styles from './login-form.module.css';

/**
 * The QR code of the push sign-in's deeplink, in a chunk of its own (qrcode.react): only the push
 * step loads it. Its box is `.qrCode`, the same as the placeholder shown while it loads.
 */
export function PushQrCode({ value }: { value: string }) {
  const { t } = useLingui();
  return <QRCodeSVG value={value} size={168} role="img" aria-label={t`QR code to approve the sign-in`} className={styles.qrCode} />;
}
