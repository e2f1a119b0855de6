import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { KycWizard, ProfileUpdateForm, type KycLogic, type ProfileUpdateLogic } from '@/features/complete-kyc';
import { StartIdentityVerification } from '@/features/verify-identity';
import { usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import styles from './kyc-page.module.css';

export interface KycPageProps {
  /** Injectable for stories (fake calls); default the app's calls. */
  logic?: KycLogic;
  /** For stories: the identity check's start (default the identity verification feature's). */
  identityStart?: ReactNode;
  /** For stories: the date the rules count from. */
  today?: string;
}

/**
 * /kyc (spec 002 s2 restricted layout: "requires login. If KYC is needed the user is forced here"): why the bank asks, and the KYC request's steps (the identity check started by the
 * identity verification feature). When everything is done the start page opens.
 */
export function KycPage({ logic, identityStart, today }: KycPageProps) {
  const { t } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Identity verification`, config.displayName);
  return (
    <section className={styles.page} aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t`Identity verification`}</h1>
      <p className={styles.intro}>{t`Before you continue, we need to know you better. It takes a few minutes.`}</p>
      <KycWizard {...(logic ? { logic } : {})} {...(today ? { today } : {})} identityStart={identityStart ?? <StartIdentityVerification />} />
    </section>
  );
}

export interface ProfileUpdatePageProps {
  /** Injectable for stories (fake calls); default the app's calls. */
  logic?: ProfileUpdateLogic;
  /** For stories: the date the rules count from. */
  today?: string;
}

/** /profile-update (spec 002 s2; the personal information update request): the personal data to check and save. */
export function ProfileUpdatePage({ logic, today }: ProfileUpdatePageProps) {
  const { t } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Update your profile`, config.displayName);
  return (
    <section className={styles.page} aria-labelledby="profile-update-title">
      <h1 id="profile-update-title">{t`Update your profile`}</h1>
      <p className={styles.intro}>{t`Please review and update your personal details.`}</p>
      <ProfileUpdateForm {...(logic ? { logic } : {})} {...(today ? { today } : {})} />
    </section>
  );
}
