export { ApiLog, ApiLogView } from './ui/api-log';
export type { ApiLogProps, ApiLogRead } from './ui/api-log';
export { WebhookLog, WebhookLogView } from './ui/webhook-log';
export type { WebhookLogProps, WebhookLogRead } from './ui/webhook-log';
export { deliveryResendLogic } from './model/log-actors';
export type { DeliveryResendLogic } from './model/log-actors';
