import { useLingui } from '@lingui/react/macro';
import { Button, FailureIcon, SuccessIcon, TextField } from '@/shared/ui';
import styles from './reauthentication-form.module.css';

export interface SmsCodeFormProps {
  code: string;
  /** Where the code went (masked), when the service said. */
  sentTo: string;
  /** The first characters of the SMS (001 s7 smsIdentifier), when the service said. */
  smsIdentifier: string;
  busy: boolean;
  /** Why the last code was refused, translated. */
  error: string | null;
  /** A new code was sent (said in a status line). */
  resent?: boolean;
  onCode: (value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
  /** "Send a new code", when the change offers it. */
  onResend?: () => void;
}

/**
 * The code sent by SMS that confirms a settings change (001 s3 popups "SMS code", "change-password
 * approval"): where it went, the code, Confirm, a new code when offered, Cancel. The body of the
 * change's popup; what it shows comes from the change's statechart.
 */
export function SmsCodeForm({ code, sentTo, smsIdentifier, busy, error, resent, onCode, onConfirm, onCancel, onResend }: SmsCodeFormProps) {
  const { t } = useLingui();
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
    >
      <p className={styles.text}>{sentTo ? t`We sent a code by SMS to ${sentTo}.` : t`We sent you a code by SMS.`}</p>
      {smsIdentifier ? <p className={styles.text}>{t`The message starts with ${smsIdentifier}.`}</p> : null}
      {onResend ? (
        <p role="status" className={styles.status}>
          {resent ? t`A new code is on its way.` : ''}
        </p>
      ) : null}
      <TextField
        label={t`Code`}
        value={code}
        onChange={onCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={14}
        errorMessage={error}
        isRequired
        isReadOnly={busy}
        autoFocus
      />
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Confirm`}
        </Button>
        {onResend ? (
          <Button variant="secondary" isDisabled={busy} onPress={onResend}>
            {t`Send a new code`}
          </Button>
        ) : null}
        <Button variant="secondary" isDisabled={busy && !onResend} onPress={onCancel}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}

/**
 * The end of a settings change in its popup (001 s8 response popup, s9 success approval): the icon,
 * the text, a note, Try again when it failed, Close (focused).
 */
export function SettingsResult({ good, text, note, onRetry, onClose }: { good: boolean; text: string | null; note?: string; onRetry?: () => void; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div className={styles.result}>
      <span className={good ? styles.good : styles.bad} aria-hidden="true">
        {good ? <SuccessIcon /> : <FailureIcon />}
      </span>
      <p className={styles.text}>{text}</p>
      {note ? <p className={styles.text}>{note}</p> : null}
      <div className={styles.buttons}>
        {onRetry ? <Button onPress={onRetry}>{t`Try again`}</Button> : null}
        <Button variant={onRetry ? 'secondary' : 'primary'} onPress={onClose} autoFocus>
          {t`Close`}
        </Button>
      </div>
    </div>
  );
}
