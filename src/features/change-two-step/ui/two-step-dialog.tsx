import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { settingsMessages } from '@machines/settings/settings-messages';
import { ReauthenticationForm, type ReauthenticationActor } from '@/entities/security';
import { uiMessageText } from '@/shared/lib';
import { Button, Dialog, FailureIcon, Preloader, SuccessIcon, TextField } from '@/shared/ui';
import type { twoStepModeLogic } from '../model/two-step-actors';
import styles from './two-step.module.css';

type TwoStepActor = ActorRefFrom<typeof twoStepModeLogic>;
type View = 'reauthenticating' | 'code' | 'sending' | 'failed' | 'success' | null;

/**
 * The popups of a two-step change (001 s2 "SMS code", "success approval"; s8 response popup), one
 * dialog whose content follows the statechart: confirm it is you, the code sent by SMS, the
 * failure with Try again, the success that closes itself. Closing cancels the step it is in.
 */
export function TwoStepDialog({ actor }: { actor: TwoStepActor }) {
  const { t, i18n } = useLingui();
  const view = useSelector(actor, (s): View => {
    if (!s.hasTag('popup')) return null;
    if (s.hasTag('reauthenticating')) return 'reauthenticating';
    if (s.hasTag('codeEntry')) return 'code';
    if (s.hasTag('failed')) return 'failed';
    if (s.hasTag('success')) return 'success';
    return 'sending';
  });
  const child = useSelector(actor, (s) => s.children.reauthentication as ReauthenticationActor | undefined);
  if (view === null) return null;
  const title =
    view === 'reauthenticating' ? t`Confirm it is you` : view === 'failed' ? t`Error` : view === 'success' ? t`Success` : view === 'sending' ? t`Two-step verification` : t`Enter the code from the SMS`;
  const close = () => {
    if (view === 'reauthenticating') child?.send({ type: 'CANCEL' });
    else if (view === 'code') actor.send({ type: 'CANCEL' });
    else if (view === 'failed' || view === 'success') actor.send({ type: 'CLOSE' });
  };
  return (
    <Dialog isOpen role={view === 'failed' ? 'alertdialog' : 'dialog'} onClose={close} title={title}>
      {view === 'reauthenticating' && child ? <ReauthenticationForm actor={child} /> : null}
      {view === 'sending' ? <Preloader label={t`Sending the code…`} /> : null}
      {view === 'code' ? <CodeBody actor={actor} /> : null}
      {view === 'failed' || view === 'success' ? <ResultBody actor={actor} good={view === 'success'} text={view === 'success' ? i18n._(settingsMessages.twoStepChanged) : null} /> : null}
    </Dialog>
  );
}

function CodeBody({ actor }: { actor: TwoStepActor }) {
  const { t, i18n } = useLingui();
  const code = useSelector(actor, (s) => s.context.code);
  const phoneNumber = useSelector(actor, (s) => s.context.requested?.phoneNumber ?? '');
  const smsIdentifier = useSelector(actor, (s) => s.context.requested?.smsIdentifier ?? '');
  const resent = useSelector(actor, (s) => s.context.resent);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.codeError));
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'CONFIRM' });
      }}
    >
      <p className={styles.text}>{phoneNumber ? t`We sent a code by SMS to ${phoneNumber}.` : t`We sent you a code by SMS.`}</p>
      {smsIdentifier ? <p className={styles.text}>{t`The message starts with ${smsIdentifier}.`}</p> : null}
      <p role="status" className={styles.status}>
        {resent ? t`A new code is on its way.` : ''}
      </p>
      <TextField
        label={t`Code`}
        value={code}
        onChange={(value) => actor.send({ type: 'CODE', value })}
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
        <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'RESEND' })}>
          {t`Send a new code`}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}

function ResultBody({ actor, good, text }: { actor: TwoStepActor; good: boolean; text: string | null }) {
  const { t, i18n } = useLingui();
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  return (
    <div className={styles.result}>
      <span className={good ? styles.good : styles.bad} aria-hidden="true">
        {good ? <SuccessIcon /> : <FailureIcon />}
      </span>
      <p className={styles.text}>{good ? text : failure}</p>
      <div className={styles.buttons}>
        {!good ? <Button onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button> : null}
        <Button variant={good ? 'primary' : 'secondary'} onPress={() => actor.send({ type: 'CLOSE' })} autoFocus>
          {t`Close`}
        </Button>
      </div>
    </div>
  );
}
