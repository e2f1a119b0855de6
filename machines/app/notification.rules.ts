/**
 * The Notification entity (002 s3: type, status, title, body) as the realtime channel carries it
 * (docs/decisions.md "Notifications: type and status"): `{ type: 'notification', id, notification:
 * { type, status, title, body }, createdAt }`. The spec names the fields, not their values; the
 * values here are a decision. Import-free: the sandbox builds its messages from the same lists.
 */
export const NOTIFICATION_TYPES = ['transaction', 'document', 'verification', 'invoice', 'security', 'support', 'general'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How it went, which is the toast's tone. */
export const NOTIFICATION_STATUSES = ['success', 'info', 'error'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export interface ReceivedNotification {
  id: string;
  type: NotificationType;
  status: NotificationStatus;
  title: string;
  body: string | undefined;
}

/** The longest title and body shown (server text, rendered as text; longer is cut with an ellipsis). */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1000;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A realtime message as a notification, or null when it is none or carries no title. A type or
 * status the app does not know yet reads as `general` and `info` (a newer service never loses a
 * notification on an older app); an id that is missing is made from the time.
 */
export function readNotification(message: unknown, now: () => number = Date.now): ReceivedNotification | null {
  if (typeof message !== 'object' || message === null) return null;
  const { type, id, notification } = message as { type?: unknown; id?: unknown; notification?: unknown };
  if (type !== 'notification' || typeof notification !== 'object' || notification === null) return null;
  const fields = notification as { type?: unknown; status?: unknown; title?: unknown; body?: unknown };
  const title = typeof fields.title === 'string' ? fields.title.trim() : '';
  if (title === '') return null;
  const body = typeof fields.body === 'string' && fields.body.trim() !== '' ? cut(fields.body.trim(), NOTIFICATION_BODY_MAX) : undefined;
  return {
    id: typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : `notification-${now()}`,
    type: (NOTIFICATION_TYPES as readonly unknown[]).includes(fields.type) ? (fields.type as NotificationType) : 'general',
    status: (NOTIFICATION_STATUSES as readonly unknown[]).includes(fields.status) ? (fields.status as NotificationStatus) : 'info',
    title: cut(title, NOTIFICATION_TITLE_MAX),
    body,
  };
}
