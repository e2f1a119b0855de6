export { ApiKeysPanel, ApiKeysView } from './ui/api-keys-panel';
export type { ApiKeysPanelProps, ApiKeysRead } from './ui/api-keys-panel';
export { AllowedIpsPanel, AllowedIpsView } from './ui/allowed-ips-panel';
export type { AllowedIpsPanelProps, AllowedIpsRead } from './ui/allowed-ips-panel';
export { WebhooksPanel, WebhooksView } from './ui/webhooks-panel';
export type { WebhooksPanelProps, WebhooksRead } from './ui/webhooks-panel';
export { apiKeyEditLogic, allowedIpEditLogic, webhookEditLogic, apiKeyRollLogic, webhookSecretLogic, webhookPingLogic } from './model/public-api-actors';
export type { EntityEditLogic, SecretLogic, WebhookPingLogic } from './model/public-api-actors';
