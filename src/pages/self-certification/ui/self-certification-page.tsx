import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PersonalCertificationForm, type PersonalCertificationLogic } from '@/features/certify-personal';
import { usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import styles from './self-certification-page.module.css';

export interface SelfCertificationPageProps {
  /** Injectable for stories (fake load and submit); default the app's calls. */
  logic?: PersonalCertificationLogic;
}

/**
 * /self-certification (spec 002 s3 FATCA/CRS certification; issue 28): why the bank asks, and the
 * personal self-certification form. Once certified the verification status is read again.
 */
export function SelfCertificationPage({ logic }: SelfCertificationPageProps) {
  const { t } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Tax self-certification`, config.displayName);
  return (
    <section className={styles.page} aria-labelledby="self-certification-title">
      <h1 id="self-certification-title">{t`Tax self-certification`}</h1>
      <p className={styles.intro}>{t`Banks must know where you pay taxes (FATCA and CRS). Tell us your tax residences and tax ids.`}</p>
      <PersonalCertificationForm {...(logic ? { logic } : {})} />
    </section>
  );
}

/** /self-certification-splash (002 s2 start-page ordering): the certification is due; a way to start it. */
export function SelfCertificationSplashPage() {
  const { t } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Tell us where you pay taxes`, config.displayName);
  return (
    <section className={styles.page} aria-labelledby="self-certification-splash-title">
      <h1 id="self-certification-splash-title">{t`Tell us where you pay taxes`}</h1>
      <p className={styles.intro}>{t`Banks must know where you pay taxes (FATCA and CRS). Tell us your tax residences and tax ids.`}</p>
      <p className={styles.start}>
        <Link to="/self-certification" className={styles.linkButton}>
          {t`Start the self-certification`}
        </Link>
      </p>
    </section>
  );
}
