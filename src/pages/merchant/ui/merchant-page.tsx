import { useId, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Link, Navigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { hasFullMerchantAccess, INTERNAL_PAGES, isMerchantPage, merchantPageFor, type MerchantFacts, type MerchantPage as Page } from '@machines/merchant/merchant.rules';
import { merchantFactsOf, useSessionActor } from '@/entities/session';
import { onDemand, usePageTitle } from '@/shared/lib';
import { Preloader } from '@/shared/ui';
import type { GroupContentProps } from './groups/props';
import { PAGE_TEXTS } from './page-texts';
import styles from './merchant-page.module.css';

/** The menu's groups, in order (001 s2). */
const GROUPS: { label: MessageDescriptor; pages: Page[] }[] = [
  { label: msg`Security`, pages: ['security/verification', 'security/verification/history', 'security/reputation'] },
  { label: msg`Instant payment notifications`, pages: ['ipn/history', 'ipn/settings'] },
  { label: msg`Payment buttons`, pages: ['buttons/my_saved_buttons', 'buttons/pbn_settings', 'buttons/business_logos'] },
  { label: msg`Accounts`, pages: ['accounts/subscribers'] },
  { label: msg`Internal`, pages: ['internal/api_key', 'internal/api_log', 'internal/webhook_log'] },
];

/**
 * /merchant/<page> (001 s2; issue 55): the merchant area's menu and the page asked for. The route's
 * guard decided who sees which page; the page decides again with the session's facts as they are
 * now (another company acted for, rights changed), so it fails closed: no merchant access, home; an
 * internal page without full access, the saved buttons.
 */
export interface MerchantSearch {
  /** The address's search (strings): a page's filters (the identity history, the API log, the webhook log), cleaned by that page's rules. */
  search?: Record<string, string>;
  /** Puts a page's cleaned filters into the address. */
  onSearch?: (next: Readonly<Record<string, string | undefined>>) => void;
}

export function MerchantPage({ page, search = {}, onSearch = () => {} }: { page: string } & MerchantSearch) {
  const session = useSessionActor();
  const facts = useSelector(session, merchantFactsOf, (a, b) => a.kind === b.kind && a.merchantLevel === b.merchantLevel);
  if (!isMerchantPage(page)) return <Navigate to="/home" replace />;
  const shown = merchantPageFor(page, facts);
  if (shown === null) return <Navigate to="/home" replace />;
  if (shown !== page) return <Navigate to="/merchant/$" params={{ _splat: shown }} replace />;
  return <MerchantArea page={page} facts={facts} search={search} onSearch={onSearch} />;
}

/** The area for a page the user may see (stories render it with their facts). */
export function MerchantArea({ page, facts, children, search = {}, onSearch = () => {} }: { page: Page; facts: MerchantFacts; children?: ReactNode } & MerchantSearch) {
  const { i18n } = useLingui();
  usePageTitle(i18n._(PAGE_TEXTS[page].title));
  return (
    <div className={styles.area}>
      <MerchantMenu current={page} full={hasFullMerchantAccess(facts)} />
      <div className={styles.content}>{children ?? <MerchantContent page={page} canManage={hasFullMerchantAccess(facts)} search={search} onSearch={onSearch} />}</div>
    </div>
  );
}

/**
 * Each menu group's pages are a chunk of their own, loaded when one of them opens (the route's
 * chunk stays under the 60 KB budget: docs/performance.md), with the loading indicator meanwhile.
 */
const GROUP_CONTENT: Record<'security' | 'ipn' | 'buttons' | 'accounts' | 'internal', ReturnType<typeof onDemand<GroupContentProps>>> = {
  security: onDemand(() => import(/* webpackChunkName: "merchant-security" */ './groups/security').then((m) => m.SecurityContent), <Preloader />),
  ipn: onDemand(() => import(/* webpackChunkName: "merchant-ipn" */ './groups/ipn').then((m) => m.IpnContent), <Preloader />),
  buttons: onDemand(() => import(/* webpackChunkName: "merchant-buttons" */ './groups/buttons').then((m) => m.ButtonsContent), <Preloader />),
  accounts: onDemand(() => import(/* webpackChunkName: "merchant-accounts" */ './groups/accounts').then((m) => m.AccountsContent), <Preloader />),
  internal: onDemand(() => import(/* webpackChunkName: "merchant-internal" */ './groups/internal').then((m) => m.InternalContent), <Preloader />),
};

/** The group a page belongs to: the first part of its path. */
const groupOf = (page: Page) => page.split('/')[0] as keyof typeof GROUP_CONTENT;

/** The page's own content, from its group's chunk. */
function MerchantContent(props: GroupContentProps) {
  const { Lazy } = GROUP_CONTENT[groupOf(props.page)];
  return <Lazy {...props} />;
}

/** The merchant menu: its groups, the internal pages only with full access; the current page marked. */
function MerchantMenu({ current, full }: { current: Page; full: boolean }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  return (
    <nav aria-label={t`Merchant tools`} className={styles.menu}>
      {GROUPS.filter((group) => full || !group.pages.every((p) => INTERNAL_PAGES.includes(p))).map((group, index) => (
        <div key={index} className={styles.group}>
          <h2 id={`${ids}-${index}`} className={styles.groupTitle}>
            {i18n._(group.label)}
          </h2>
          <ul aria-labelledby={`${ids}-${index}`} className={styles.links}>
            {group.pages.map((p) => (
              <li key={p}>
                <Link to="/merchant/$" params={{ _splat: p }} className={styles.link} aria-current={p === current ? 'page' : undefined}>
                  {i18n._(PAGE_TEXTS[p].title)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
