import { and, assign, fromPromise, setup } from 'xstate';
import type { LinkVerdict } from './link-check.rules';
import { toFailure, type UiMessage } from './ui-message';

/**
 * A link in a message someone else wrote, checked before it opens (POST /service/check-urls;
 * docs/decisions.md "Link checks (check-urls)"). OPEN asks the service about the address
 * (`checking`, CANCEL gives up). Safe: `open` (a new tab without opener or referrer) and back to
 * `idle`; when the browser would no longer let the page open a tab by itself (the press was too
 * long ago), `ready` offers the link to press. Unsafe: `blocked`, nothing opens. The check failed:
 * `failed`, with a warning and the link to open anyway at the customer's own risk (OPENED when
 * they did), RETRY, or CLOSE. OPEN is ignored while a dialog is up.
 * Views read context.url, context.error and the tags.
 */
export type LinkCheckTag = 'checking' | 'ready' | 'blocked' | 'failed';

export interface LinkCheckContext {
  /** The address being checked or shown; null when idle. */
  url: string | null;
  error: UiMessage | null;
}

export type LinkCheckEvent = { type: 'OPEN'; url: string } | { type: 'CANCEL' } | { type: 'CLOSE' } | { type: 'RETRY' } | { type: 'OPENED' };

const isSafe = ({ event }: { event: { output: LinkVerdict } }) => event.output === 'safe';

export const linkCheckMachine = setup({
  types: {
    context: {} as LinkCheckContext,
    events: {} as LinkCheckEvent,
    tags: {} as LinkCheckTag,
  },
  actors: {
    /** The service's verdict on the address (check-urls: safe when it is in the answer). Throws a UiMessage. */
    check: fromPromise<LinkVerdict, { url: string }>(async () => {
      throw new Error('linkCheck: check not provided');
    }),
  },
  actions: {
    /** Opens the checked address in a new tab (noopener, noreferrer). */
    open: (_, _params: { url: string }) => {},
  },
  guards: {
    /** The browser still lets the page open a tab by itself (the press was a moment ago). */
    mayOpenNow: () => true,
  },
}).createMachine({
  id: 'linkCheck',
  context: { url: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ url: null, error: null }),
      on: { OPEN: { target: 'checking', actions: assign({ url: ({ event }) => event.url }) } },
    },
    checking: {
      tags: ['checking'],
      entry: assign({ error: null }),
      invoke: {
        src: 'check',
        input: ({ context }) => ({ url: context.url ?? '' }),
        onDone: [
          { guard: and([isSafe, 'mayOpenNow']), target: 'idle', actions: { type: 'open', params: ({ context }) => ({ url: context.url ?? '' }) } },
          { guard: isSafe, target: 'ready' },
          { target: 'blocked' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
      on: { CANCEL: 'idle' },
    },
    ready: {
      tags: ['ready'],
      on: { OPENED: 'idle', CLOSE: 'idle' },
    },
    blocked: {
      tags: ['blocked'],
      on: { CLOSE: 'idle' },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'checking', OPENED: 'idle', CLOSE: 'idle' },
    },
  },
});
