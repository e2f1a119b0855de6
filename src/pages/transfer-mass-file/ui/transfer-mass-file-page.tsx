import type { ReactNode } from 'react';
import { Link, Navigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { MASS_FILE_METHODS, type MassFileMethod } from '@machines/transfers/external-rails';
import { MASS_FILE_PERMISSION, MASS_FILE_SAMPLE, massFilePageOf } from '@machines/transfers/external.logic';
import { isMassTransferOffered } from '@machines/transfers/permissions.logic';
import { accountsQuery, type Account } from '@/entities/account';
import { customerOf, useSessionActor } from '@/entities/session';
import { massSampleLinksQuery } from '@/entities/transfer';
import { MassFileForm, MassFileReview, massFileFlows, type MassFileActor } from '@/features/mass-transfer';
import { usePageTitle } from '@/shared/lib';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-mass-file-page.module.css';

const TITLES: Record<MassFileMethod, MessageDescriptor> = {
  wire: msg`Wire transfers from a file`,
  eft: msg`Bank transfers (EFT) from a file`,
  oct: msg`Card payouts from a file`,
  crypto: msg`Crypto transfers from a file`,
};
const SHORT: Record<MassFileMethod, MessageDescriptor> = {
  wire: msg`Wire`,
  eft: msg`EFT`,
  oct: msg`Card payouts`,
  crypto: msg`Crypto`,
};

/** /transfer/mass/<wire|eft|oct|digital> (001 s2): many external payments from one file; a summary first, on the confirm page. */
export function TransferMassFilePage({ method }: { method: MassFileMethod }) {
  const customer = useSelector(useSessionActor(), customerOf);
  const offered = MASS_FILE_METHODS.filter((m) => isMassTransferOffered(customer?.permissionFlags, MASS_FILE_PERMISSION[m]));
  const allowed = offered.includes(method);
  const actor = massFileFlows[method].useFlow();
  const accounts = useQuery({ ...accountsQuery(), enabled: allowed });
  const samples = useQuery({ ...massSampleLinksQuery([MASS_FILE_SAMPLE[method]]), enabled: allowed });
  const reviewing = useSelector(actor, (s) => s.hasTag('review') || s.hasTag('sent'));
  // The summary is reviewed on its own page.
  if (reviewing) return <Navigate to="/transfer/external/mass/confirm" search={{ method }} />;
  return <TransferMassFilePageView actor={actor} method={method} offered={offered} accounts={accounts} allowed={allowed} sampleUrl={samples.data?.[0]?.url} menu={<TransferMenu />} />;
}

/** /transfer/external/mass/confirm?method= (001 s2): the summary and the real submit; without a summary, back to the file. */
export function TransferMassFileConfirmPage({ method }: { method: MassFileMethod }) {
  const actor = massFileFlows[method].useFlow();
  const editing = useSelector(actor, (s) => s.hasTag('editing'));
  if (editing) return <Navigate to="/transfer/mass/$kind" params={{ kind: massFilePageOf(method) }} />;
  return <TransferMassFileConfirmView actor={actor} />;
}

export function TransferMassFilePageView({
  actor,
  method,
  offered,
  accounts,
  allowed = true,
  sampleUrl,
  menu = null,
}: {
  actor: MassFileActor;
  method: MassFileMethod;
  /** The kinds of file the permission flags offer (links between them). */
  offered: readonly MassFileMethod[];
  accounts: QueryLike & { data?: readonly Account[] | undefined };
  allowed?: boolean;
  sampleUrl?: string | undefined;
  menu?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(i18n._(TITLES[method]));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{i18n._(TITLES[method])}</h1>
      {menu}
      {offered.length > 1 ? (
        <nav aria-label={t`Kinds of file`} className={styles.kinds}>
          <ul>
            {offered.map((m) => (
              <li key={m}>
                <Link to="/transfer/mass/$kind" params={{ kind: massFilePageOf(m) }} aria-current={m === method ? 'page' : undefined}>
                  {i18n._(SHORT[m])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className={styles.hint}>{t`Send many payments from one file. The file is checked here first, so you can fix it before anything is sent; then you see a summary.`}</p>
      {!allowed ? (
        <EmptyState title={t`Not available for your profile`} message={t`Sending payments from a file is not enabled for your profile. Contact support if you need it.`} />
      ) : (
        <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
      )}
      {allowed && accounts.data ? <MassFileForm actor={actor} accounts={accounts.data} sampleUrl={sampleUrl} /> : null}
    </div>
  );
}

export function TransferMassFileConfirmView({ actor }: { actor: MassFileActor }) {
  const { t } = useLingui();
  usePageTitle(t`Check the payments`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Check the payments`}</h1>
      <MassFileReview actor={actor} />
    </div>
  );
}
