import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accountRecoveryMachine } from '@machines/auth/account-recovery.machine';
import { codeProblem, passwordChecks, passwordErrors, requestErrors, RECOVERY_STEPS, type RecoveryProblem, type RecoveryStep } from '@machines/auth/account-recovery.rules';
import { focusFirstInvalidSoon, uiMessageText } from '@/shared/lib';
import { Button, FormAlert, PasswordField, TextField } from '@/shared/ui';
import { RECOVERY_PROBLEMS, RECOVERY_TITLES } from './recovery-texts';
import styles from './account-recovery.module.css';

export type AccountRecoveryActor = ActorRefFrom<typeof accountRecoveryMachine>;

export interface AccountRecoveryViewProps {
  actor: AccountRecoveryActor;
  /** Where a final rejection sends the user: the brand's support (an e-mail address or a page). */
  support: { email: string; phone?: string | undefined };
  /** The sign-in page, as a link (the app's router link; Storybook gives a plain one). */
  signInLink: (children: ReactNode) => ReactNode;
}

/** The step the statechart is on (its tag). */
export const recoveryStepOf = (snapshot: { hasTag: (tag: never) => boolean }): RecoveryStep =>
  RECOVERY_STEPS.find((step) => (snapshot.hasTag as (tag: string) => boolean)(step)) ?? 'email';

/**
 * /account-recovery/<step> (002 s2, s3): the recovery statechart's view. Each step's
 * heading takes the focus when the step changes; errors show once a submit was tried; failures
 * (the service's words, or a 429's wait) show above the button and keep everything typed.
 */
export function AccountRecoveryView({ actor, support, signInLink }: AccountRecoveryViewProps) {
  const { t, i18n } = useLingui();
  const step = useSelector(actor, recoveryStepOf);
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  const problem = (value: RecoveryProblem | null | undefined) => (value && context.shown ? i18n._(RECOVERY_PROBLEMS[value]) : null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
    // The first field with a problem gets the focus once a submit was refused (after the errors are drawn).
    focusFirstInvalidSoon(event.currentTarget);
  };
  const change = (field: 'email' | 'firstName' | 'lastName' | 'dob' | 'code' | 'password' | 'passwordRepeat') => (value: string) => actor.send({ type: 'CHANGE', field, value });
  const alert = failure ? <FormAlert>{failure}</FormAlert> : null;
  const startOver = (
    <Button variant="ghost" onPress={() => actor.send({ type: 'START_OVER' })} isDisabled={busy}>
      {t`Start over`}
    </Button>
  );
  let body: ReactNode;
  switch (step) {
    case 'email': {
      const errors = requestErrors(context.values, context.today);
      body = (
        <form className={styles.form} onSubmit={submit} noValidate data-recovery aria-busy={busy}>
          {context.notice === 'startAgain' ? (
            <p className={styles.notice} role="status">
              {t`This recovery could not be resumed here. Start again: nothing has been changed.`}
            </p>
          ) : null}
          <p>{t`Give the e-mail you sign in with and your personal data as they are on your account. If they match, we send a code to that e-mail.`}</p>
          <TextField type="email" label={t`E-mail`} value={context.values.email} onChange={change('email')} errorMessage={problem(errors.email)} autoComplete="email" isRequired isDisabled={busy} maxLength={254} />
          <div className={styles.pair}>
            <TextField label={t`First name`} value={context.values.firstName} onChange={change('firstName')} errorMessage={problem(errors.firstName)} autoComplete="given-name" isRequired isDisabled={busy} maxLength={100} />
            <TextField label={t`Last name`} value={context.values.lastName} onChange={change('lastName')} errorMessage={problem(errors.lastName)} autoComplete="family-name" isRequired isDisabled={busy} maxLength={100} />
          </div>
          <TextField type="date" label={t`Date of birth`} value={context.values.dob} onChange={change('dob')} errorMessage={problem(errors.dob)} autoComplete="bday" isRequired isDisabled={busy} />
          {alert}
          <div className={styles.buttons}>
            <Button type="submit" isPending={busy}>
              {t`Send me a code`}
            </Button>
            {signInLink(t`Back to sign in`)}
          </div>
        </form>
      );
      break;
    }
    case 'status': {
      const address = context.recoveryEmail ?? '';
      body =
        context.verificationStatus === 'approved' ? (
          <div className={styles.form}>
            <p>{t`If an account uses this e-mail and your data match it, we sent a code to ${address}. It is valid for 15 minutes. Check your spam folder too.`}</p>
            <p>{t`No code after a few minutes? Check the e-mail, name and date of birth you typed and send them again.`}</p>
            <div className={styles.buttons}>
              <Button onPress={() => actor.send({ type: 'CONTINUE' })}>{t`I have the code`}</Button>
              <Button variant="secondary" onPress={() => actor.send({ type: 'TRY_AGAIN' })}>{t`Change the details`}</Button>
              {startOver}
            </div>
          </div>
        ) : context.isRetryable ? (
          <div className={styles.form}>
            <p className={styles.problem} role="alert">
              {context.rejectReason ?? t`Your data do not match our records.`}
            </p>
            <p>{t`Check your name and date of birth as they are on your account, then try again.`}</p>
            <div className={styles.buttons}>
              <Button onPress={() => actor.send({ type: 'TRY_AGAIN' })}>{t`Try again`}</Button>
              {startOver}
            </div>
          </div>
        ) : (
          <div className={styles.form}>
            <p className={styles.problem} role="alert">
              {context.rejectReason ?? t`We cannot recover this account here.`}
            </p>
            <p>
              {t`Contact support to recover your account:`} <a href={`mailto:${support.email}`}>{support.email}</a>
              {support.phone ? (
                <>
                  {' · '}
                  <a href={`tel:${support.phone}`}>{support.phone}</a>
                </>
              ) : null}
            </p>
            <div className={styles.buttons}>
              {startOver}
              {signInLink(t`Back to sign in`)}
            </div>
          </div>
        );
      break;
    }
    case 'reset': {
      const address = context.recoveryEmail ?? '';
      body = (
        <form className={styles.form} onSubmit={submit} noValidate data-recovery aria-busy={busy}>
          {context.notice === 'codeAgain' ? (
            <p className={styles.notice} role="status">
              {t`For your security the code is not kept when the page reloads: type it again.`}
            </p>
          ) : null}
          <p>{t`Type the 6-digit code we sent to ${address}.`}</p>
          <TextField
            label={t`Code from the e-mail`}
            value={context.code}
            onChange={change('code')}
            errorMessage={problem(codeProblem(context.code))}
            inputMode="numeric"
            autoComplete="one-time-code"
            isRequired
            isDisabled={busy}
            maxLength={12}
          />
          {alert}
          <div className={styles.buttons}>
            <Button type="submit" isPending={busy}>
              {t`Check the code`}
            </Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'NEW_CODE' })} isDisabled={busy}>
              {t`Send a new code`}
            </Button>
            {startOver}
          </div>
        </form>
      );
      break;
    }
    case 'password': {
      const errors = passwordErrors(context.password, context.passwordRepeat);
      const checks = passwordChecks(context.password);
      const rule = (met: boolean, text: string) => (
        <li data-met={met || undefined}>
          <span aria-hidden="true">{met ? '✓' : '○'}</span> {text}
          <span className={styles.visuallyHidden}>{met ? t`(met)` : t`(not yet)`}</span>
        </li>
      );
      body = (
        <form className={styles.form} onSubmit={submit} noValidate data-recovery aria-busy={busy}>
          <PasswordField
            label={t`New password`}
            value={context.password}
            onChange={change('password')}
            errorMessage={problem(errors.password)}
            autoComplete="new-password"
            isRequired
            isDisabled={busy}
            maxLength={128}
          />
          <ul className={styles.rules} aria-label={t`The password needs`}>
            {rule(checks.length, t`8 to 128 characters`)}
            {rule(checks.letter, t`a letter`)}
            {rule(checks.digit, t`a digit`)}
          </ul>
          <PasswordField
            label={t`Repeat the new password`}
            value={context.passwordRepeat}
            onChange={change('passwordRepeat')}
            errorMessage={problem(errors.passwordRepeat)}
            autoComplete="new-password"
            isRequired
            isDisabled={busy}
            maxLength={128}
          />
          {alert}
          <div className={styles.buttons}>
            <Button type="submit" isPending={busy}>
              {t`Save the new password`}
            </Button>
            {startOver}
          </div>
        </form>
      );
      break;
    }
    case 'success':
      body = (
        <div className={styles.form}>
          <p>{t`Your password is changed. Sign in with your e-mail and the new password.`}</p>
          <div className={styles.buttons}>{signInLink(t`Sign in`)}</div>
        </div>
      );
      break;
  }
  return (
    <section className={styles.page} aria-labelledby="recovery-title">
      <h1 id="recovery-title" ref={heading} tabIndex={-1} className={styles.title}>
        {i18n._(RECOVERY_TITLES[step])}
      </h1>
      {body}
    </section>
  );
}
