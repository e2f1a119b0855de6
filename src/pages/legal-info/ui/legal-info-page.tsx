import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { formatDate, uiMessageText, usePageTitle } from '@/shared/lib';
import { inspectOptions, useBrand, useMobileApp } from '@/shared/model';
import { Button, EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { legalInfoQuery, type AcceptedAgreement } from '../api/legal-info';
import { agreementDownloadLogic, saveAgreement } from '../model/agreement-download';
import styles from './legal-info-page.module.css';

/**
 * /legal, signed in (001 s2, s7 legal info, agreement download): the brand's terms of service and
 * privacy policy, then the agreements the customer accepted, each with the date it was accepted
 * and its PDF to download (in the mobile app, handed to the app's download).
 */
export function LegalInfoPage() {
  const mobileApp = useMobileApp();
  return <LegalInfoView query={useQuery(legalInfoQuery())} download={(agreement) => saveAgreement(agreement, mobileApp)} />;
}

export type LegalInfoQuery = QueryLike & { data?: readonly AcceptedAgreement[] | undefined };

export function LegalInfoView({ query, download }: { query: LegalInfoQuery; download: (agreement: AcceptedAgreement) => Promise<void> }) {
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

/** An agreement: its title, when it was accepted, and "Download" (busy while it works; a failure said beside it, pressed again it tries again). */
function AgreementItem({ agreement, download }: { agreement: AcceptedAgreement; download: (agreement: AcceptedAgreement) => Promise<void> }) {
  const { i18n } = useLingui();
  const actor = useActorRef(
    agreementDownloadLogic(() => download(agreement)),
    inspectOptions(),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  const accepted = formatDate(agreement.acceptedAt, i18n.locale);
  const name = agreement.name;
  return (
    <li className={styles.agreement}>
      <div className={styles.about}>
        <span className={styles.name}>{name}</span>
        <span className={styles.accepted}>
          <Trans>
            Accepted on <time dateTime={agreement.acceptedAt}>{accepted}</time>
          </Trans>
        </span>
      </div>
      <div className={styles.download}>
        <Button variant="secondary" isPending={busy} onPress={() => actor.send({ type: 'RUN' })}>
          <Trans>
            Download<span className={styles.visuallyHidden}> {name}</span>
          </Trans>
        </Button>
        {error ? (
          <span role="alert" className={styles.error}>
            {uiMessageText(i18n, error)}
          </span>
        ) : null}
      </div>
    </li>
  );
}
