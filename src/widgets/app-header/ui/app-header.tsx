import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LanguageSwitch } from '@/features/switch-language';
import { SignOutButton } from '@/features/logout';
import { useSessionActor } from '@/entities/session';
import { useBrand } from '@/shared/model';
import styles from './app-header.module.css';

/** The header of every layout: brand logo (home link), security settings when signed in, the language switch, sign-out. */
export function AppHeader() {
  const { t } = useLingui();
  const brand = useBrand();
  const brandName = brand.config.displayName;
  const signedIn = useSelector(useSessionActor(), (s) => s.hasTag('signedIn'));
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logoLink} aria-label={t`${brandName}: home`}>
        <img src={brand.logoUrl} alt="" className={styles.logo} width={160} height={40} />
      </Link>
      <nav aria-label={t`Preferences`} className={styles.tools}>
        {signedIn ? (
          <Link to="/settings/devices" className={styles.toolLink}>
            {t`Security and devices`}
          </Link>
        ) : null}
        <LanguageSwitch />
        <SignOutButton />
      </nav>
    </header>
  );
}
