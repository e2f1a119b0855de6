import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LanguageSwitch } from '@/features/switch-language';
import { SignOutButton } from '@/features/logout';
import { useBrand } from '@/shared/model';
import styles from './app-header.module.css';

/**
 * The header of every layout: brand logo (home link), the language switch and sign-out. In the
 * main layout the navigation's menu button comes in through `menuButton` and, below the tablet
 * breakpoint, sign-out moves into the navigation panel so the header fits a 320 px screen.
 * `notices` is the signed-in header's link to the news with its unread count.
 */
export function AppHeader({ menuButton, notices }: { menuButton?: ReactNode; notices?: ReactNode }) {
  const { t } = useLingui();
  const brand = useBrand();
  const brandName = brand.config.displayName;
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logoLink} aria-label={t`${brandName}: home`}>
        <img src={brand.logoUrl} alt="" className={styles.logo} width={160} height={40} />
      </Link>
      <div className={styles.tools}>
        {notices}
        <LanguageSwitch />
        <div className={menuButton ? styles.signOutWide : styles.signOut}>
          <SignOutButton />
        </div>
        {menuButton}
      </div>
    </header>
  );
}
