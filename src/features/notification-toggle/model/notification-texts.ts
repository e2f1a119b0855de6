import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { NotificationGroupKey, NotificationKey } from '@machines/settings/notification-settings.rules';

/** The catalogue's groups by name (notification-settings.rules NOTIFICATION_CATALOGUE). */
const GROUP_TEXTS: Record<NotificationGroupKey, MessageDescriptor> = {
  security: msg`Security`,
  transfers: msg`Transfers`,
  cards: msg`Cards`,
  news: msg`News and offers`,
};

/** What each known setting tells the customer about. */
const SETTING_TEXTS: Record<NotificationKey, MessageDescriptor> = {
  newSignIn: msg`A new sign-in to your account`,
  passwordChanged: msg`Your password changed`,
  deviceLinked: msg`A phone linked to your account`,
  allowedIpChanged: msg`Your allowed IP list changed`,
  incomingTransfer: msg`Money received`,
  outgoingTransfer: msg`Money sent`,
  approvalRequest: msg`A transfer waits for your approval`,
  batchFinished: msg`A batch of payments finished`,
  cardPayment: msg`Card payments`,
  cardDeclined: msg`Declined card payments`,
  cardStatus: msg`Card status changes`,
  productNews: msg`Product news`,
  offers: msg`Offers from us`,
};

const named = <K extends string>(texts: Record<K, MessageDescriptor>, key: string): MessageDescriptor | null => (Object.hasOwn(texts, key) ? texts[key as K] : null);

/** A group's name; a group the app does not know shows its key (as text). */
export const groupName = (i18n: I18n, group: string): string => {
  const descriptor = named(GROUP_TEXTS, group);
  return descriptor ? i18n._(descriptor) : group;
};

/** A setting's label; a setting the app does not know shows its key (as text). */
export const settingName = (i18n: I18n, identified: string): string => {
  const descriptor = named(SETTING_TEXTS, identified);
  return descriptor ? i18n._(descriptor) : identified;
};
