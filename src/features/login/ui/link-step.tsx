import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { LoginActor } from '../model/login-flow';
import { useBrand } from '@/shared/model';
import { Button, Preloader } from '@/shared/ui';
import styles from './login-form.module.css';

/**
 * A sign-in link (`/login?code=&codeVerifier=`, spec 000 s2) never signs anyone in unasked (issue
 * 47): the app asks the auth service whose sign-in it is, then "Continue as <login>?". Continue
 * exchanges the code (its button pending, tag `busy`); "Not me" drops the link and shows the form.
 * The login is the service's text, shown as text.
 */
export function LinkStep({ actor }: { actor: LoginActor }) {
  const { t } = useLingui();
  const brandName = useBrand().config.displayName;
  const linkUser = useSelector(actor, (s) => s.context.linkUser);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  if (linkUser === null) return <Preloader label={t`Checking the sign-in link…`} />;
  return (
    <section aria-labelledby="link-title" className={styles.panel}>
      <h2 id="link-title" tabIndex={-1}>
        {t`Continue as ${linkUser}?`}
      </h2>
      <p>{t`This link signs you in to ${brandName} as ${linkUser}. Continue only if this is your account and you opened the link yourself.`}</p>
      <div className={styles.actions}>
        <Button isPending={busy} onPress={() => actor.send({ type: 'CONTINUE' })} autoFocus>
          {t`Continue`}
        </Button>
        <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'BACK' })}>
          {t`Not me`}
        </Button>
      </div>
    </section>
  );
}
