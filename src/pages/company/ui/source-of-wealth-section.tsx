import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { sourceOfWealthList, sourceOfWealthNeeded } from '@machines/company/company-file.rules';
import { DOCUMENT_CATEGORIES } from '@machines/verification/verification.rules';
import { companyFileKeys, type Business } from '@/entities/company-file';
import { UploadDocumentButton } from '@/features/upload-document';
import { DateText } from '@/shared/ui';
import { STANDING_TEXTS } from './company-texts';
import { useDocumentTypeName } from './documents-section';
import styles from './company-page.module.css';

/**
 * The source of wealth (002 s3 "Source-of-wealth documents sit in a map; each has expiration,
 * createdName, created, id, documentTypeId, statusId"): newest first, each with who sent it and
 * when, its expiration and how it stands on the customer's day; one expiring within 30 days is
 * highlighted. A new one is asked for when none is valid, in review or expiring soon.
 */
export function SourceOfWealthSection({ business, countryCode, today }: { business: Business; countryCode: string | null; today: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const typeName = useDocumentTypeName();
  const list = sourceOfWealthList(business.sourceOfWealthDocuments, today);
  const upload = (
    <UploadDocumentButton
      label={t`Send a source of wealth document`}
      title={t`Source of wealth document`}
      categoryId={DOCUMENT_CATEGORIES.sourceOfWealth}
      countryCode={countryCode}
      onUploaded={() => void queryClient.invalidateQueries({ queryKey: companyFileKeys.all })}
    />
  );
  return (
    <section aria-labelledby="source-of-wealth-title" className={styles.card}>
      <h2 id="source-of-wealth-title" className={styles.subtitle}>
        {t`Source of wealth documents`}
      </h2>
      <p className={styles.muted}>{t`Documents that show where the company's owners' wealth comes from: payslips, tax returns, statements, contracts of sale, an inheritance.`}</p>
      {sourceOfWealthNeeded(list) ? <p className={styles.notice}>{t`The company needs a current source of wealth document.`}</p> : null}
      {list.length === 0 ? (
        <p className={styles.muted}>{t`No source of wealth documents yet.`}</p>
      ) : (
        <ul className={styles.documents}>
          {list.map((doc) => (
            <li key={doc.id} className={styles.document} data-standing={doc.standing}>
              <span className={styles.strong}>{typeName(DOCUMENT_CATEGORIES.sourceOfWealth, doc.documentTypeId)}</span>
              <span className={styles.badge} data-standing={doc.standing}>
                {i18n._(STANDING_TEXTS[doc.standing])}
              </span>
              <span className={styles.muted}>
                <Trans>
                  Sent by {doc.createdName} on <DateText value={doc.created} />
                </Trans>
              </span>
              {doc.expiration ? (
                <span className={doc.standing === 'expiringSoon' ? styles.expiring : styles.muted}>
                  <Trans>
                    Expires on <DateText value={doc.expiration} />
                  </Trans>
                </span>
              ) : (
                <span className={styles.muted}>{t`Does not expire`}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {upload}
    </section>
  );
}
