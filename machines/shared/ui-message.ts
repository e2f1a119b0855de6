import type { MessageDescriptor } from '@lingui/core';

/** A message for the user: a translatable descriptor, or the server's own text (shown as text). */
export type UiMessage = { descriptor: MessageDescriptor } | { text: string };
