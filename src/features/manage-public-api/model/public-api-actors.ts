import { fromPromise } from 'xstate';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import { INSECURE_HOSTS_FACT } from '@machines/merchant/merchant-messages';
import { allowedIpEditMachine, apiKeyEditMachine, webhookEditMachine } from '@machines/public-api/public-api-forms';
import { onText } from '@machines/public-api/public-api.rules';
import { webhookPingMachine } from '@machines/public-api/webhook-ping.machine';
import type { FormValues } from '@machines/shared/form.machine';
import {
  deleteAllowedIp,
  deleteApiKey,
  deleteWebhook,
  pingWebhook,
  rollApiKey,
  rotateWebhookSecret,
  saveAllowedIp,
  saveApiKey,
  saveWebhook,
  type AllowedIp,
  type ApiKey,
  type Webhook,
} from '@/entities/public-api';
import { insecureHosts } from '@/shared/config';

/**
 * The public API area's statecharts with their calls (public-api.yaml; the entity's functions):
 * each kind's entity edit, the secret of a key (a roll) and of a webhook (a rotation) shown once,
 * and the ping of an address. The page provides what it does with the outcomes (read again, say
 * what happened, show a secret, the response popup).
 */
export const apiKeyEditLogic = apiKeyEditMachine.provide({ actors: { save: fromPromise(({ input }) => saveApiKey(input)), remove: fromPromise(({ input }) => deleteApiKey(input)) } });
export const webhookEditLogic = webhookEditMachine.provide({ actors: { save: fromPromise(({ input }) => saveWebhook(input)), remove: fromPromise(({ input }) => deleteWebhook(input)) } });
export const allowedIpEditLogic = allowedIpEditMachine.provide({ actors: { save: fromPromise(({ input }) => saveAllowedIp(input)), remove: fromPromise(({ input }) => deleteAllowedIp(input)) } });
export type EntityEditLogic = typeof apiKeyEditLogic;

/** A key rolled (the old one works until the choice has passed): the new key's secret shown once. */
export const apiKeyRollLogic = secretRevealMachine.provide({ actors: { regenerate: fromPromise(({ input }) => rollApiKey(input)) } });
/** A webhook's signing secret rotated (the old one signs beside it until the choice has passed): shown once. */
export const webhookSecretLogic = secretRevealMachine.provide({ actors: { regenerate: fromPromise(({ input }) => rotateWebhookSecret(input)) } });
export type SecretLogic = typeof apiKeyRollLogic;

export const webhookPingLogic = webhookPingMachine.provide({ actors: { ping: fromPromise(({ input }) => pingWebhook(input)) } });
export type WebhookPingLogic = typeof webhookPingLogic;


/** A new entity's form values: on, nothing typed. */
export const NEW_API_KEY: FormValues = { name: '', enabled: 'true' };
export const NEW_ALLOWED_IP: FormValues = { name: '', enabled: 'true', ipFrom: '', ipTo: '' };
export const newWebhook = (): FormValues => ({ name: '', enabled: 'true', url: '', [INSECURE_HOSTS_FACT]: insecureHosts().join('\n') });

/** An entity as its form's values (the switch as text). */
export const apiKeyValues = (key: ApiKey): FormValues => ({ name: key.name, enabled: onText(key.enabled) });
export const allowedIpValues = (entry: AllowedIp): FormValues => ({ name: entry.name, enabled: onText(entry.enabled), ipFrom: entry.ipFrom, ipTo: entry.ipTo ?? '' });
export const webhookValues = (webhook: Webhook): FormValues => ({ name: webhook.name, enabled: onText(webhook.enabled), url: webhook.url, [INSECURE_HOSTS_FACT]: insecureHosts().join('\n') });
