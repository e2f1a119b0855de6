import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NotificationType } from '@machines/app/notification.rules';
import { CloseIcon, FailureIcon, InfoIcon, SuccessIcon } from '../icons/icons';
import styles from './notification-list.module.css';

export interface NotificationView {
  id: string;
  tone: 'info' | 'success' | 'error';
  title: string;
  body?: string | undefined;
  /** The Notification entity's type (002 s3), said above the title. */
  category?: NotificationType | undefined;
}

/** What each type is called above a notification's title. */
const CATEGORY_LABELS: Record<NotificationType, MessageDescriptor> = {
  transaction: msg`Transfers`,
  document: msg`Documents`,
  verification: msg`Verification`,
  invoice: msg`Invoices`,
  security: msg`Security`,
  support: msg`Support`,
  general: msg`News`,
};

export interface NotificationListProps {
  items: readonly NotificationView[];
  onDismiss: (id: string) => void;
  /** Hover or focus pauses a notification's timer (the notifications machine owns the timers). */
  onPause?: (id: string) => void;
  onResume?: (id: string) => void;
}

const icons = { info: InfoIcon, success: SuccessIcon, error: FailureIcon };

/** Notifications in a polite live region; each can be dismissed. No timers here. */
export function NotificationList({ items, onDismiss, onPause, onResume }: NotificationListProps) {
  const { t, i18n } = useLingui();
  return (
    <section className={styles.region} aria-live="polite" aria-label={t`Notifications`}>
      <ul className={styles.list}>
        {items.map((item) => {
          const Icon = icons[item.tone];
          return (
            <li
              key={item.id}
              className={`${styles.item} ${styles[item.tone]}`}
              onMouseEnter={() => onPause?.(item.id)}
              onMouseLeave={() => onResume?.(item.id)}
              onFocus={() => onPause?.(item.id)}
              onBlur={() => onResume?.(item.id)}
            >
              <span className={styles.icon}><Icon /></span>
              <div className={styles.text}>
                {item.category ? <p className={styles.category}>{i18n._(CATEGORY_LABELS[item.category])}</p> : null}
                <p className={styles.title}>{item.title}</p>
                {item.body ? <p className={styles.body}>{item.body}</p> : null}
              </div>
              <button type="button" className={styles.dismiss} onClick={() => onDismiss(item.id)} aria-label={t`Dismiss notification`}>
                <CloseIcon size={16} />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
