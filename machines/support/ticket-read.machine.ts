import { assign, fromPromise, setup } from 'xstate';
import type { components } from '@contract/helpdesk';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * One support ticket opened (issue 60; 002 s4 "a ticket's read time is stored in a custom read-at
 * field"; s9 conversations limit 100): `loading` reads the ticket and its conversations; then
 * `marking` writes the read-at field (so "new" clears; its failure is not the reader's concern:
 * the ticket is shown all the same and stays new) and `ready`. REFRESH reads it again (a reply
 * sent, an agent's answer) and marks it read again. A failed read: `failed` with its reason, RETRY.
 * Views read context.ticket, .conversations, .error and the tags `loading`, `ready`.
 */
type Ticket = components['schemas']['Ticket'];
type Conversation = components['schemas']['Conversation'];

export interface TicketReadContext {
  ticket: Ticket | null;
  conversations: Conversation[];
  /** How many conversations the ticket has (more than shown when over the limit). */
  count: number;
  error: UiMessage | null;
}

export type TicketReadEvent = { type: 'REFRESH' } | { type: 'RETRY' };

export interface TicketReadResult {
  ticket: Ticket;
  conversations: Conversation[];
  count: number;
}

export const ticketReadMachine = setup({
  types: {
    context: {} as TicketReadContext,
    events: {} as TicketReadEvent,
    tags: {} as 'loading' | 'ready',
  },
  actors: {
    /** GET /tickets/{id} and GET /tickets/{id}/conversations (limit 100). Throws the refusal. */
    read: fromPromise<TicketReadResult, void>(async () => {
      throw new Error('ticketRead: read not provided');
    }),
    /** PUT /tickets/{id} with the read-at field (now). */
    markRead: fromPromise<void, void>(async () => {
      throw new Error('ticketRead: markRead not provided');
    }),
  },
  actions: {
    /** Provided by the page: the lists and counts read again (the ticket is no longer new). */
    marked: () => {},
  },
}).createMachine({
  id: 'ticketRead',
  context: { ticket: null, conversations: [], count: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'read',
        onDone: { target: 'marking', actions: assign(({ event }) => ({ ticket: event.output.ticket, conversations: event.output.conversations, count: event.output.count, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    marking: {
      tags: ['ready'],
      invoke: { src: 'markRead', onDone: { target: 'ready', actions: 'marked' }, onError: { target: 'ready' } },
    },
    ready: {
      tags: ['ready'],
      on: { REFRESH: { target: 'loading' } },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});
