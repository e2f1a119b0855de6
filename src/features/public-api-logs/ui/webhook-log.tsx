import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DELIVERY_STATUS_TEXTS } from '@machines/public-api/public-api-messages';
import { joinPages, NO_WEBHOOK_LOG_FILTERS, offersResend, type DeliveryStatus, type WebhookLogFilters } from '@machines/public-api/public-api.rules';
import { publicApiKeys, webhookLogQuery, type DeliveryAttempt, type WebhookRequest } from '@/entities/public-api';
import { formatDateTime, uiMessageText, useFilterMachine } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, EmptyState, QueryState, TextField } from '@/shared/ui';
import { deliveryResendLogic, webhookLogFilterLogic, type DeliveryResendLogic } from '../model/log-actors';
import { FilterButtons, ShowMore, type LogRead } from './log-parts';
import styles from './public-api-logs.module.css';

/** The log's read as the view needs it (stories give fakes). */
export type WebhookLogRead = LogRead<WebhookRequest>;

export interface WebhookLogProps {
  /** The filters the address holds (cleaned by the rules). */
  filters: Partial<WebhookLogFilters>;
  /** Puts the applied filters into the address. */
  onFilters: (next: Partial<WebhookLogFilters>) => void;
  /** Storybook: the resend statechart with a fake call. */
  resendLogic?: DeliveryResendLogic;
}

type ResendActor = ActorRefFrom<DeliveryResendLogic>;

const TONE: Record<DeliveryStatus, 'good' | 'warn' | 'bad'> = { delivered: 'good', pending: 'warn', failed: 'bad' };

/** The deliveries to the webhooks (001 s7 GET /public-api/webhookRequest: customerId, limit 20, query, fromDate, toDate, cursor). */
export function WebhookLog(props: WebhookLogProps) {
  return <WebhookLogView {...props} read={useInfiniteQuery(webhookLogQuery(props.filters))} />;
}

/**
 * The deliveries to the customer's webhooks, newest first, 20 at a time ("Show more" follows the
 * cursor; a filter change starts again): the event, the webhook and its address, delivered,
 * retrying (with the next try's time) or failed; each one's attempts (the status answered or no
 * answer, when, how long, the start of the answer) and the body sent, on request; Resend posts it
 * again now (once per press; offered when the service keeps attempts).
 */
export function WebhookLogView({ read, filters, onFilters, resendLogic = deliveryResendLogic }: WebhookLogProps & { read: WebhookLogRead }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const resend = useActorRef(resendLogic.provide({ actions: { resendDone: () => void queryClient.invalidateQueries({ queryKey: publicApiKeys.webhookLog() }) } }), inspectOptions());
  const deliveries = joinPages(read.data?.pages ?? []);
  const filtered = Object.keys(filters).length > 0;
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.subtitle}>
        {t`Deliveries`}
      </h2>
      <WebhookLogFilterForm filters={filters} onApply={onFilters} />
      <QueryState query={read} title={t`The log could not be loaded`} />
      {read.data && deliveries.length === 0 ? (
        <EmptyState title={filtered ? t`No delivery matches these filters` : t`No deliveries yet`} message={filtered ? t`Change or clear the filters.` : t`Events posted to your webhooks are listed here.`} />
      ) : null}
      {deliveries.length > 0 ? (
        <>
          <p className={styles.count} aria-live="polite">
            {read.hasNextPage ? t`The newest ${deliveries.length} deliveries` : t`Deliveries: ${deliveries.length}`}
          </p>
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} resend={resend} />
            ))}
          </ul>
          <ShowMore read={read} />
        </>
      ) : null}
    </section>
  );
}

function DeliveryRow({ delivery, resend }: { delivery: WebhookRequest; resend: ResendActor }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const nameId = `${ids}-name`;
  const busy = useSelector(resend, (s) => s.hasTag('busy') && s.context.id === delivery.id);
  const outcome = useSelector(resend, (s) => (s.hasTag('resent') && s.context.id === delivery.id ? s.context.outcome : null));
  const error = useSelector(resend, (s) => (s.hasTag('failed') && s.context.id === delivery.id ? uiMessageText(i18n, s.context.error) : null));
  const next = delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt, i18n.locale) : null;
  const attempts = delivery.attempts;
  const status = outcome?.responseStatus;
  return (
    <li className={styles.item}>
      <div className={styles.line}>
        <span className={`${styles.badge} ${styles[TONE[delivery.status]]}`}>{i18n._(DELIVERY_STATUS_TEXTS[delivery.status])}</span>
        <p id={nameId} className={`${styles.name} ${styles.mono}`}>
          {delivery.eventType}
        </p>
        <span id={`${ids}-no`} className={styles.meta}>
          #{delivery.id}
        </span>
      </div>
      <p className={styles.meta}>
        {formatDateTime(delivery.createdAt, i18n.locale)} · {delivery.webhookName ?? t`Webhook`}: <span className={styles.mono}>{delivery.url}</span>
      </p>
      {delivery.status === 'pending' && next ? <p className={styles.meta}>{t`Next try ${next}`}</p> : null}
      <details>
        <summary aria-describedby={nameId}>{attempts ? t`Attempts: ${attempts.length}` : t`The body sent`}</summary>
        {attempts && attempts.length > 0 ? (
          <ol className={styles.attempts}>
            {attempts.map((attempt, index) => (
              <AttemptLine key={index} attempt={attempt} />
            ))}
          </ol>
        ) : null}
        {delivery.payload ? (
          <pre className={styles.code}>
            <code>{delivery.payload}</code>
          </pre>
        ) : null}
      </details>
      {offersResend(delivery) ? (
        <div className={styles.buttons}>
          <Button variant="secondary" isPending={busy} aria-labelledby={`${ids}-resend ${nameId} ${ids}-no`} onPress={() => resend.send(error ? { type: 'RETRY' } : { type: 'RESEND', id: delivery.id })}>
            <span id={`${ids}-resend`}>{error ? t`Try again` : t`Resend`}</span>
          </Button>
          <span role="status" className={outcome || error ? styles.result : styles.meta}>
            {outcome ? (outcome.delivered ? t`Sent again: delivered (${status}).` : status === null || status === undefined ? t`Sent again: no answer.` : t`Sent again: not delivered (${status}).`) : (error ?? '')}
          </span>
        </div>
      ) : null}
    </li>
  );
}

function AttemptLine({ attempt }: { attempt: DeliveryAttempt }) {
  const { t, i18n } = useLingui();
  const at = formatDateTime(attempt.at, i18n.locale);
  const answered = attempt.responseStatus;
  return (
    <li className={styles.meta}>
      {at} · {answered === null ? t`No answer` : t`Answered ${answered}`} · {t`${attempt.durationMs} ms`}
      {attempt.manual ? ` · ${t`sent by hand`}` : ''}
      {attempt.responseExcerpt ? (
        <>
          {' · '}
          <span className={styles.mono}>{attempt.responseExcerpt}</span>
        </>
      ) : null}
    </li>
  );
}

/** The filter form on its statechart: Apply puts the checked values into the address (the log starts again); Clear empties them. */
function WebhookLogFilterForm({ filters, onApply }: { filters: Partial<WebhookLogFilters>; onApply: (next: Partial<WebhookLogFilters>) => void }) {
  const { t } = useLingui();
  const form = useFilterMachine(webhookLogFilterLogic(onApply), { values: { ...NO_WEBHOOK_LOG_FILTERS, ...filters } });
  return (
    <form {...form.formProps} role="search" className={styles.filters} aria-label={t`Filters`}>
      <TextField {...form.field('query')} label={t`Event, address or delivery No.`} type="search" autoComplete="off" spellCheck={false} />
      <TextField {...form.field('fromDate')} label={t`First day`} type="date" />
      <TextField {...form.field('toDate')} label={t`Last day`} type="date" />
      <FilterButtons onClear={form.reset} />
    </form>
  );
}
