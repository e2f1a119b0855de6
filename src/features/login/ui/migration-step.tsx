import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { LoginActor } from '../model/login-flow';
import { Button } from '@/shared/ui';
import styles from './login-form.module.css';

/**
 * Moving two-factor to the mobile app before the flow (spec 000 s3): soft (continue for now, with
 * the days left) or strict (tag `migration:strict`: only back).
 */
export function MigrationStep({ actor }: { actor: LoginActor }) {
  const { t } = useLingui();
  const strict = useSelector(actor, (s) => s.hasTag('migration:strict'));
  const migration = useSelector(actor, (s) => s.context.reply?.migration);
  const daysLeft = migration?.daysLeft ?? 0;
  return (
    <section aria-labelledby="migration-title" className={styles.panel}>
      <h2 id="migration-title">{t`Approve sign-ins with the mobile app`}</h2>
      {strict ? (
        <p role="alert">{t`Two-factor approval in the mobile app is now required. Install the app and link this account to continue.`}</p>
      ) : (
        <p>{t`Soon sign-ins must be approved in the mobile app. Days left: ${daysLeft}`}</p>
      )}
      {/* strat (spec 000 s3): migrate an existing second factor, or enable push for the first time. */}
      {migration?.strat === 'migrate' ? <p>{t`Your sign-in codes move to the mobile app: once it is linked, you approve sign-ins there.`}</p> : null}
      {migration?.strat === 'enable' ? <p>{t`Turn on sign-in approval in the mobile app to protect your account.`}</p> : null}
      <p>
        <Link to="/scp-mobile" onClick={() => actor.send({ type: 'GET_APP' })}>
          {t`Get the mobile app`}
        </Link>
      </p>
      <div className={styles.actions}>
        {strict ? null : <Button onPress={() => actor.send({ type: 'CONTINUE' })}>{t`Continue for now`}</Button>}
        <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })}>{t`Back`}</Button>
      </div>
    </section>
  );
}
