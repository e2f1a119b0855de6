import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { NAMED_STATUSES, namedDocumentStatus, type NamedStatus } from '@machines/verification/verification.rules';
import styles from './status-text.module.css';

/** A named status (002 s3) as the screens say it. */
export const NAMED_STATUS_TEXTS: Record<NamedStatus, MessageDescriptor> = {
  validated: msg`Accepted`,
  pending: msg`Under review`,
  none: msg`Not sent yet`,
  notRequired: msg`Not required`,
  rejected: msg`Refused`,
  expiredSoon: msg`Expires soon: send a new one`,
};

/** Today as YYYY-MM-DD (the expiry rule's "today"). */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** A status as the profile and the company's file say it: a named status, or a document's statusId named (002 s3). */
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
