import { Trans, useLingui } from '@lingui/react/macro';
import { useBrand } from '@/shared/model';
import { usePageTitle } from '@/shared/lib';
import { LoginForm } from '@/features/login';
import { Link, useSearch } from '@tanstack/react-router';

/** `?emailConfirmation=success|fail` from the confirmation e-mail's link (spec 000 s2). */
function EmailConfirmation() {
  const { t } = useLingui();
  // Non-strict: typed by the registered routes, and the page also renders outside its route (Storybook).
  const { emailConfirmation } = useSearch({ strict: false });
  if (emailConfirmation === 'success') {
    return (
      <p role="status" className={styles.confirmed}>
        {t`Your E-mail address has been confirmed!`}
      </p>
    );
  }
  if (emailConfirmation === 'fail') {
    return (
      <div role="alert" className={styles.failed}>
        <h2 className={styles.failedTitle}>{t`E-MAIL CONFIRMATION`}</h2>
        <p>{t`An error has occurred. Please contact us.`}</p>
      </div>
    );
  }
  return null;
}
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
      <EmailConfirmation />
      <LoginForm />
      {/* Account recovery (002 s2), in every brand. */}
      <p className={styles.register}>
        <Link to="/account-recovery/$step" params={{ step: 'email' }} className={styles.recovery}>
          {t`Forgot password?`}
        </Link>
      </p>
      {/* Registration where the brand allows it (002 s1: off for four brands). */}
      {config.features.registration ? (
        <p className={styles.register}>
          {t`New to ${brandName}?`} <Link to="/register">{t`Open an account`}</Link>
        </p>
      ) : null}
    </section>
  );
}
