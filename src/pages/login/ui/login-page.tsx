import { Trans, useLingui } from '@lingui/react/macro';
import { useBrand } from '@/shared/model';
import { usePageTitle } from '@/shared/lib';
import { LoginForm } from '@/features/login';
import styles from './login-page.module.css';

/** /login: the entry route; the sign-in flows live in the login feature's statechart. */
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
      <LoginForm />
    </section>
  );
}
