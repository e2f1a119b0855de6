import { useMemo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { BusinessCertificationForm, type BusinessCertificationLogic } from '@/features/certify-business';
import { certifyLogicFor, PersonalCertificationForm, type PersonalCertificationLogic } from '@/features/certify-personal';
import { DEFAULT_LANGUAGE, parseLanguage } from '@/shared/config';
import { usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import { buttonClass } from '@/shared/ui';
import styles from './self-certification-page.module.css';

export interface SelfCertificationPageProps {
  /** Injectable for stories (fake load and submit); default the app's calls. */
  logic?: PersonalCertificationLogic;
}

export interface BusinessSelfCertificationPageProps {
  /** Injectable for stories (fake load and submit); default the app's calls. */
  logic?: BusinessCertificationLogic;
}

/** A certification page: its title (also the document's), why the bank asks, and the form. */
function CertificationPage({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  const { config } = useBrand();
  usePageTitle(title, config.displayName);
  return (
    <section className={styles.page} aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p className={styles.intro}>{intro}</p>
      {children}
    </section>
  );
}

/**
 * /self-certification (spec 002 s3 FATCA/CRS certification): why the bank asks, and the
 * personal self-certification form. Once certified the verification status is read again.
 */
export function SelfCertificationPage({ logic }: SelfCertificationPageProps) {
  const { t } = useLingui();
  return (
    <CertificationPage id="self-certification-title" title={t`Tax self-certification`} intro={t`Banks must know where you pay taxes (FATCA and CRS). Tell us your tax residences and tax ids.`}>
      <PersonalCertificationForm {...(logic ? { logic } : {})} />
    </CertificationPage>
  );
}

/**
 * /self-certification-business (002 s2: loads shareholders and directors; s3): the
 * company's FATCA/CRS self-certification; once certified the start page follows without a reload.
 */
export function BusinessSelfCertificationPage({ logic }: BusinessSelfCertificationPageProps) {
  const { t } = useLingui();
  return (
    <CertificationPage
      id="business-self-certification-title"
      title={t`Company tax self-certification`}
      intro={t`Banks must know where companies pay taxes and who controls them (FATCA and CRS). Answer a few questions about the company.`}
    >
      <BusinessCertificationForm {...(logic ? { logic } : {})} />
    </CertificationPage>
  );
}

export interface RepresentativeCertificationPageProps {
  /** Injectable for stories (fake load and submit); default the representative calls. */
  logic?: PersonalCertificationLogic;
}

/**
 * /self-certification-representative (002 s2): a company's representative certifies their
 * own tax residences through their link, without signing in (the secret is held by the route).
 */
export function RepresentativeCertificationPage({ logic }: RepresentativeCertificationPageProps) {
  const { t, i18n } = useLingui();
  const representativeLogic = useMemo(() => logic ?? certifyLogicFor(parseLanguage(i18n.locale) ?? DEFAULT_LANGUAGE, 'representative'), [logic, i18n.locale]);
  return (
    <CertificationPage
      id="representative-certification-title"
      title={t`Your tax self-certification`}
      intro={t`The company you represent must know where you pay taxes (FATCA and CRS). Tell us your tax residences and tax ids.`}
    >
      <PersonalCertificationForm logic={representativeLogic} />
    </CertificationPage>
  );
}

/** A splash (002 s2 start-page ordering): the certification is due; a way to start it. */
function Splash({ id, title, intro, to, start }: { id: string; title: string; intro: string; to: '/self-certification' | '/self-certification-business'; start: string }) {
  return (
    <CertificationPage id={id} title={title} intro={intro}>
      <p className={styles.start}>
        <Link to={to} className={buttonClass('primary')}>
          {start}
        </Link>
      </p>
    </CertificationPage>
  );
}

/** /self-certification-splash: the personal certification is due. */
export function SelfCertificationSplashPage() {
  const { t } = useLingui();
  return (
    <Splash
      id="self-certification-splash-title"
      title={t`Tell us where you pay taxes`}
      intro={t`Banks must know where you pay taxes (FATCA and CRS). Tell us your tax residences and tax ids.`}
      to="/self-certification"
      start={t`Start the self-certification`}
    />
  );
}

/** /self-certification-business-splash: the company's certification is due. */
export function BusinessSelfCertificationSplashPage() {
  const { t } = useLingui();
  return (
    <Splash
      id="business-self-certification-splash-title"
      title={t`Tell us where the company pays taxes`}
      intro={t`Banks must know where companies pay taxes and who controls them (FATCA and CRS). Answer a few questions about the company.`}
      to="/self-certification-business"
      start={t`Start the company’s self-certification`}
    />
  );
}
