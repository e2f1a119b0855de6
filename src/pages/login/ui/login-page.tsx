import { Trans, useLingui } from '@lingui/react/macro';
import { useBrand } from '@/shared/model';
import { usePageTitle } from '@/shared/lib';
import styles from './login-page.module.css';

/**
 * /login: the entry route. The sign-in form and its statechart arrive with the login issue;
 * until then the page says so plainly.
 */
export function LoginPage() {
  const { t } = useLingui();
  const { config } = useBrand();
  const brandName = config.displayName;
  usePageTitle(t`Sign in`, brandName);
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <h1 id="login-title">
        <Trans>Sign in to {brandName}</Trans>
      </h1>
      <p className={styles.note}>
        <Trans>Online sign-in is not available yet in this version of the application.</Trans>
      </p>
    </section>
  );
}
