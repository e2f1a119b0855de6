import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { LoginActor } from '../model/login-flow';
import { Button, FormAlert, TextField } from '@/shared/ui';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import styles from './login-form.module.css';

/**
 * Code entry, for both the OTP and the SMS flow (one view: only the heading and the hint differ;
 * SMS shows the masked phone and the message's identifier). The code exchange keeps this screen,
 * its button pending (tag `busy`). A refused code moves focus to the code field when it is invalid, else to the message.
 */
export function CodeStep({ actor, via }: { actor: LoginActor; via: 'otp' | 'sms' }) {
  const { t, i18n } = useLingui();
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const sms = via === 'sms';
  const phoneNumber = context.reply?.phoneNumber ?? '';
  const smsIdentifier = context.reply?.smsIdentifier ?? '';
  const codeError = context.fieldErrors.code ? i18n._(context.fieldErrors.code) : null;
  const error = uiMessageText(i18n, context.error);
  const ref = useFocusOnRejectedSubmit(context.attempts);
  return (
    <form
      ref={ref}
      className={styles.panel}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT_CODE' });
      }}
    >
      <h2>{sms ? t`Enter the code we sent by SMS` : t`Enter the one-time code`}</h2>
      {sms ? <p>{t`Sent to ${phoneNumber}. The message is marked ${smsIdentifier}.`}</p> : <p>{t`Open your authenticator app and enter the code.`}</p>}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label={t`Code`}
        value={context.code}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'code', value })}
        errorMessage={codeError}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={busy}>{t`Confirm`}</Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })}>{t`Back`}</Button>
      </div>
    </form>
  );
}
