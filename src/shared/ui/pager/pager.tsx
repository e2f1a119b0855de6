import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatCount } from '@/shared/lib';
import styles from './pager.module.css';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are. */
  pages: number;
  /** A link to another page (typed by the page that owns the address): its target, `rel` and text. */
  link: (target: number, rel: 'prev' | 'next', label: string) => ReactNode;
}

/** A paged list's pages as links in the address (previous, "Page 2 of 5", next); nothing when one page holds all. */
export function Pager({ page, pages, link }: PagerProps) {
  const { t, i18n } = useLingui();
  if (pages <= 1) return null;
  const pageText = formatCount(page, i18n.locale);
  const pagesText = formatCount(pages, i18n.locale);
  return (
    <nav aria-label={t`Pages`} className={styles.pager}>
      {page > 1 ? link(page - 1, 'prev', t`Previous page`) : null}
      <span>{t`Page ${pageText} of ${pagesText}`}</span>
      {page < pages ? link(page + 1, 'next', t`Next page`) : null}
    </nav>
  );
}
