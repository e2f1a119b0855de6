import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LanguageSwitch } from '@/features/switch-language';
import { SignOutButton } from '@/features/logout';
import { useBrand } from '@/shared/model';
import styles from './app-header.module.css';

/** The header of every layout: brand logo (home link) and the language switch. */
export function AppHeader() {
  const { t } = useLingui();
  const brand = useBrand();
  const brandName = brand.config.displayName;
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logoLink} aria-label={t`${brandName}: home`}>
        <img src={brand.logoUrl} alt="" className={styles.logo} width={160} height={40} />
      </Link>
      <nav aria-label={t`Preferences`} className={styles.tools}>
        <LanguageSwitch />
        <SignOutButton />
      </nav>
    </header>
  );
}
