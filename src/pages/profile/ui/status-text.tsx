import { useLingui } from '@lingui/react/macro';
import { NAMED_STATUSES, namedDocumentStatus, type NamedStatus } from '@machines/verification/verification.rules';
import { NAMED_STATUS_TEXTS } from './profile-texts';
import styles from './profile-page.module.css';

/** Today as YYYY-MM-DD (the expiry rule's "today"). */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** A status as the profile says it: a named status, or a document's statusId named (002 s3). */
export function StatusText({ named, statusId, expiresDate }: { named?: string | null; statusId?: number | null; expiresDate?: string | null }) {
  const { i18n } = useLingui();
  const name: NamedStatus =
    named !== undefined
      ? (NAMED_STATUSES as readonly string[]).includes(named ?? '')
        ? (named as NamedStatus)
        : 'none'
      : namedDocumentStatus(statusId ?? null, {
          expiresDate: expiresDate ?? null,
          today: today(),
        });
  return (
    <span className={styles.status} data-named-status={name}>
      {i18n._(NAMED_STATUS_TEXTS[name])}
    </span>
  );
}
