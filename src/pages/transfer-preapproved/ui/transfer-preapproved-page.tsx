import type { ReactNode } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { FREQUENCY_LABELS, type SubscriptionFrequency } from '@machines/transfers/own-transfer.logic';
import { PREAPPROVED_TYPE_LABELS, PREAPPROVED_TYPES, type PreapprovedSearch } from '@machines/transfers/preapproved.logic';
import { preapprovedListQuery, type PreapprovedPayment } from '@/entities/transfer';
import { PreapprovedCancelDialogs, usePreapprovedCancel, type PreapprovedCancelLogic } from '@/features/cancel-preapproved';
import { PreapprovedFilters } from '@/features/preapproved-filter';
import { formatMoney, usePageTitle, formatDate } from '@/shared/lib';
import { Button, EmptyState, Money, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-preapproved-page.module.css';

const route = getRouteApi('/main/transfer/preapproved-payments');

/** /transfer/preapproved-payments (001 s2, s4): the customer's recurring payments, filtered by the address, each cancellable. */
export function TransferPreapprovedPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  return (
    <TransferPreapprovedPageView
      search={search}
      payments={useQuery(preapprovedListQuery(search))}
      onFilter={(next) => void navigate({ to: '/transfer/preapproved-payments', search: next })}
      menu={<TransferMenu />}
    />
  );
}

export interface TransferPreapprovedPageViewProps {
  search: PreapprovedSearch;
  payments: QueryLike & { data?: readonly PreapprovedPayment[] | undefined };
  onFilter: (search: PreapprovedSearch) => void;
  menu?: ReactNode;
  cancelLogic?: PreapprovedCancelLogic;
}

/** The page with its list injected (stories: loading, error, empty, filled). */
export function TransferPreapprovedPageView({ search, payments, onFilter, menu = null, cancelLogic }: TransferPreapprovedPageViewProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Preapproved payments`);
  const cancel = usePreapprovedCancel(cancelLogic);
  const filtered = Object.keys(search).length > 0;
  const describe = (id: number) => {
    const p = payments.data?.find((x) => x.id === id);
    if (!p) return '';
    const amount = formatMoney(p.amount, p.currencyCode, i18n.locale);
    return p.beneficiaryEmail ? t`${amount} to ${p.beneficiaryEmail}` : t`${amount} to your account No. ${p.toAccount ?? ''}`;
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Preapproved payments`}</h1>
      {menu}
      <p className={styles.hint}>{t`Payments that repeat by themselves. Cancel one to stop the payments still to come.`}</p>
      {/* A new filter in the address starts the form again with it. */}
      <PreapprovedFilters key={JSON.stringify(search)} search={search} onFilter={onFilter} />
      <QueryState query={payments} title={t`Your preapproved payments could not be loaded`} />
      {payments.data && payments.data.length === 0 ? (
        <EmptyState title={filtered ? t`No preapproved payment matches these filters` : t`No preapproved payments`} message={filtered ? t`Change or clear the filters to see more.` : t`Recurring transfers you set up appear here.`} />
      ) : null}
      {payments.data && payments.data.length > 0 ? (
        <ul className={styles.list} aria-label={t`Preapproved payments`}>
          {payments.data.map((p) => (
            <li key={p.id} className={styles.item}>
              <PaymentSummary payment={p} />
              <Button variant="secondary" aria-haspopup="dialog" onPress={() => cancel.send({ type: 'CANCEL', paymentId: p.id })}>
                {t`Cancel`}
                <span className={styles.visuallyHidden}> {describe(p.id)}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <PreapprovedCancelDialogs actor={cancel} describe={describe} />
    </div>
  );
}

function PaymentSummary({ payment: p }: { payment: PreapprovedPayment }) {
  const { t, i18n } = useLingui();
  const type = (PREAPPROVED_TYPES as readonly string[]).includes(p.type) ? i18n._(PREAPPROVED_TYPE_LABELS[p.type]) : p.type;
  const often = i18n._(FREQUENCY_LABELS[p.frequency as SubscriptionFrequency]);
  const count = p.transactions ?? 0;
  const ends = p.endDate
    ? t`until ${formatDate(p.endDate, i18n.locale)}`
    : p.transactions
      ? plural(count, { one: '# time', other: '# times' })
      : t`until you cancel it`;
  return (
    <div className={styles.summary}>
      <p className={styles.amount}>
        <Money amount={p.amount} currency={p.currencyCode} />
      </p>
      <p className={styles.to}>{p.beneficiaryEmail ?? t`To your account No. ${p.toAccount ?? ''}`}</p>
      <p className={styles.meta}>
        {type} · {often} · {ends}
        {p.reference ? ` · ${p.reference}` : ''}
      </p>
    </div>
  );
}
