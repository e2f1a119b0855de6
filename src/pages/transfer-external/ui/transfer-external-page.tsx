import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { visibleRecentTransfers } from '@machines/accounts/activity.logic';
import { RECENT_TRANSFERS_LIMIT } from '@machines/shared/constants';
import { EXTERNAL_TYPES, externalPrefill, type ExternalSource, type ExternalType } from '@machines/transfers/external.logic';
import { ownTransferSources } from '@machines/transfers/own-transfer.logic';
import { isTransferTypeOffered } from '@machines/transfers/permissions.logic';
import { accountsQuery, recentTransfersQuery, type Account, type RecentTransfer } from '@/entities/account';
import { externalCardsQuery, type ExternalCard } from '@/entities/card';
import { customerOf, useSessionActor } from '@/entities/session';
import { paymentTemplatesQuery, recentTransferDetailsQuery, type PaymentTemplate } from '@/entities/transfer';
import { ExternalTransferForm, type ExternalTransferLogic, type LookupLogic } from '@/features/transfer';
import { usePageTitle } from '@/shared/lib';
import { useCountries } from '@/shared/model';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-external-page.module.css';

const route = getRouteApi('/main/transfer/external');

type Query<T> = QueryLike & { data?: T | undefined };

/** /transfer/external (001 s2): one form for the six kinds; `?transactionId=` starts from a recent transfer. */
export function TransferExternalPage() {
  const search = route.useSearch();
  const customer = useSelector(useSessionActor(), customerOf);
  const offered = EXTERNAL_TYPES.filter((type) => isTransferTypeOffered(customer?.permissionFlags, type));
  const allowed = offered.length > 0;
  const transactionId = Number(search.transactionId ?? 0);
  const wire = useQuery({ ...paymentTemplatesQuery('wire'), enabled: allowed });
  const eft = useQuery({ ...paymentTemplatesQuery('eft'), enabled: allowed });
  return (
    <TransferExternalPageView
      allowed={allowed}
      offered={offered}
      countries={useCountries()}
      accounts={useQuery({ ...accountsQuery(), enabled: allowed })}
      cards={useQuery({ ...externalCardsQuery(), enabled: allowed && offered.includes('oct') })}
      templates={[...(wire.data ?? []), ...(eft.data ?? [])]}
      recent={useQuery({ ...recentTransfersQuery([...offered], RECENT_TRANSFERS_LIMIT), enabled: allowed })}
      details={useQuery({ ...recentTransferDetailsQuery(transactionId), enabled: allowed && transactionId > 0 })}
      fromRecent={transactionId > 0}
      menu={<TransferMenu />}
    />
  );
}

export interface TransferExternalPageViewProps {
  accounts: Query<readonly Account[]>;
  countries: readonly { code: string; name: string }[];
  offered: readonly ExternalType[];
  cards?: Query<readonly ExternalCard[]>;
  templates?: readonly PaymentTemplate[];
  recent?: Query<readonly RecentTransfer[]>;
  details?: Query<ExternalSource | null>;
  fromRecent?: boolean;
  allowed?: boolean;
  logic?: ExternalTransferLogic;
  swiftLogic?: LookupLogic;
  ibanLogic?: LookupLogic;
  instantLogic?: LookupLogic;
  /** The links to the other kinds of transfer. */
  menu?: ReactNode;
}

/** The page with its queries injected (stories: loading, error, empty, filled). */
export function TransferExternalPageView({ accounts, countries, offered, cards, templates, recent, details, fromRecent = false, allowed = true, logic, swiftLogic, ibanLogic, instantLogic, menu = null }: TransferExternalPageViewProps) {
  const { t } = useLingui();
  usePageTitle(t`Send to a bank, card or wallet`);
  // A recent transfer that cannot be read any more only loses its prefill: the form still opens.
  const ready = accounts.data && (!fromRecent || details?.data !== undefined || details?.isError === true);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Send to a bank, card or wallet`}</h1>
      {menu}
      <p className={styles.hint}>{t`Send money abroad or to another bank: by wire, bank transfer, to a card, to a crypto wallet, by instant payment or Interac. What you can send depends on the country.`}</p>
      {!allowed ? (
        <EmptyState title={t`Not available for your profile`} message={t`Sending money to other banks is not enabled for your profile. Contact support if you need it.`} />
      ) : (
        <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
      )}
      {allowed && ready ? (
        <ExternalTransferForm
          accounts={accounts.data!}
          countries={countries}
          offered={offered}
          cards={cards?.data}
          templates={templates}
          recent={recent?.data ? visibleRecentTransfers(recent.data, RECENT_TRANSFERS_LIMIT) : undefined}
          prefill={details?.data ? (externalPrefill(details.data, ownTransferSources(accounts.data!)) as Record<string, string>) : {}}
          {...(logic ? { logic } : {})}
          {...(swiftLogic ? { swiftLogic } : {})}
          {...(ibanLogic ? { ibanLogic } : {})}
          {...(instantLogic ? { instantLogic } : {})}
        />
      ) : null}
    </div>
  );
}
