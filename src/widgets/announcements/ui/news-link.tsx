import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { announcementsQuery, unreadCount } from '@/entities/announcement';
import styles from './announcements.module.css';

/** The header's link to /news with the number of unread announcements (announcementList). */
export function NewsLink() {
  const { t } = useLingui();
  const query = useQuery(announcementsQuery());
  const unread = query.data ? unreadCount(query.data) : 0;
  return (
    <Link to="/news" className={styles.newsLink} aria-label={unread > 0 ? t`News, ${plural(unread, { one: '# unread', other: '# unread' })}` : t`News`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </Link>
  );
}
