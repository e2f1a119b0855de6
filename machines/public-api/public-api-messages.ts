import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { INSECURE_HOSTS_FACT, nameMessage, urlMessage } from '../merchant/merchant-messages';
import type { FormErrors, FormValues } from '../shared/form.machine';
import type { UiMessage } from '../shared/ui-message';
import { ipEntryErrors } from '../settings/security-lists-messages';
import {
  allowedIpProblems,
  apiKeyProblems,
  apiLogFilterProblems,
  webhookLogFilterProblems,
  webhookProblems,
  type ApiLogFilters,
  type DeliveryStatus,
  type ExpiryChoice,
  type KeyState,
  type LogFilterProblem,
  type WebhookLogFilters,
} from './public-api.rules';

/** The public API area (issue 57): the rules' outcomes in words. */
export const publicApiMessages = {
  keyId: msg`Choose one of your keys.`,
  query: msg`Use at most 255 characters.`,
  date: msg`Enter a day, for example 2026-11-30.`,
  range: msg`The last day cannot be before the first.`,
  expiresNow: msg`Now`,
  expires1h: msg`In 1 hour`,
  expires24h: msg`In 24 hours`,
  expires7d: msg`In 7 days`,
  keyActive: msg`Active`,
  keyDisabled: msg`Off`,
  keyExpiring: msg`Expiring`,
  keyExpired: msg`Expired`,
  delivered: msg`Delivered`,
  pending: msg`Retrying`,
  failed: msg`Failed`,
} satisfies Record<string, MessageDescriptor>;

const m = publicApiMessages;
const d = (descriptor: MessageDescriptor): UiMessage => ({ descriptor });

export const EXPIRY_TEXTS: Readonly<Record<ExpiryChoice, MessageDescriptor>> = { now: m.expiresNow, '1h': m.expires1h, '24h': m.expires24h, '7d': m.expires7d };
export const KEY_STATE_TEXTS: Readonly<Record<KeyState, MessageDescriptor>> = { active: m.keyActive, disabled: m.keyDisabled, expiring: m.keyExpiring, expired: m.keyExpired };
export const DELIVERY_STATUS_TEXTS: Readonly<Record<DeliveryStatus, MessageDescriptor>> = { delivered: m.delivered, pending: m.pending, failed: m.failed };

/** The hosts the form may use over http (the sandbox's own), carried one a line in the values as the IPN settings do. */
const insecureHostsOf = (values: FormValues): string[] => (values[INSECURE_HOSTS_FACT] ?? '').split('\n').map((host) => host.trim()).filter(Boolean);

/** A webhook's form (webhookCreate, webhookUpdate): its name and address. */
export function webhookErrors(values: FormValues): FormErrors {
  const problems = webhookProblems({ name: values.name ?? '', url: values.url ?? '' }, insecureHostsOf(values));
  return { ...(problems.name ? { name: nameMessage(problems.name) } : {}), ...(problems.url ? { url: urlMessage(problems.url) } : {}) };
}

/** An API key's form (apikeyCreate, apikeyUpdate): its name. */
export function apiKeyErrors(values: FormValues): FormErrors {
  const problems = apiKeyProblems({ name: values.name ?? '' });
  return problems.name ? { name: nameMessage(problems.name) } : {};
}

/** An allowed IP entry's form (allowedipCreate, allowedipUpdate): its name and the settings' allowed IP rules in their words. */
export function allowedIpErrors(values: FormValues): FormErrors {
  const problems = allowedIpProblems({ name: values.name ?? '', ipFrom: values.ipFrom ?? '', ipTo: values.ipTo ?? '' });
  const entry = ipEntryErrors({ ip: values.ipFrom ?? '', toIp: values.ipTo ?? '' });
  return {
    ...(problems.name ? { name: nameMessage(problems.name) } : {}),
    ...(entry.ip ? { ipFrom: entry.ip } : {}),
    ...(entry.toIp ? { ipTo: entry.toIp } : {}),
  };
}

const FILTER_TEXTS: Readonly<Record<LogFilterProblem, MessageDescriptor>> = { apiKeyId: m.keyId, query: m.query, fromDate: m.date, toDate: m.date, range: m.range };
const inWords = (problems: Partial<Record<string, LogFilterProblem>>): FormErrors =>
  Object.fromEntries(Object.entries(problems).flatMap(([field, problem]) => (problem ? [[field, d(FILTER_TEXTS[problem])]] : [])));

/** The webhook log's filter in words. */
export const webhookLogFilterErrors = (filters: WebhookLogFilters): FormErrors => inWords(webhookLogFilterProblems(filters));
/** The API log's filter in words. */
export const apiLogFilterErrors = (filters: ApiLogFilters): FormErrors => inWords(apiLogFilterProblems(filters));
