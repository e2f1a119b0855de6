import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { documentsQuery, documentTypesQuery } from '@/entities/verification';
import type { Language } from '@/shared/config';
import { DateText, QueryState } from '@/shared/ui';
import { ProfileSection } from './profile-section';
import { StatusText } from '@/entities/verification';
import styles from './profile-page.module.css';

/** Every document sent (documentsInquiry), newest first: its type, when it was sent, its status and a refusal's reason. */
export function DocumentsSection() {
  const { t, i18n } = useLingui();
  const documents = useQuery(documentsQuery());
  const types = useQuery(documentTypesQuery(i18n.locale as Language));
  const typeName = (categoryId: number, documentTypeId: number) =>
    types.data?.find((c) => c.id === String(categoryId))?.customerDocumentTypes.find((type) => type.id === String(documentTypeId))?.name ?? t`Document`;
  return (
    <ProfileSection id="profile-documents" title={t`Documents sent`}>
      <QueryState query={documents} title={t`Your documents could not be loaded`} />
      {documents.data && documents.data.length === 0 ? <p>{t`You have not sent any document yet.`}</p> : null}
      {documents.data && documents.data.length > 0 ? (
        <ul className={styles.list}>
          {documents.data.map((document) => (
            <li key={document.id} className={styles.documentRow}>
              <span className={styles.strong}>{typeName(document.categoryId, document.documentTypeId)}</span>
              {document.createdDate ? (
                <span className={styles.meta}>
                  <Trans>
                    sent on <DateText value={document.createdDate} />
                  </Trans>
                </span>
              ) : null}
              <StatusText statusId={document.statusId} expiresDate={document.expiresDate ?? null} />
              {document.rejectReason ? <span className={styles.problem}>{document.rejectReason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </ProfileSection>
  );
}
