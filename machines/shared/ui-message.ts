import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** A message for the user: a translatable descriptor, or the server's own text (shown as text). */
export type UiMessage = { descriptor: MessageDescriptor } | { text: string };


/** What a bug (an Error, not a refusal) tells the user: never its text. */
export const unexpectedFailure = msg`Something went wrong. Please try again.`;

/** A thrown UiMessage as it is; anything else (a bug) as the generic failure. */
export const toFailure = (error: unknown): UiMessage => (error instanceof Error || !error ? { descriptor: unexpectedFailure } : (error as UiMessage));
