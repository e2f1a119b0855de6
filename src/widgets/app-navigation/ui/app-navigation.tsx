import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { customerKindOf } from '@machines/shared/customer-kind';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { rightLevelFrom, visibleAreas } from '@machines/app/navigation.logic';
import { anyTransferOffered } from '@machines/transfers/permissions.logic';
import { SignOutButton } from '@/features/logout';
import { accessOf, actingIdentity, customerOf, useSessionActor } from '@/entities/session';
import { useBrand } from '@/shared/model';
import { NAV_AREAS } from '../model/areas';
import { useMenuOpen, useNavigationMenu } from '../model/navigation-menu';
import styles from './app-navigation.module.css';

export const NAVIGATION_ID = 'app-navigation';

/** The contracts' count beside their entry (brand 1 only): its code and its read come with the entry, not with every brand's first page. */
const ContractsBadge = lazy(() => import(/* webpackChunkName: "nav-contracts-badge" */ './contracts-badge').then((m) => ({ default: m.ContractsBadge })));
const SupportBadge = lazy(() => import(/* webpackChunkName: "nav-support-badge" */ './support-badge').then((m) => ({ default: m.SupportBadge })));

/**
 * The main navigation: the areas this user may open (NAV_AREAS filtered by the customer kind,
 * access rights and brand switches), the acting company and user for business users, and
 * sign-out. A persistent column from the tablet breakpoint; below it, a panel the header's menu
 * button opens (a disclosure: Escape closes it and returns focus to the button).
 */
export function AppNavigation() {
  const { t, i18n } = useLingui();
  const session = useSessionActor();
  const { config } = useBrand();
  const customer = useSelector(session, customerOf);
  const access = useSelector(session, accessOf);
  const { actor, buttonRef } = useNavigationMenu();
  const open = useMenuOpen();
  if (!customer) return null;
  const areas = visibleAreas(NAV_AREAS, {
    customerType: customerKindOf(customer.customerType).kind,
    isAdmin: Boolean(customer.isAdmin),
    features: config.features,
    rightLevel: rightLevelFrom(access),
    balanceInfo: access?.accessList?.balanceInfo,
    transfersOffered: anyTransferOffered(customer.permissionFlags),
  });
  const identity = actingIdentity(customer, access);
  return (
    <nav
      id={NAVIGATION_ID}
      aria-label={t`Main`}
      className={styles.nav}
      data-open={open || undefined}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        actor.send({ type: 'CLOSE' });
        buttonRef.current?.focus();
      }}
    >
      {identity ? (
        <dl className={styles.identity}>
          {identity.companyName ? (
            <div>
              <dt>{t`Acting for`}</dt>
              <dd>{identity.companyName}</dd>
            </div>
          ) : null}
          {identity.userName ? (
            <div>
              <dt>{t`Signed in as`}</dt>
              <dd>{identity.userName}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <ul className={styles.list}>
        {areas.map((area) => (
          <li key={area.id}>
            <Link to={area.to} className={styles.link}>
              {i18n._(area.label)}
              {area.id === 'contracts' ? (
                <Suspense fallback={null}>
                  <ContractsBadge />
                </Suspense>
              ) : null}
              {area.id === 'messages' ? (
                <Suspense fallback={null}>
                  <SupportBadge />
                </Suspense>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.signOut}>
        <SignOutButton />
      </div>
    </nav>
  );
}

/** The header's menu button below the tablet breakpoint (hidden by CSS from it on). */
export function NavigationMenuButton() {
  const { t } = useLingui();
  const { actor, buttonRef } = useNavigationMenu();
  const open = useMenuOpen();
  return (
    <button
      ref={buttonRef}
      type="button"
      className={styles.menuButton}
      aria-expanded={open}
      aria-controls={NAVIGATION_ID}
      onClick={() => actor.send({ type: 'TOGGLE' })}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) actor.send({ type: 'CLOSE' });
      }}
    >
      <span aria-hidden="true" className={styles.burger} />
      {t`Menu`}
    </button>
  );
}
