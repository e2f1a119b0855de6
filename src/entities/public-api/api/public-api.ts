import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { components } from '@contract/public-api';
import type { EntitySaved, EntitySaveFailure } from '@machines/public-api/entity-edit.machine';
import type { ResendOutcome } from '@machines/public-api/delivery-resend.machine';
import type { PingOutcome } from '@machines/public-api/webhook-ping.machine';
import { apiLogRequest, ipToOrNull, isExpiryChoice, isOn, webhookLogRequest, type ApiLogFilters, type WebhookLogFilters } from '@machines/public-api/public-api.rules';
import type { FormValues } from '@machines/shared/form.machine';
import { api, apiRuntime, asUiMessage, errorsReplyOf, toFormFailure } from '@/shared/api';

export type PublicApiSchemas = components['schemas'];
export type Webhook = PublicApiSchemas['Webhook'];
export type ApiKey = PublicApiSchemas['ApiKey'];
export type AllowedIp = PublicApiSchemas['AllowedIp'];
export type ApiRequest = PublicApiSchemas['ApiRequest'];
export type WebhookRequest = PublicApiSchemas['WebhookRequest'];
export type DeliveryAttempt = PublicApiSchemas['DeliveryAttempt'];

/** A page of a log as the service answers it (`nextCursor` null or absent on the last page). */
export interface LogPage<T> {
  items: T[];
  nextCursor?: string | null;
}

export const publicApiMessages = {
  notSaved: msg`It was not saved. The reason is shown in the message.`,
};

/**
 * The public API area's calls (issue 57; public-api.yaml; 001 s7 Public API): each names the
 * acting customer's own id as `customerId` (001 s6: a business's, or the company an authorised
 * user acts for: the session's acting customer), read when the call is made. Reads are queries
 * under one key (a switch of the acting customer resets every customer read); writes carry their
 * statechart's requestId.
 */
export const publicApiKeys = {
  all: ['publicApi'] as const,
  webhooks: () => ['publicApi', 'webhooks'] as const,
  apiKeys: () => ['publicApi', 'apiKeys'] as const,
  allowedIps: () => ['publicApi', 'allowedIps'] as const,
  apiLog: (filters?: Partial<ApiLogFilters>) => (filters ? (['publicApi', 'apiLog', filters] as const) : (['publicApi', 'apiLog'] as const)),
  webhookLog: (filters?: Partial<WebhookLogFilters>) => (filters ? (['publicApi', 'webhookLog', filters] as const) : (['publicApi', 'webhookLog'] as const)),
};

const quiet = { errorPopup: false };

/** The acting customer's own id (001 s6). */
export function ownCustomerId(): number {
  const id = apiRuntime.caller.actingCustomerId;
  if (id === null) throw new Error('public API: no acting customer (not signed in)');
  return id;
}

export const webhooksQuery = () =>
  queryOptions({
    queryKey: publicApiKeys.webhooks(),
    queryFn: async ({ signal }): Promise<Webhook[]> => (await api().publicApi.GET('/webhook', { params: { query: { customerId: ownCustomerId() } }, signal })).data!.items,
    meta: quiet,
  });

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: publicApiKeys.apiKeys(),
    queryFn: async ({ signal }): Promise<ApiKey[]> => (await api().publicApi.GET('/apikey', { params: { query: { customerId: ownCustomerId() } }, signal })).data!.items,
    meta: quiet,
  });

export const allowedIpsQuery = () =>
  queryOptions({
    queryKey: publicApiKeys.allowedIps(),
    queryFn: async ({ signal }): Promise<AllowedIp[]> => (await api().publicApi.GET('/allowedip', { params: { query: { customerId: ownCustomerId() } }, signal })).data!.items,
    meta: quiet,
  });

/** The API request log for the filters, page by page: the next page follows the last one's cursor; other filters are another query (it starts again). */
export const apiLogQuery = (filters: Partial<ApiLogFilters>) =>
  infiniteQueryOptions({
    queryKey: publicApiKeys.apiLog(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<LogPage<ApiRequest>> =>
      (await api().publicApi.GET('/apirequest', { params: { query: apiLogRequest(ownCustomerId(), filters, pageParam) }, signal })).data!,
    getNextPageParam: (last: LogPage<ApiRequest>) => last.nextCursor ?? undefined,
    meta: quiet,
  });

/** The webhook request log for the filters (001 s7: limit 20, "load more" follows the cursor; a filter change starts again). */
export const webhookLogQuery = (filters: Partial<WebhookLogFilters>) =>
  infiniteQueryOptions({
    queryKey: publicApiKeys.webhookLog(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<LogPage<WebhookRequest>> =>
      (await api().publicApi.GET('/webhookRequest', { params: { query: webhookLogRequest(ownCustomerId(), filters, pageParam) }, signal })).data!,
    getNextPageParam: (last: LogPage<WebhookRequest>) => last.nextCursor ?? undefined,
    meta: quiet,
  });

/**
 * A refused save read for the entity edit statechart: a reply with `errors` (001 s8) goes with the
 * failure to be shown in the response popup, and the form says only that nothing was saved;
 * anything else is a FormFailure (the service's field errors by param, or its message).
 */
export function saveFailure(error: unknown): EntitySaveFailure {
  const reply = errorsReplyOf(error);
  return reply ? { message: { descriptor: publicApiMessages.notSaved }, reply } : toFormFailure(error);
}

const saving = async (work: () => Promise<EntitySaved>): Promise<EntitySaved> => {
  try {
    return await work();
  } catch (error) {
    throw saveFailure(error);
  }
};

/** webhookCreate (id null) or webhookUpdate, once per requestId: the webhook's id and the secret a create issued. */
export const saveWebhook = (input: { id: number | null; values: FormValues; requestId: string }): Promise<EntitySaved> =>
  saving(async () => {
    const body = { customerId: ownCustomerId(), name: (input.values.name ?? '').trim(), enabled: isOn(input.values.enabled), url: (input.values.url ?? '').trim(), requestId: input.requestId };
    const reply = input.id === null ? await api().publicApi.POST('/webhook', { body }) : await api().publicApi.PUT('/webhook/{id}', { params: { path: { id: input.id } }, body });
    return { id: reply.data!.webhook.id, secret: reply.data!.secret ?? null };
  });

/** apikeyCreate (id null) or apikeyUpdate, once per requestId: the key's id and the secret a create issued. */
export const saveApiKey = (input: { id: number | null; values: FormValues; requestId: string }): Promise<EntitySaved> =>
  saving(async () => {
    const body = { customerId: ownCustomerId(), name: (input.values.name ?? '').trim(), enabled: isOn(input.values.enabled), requestId: input.requestId };
    const reply = input.id === null ? await api().publicApi.POST('/apikey', { body }) : await api().publicApi.PUT('/apikey/{id}', { params: { path: { id: input.id } }, body });
    return { id: reply.data!.apiKey.id, secret: reply.data!.secret ?? null };
  });

/** allowedipCreate (id null) or allowedipUpdate, once per requestId (an empty end: one address). */
export const saveAllowedIp = (input: { id: number | null; values: FormValues; requestId: string }): Promise<EntitySaved> =>
  saving(async () => {
    const body = {
      customerId: ownCustomerId(),
      name: (input.values.name ?? '').trim(),
      enabled: isOn(input.values.enabled),
      ipFrom: (input.values.ipFrom ?? '').trim(),
      ipTo: ipToOrNull(input.values.ipTo),
      requestId: input.requestId,
    };
    const reply = input.id === null ? await api().publicApi.POST('/allowedip', { body }) : await api().publicApi.PUT('/allowedip/{id}', { params: { path: { id: input.id } }, body });
    return { id: reply.data!.allowedIp.id };
  });

const deleteQuery = (requestId: string) => ({ customerId: ownCustomerId(), requestId });

export const deleteWebhook = (input: { id: number; requestId: string }) =>
  asUiMessage(async () => void (await api().publicApi.DELETE('/webhook/{id}', { params: { path: { id: input.id }, query: deleteQuery(input.requestId) } })));
export const deleteApiKey = (input: { id: number; requestId: string }) =>
  asUiMessage(async () => void (await api().publicApi.DELETE('/apikey/{id}', { params: { path: { id: input.id }, query: deleteQuery(input.requestId) } })));
export const deleteAllowedIp = (input: { id: number; requestId: string }) =>
  asUiMessage(async () => void (await api().publicApi.DELETE('/allowedip/{id}', { params: { path: { id: input.id }, query: deleteQuery(input.requestId) } })));

/** The choice of how long the old secret works, as the contract names it (a statechart carries it as text). */
const expiresIn = (choice: string | null) => {
  if (choice === null || !isExpiryChoice(choice)) throw new Error(`public API: no expiry chosen (${String(choice)})`);
  return choice;
};

/** apikeyRoll, once per requestId: the new key's secret (the old key works until the choice has passed). */
export const rollApiKey = (input: { subject: number | null; choice: string | null; requestId: string }) =>
  asUiMessage(async () => {
    if (input.subject === null) throw new Error('public API: which key to roll');
    const reply = await api().publicApi.POST('/apikey/{id}/roll', { params: { path: { id: input.subject } }, body: { customerId: ownCustomerId(), expiresIn: expiresIn(input.choice), requestId: input.requestId } });
    return reply.data!.secret ?? '';
  });

/** webhookSecretRotate, once per requestId: the new signing secret (the old one signs beside it until the choice has passed). */
export const rotateWebhookSecret = (input: { subject: number | null; choice: string | null; requestId: string }) =>
  asUiMessage(async () => {
    if (input.subject === null) throw new Error('public API: which webhook');
    const reply = await api().publicApi.POST('/webhook/{id}/secret', { params: { path: { id: input.subject } }, body: { customerId: ownCustomerId(), expiresIn: expiresIn(input.choice), requestId: input.requestId } });
    return reply.data!.secret ?? '';
  });

/** webhookPing (001 s7): how the test event went (a dead address is an answer, not a failure). */
export const pingWebhook = (input: { url: string }): Promise<PingOutcome> =>
  asUiMessage(async () => (await api().publicApi.POST('/webhook/ping', { body: { customerId: ownCustomerId(), url: input.url.trim() } })).data!);

/** webhookRequestResend, once per requestId: how the new attempt went. */
export const resendDelivery = (input: { id: number; requestId: string }): Promise<ResendOutcome> =>
  asUiMessage(async () => {
    const delivery = (await api().publicApi.POST('/webhookRequest/{id}/resend', { params: { path: { id: input.id } }, body: { customerId: ownCustomerId(), requestId: input.requestId } })).data!.webhookRequest;
    const last = delivery.attempts?.[delivery.attempts.length - 1];
    return { delivered: delivery.status === 'delivered', responseStatus: last?.responseStatus ?? null };
  });
