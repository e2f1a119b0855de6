import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { reauthenticationMachine } from '@machines/settings/reauthentication.machine';
import { uiMessageText } from '@/shared/lib';
import { Button, FormAlert, PasswordField, TextField } from '@/shared/ui';
import styles from './reauthentication-form.module.css';

export type ReauthenticationActor = ActorRefFrom<typeof reauthenticationMachine>;

/**
 * "Confirm it is you" (issue 49, docs/decisions.md "Settings and security: the calls"): the body of
 * the popup the settings statecharts open while their `reauthentication` child runs. The password,
 * then the second factor when two-step verification is on; a wait after too many tries. What the
 * statechart's tags say, nothing more: the step, the failure, the busy state. Cancel ends it.
 */
export function ReauthenticationForm({ actor }: { actor: ReauthenticationActor }) {
  const { t, i18n } = useLingui();
  const step = useSelector(actor, (s) => (s.hasTag('lockedOut') ? 'lockedOut' : s.hasTag('codeEntry') ? 'code' : s.hasTag('password') ? 'password' : null));
  const password = useSelector(actor, (s) => s.context.password);
  const code = useSelector(actor, (s) => s.context.code);
  const secondFactor = useSelector(actor, (s) => s.context.secondFactor);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const cancel = () => actor.send({ type: 'CANCEL' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  if (step === null) return null;
  if (step === 'lockedOut') {
    return (
      <div className={styles.form}>
        <FormAlert>{failure}</FormAlert>
        <div className={styles.buttons}>
          <Button variant="secondary" onPress={cancel}>
            {t`Cancel`}
          </Button>
        </div>
      </div>
    );
  }
  const where =
    secondFactor === 'otp'
      ? t`Type the code your authenticator app shows.`
      : secondFactor === 'push'
        ? t`Type the code the app on your linked phone shows.`
        : t`We sent a code by SMS to your phone.`;
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      {step === 'password' ? (
        <>
          <p className={styles.text}>{t`For your security, enter your password to continue.`}</p>
          <PasswordField
            label={t`Your password`}
            value={password}
            onChange={(value) => actor.send({ type: 'PASSWORD', value })}
            autoComplete="current-password"
            errorMessage={failure}
            isRequired
            isReadOnly={busy}
            autoFocus
          />
        </>
      ) : (
        <>
          <p className={styles.text}>{where}</p>
          <TextField
            label={t`Code`}
            value={code}
            onChange={(value) => actor.send({ type: 'CODE', value })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={14}
            errorMessage={failure}
            isRequired
            isReadOnly={busy}
            autoFocus
          />
        </>
      )}
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Continue`}
        </Button>
        <Button variant="secondary" onPress={cancel}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
