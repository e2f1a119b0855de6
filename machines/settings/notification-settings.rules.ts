/**
 * Notification settings (001 s3 Notification setting: identified, value, group; s7 get and set;
 * issue 50) as pure rules shared by the statechart, the views and the sandbox. The spec names the
 * fields, not the keys: the keys below are the ones the service uses (the sandbox seeds them), and
 * the app names each in every language (src/pages/notification-settings/ui/notification-texts.ts). A group or key the app does not
 * know still shows, after the known ones, under its own text (rendered as text).
 */

/** The groups in the order the page shows them, each with its settings in order. */
export const NOTIFICATION_CATALOGUE = [
  { group: 'security', identified: ['newSignIn', 'passwordChanged', 'deviceLinked', 'allowedIpChanged'] },
  { group: 'transfers', identified: ['incomingTransfer', 'outgoingTransfer', 'approvalRequest', 'batchFinished'] },
  { group: 'cards', identified: ['cardPayment', 'cardDeclined', 'cardStatus'] },
  { group: 'news', identified: ['productNews', 'offers'] },
] as const;

export type NotificationGroupKey = (typeof NOTIFICATION_CATALOGUE)[number]['group'];
export type NotificationKey = (typeof NOTIFICATION_CATALOGUE)[number]['identified'][number];

export interface NotificationSetting {
  identified: string;
  value: boolean;
  group: string;
}

export interface NotificationGroup {
  group: string;
  settings: NotificationSetting[];
}

const groupOrder = new Map<string, number>(NOTIFICATION_CATALOGUE.map((g, i) => [g.group, i]));
const keyOrder = new Map<string, number>(NOTIFICATION_CATALOGUE.flatMap((g) => g.identified.map((key, i) => [key, i] as const)));

/** Known ones by the catalogue's order, unknown ones after them by their text. */
const byOrder = (order: Map<string, number>) => (a: string, b: string) => {
  const x = order.get(a);
  const y = order.get(b);
  if (x !== undefined && y !== undefined) return x - y;
  if (x !== undefined) return -1;
  if (y !== undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The settings grouped for the page: one group per distinct `group` (known groups in the
 * catalogue's order, then unknown ones by name), settings within a group likewise. A key listed
 * twice keeps its last value (the service's latest word). Empty groups never appear.
 */
export function groupNotificationSettings(settings: readonly NotificationSetting[]): NotificationGroup[] {
  const latest = new Map<string, NotificationSetting>();
  for (const setting of settings) {
    latest.delete(setting.identified);
    latest.set(setting.identified, setting);
  }
  const groups = new Map<string, NotificationSetting[]>();
  for (const setting of latest.values()) groups.set(setting.group, [...(groups.get(setting.group) ?? []), setting]);
  const sortKeys = byOrder(keyOrder);
  return [...groups.keys()].sort(byOrder(groupOrder)).map((group) => ({
    group,
    settings: [...groups.get(group)!].sort((a, b) => sortKeys(a.identified, b.identified)),
  }));
}

/** The list with one setting's value replaced (an optimistic toggle, or its rollback); other settings untouched. */
export function withSettingValue<T extends NotificationSetting>(settings: readonly T[], identified: string, value: boolean): T[] {
  return settings.map((setting) => (setting.identified === identified ? { ...setting, value } : setting));
}

/** What the sandbox gives a new customer: security and transfers on, cards on, news off. */
export function defaultNotificationSettings(): NotificationSetting[] {
  return NOTIFICATION_CATALOGUE.flatMap(({ group, identified }) => identified.map((key) => ({ identified: key, group, value: group !== 'news' })));
}
