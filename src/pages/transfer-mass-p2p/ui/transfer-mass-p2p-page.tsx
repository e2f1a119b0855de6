import type { ReactNode } from 'react';
import { Navigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { isMassTransferOffered } from '@machines/transfers/permissions.logic';
import { accountsQuery, type Account } from '@/entities/account';
import { customerOf, useSessionActor } from '@/entities/session';
import { massSampleLinksQuery } from '@/entities/transfer';
import { MassP2pForm, MassP2pReview, massP2pFlow, type MassP2pActor } from '@/features/mass-p2p';
import { usePageTitle } from '@/shared/lib';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-mass-p2p-page.module.css';

/** /transfer/mass/p2p (001 s2): many payments by e-mail at once; a summary first, on the confirm page. */
export function TransferMassP2pPage() {
  const customer = useSelector(useSessionActor(), customerOf);
  const allowed = isMassTransferOffered(customer?.permissionFlags, 'p2p');
  const actor = massP2pFlow.useFlow();
  const accounts = useQuery({ ...accountsQuery(), enabled: allowed });
  const samples = useQuery({ ...massSampleLinksQuery(['p2p']), enabled: allowed });
  const reviewing = useSelector(actor, (s) => s.hasTag('review') || s.hasTag('sent'));
  // The summary is reviewed on its own page.
  if (reviewing) return <Navigate to="/transfer/mass/p2p/confirm" />;
  return <TransferMassP2pPageView actor={actor} accounts={accounts} allowed={allowed} sampleUrl={samples.data?.[0]?.url} menu={<TransferMenu />} />;
}

/** /transfer/mass/p2p/confirm (001 s2): the summary and the real submit; without a summary, back to the payments. */
export function TransferMassP2pConfirmPage() {
  const actor = massP2pFlow.useFlow();
  const editing = useSelector(actor, (s) => s.hasTag('editing'));
  if (editing) return <Navigate to="/transfer/mass/p2p" />;
  return <TransferMassP2pConfirmView actor={actor} />;
}

export function TransferMassP2pPageView({
  actor,
  accounts,
  allowed = true,
  sampleUrl,
  menu = null,
}: {
  actor: MassP2pActor;
  accounts: QueryLike & { data?: readonly Account[] | undefined };
  allowed?: boolean;
  /** The sample file (massSampleLinkList, type p2p). */
  sampleUrl?: string | undefined;
  /** The links to the other kinds of transfer. */
  menu?: ReactNode;
}) {
  const { t } = useLingui();
  usePageTitle(t`Send to many people`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Send to many people`}</h1>
      {menu}
      <p className={styles.hint}>{t`Paste a list of payments or choose a file. You see a summary before anything is sent.`}</p>
      {!allowed ? (
        <EmptyState title={t`Not available for your profile`} message={t`Sending many payments at once is not enabled for your profile. Contact support if you need it.`} />
      ) : (
        <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
      )}
      {allowed && accounts.data ? <MassP2pForm actor={actor} accounts={accounts.data} sampleUrl={sampleUrl} /> : null}
    </div>
  );
}

export function TransferMassP2pConfirmView({ actor }: { actor: MassP2pActor }) {
  const { t } = useLingui();
  usePageTitle(t`Check the payments`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Check the payments`}</h1>
      <MassP2pReview actor={actor} />
    </div>
  );
}
