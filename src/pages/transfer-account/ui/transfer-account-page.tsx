import { getRouteApi } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { FormValues } from '@machines/shared/form.machine';
import { isTransferOffered } from '@machines/transfers/permissions.logic';
import { customerOf, useSessionActor } from '@/entities/session';
import { accountsQuery, type Account } from '@/entities/account';
import { OwnTransferForm, type OwnTransferLogic } from '@/features/transfer';
import { usePageTitle } from '@/shared/lib';
import type { ReactNode } from 'react';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-account-page.module.css';

const route = getRouteApi('/main/transfer/account');

/** /transfer/account (001 s2): a transfer between the customer's own accounts. */
export function TransferAccountPage() {
  const search = route.useSearch();
  const customer = useSelector(useSessionActor(), customerOf);
  const prefill: FormValues = {};
  if (search.fromAccount) prefill.fromAccount = search.fromAccount;
  if (search.toAccount) prefill.toAccount = search.toAccount;
  const allowed = isTransferOffered(customer?.permissionFlags, 'betweenAccounts', 'own');
  return <TransferAccountPageView accounts={useQuery({ ...accountsQuery(), enabled: allowed })} prefill={prefill} allowed={allowed} menu={<TransferMenu />} />;
}

/** The page with its account list injected (stories: loading, error, empty, filled). */
export function TransferAccountPageView({
  accounts,
  prefill = {},
  logic,
  allowed = true,
  menu = null,
}: {
  accounts: QueryLike & { data?: readonly Account[] | undefined };
  prefill?: FormValues;
  logic?: OwnTransferLogic;
  /** The permission flags offer transfers between own accounts (001 s3). */
  allowed?: boolean;
  /** The links to the other kinds of transfer. */
  menu?: ReactNode;
}) {
  const { t } = useLingui();
  usePageTitle(t`Between your accounts`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Between your accounts`}</h1>
      {menu}
      <p className={styles.hint}>{t`Move money between your own accounts, or load one of your cards. Between currencies the amount is changed at the rate shown.`}</p>
      {!allowed ? (
        <EmptyState title={t`Not available for your profile`} message={t`Transfers between your accounts are not enabled for your profile. Contact support if you need them.`} />
      ) : (
        <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
      )}
      {allowed && accounts.data ? <OwnTransferForm accounts={accounts.data} prefill={prefill} {...(logic ? { logic } : {})} /> : null}
    </div>
  );
}
