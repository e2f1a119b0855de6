import type { I18n, MessageDescriptor } from '@lingui/core';

/** A message for the user: a translatable descriptor, or the server's own text (shown as text). */
export type UiMessageLike = { descriptor: MessageDescriptor } | { text: string };

/** The text to show for a machine's message, in the active language. */
export function uiMessageText(i18n: I18n, message: UiMessageLike | null | undefined): string | null {
  if (!message) return null;
  return 'text' in message ? message.text : i18n._(message.descriptor);
}
