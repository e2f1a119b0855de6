import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { LoginActor } from '../model/login-flow';
import { Button } from '@/shared/ui';
import styles from './login-form.module.css';

/** New terms to accept before signing in: accepting makes the sign-in request again; declining goes back. */
export function TermsStep({ actor }: { actor: LoginActor }) {
  const { t } = useLingui();
  const terms = useSelector(actor, (s) => s.context.terms);
  if (!terms) return null;
  return (
    <section aria-labelledby="terms-title" className={styles.panel}>
      <h2 id="terms-title">{terms.title}</h2>
      <p className={styles.terms}>{terms.text}</p>
      <div className={styles.actions}>
        <Button onPress={() => actor.send({ type: 'ACCEPT_TERMS' })}>{t`Accept and continue`}</Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'DECLINE_TERMS' })}>{t`Decline`}</Button>
      </div>
    </section>
  );
}
