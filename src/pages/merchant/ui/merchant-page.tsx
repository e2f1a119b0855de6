import { useId, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Link, Navigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { readIdentityFilters, type IdentityFilters } from '@machines/merchant/merchant-checks.rules';
import { hasFullMerchantAccess, INTERNAL_PAGES, isMerchantPage, merchantPageFor, type MerchantFacts, type MerchantPage as Page } from '@machines/merchant/merchant.rules';
import { merchantFactsOf, useSessionActor } from '@/entities/session';
import { BusinessLogosPanel } from '@/features/merchant-logos';
import { SavedButtonsPanel } from '@/features/merchant-buttons';
import { ReputationLookup } from '@/features/merchant-reputation';
import { SubscribersPanel } from '@/features/merchant-subscribers';
import { IdentityCheckPanel, IdentityHistory } from '@/features/merchant-identity';
import { insecureHosts, IpnSettingsPanel, PbnSettingsPanel } from '@/features/merchant-settings';
import { usePageTitle } from '@/shared/lib';
import { IpnHistory } from './ipn-history';
import styles from './merchant-page.module.css';

/** Each child's name (the menu, the title) and what it is for (said on the pages still to come). */
export const PAGE_TEXTS: Record<Page, { title: MessageDescriptor; about: MessageDescriptor }> = {
  'security/verification': { title: msg`Identity verification`, about: msg`Check the identity of your customers, with the fee shown before each check.` },
  'security/verification/history': { title: msg`Verification history`, about: msg`The identity checks you ran and their results.` },
  'security/reputation': { title: msg`Reputation`, about: msg`Look up what is known about a payer by their e-mail.` },
  'ipn/history': { title: msg`IPN history`, about: msg`The notifications sent for the payments you received.` },
  'ipn/settings': { title: msg`IPN settings`, about: msg`Where payment notifications go, which ones, and the secret that signs them.` },
  'buttons/my_saved_buttons': { title: msg`Saved buttons`, about: msg`Payment buttons for your site, with the code to paste.` },
  'buttons/pbn_settings': { title: msg`PBN settings`, about: msg`Notifications for payments made through your buttons.` },
  'buttons/business_logos': { title: msg`Business logos`, about: msg`The logos your payers see at the checkout.` },
  'accounts/subscribers': { title: msg`Subscribers`, about: msg`Your subscribers, their instalments, and cancelling a subscription.` },
  'internal/api_key': { title: msg`API keys`, about: msg`Keys for the public API.` },
  'internal/api_log': { title: msg`API log`, about: msg`The requests made with your API keys.` },
  'internal/webhook_log': { title: msg`Webhook log`, about: msg`The webhook deliveries to your addresses.` },
};

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
  /** The address's search (strings): the identity history's filters, cleaned here by the rules. */
  search?: Record<string, string>;
  /** Puts a page's cleaned filters into the address. */
  onSearch?: (next: Partial<IdentityFilters>) => void;
}

export function MerchantPage({ page, search = {}, onSearch = () => {} }: { page: string } & MerchantSearch) {
  const session = useSessionActor();
  const facts = useSelector(session, merchantFactsOf, (a, b) => a.kind === b.kind && a.merchantLevel === b.merchantLevel);
  if (!isMerchantPage(page)) return <Navigate to="/home" replace />;
  const shown = merchantPageFor(page, facts);
  if (shown === null) return <Navigate to="/home" replace />;
  if (shown !== page) return <Navigate to="/merchant/$" params={{ _splat: shown }} replace />;
  return <MerchantArea page={page} facts={facts} search={readIdentityFilters(search)} onSearch={onSearch} />;
}

/** The area for a page the user may see (stories render it with their facts). */
export function MerchantArea({ page, facts, children, search = {}, onSearch = () => {} }: { page: Page; facts: MerchantFacts; children?: ReactNode; search?: Partial<IdentityFilters>; onSearch?: MerchantSearch['onSearch'] }) {
  const { i18n } = useLingui();
  usePageTitle(i18n._(PAGE_TEXTS[page].title));
  return (
    <div className={styles.area}>
      <MerchantMenu current={page} full={hasFullMerchantAccess(facts)} />
      <div className={styles.content}>{children ?? <MerchantContent page={page} canManage={hasFullMerchantAccess(facts)} search={search} onSearch={onSearch} />}</div>
    </div>
  );
}

/** The page's own content: the pages built so far, else what is coming. */
function MerchantContent({ page, canManage, search, onSearch }: { page: Page; canManage: boolean; search: Partial<IdentityFilters>; onSearch: (next: Partial<IdentityFilters>) => void }) {
  switch (page) {
    case 'security/verification':
      return <IdentityCheckPanel canManage={canManage} />;
    case 'security/verification/history':
      return <IdentityHistory filters={search} onFilters={onSearch} />;
    case 'ipn/history':
      return <IpnHistory canManage={canManage} />;
    case 'ipn/settings':
      return <IpnSettingsPanel canManage={canManage} />;
    case 'buttons/pbn_settings':
      return <PbnSettingsPanel canManage={canManage} />;
    case 'accounts/subscribers':
      return <SubscribersPanel canManage={canManage} />;
    case 'security/reputation':
      return <ReputationLookup />;
    case 'buttons/my_saved_buttons':
      return <SavedButtonsPanel canManage={canManage} insecureHosts={insecureHosts()} />;
    case 'buttons/business_logos':
      return <BusinessLogosPanel canManage={canManage} />;
    default:
      return <ComingPage page={page} />;
  }
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

/** A page whose issue is still to come: its name and what it will be for, nothing more. */
function ComingPage({ page }: { page: Page }) {
  const { t, i18n } = useLingui();
  return (
    <section className={styles.coming}>
      <h1 className={styles.title}>{i18n._(PAGE_TEXTS[page].title)}</h1>
      <p>{i18n._(PAGE_TEXTS[page].about)}</p>
      <p className={styles.note}>{t`This page is coming soon.`}</p>
    </section>
  );
}
