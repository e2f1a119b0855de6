import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoginActor } from '../model/login-flow';
import { Button, FormAlert, PasswordField, TextField } from '@/shared/ui';
import { uiMessageText, useFocusOnRejectedSubmit, useIsPrerendered } from '@/shared/lib';
import styles from './login-form.module.css';

/**
 * Step one: e-mail and password. The button shows progress while the sign-in call is in flight
 * (tag `busy`); a refused submit moves focus to the first invalid field, else to the message.
 */
export function CredentialsStep({ actor }: { actor: LoginActor }) {
  const { t, i18n } = useLingui();
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const fieldError = (f: 'username' | 'password') => {
    const d = context.fieldErrors[f];
    return d ? i18n._(d) : null;
  };
  const error = uiMessageText(i18n, context.error);
  const ref = useFocusOnRejectedSubmit(context.attempts);
  // The build's prerendered page (issue 48) can be filled before the code arrives; it is sent once the app has taken over.
  const prerendered = useIsPrerendered();
  return (
    <form
      ref={ref}
      className={styles.panel}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label={t`E-mail`}
        type="email"
        autoComplete="username"
        value={context.username}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'username', value })}
        errorMessage={fieldError('username')}
      />
      <PasswordField
        label={t`Password`}
        value={context.password}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'password', value })}
        errorMessage={fieldError('password')}
      />
      <Button type="submit" isPending={busy} isDisabled={prerendered}>
        <Trans>Sign in</Trans>
      </Button>
    </form>
  );
}
