import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { joinPages, NO_API_LOG_FILTERS, type ApiLogFilters } from '@machines/public-api/public-api.rules';
import { apiKeysQuery, apiLogQuery, type ApiKey, type ApiRequest } from '@/entities/public-api';
import { formatDateTime, useFilterMachine } from '@/shared/lib';
import { EmptyState, QueryState, Select, TextField } from '@/shared/ui';
import { apiLogFilterLogic } from '../model/log-actors';
import { FilterButtons, ShowMore, type LogRead } from './log-parts';
import styles from './public-api-logs.module.css';

/** The log's read as the view needs it (stories give fakes). */
export type ApiLogRead = LogRead<ApiRequest>;

export interface ApiLogProps {
  /** The filters the address holds (cleaned by the rules). */
  filters: Partial<ApiLogFilters>;
  /** Puts the applied filters into the address. */
  onFilters: (next: Partial<ApiLogFilters>) => void;
}

/** /merchant/internal/api_log (001 s7 GET /public-api/apirequest: customerId, apiKeyId, fromDate, toDate). */
export function ApiLog(props: ApiLogProps) {
  return <ApiLogView {...props} read={useInfiniteQuery(apiLogQuery(props.filters))} keys={useQuery(apiKeysQuery()).data ?? []} />;
}

/**
 * The requests made with the customer's keys, newest first: when, the call, the status answered,
 * the key, the address it came from and how long it took; filtered by key and days (in the address,
 * so a reload or a link keeps them; a change starts the log again); "Show more" follows the cursor.
 */
export function ApiLogView({ read, keys, filters, onFilters }: ApiLogProps & { read: ApiLogRead; keys: readonly ApiKey[] }) {
  const { t } = useLingui();
  const ids = useId();
  const requests = joinPages(read.data?.pages ?? []);
  const filtered = Object.keys(filters).length > 0;
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`API log`}
      </h1>
      <p className={styles.hint}>{t`The requests made with your keys, newest first.`}</p>
      <ApiLogFilterForm filters={filters} keys={keys} onApply={onFilters} />
      <QueryState query={read} title={t`The log could not be loaded`} />
      {read.data && requests.length === 0 ? (
        <EmptyState title={filtered ? t`No request matches these filters` : t`No requests yet`} message={filtered ? t`Change or clear the filters.` : t`Requests made with your API keys are listed here.`} />
      ) : null}
      {requests.length > 0 ? (
        <>
          <p className={styles.count} aria-live="polite">
            {read.hasNextPage ? t`The newest ${requests.length} requests` : t`Requests: ${requests.length}`}
          </p>
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {requests.map((request) => (
              <RequestRow key={request.id} request={request} keyName={request.apiKeyName ?? keys.find((key) => key.id === request.apiKeyId)?.name ?? `#${request.apiKeyId}`} />
            ))}
          </ul>
          <ShowMore read={read} />
        </>
      ) : null}
    </section>
  );
}

const tone = (status: number) => (status >= 200 && status < 300 ? 'good' : status >= 500 ? 'bad' : 'warn');

function RequestRow({ request, keyName }: { request: ApiRequest; keyName: string }) {
  const { t, i18n } = useLingui();
  return (
    <li className={styles.item}>
      <div className={styles.line}>
        <span className={`${styles.badge} ${styles[tone(request.responseStatus)]}`}>{request.responseStatus}</span>
        <p className={`${styles.name} ${styles.mono}`}>
          {request.method} {request.path}
        </p>
      </div>
      <p className={styles.meta}>
        {formatDateTime(request.createdAt, i18n.locale)} · {t`Key`}: {keyName} · {t`Address`}: <span className={styles.mono}>{request.ipAddress}</span>
        {request.durationMs !== undefined ? ` · ${t`${request.durationMs} ms`}` : ''}
      </p>
    </li>
  );
}

/** The filter form on its statechart: Apply puts the checked values into the address; Clear empties them; the address's values are brought in when it changes. */
function ApiLogFilterForm({ filters, keys, onApply }: { filters: Partial<ApiLogFilters>; keys: readonly ApiKey[]; onApply: (next: Partial<ApiLogFilters>) => void }) {
  const { t } = useLingui();
  const form = useFilterMachine(apiLogFilterLogic(onApply), { values: { ...NO_API_LOG_FILTERS, ...filters } });
  const key = form.field('apiKeyId');
  return (
    <form {...form.formProps} className={styles.filters} aria-label={t`Filters`}>
      <Select
        label={t`Key`}
        placeholder={t`Every key`}
        placeholderSelectable
        options={keys.map((one) => ({ id: String(one.id), label: one.name }))}
        selectedKey={key.value || ''}
        onSelectionChange={key.onChange}
        errorMessage={key.errorMessage}
      />
      <TextField {...form.field('fromDate')} label={t`First day`} type="date" />
      <TextField {...form.field('toDate')} label={t`Last day`} type="date" />
      <FilterButtons onClear={form.reset} />
    </form>
  );
}
