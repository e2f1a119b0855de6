import { getRouteApi } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { ownTransferSources } from '@machines/transfers/own-transfer.logic';
import { p2pPrefill } from '@machines/transfers/p2p.logic';
import { visibleRecentTransfers } from '@machines/accounts/activity.logic';
import { RECENT_TRANSFERS_LIMIT } from '@machines/shared/constants';
import { isTransferOffered } from '@machines/transfers/permissions.logic';
import { accountsQuery, recentTransfersQuery, type Account, type RecentTransfer } from '@/entities/account';
import { customerOf, useSessionActor } from '@/entities/session';
import { customerEmailsQuery, p2pBeneficiariesQuery, paymentTemplatesQuery, recentTransferDetailsQuery, type CustomerEmail, type P2pBeneficiary, type PaymentTemplate } from '@/entities/transfer';
import { P2pTransferForm, type P2pTransferLogic } from '@/features/transfer';
import type { PayeeCheckLogic } from '@/entities/transfer';
import { usePageTitle } from '@/shared/lib';
import type { ReactNode } from 'react';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-p2p-page.module.css';

const route = getRouteApi('/main/transfer/p2p');

type Query<T> = QueryLike & { data?: T | undefined };
type Details = { toEmail?: string | undefined; amount?: string | undefined; accountId?: number | undefined; currencyCode?: string | undefined } | null;

/** /transfer/p2p (001 s2): send money to a customer by e-mail; `?transactionId=` starts from a recent transfer (home's "Send again"). */
export function TransferP2pPage() {
  const search = route.useSearch();
  const customer = useSelector(useSessionActor(), customerOf);
  const allowed = isTransferOffered(customer?.permissionFlags, 'p2p', '3d');
  const transactionId = Number(search.transactionId ?? 0);
  return (
    <TransferP2pPageView
      allowed={allowed}
      accounts={useQuery({ ...accountsQuery(), enabled: allowed })}
      emails={useQuery({ ...customerEmailsQuery(), enabled: allowed })}
      beneficiaries={useQuery({ ...p2pBeneficiariesQuery(), enabled: allowed })}
      templates={useQuery({ ...paymentTemplatesQuery('p2p'), enabled: allowed })}
      details={useQuery({ ...recentTransferDetailsQuery(transactionId), enabled: allowed && transactionId > 0 })}
      recent={useQuery({ ...recentTransfersQuery(['p2p'], RECENT_TRANSFERS_LIMIT), enabled: allowed })}
      fromRecent={transactionId > 0}
      menu={<TransferMenu />}
    />
  );
}

export interface TransferP2pPageViewProps {
  accounts: Query<readonly Account[]>;
  emails: Query<readonly CustomerEmail[]>;
  beneficiaries: Query<readonly P2pBeneficiary[]>;
  templates: Query<readonly PaymentTemplate[]>;
  details: Query<Details>;
  /** Recent p2p transfers (001 s9: 5). */
  recent?: Query<readonly RecentTransfer[]>;
  /** The page was opened from a recent transfer (its details fill the form). */
  fromRecent?: boolean;
  allowed?: boolean;
  logic?: P2pTransferLogic;
  payeeLogic?: PayeeCheckLogic;
  /** The links to the other kinds of transfer. */
  menu?: ReactNode;
}

/** The page with its queries injected (stories: loading, error, empty, filled). */
export function TransferP2pPageView({ accounts, emails, beneficiaries, templates, details, recent, fromRecent = false, allowed = true, logic, payeeLogic, menu = null }: TransferP2pPageViewProps) {
  const { t } = useLingui();
  usePageTitle(t`Send to a person`);
  // A recent transfer that cannot be read any more only loses its prefill: the form still opens.
  const ready = accounts.data && emails.data && (!fromRecent || details.data !== undefined || details.isError);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Send to a person`}</h1>
      {menu}
      <p className={styles.hint}>{t`Send money to another customer by their e-mail address. The money arrives in their account in the same currency.`}</p>
      {!allowed ? (
        <EmptyState title={t`Not available for your profile`} message={t`Sending money by e-mail is not enabled for your profile. Contact support if you need it.`} />
      ) : (
        <>
          <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
          <QueryState query={emails} title={t`Your e-mail addresses could not be loaded`} />
        </>
      )}
      {allowed && ready ? (
        <P2pTransferForm
          accounts={accounts.data!}
          emails={emails.data!}
          beneficiaries={beneficiaries.data}
          templates={templates.data}
          recent={recent?.data ? visibleRecentTransfers(recent.data, RECENT_TRANSFERS_LIMIT) : undefined}
          prefill={details.data ? p2pPrefill(details.data, ownTransferSources(accounts.data!)) : {}}
          {...(logic ? { logic } : {})}
          {...(payeeLogic ? { payeeLogic } : {})}
        />
      ) : null}
    </div>
  );
}
