import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { isMassTransferOffered, isTransferOffered, isTransferTypeOffered, type PermissionFlags } from '@machines/transfers/permissions.logic';
import { EXTERNAL_TYPES, MASS_FILE_PERMISSION, massFilePageOf } from '@machines/transfers/external.logic';
import { MASS_FILE_METHODS } from '@machines/transfers/external-rails';
import { customerOf, useSessionActor } from '@/entities/session';
import styles from './transfer-menu.module.css';

/**
 * The kinds of transfer, as links between their pages: only those the permission flags offer
 * (001 s3, s6). The current page is marked for screen readers (aria-current) by the router.
 */
export function TransferMenu() {
  const customer = useSelector(useSessionActor(), customerOf);
  return <TransferMenuView flags={customer?.permissionFlags} />;
}

export function TransferMenuView({ flags }: { flags: PermissionFlags | null | undefined }) {
  const { t } = useLingui();
  const own = isTransferOffered(flags, 'betweenAccounts', 'own');
  const p2p = isTransferOffered(flags, 'p2p', '3d');
  const fileKind = MASS_FILE_METHODS.find((method) => isMassTransferOffered(flags, MASS_FILE_PERMISSION[method]));
  const items = [
    { to: '/transfer/account' as const, label: t`Between your accounts`, offered: own },
    { to: '/transfer/p2p' as const, label: t`Send to a person`, offered: p2p },
    { to: '/transfer/external' as const, label: t`Send to a bank, card or wallet`, offered: EXTERNAL_TYPES.some((type) => isTransferTypeOffered(flags, type)) },
    { to: '/transfer/mass/p2p' as const, label: t`Send to many people`, offered: isMassTransferOffered(flags, 'p2p') },
    { to: '/transfer/mass/$kind' as const, label: t`Send from a file`, offered: fileKind !== undefined },
    { to: '/transfer/mass/global' as const, label: t`Global payments`, offered: isMassTransferOffered(flags, 'globalPay') },
    // Recurring payments are set up on those two forms (001 s4).
    { to: '/transfer/preapproved-payments' as const, label: t`Preapproved payments`, offered: own || p2p },
    // Invoices ask a customer for money and are paid by p2p (001 s3 requestMoney, s7 invoiceId).
    { to: '/transfer/invoices' as const, label: t`Invoices`, offered: p2p || flags?.requestMoney === true },
  ].filter((item) => item.offered);
  if (items.length < 2) return null;
  return (
    <nav aria-label={t`Kinds of transfer`} className={styles.menu}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to}>
            {item.to === '/transfer/mass/$kind' ? (
              <Link to={item.to} params={{ kind: massFilePageOf(fileKind ?? 'wire') }} className={styles.link} activeProps={{ className: `${styles.link} ${styles.active}` }}>
                {item.label}
              </Link>
            ) : (
              <Link to={item.to} className={styles.link} activeProps={{ className: `${styles.link} ${styles.active}` }}>
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
