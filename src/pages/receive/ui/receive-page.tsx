import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReceiveFact } from '@machines/batches/receive.machine';
import { METHOD_LABELS } from '@/entities/global-pay-batch';
import { ReceiveForm, receiveLogic } from '@/features/receive-global-pay';
import { usePageTitle } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, DateText, EmptyState, Money, Preloader } from '@/shared/ui';
import styles from './receive-page.module.css';

/**
 * /receive/{id} (000 s2; 001 s7 p2p global pay methods, meta, submit): the page a global payment's
 * recipient opens from the e-mailed link, without signing in, in the sender's brand (the link's
 * host) and the recipient's language (the link's `lang`; the header offers the others). It says
 * who sends how much and what arrives after the fee, then asks how to receive it; a used or
 * expired link says so.
 */
export function ReceivePage({ id }: { id: string }) {
  const actor = useActorRef(receiveLogic, { input: { id }, ...inspectOptions() });
  const tag = useSelector(actor, (s) => (['loading', 'ready', 'missing', 'failed'] as const).find((t) => s.hasTag(t)) ?? 'loading');
  const data = useSelector(actor, (s) => s.context.data);
  return (
    <ReceivePageView
      id={id}
      loading={tag === 'loading'}
      failed={tag === 'failed'}
      missing={tag === 'missing'}
      data={data ?? undefined}
      onRetry={() => actor.send({ type: 'RETRY' })}
      onReceived={() => actor.send({ type: 'RECEIVED' })}
    />
  );
}

export function ReceivePageView({
  id,
  loading,
  failed,
  missing,
  data,
  onRetry,
  onReceived,
  form,
}: {
  id: string;
  loading: boolean;
  failed: boolean;
  /** The link is not known (mistyped, or not for this brand). */
  missing: boolean;
  data?: ReceiveFact | undefined;
  onRetry: () => void;
  /** The recipient's choice was taken. */
  onReceived?: () => void;
  /** Injectable for stories (a form with a fake submit). */
  form?: React.ReactNode;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Receive a payment`);
  const meta = data?.meta;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Receive a payment`}</h1>
      {loading ? (
        <Preloader label={t`Loading the payment…`} />
      ) : missing ? (
        <EmptyState title={t`This link does not work`} message={t`Check that you opened the whole link from the e-mail. If it still does not work, ask the sender to send the payment again.`} />
      ) : failed || !meta ? (
        <EmptyState
          title={t`The payment could not be loaded`}
          message={t`Check your connection and try again.`}
          action={<Button onPress={onRetry}>{t`Try again`}</Button>}
        />
      ) : (
        <>
          <p className={styles.lead}>{t`${meta.senderName ?? ''} sends you a payment.`}</p>
          <dl className={styles.facts}>
            <div>
              <dt>{t`Amount`}</dt>
              <dd>
                <Money amount={meta.amount ?? '0'} currency={meta.currency ?? ''} />
              </dd>
            </div>
            {meta.feeShare === 'recipient' ? (
              <div>
                <dt>{t`Fee`}</dt>
                <dd>
                  <Money amount={meta.fee ?? '0'} currency={meta.currency ?? ''} />
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t`You receive`}</dt>
              <dd>
                <Money amount={meta.recipientGets ?? meta.amount ?? '0'} currency={meta.currency ?? ''} />
              </dd>
            </div>
            {meta.description ? (
              <div>
                <dt>{t`Description`}</dt>
                <dd>{meta.description}</dd>
              </div>
            ) : null}
            {meta.status === 'open' && meta.expires ? (
              <div>
                <dt>{t`Choose by`}</dt>
                <dd>
                  <DateText value={meta.expires} />
                </dd>
              </div>
            ) : null}
          </dl>
          {meta.status === 'used' ? (
            <EmptyState
              title={t`This payment has been received`}
              message={
                meta.receivedBy && METHOD_LABELS[meta.receivedBy]
                  ? t`It was received by ${i18n._(METHOD_LABELS[meta.receivedBy]!)}. The link cannot be used again.`
                  : t`The link cannot be used again.`
              }
            />
          ) : meta.status === 'expired' ? (
            <EmptyState title={t`This link has expired`} message={t`The time to choose how to receive the payment is over. Ask the sender to send it again.`} />
          ) : data.methods.length === 0 ? (
            <EmptyState title={t`No way to receive this payment`} message={t`Ask the sender to allow a payment method for your country.`} />
          ) : (
            (form ?? <ReceiveForm id={id} methods={data.methods} onReceived={onReceived} />)
          )}
        </>
      )}
    </div>
  );
}
