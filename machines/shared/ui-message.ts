import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** A message for the user: a translatable descriptor, or the server's own text (shown as text). */
export type UiMessage = { descriptor: MessageDescriptor } | { text: string };


/** What a bug (an Error, not a refusal) tells the user: never its text. */
export const unexpectedFailure = msg`Something went wrong. Please try again.`;

/** A thrown UiMessage as it is; anything else (a bug) as the generic failure. */
/**
 * The message of a form's failure (`{ fields, message }`, what a form's submit throws): the
 * message, else the fields' messages one after another; anything else as toFailure.
 */
export function formFailureMessage(error: unknown): UiMessage {
  const failure = error as { fields?: Record<string, UiMessage | undefined>; message?: UiMessage } | null;
  if (failure && typeof failure === 'object' && !(error instanceof Error) && ('fields' in failure || ('message' in failure && typeof failure.message === 'object'))) {
    if (failure.message) return failure.message;
    const texts = Object.values(failure.fields ?? {}).filter((m): m is UiMessage => !!m);
    if (texts.length === 1) return texts[0]!;
    const plain = texts.map((m) => ('text' in m ? m.text : null));
    if (texts.length > 1 && plain.every((text): text is string => text !== null)) return { text: plain.join(', ') };
    return texts[0] ?? { descriptor: unexpectedFailure };
  }
  return toFailure(error);
}

export const toFailure = (error: unknown): UiMessage => (error instanceof Error || !error ? { descriptor: unexpectedFailure } : (error as UiMessage));
