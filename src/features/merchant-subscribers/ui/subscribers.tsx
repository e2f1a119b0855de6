import { useId } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import { cancelSummary, isCancellable } from '@machines/merchant/merchant-checks.rules';
import { installmentsQuery, merchantKeys, subscriptionsQuery, type Installment, type Subscription } from '@/entities/merchant';
import { formatDate, formatMoney, useConfirmedRemoval } from '@/shared/lib';
import { useNotificationsActor, useSelection } from '@/shared/model';
import { Button, ConfirmedChangeDialog, EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { subscriptionCancelLogic, type SubscriptionCancelLogic } from '../model/subscriber-actors';
import styles from './merchant-subscribers.module.css';

export const SUBSCRIPTION_STATUS_TEXTS: Record<Subscription['status'], MessageDescriptor> = {
  active: msg`Active`,
  cancelled: msg`Cancelled`,
  completed: msg`Completed`,
};

export const INSTALLMENT_STATUS_TEXTS: Record<Installment['status'], MessageDescriptor> = {
  paid: msg`Paid`,
  failed: msg`Failed`,
  scheduled: msg`Scheduled`,
  cancelled: msg`Will not be taken`,
};

/** The subscriptions' read as the view needs it (stories give fakes). */
export type SubscriptionsRead = QueryLike & {
  data?: { pages: { subscriptions: Subscription[]; total: number }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

export interface SubscribersPanelProps {
  /** The user may cancel (full merchant access); else the list is read. */
  canManage: boolean;
  /** Storybook: the cancel statechart with a fake call. */
  cancelLogic?: SubscriptionCancelLogic;
}

/** /merchant/accounts/subscribers (001 s7 subscriber list, pageSize 50 pageNumber 1; installment list; subscriber cancel). */
export function SubscribersPanel(props: SubscribersPanelProps) {
  return <SubscribersView {...props} read={useInfiniteQuery(subscriptionsQuery())} />;
}

/**
 * The subscriptions payers took out, newest first, 50 at a time ("Show more" while fewer than the
 * total were read): who, what, how much and how often, how many installments were paid; each
 * one's installments on request; an active one cancelled by a user with full access after a
 * question that says what stops and what stays paid (sent once).
 */
export function SubscribersView({ read, canManage, cancelLogic = subscriptionCancelLogic }: SubscribersPanelProps & { read: SubscriptionsRead }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const open = useSelection();
  const subscriptions = read.data?.pages.flatMap((page) => page.subscriptions) ?? [];
  const total = read.data?.pages.at(-1)?.total ?? 0;
  const shown = subscriptions.length;
  const activeIds = subscriptions.filter(isCancellable).map((subscription) => subscription.subscriptionId);
  const { actor: cancel, addButton: heading } = useConfirmedRemoval<HTMLHeadingElement>(cancelLogic, activeIds, (subject) => {
    void queryClient.invalidateQueries({ queryKey: merchantKeys.subscriptions() });
    const name = subscriptions.find((one) => String(one.subscriptionId) === subject)?.payerName ?? '';
    notifications.send({ type: 'NOTIFY', notification: { id: `subscription-cancelled-${Date.now()}`, tone: 'success', title: t`The subscription of ${name} was cancelled.` } });
  });
  return (
    <section aria-labelledby={`${ids}-title`} className={styles.section}>
      <h1 id={`${ids}-title`} className={styles.title} ref={heading} tabIndex={-1}>
        {t`Subscribers`}
      </h1>
      <p className={styles.hint}>{t`The subscriptions your payers took out, newest first.`}</p>
      <QueryState query={read} title={t`The subscribers could not be loaded`} />
      {read.data && subscriptions.length === 0 ? <EmptyState title={t`No subscribers yet`} message={t`When a payer subscribes through one of your buttons, the subscription shows here.`} /> : null}
      {subscriptions.length > 0 ? (
        <>
          <p className={styles.count} aria-live="polite">
            {t`Showing ${shown} of ${total}`}
          </p>
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {subscriptions.map((subscription) => (
              <SubscriptionRow
                key={subscription.subscriptionId}
                subscription={subscription}
                canManage={canManage}
                expanded={open.selected === subscription.subscriptionId}
                onToggle={() => (open.selected === subscription.subscriptionId ? open.clear() : open.select(subscription.subscriptionId))}
                onCancel={() => cancel.send({ type: 'REQUEST', subject: String(subscription.subscriptionId) })}
              />
            ))}
          </ul>
          {read.hasNextPage ? (
            <Button variant="secondary" isPending={read.isFetchingNextPage} onPress={() => void read.fetchNextPage()}>
              {t`Show more`}
            </Button>
          ) : null}
        </>
      ) : null}
      <CancelDialog actor={cancel} subscriptions={subscriptions} />
    </section>
  );
}

function SubscriptionRow({ subscription, canManage, expanded, onToggle, onCancel }: { subscription: Subscription; canManage: boolean; expanded: boolean; onToggle: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const price = formatMoney(subscription.amount, subscription.currencyCode, i18n.locale);
  const paid = subscription.installmentsPaid;
  const planned = subscription.installmentsTotal;
  return (
    <li className={styles.item}>
      <div className={styles.about}>
        <p id={`${ids}-name`} className={styles.name}>
          {subscription.payerName}
        </p>
        <p className={styles.meta}>
          {subscription.payerEmail} · {subscription.itemName}
        </p>
        <p className={styles.meta}>
          {subscription.frequency === 'weekly' ? t`${price} a week` : subscription.frequency === 'monthly' ? t`${price} a month` : t`${price} a year`} ·{' '}
          {planned === null ? t`${paid} paid, until cancelled` : t`${paid} of ${planned} paid`}
        </p>
        <p className={styles.meta}>
          <span className={styles.status} data-status={subscription.status}>
            {i18n._(SUBSCRIPTION_STATUS_TEXTS[subscription.status])}
          </span>
          {subscription.nextPaymentAt ? ` · ${t`Next payment`}: ${formatDate(subscription.nextPaymentAt, i18n.locale)}` : ''}
          {subscription.cancelledAt ? ` · ${t`Cancelled on`} ${formatDate(subscription.cancelledAt, i18n.locale)}` : ''}
        </p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" aria-expanded={expanded} aria-controls={`${ids}-installments`} aria-labelledby={`${ids}-toggle ${ids}-name`} onPress={onToggle}>
          <span id={`${ids}-toggle`}>{t`Installments`}</span>
        </Button>
        {canManage && isCancellable(subscription) ? (
          <Button variant="secondary" aria-labelledby={`${ids}-cancel ${ids}-name`} onPress={onCancel}>
            <span id={`${ids}-cancel`}>{t`Cancel the subscription`}</span>
          </Button>
        ) : null}
      </div>
      <div id={`${ids}-installments`} className={styles.installments} hidden={!expanded}>
        {expanded ? <Installments subscription={subscription} labelledBy={`${ids}-name`} /> : null}
      </div>
    </li>
  );
}

/** One subscription's installments, read when opened. */
function Installments({ subscription, labelledBy }: { subscription: Subscription; labelledBy: string }) {
  const { t, i18n } = useLingui();
  const read = useQuery(installmentsQuery(subscription.subscriptionId));
  const installments = read.data ?? [];
  return (
    <>
      <QueryState query={read} title={t`The installments could not be loaded`} />
      {read.data && installments.length === 0 ? <p className={styles.hint}>{t`No installments yet.`}</p> : null}
      {installments.length > 0 ? (
        <ol className={styles.installmentList} aria-labelledby={labelledBy}>
          {installments.map((installment) => (
            <li key={installment.id} className={styles.installment} data-status={installment.status}>
              <span>{t`No. ${installment.number}`}</span>
              <span>{formatDate(installment.dueDate, i18n.locale)}</span>
              <span>{formatMoney(installment.amount, installment.currencyCode, i18n.locale)}</span>
              <span>{i18n._(INSTALLMENT_STATUS_TEXTS[installment.status])}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

/** The question before a cancel: what stops, what was already paid and stays paid. */
function CancelDialog({ actor, subscriptions }: { actor: ActorRefFrom<SubscriptionCancelLogic>; subscriptions: readonly Subscription[] }) {
  const { t, i18n } = useLingui();
  const of = (id: string) => subscriptions.find((one) => String(one.subscriptionId) === id) ?? null;
  return (
    <ConfirmedChangeDialog
      actor={actor}
      title={(id) => {
        const name = of(id)?.payerName ?? '';
        return t`Cancel the subscription of ${name}?`;
      }}
      text={(id) => {
        const subscription = of(id);
        if (!subscription) return '';
        const summary = cancelSummary(subscription);
        const paidCount = summary.paidCount;
        const paidTotal = formatMoney(summary.paidTotal, subscription.currencyCode, i18n.locale);
        const next = summary.nextPaymentAt ? formatDate(summary.nextPaymentAt, i18n.locale) : null;
        return [
          summary.stoppedCount === null ? t`No installment is taken after today.` : t`No installment is taken after today: ${summary.stoppedCount} will not be taken.`,
          next ? t`The next one, due on ${next}, will not be taken.` : '',
          paidCount === 0 ? t`Nothing has been paid yet.` : t`Already paid, and staying paid: ${paidCount} (${paidTotal}).`,
          t`This cannot be undone.`,
        ]
          .filter(Boolean)
          .join(' ');
      }}
      confirmLabel={t`Cancel the subscription`}
    />
  );
}
