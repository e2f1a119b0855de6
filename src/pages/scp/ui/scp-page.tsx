import { useLingui } from '@lingui/react/macro';
import { LoginForm } from '@/features/login';
import { usePageTitle } from '@/shared/lib';
import styles from './scp-page.module.css';

/**
 * /scp: the second step of a sign-in that is approved on the phone (push, device verification).
 * Reachable only while a login result exists (the route guard); the shared sign-in actor drives it.
 */
export function ScpPage() {
  const { t } = useLingui();
  usePageTitle(t`Approve the sign-in`);
  return (
    <section className={styles.page} aria-label={t`Approve the sign-in`}>
      <LoginForm />
    </section>
  );
}
