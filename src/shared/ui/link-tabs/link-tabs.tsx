import type { ReactNode } from 'react';
import styles from './link-tabs.module.css';

/**
 * Tabs that are links (a list's views kept in the address: invoices received or sent, contracts by
 * kind, tickets by status): a labelled navigation of links, the current one marked `aria-current`.
 * Spread `linkTab(current)` on each router Link: it is current by the page's own reading of the
 * address, and the router's own marking matches the address exactly (a tab whose address is empty
 * is not current beside another).
 */
export function LinkTabs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {children}
    </nav>
  );
}

export const linkTab = (current: boolean) => ({ className: styles.tab, activeOptions: { exact: true }, 'aria-current': current ? ('page' as const) : undefined });

/** A tab's count, beside its name. */
export function TabCount({ children }: { children: ReactNode }) {
  return (
    <>
      {' '}
      <span className={styles.count}>{children}</span>
    </>
  );
}
