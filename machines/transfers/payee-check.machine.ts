import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';
import { isPayeeCheckable, type PayeeFacts } from './p2p.logic';

/**
 * The payee check as the customer types the recipient's e-mail (001 s5, s7: check payee → exist,
 * isEmployee, outBlacklist). The p2p form sends every change as TYPED; the check starts 400 ms
 * after a checkable e-mail changes (an invalid or empty one skips it, 001 s5), the same e-mail is
 * not asked again, and a newer e-mail replaces an older check. A form that opens with an e-mail
 * (a recent transfer, a template, a reload) gives it as input and it is checked the same way.
 *
 * Views read tags: `checking`, `known` (context.payee), `failed`.
 */
export type PayeeCheckTag = 'checking' | 'known' | 'failed';
export type PayeeCheckEvent = { type: 'TYPED'; email: string } | { type: 'RETRY' };

export const PAYEE_CHECK_DELAY_MS = 400;

const normalized = (email: string) => email.trim().toLowerCase();

export const payeeCheckMachine = setup({
  types: {
    context: {} as { email: string | null; payee: PayeeFacts | null; error: UiMessage | null },
    input: {} as { email?: string } | undefined,
    events: {} as PayeeCheckEvent,
    tags: {} as PayeeCheckTag,
  },
  actors: {
    /** check payee (email). Throws a UiMessage. */
    check: fromPromise<PayeeFacts, { email: string }>(async () => {
      throw new Error('check not provided');
    }),
  },
  delays: { settle: PAYEE_CHECK_DELAY_MS },
  guards: {
    notCheckable: ({ event }) => event.type === 'TYPED' && !isPayeeCheckable(event.email),
    sameEmail: ({ context, event }) => event.type === 'TYPED' && normalized(event.email) === context.email,
    hasEmail: ({ context }) => context.email !== null,
  },
  actions: {
    forget: assign({ email: null, payee: null, error: null }),
    remember: assign(({ event }) => ({ email: event.type === 'TYPED' ? normalized(event.email) : null, payee: null, error: null })),
  },
}).createMachine({
  id: 'payeeCheck',
  context: ({ input }) => ({ email: input?.email && isPayeeCheckable(input.email) ? normalized(input.email) : null, payee: null, error: null }),
  initial: 'starting',
  on: {
    TYPED: [{ guard: 'notCheckable', target: '.empty', actions: 'forget' }, { guard: 'sameEmail' }, { target: '.waiting', actions: 'remember' }],
  },
  states: {
    starting: {
      always: [{ guard: 'hasEmail', target: 'waiting' }, { target: 'empty' }],
    },
    empty: {},
    waiting: {
      after: { settle: 'checking' },
    },
    checking: {
      tags: ['checking'],
      invoke: {
        src: 'check',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: { target: 'known', actions: assign({ payee: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as UiMessage }) },
      },
    },
    known: { tags: ['known'] },
    failed: {
      tags: ['failed'],
      on: { RETRY: { target: 'checking', actions: assign({ error: null }) } },
    },
  },
});
