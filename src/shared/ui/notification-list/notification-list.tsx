import { useLingui } from '@lingui/react/macro';
import { CloseIcon, FailureIcon, InfoIcon, SuccessIcon } from '../icons/icons';
import styles from './notification-list.module.css';

export interface NotificationView {
  id: string;
  tone: 'info' | 'success' | 'error';
  title: string;
  body?: string | undefined;
}

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
  const { t } = useLingui();
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
