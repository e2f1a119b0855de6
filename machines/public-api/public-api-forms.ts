import { createFilterMachine } from '../shared/filter.machine';
import { createEntityEditMachine } from './entity-edit.machine';
import { allowedIpErrors, apiKeyErrors, apiLogFilterErrors, webhookErrors, webhookLogFilterErrors } from './public-api-messages';
import { NO_API_LOG_FILTERS, NO_WEBHOOK_LOG_FILTERS, type ApiLogFilters, type WebhookLogFilters } from './public-api.rules';

/**
 * The public API area's statecharts made from the shared ones (issue 57): each kind's entity edit
 * with its rule, and the two logs' filters (their values end up in the address).
 */

/** Webhooks: name, enabled, url (and the `@insecureHosts` fact). */
export const webhookEditMachine = createEntityEditMachine('webhookEdit', webhookErrors);
/** API keys: name, enabled. */
export const apiKeyEditMachine = createEntityEditMachine('apiKeyEdit', apiKeyErrors);
/** Allowed IPs: name, enabled, ipFrom, ipTo. */
export const allowedIpEditMachine = createEntityEditMachine('allowedIpEdit', allowedIpErrors);

/** The form's values as the webhook log's filters (a missing field is empty). */
export const webhookLogFiltersOf = (values: Record<string, string | undefined>): WebhookLogFilters => ({ query: values.query ?? '', fromDate: values.fromDate ?? '', toDate: values.toDate ?? '' });
/** The form's values as the API log's filters. */
export const apiLogFiltersOf = (values: Record<string, string | undefined>): ApiLogFilters => ({ apiKeyId: values.apiKeyId ?? '', fromDate: values.fromDate ?? '', toDate: values.toDate ?? '' });

/** The webhook log's filter: a search (event, address, id) and the days; checked before Apply puts it into the address. */
export const webhookLogFilterMachine = createFilterMachine('webhookLogFilter', (values) => webhookLogFilterErrors(webhookLogFiltersOf(values)));
/** The API log's filter: a key and the days. */
export const apiLogFilterMachine = createFilterMachine('apiLogFilter', (values) => apiLogFilterErrors(apiLogFiltersOf(values)));

export const NO_WEBHOOK_LOG_FILTER_VALUES: Record<keyof WebhookLogFilters, string> = { ...NO_WEBHOOK_LOG_FILTERS };
export const NO_API_LOG_FILTER_VALUES: Record<keyof ApiLogFilters, string> = { ...NO_API_LOG_FILTERS };
