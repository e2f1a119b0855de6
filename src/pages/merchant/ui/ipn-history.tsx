import { useId } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ipnMessageQuery, ipnMessagesQuery, type IpnMessage } from '@/entities/merchant';
import { ConfirmIpnButton } from '@/features/confirm-ipn-message';
import { formatDateTime } from '@/shared/lib';
import { useSelection } from '@/shared/model';
import { Button, Dialog, EmptyState, Money, QueryState, type QueryLike } from '@/shared/ui';
import styles from './merchant-page.module.css';

export const PAYMENT_STATUS_TEXTS: Record<IpnMessage['paymentStatus'], MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  failed: msg`Failed`,
  refunded: msg`Refunded`,
};

const DELIVERY_TEXTS: Record<IpnMessage['deliveryStatus'], MessageDescriptor> = {
  delivered: msg`Delivered`,
  failed: msg`Not delivered`,
  notSent: msg`Not sent: notifications were off`,
};

/** The messages' read as the view needs it (stories give fakes). */
export type IpnMessagesRead = QueryLike & {
  data?: { pages: { messages: IpnMessage[]; total: number }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** /merchant/ipn/history (001 s7 IPN message list, get, confirm; s9 25 a page and the "more" rule). */
export function IpnHistory({ canManage }: { canManage: boolean }) {
  return <IpnHistoryView read={useInfiniteQuery(ipnMessagesQuery())} canManage={canManage} />;
}

/**
 * The notifications, newest first, 25 at a time: "Show more" while pageSize × pageNumber is at
 * most the total (so at an exact multiple one more, empty, page is read and then the button goes).
 * Each with its payment and its delivery; Details shows what was posted; a user with full access
 * confirms one as handled. Server text is rendered as text.
 */
export function IpnHistoryView({ read, canManage }: { read: IpnMessagesRead; canManage: boolean }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const details = useSelection();
  const messages = read.data?.pages.flatMap((page) => page.messages) ?? [];
  const total = read.data?.pages.at(-1)?.total ?? 0;
  const shown = messages.length;
  const open = messages.find((message) => message.id === details.selected) ?? null;
  return (
    <section aria-labelledby={`${ids}-title`} className={styles.section}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`IPN history`}
      </h1>
      <p className={styles.hint}>{t`The notifications sent to your address for the payments you received, newest first.`}</p>
      <QueryState query={read} title={t`The notifications could not be loaded`} />
      {read.data && messages.length === 0 ? <EmptyState title={t`No notifications yet`} message={t`A notification is sent for each payment you receive while notifications are on.`} /> : null}
      {messages.length > 0 ? (
        <>
          <p className={styles.count} aria-live="polite">
            {t`Showing ${shown} of ${total}`}
          </p>
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {messages.map((message) => (
              <li key={message.id} className={styles.item}>
                <div className={styles.about}>
                  <p id={`${ids}-${message.id}`} className={styles.name}>
                    <Money amount={message.amount} currency={message.currencyCode} /> · {message.payerEmail}
                  </p>
                  <p className={styles.meta}>
                    {formatDateTime(message.createdAt, i18n.locale)} · {t`Payment`}: {i18n._(PAYMENT_STATUS_TEXTS[message.paymentStatus])}
                  </p>
                  <p className={styles.meta}>
                    {i18n._(DELIVERY_TEXTS[message.deliveryStatus])}
                    {message.responseStatus !== null && message.deliveryStatus !== 'notSent' ? ` (HTTP ${message.responseStatus})` : ''}
                    {message.confirmed ? ` · ${t`Confirmed`}` : ''}
                  </p>
                </div>
                <div className={styles.actions}>
                  <Button variant="secondary" aria-labelledby={`${ids}-details-${message.id} ${ids}-${message.id}`} onPress={() => details.select(message.id)}>
                    <span id={`${ids}-details-${message.id}`}>{t`Details`}</span>
                  </Button>
                  {canManage && !message.confirmed ? <ConfirmIpnButton messageId={message.id} describedBy={`${ids}-${message.id}`} /> : null}
                </div>
              </li>
            ))}
          </ul>
          {read.hasNextPage ? (
            <Button variant="secondary" isPending={read.isFetchingNextPage} onPress={() => void read.fetchNextPage()}>
              {t`Show more`}
            </Button>
          ) : null}
        </>
      ) : null}
      <Dialog isOpen={open !== null} onClose={details.clear} title={t`Notification details`}>
        {open ? <IpnDetails message={open} /> : null}
      </Dialog>
    </section>
  );
}

/** One notification: where it went, what it answered, and the body that was posted (as text). */
function IpnDetails({ message }: { message: IpnMessage }) {
  const { t, i18n } = useLingui();
  // The list has no bodies: the message is read on its own for what was posted.
  const full = useQuery(ipnMessageQuery(message.id));
  const payload = full.data?.payload;
  return (
    <dl className={styles.details}>
      <div>
        <dt>{t`Transaction`}</dt>
        <dd>{message.transactionId}</dd>
      </div>
      <div>
        <dt>{t`Sent to`}</dt>
        <dd className={styles.wrap}>{message.notifyUrl ?? t`No address`}</dd>
      </div>
      <div>
        <dt>{t`Attempts`}</dt>
        <dd>{message.attempts}</dd>
      </div>
      <div>
        <dt>{t`Last attempt`}</dt>
        <dd>{message.lastAttemptAt ? formatDateTime(message.lastAttemptAt, i18n.locale) : t`None`}</dd>
      </div>
      <div>
        <dt>{t`Confirmed`}</dt>
        <dd>{message.confirmedAt ? formatDateTime(message.confirmedAt, i18n.locale) : t`Not yet`}</dd>
      </div>
      <div>
        <dt>{t`What was posted`}</dt>
        <dd>
          <QueryState query={full} title={t`What was posted could not be loaded`} />
          {payload ? <pre className={styles.payload}>{payload}</pre> : full.data ? t`Nothing was posted` : null}
        </dd>
      </div>
    </dl>
  );
}
