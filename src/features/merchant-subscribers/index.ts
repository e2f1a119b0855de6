export { SubscribersPanel, SubscribersView, SUBSCRIPTION_STATUS_TEXTS, INSTALLMENT_STATUS_TEXTS } from './ui/subscribers';
export type { SubscribersPanelProps, SubscriptionsRead } from './ui/subscribers';
export { subscriptionCancelLogic } from './model/subscriber-actors';
export type { SubscriptionCancelLogic } from './model/subscriber-actors';
