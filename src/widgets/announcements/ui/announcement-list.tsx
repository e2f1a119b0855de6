import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { announcementsQuery, type Announcement } from '@/entities/announcement';
import { AnnouncementDialogOnDemand } from '@/features/read-announcement';
import { useSelection } from '@/shared/model';
import { DateText, EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import styles from './announcements.module.css';

/** Announcements from the server (home shows the newest few with a link to /news; /news shows all). */
export function Announcements({ limit, headingLevel = 2 }: { limit?: number; headingLevel?: 2 | 1 }) {
  const query = useQuery(announcementsQuery());
  return <AnnouncementsView query={query} limit={limit} headingLevel={headingLevel} />;
}

export function AnnouncementsView({
  query,
  limit,
  headingLevel = 2,
}: {
  query: QueryLike & { data?: readonly Announcement[] | undefined };
  limit?: number | undefined;
  headingLevel?: 2 | 1;
}) {
  const { t } = useLingui();
  const open = useSelection();
  const all = query.data ?? [];
  const shown = limit ? all.slice(0, limit) : all;
  const current = all.find((a) => a.id === open.selected);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby="news-title" className={styles.section}>
      <div className={styles.head}>
        <Heading id="news-title" className={headingLevel === 2 ? styles.title : undefined}>
          {t`News`}
        </Heading>
        {limit && all.length > limit ? <Link to="/news">{t`All news`}</Link> : null}
      </div>
      <QueryState query={query} title={t`Could not load the news`} />
      {query.data && all.length === 0 ? <EmptyState title={t`No news for now`} /> : null}
      {shown.length > 0 ? (
        <ul className={styles.list}>
          {shown.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={item.isRead ? styles.item : `${styles.item} ${styles.unread}`}
                aria-haspopup="dialog"
                onPointerEnter={AnnouncementDialogOnDemand.preload}
                onFocus={AnnouncementDialogOnDemand.preload}
                onClick={() => open.select(item.id)}
              >
                <span className={styles.itemTitle}>{item.title}</span>
                <span className={styles.meta}>
                  <DateText value={item.created} />
                  {!item.isRead ? <span className={styles.badge}>{t`New`}</span> : null}
                  {item.confirmation && !item.choice ? <span className={styles.badge}>{t`Your answer is needed`}</span> : null}
                  {item.choice === 'accept' ? <span>{t`Accepted`}</span> : null}
                  {item.choice === 'decline' ? <span>{t`Declined`}</span> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {current ? <AnnouncementDialogOnDemand.Lazy id={current.id} title={current.title} onClose={open.clear} /> : null}
    </section>
  );
}
