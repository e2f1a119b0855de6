import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { legalInfoQuery, type AcceptedAgreement } from '@/entities/security';
import { AgreementDownloadButton, useSaveAgreement, type SaveAgreement } from '@/features/download-agreement';
import { formatDate, usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import styles from './legal-info-page.module.css';

/**
 * /legal, signed in (001 s2, s7 legal info, agreement download): the brand's terms of service and
 * privacy policy, then the agreements the customer accepted, each with the date it was accepted
 * and its PDF to download (in the mobile app, handed to the app's download).
 */
export function LegalInfoPage() {
  return <LegalInfoView query={useQuery(legalInfoQuery())} download={useSaveAgreement()} />;
}

export type LegalInfoQuery = QueryLike & { data?: readonly AcceptedAgreement[] | undefined };

export function LegalInfoView({ query, download }: { query: LegalInfoQuery; download: SaveAgreement }) {
  const { t } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Legal information`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Legal information`}</h1>
      <section aria-labelledby="legal-documents-title" className={styles.section}>
        <h2 id="legal-documents-title" className={styles.subtitle}>{t`Terms and policies`}</h2>
        <ul className={styles.links}>
          <li>
            <Link to={config.legal.termsPath}>{t`Terms of service`}</Link>
          </li>
          <li>
            <a href={config.legal.privacyUrl} rel="noopener noreferrer" target="_blank">
              {t`Privacy policy`}
              <span className={styles.visuallyHidden}> {t`(opens in a new tab)`}</span>
            </a>
          </li>
        </ul>
      </section>
      <section aria-labelledby="agreements-title" className={styles.section}>
        <h2 id="agreements-title" className={styles.subtitle}>{t`Your agreements`}</h2>
        <QueryState query={query} title={t`Your agreements could not be loaded`} />
        {query.data && query.data.length === 0 ? <EmptyState title={t`No accepted agreements`} message={t`Agreements you accept appear here, each to download.`} /> : null}
        {query.data && query.data.length > 0 ? (
          <ul className={styles.agreements} aria-labelledby="agreements-title">
            {query.data.map((agreement) => (
              <AgreementItem key={agreement.id} agreement={agreement} download={download} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

/** An agreement: its title, when it was accepted, and its download. */
function AgreementItem({ agreement, download }: { agreement: AcceptedAgreement; download: SaveAgreement }) {
  const { i18n } = useLingui();
  const accepted = formatDate(agreement.acceptedAt, i18n.locale);
  return (
    <li className={styles.agreement}>
      <div className={styles.about}>
        <span className={styles.name}>{agreement.name}</span>
        <span className={styles.accepted}>
          <Trans>
            Accepted on <time dateTime={agreement.acceptedAt}>{accepted}</time>
          </Trans>
        </span>
      </div>
      <AgreementDownloadButton agreement={agreement} download={download} />
    </li>
  );
}
