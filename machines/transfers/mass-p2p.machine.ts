import type { MainBody } from '@contract/main-methods';
import { assign, fromPromise, setup } from 'xstate';
import type { MessageDescriptor } from '@lingui/core';
import { changeField } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { approvalMachine, type ApprovalOutcome } from './approval.machine';
import { sendForApproval } from './send-for-approval';
import { emptyMassP2p, massP2pRequest, validateMassP2p, type MassP2pValues, type MassSummary } from './mass-p2p.logic';

/**
 * Mass p2p across /transfer/mass/p2p and its /confirm page (001 s2, s5, s7): the payments are
 * typed, pasted or read from a file; PREVIEW asks the service for the summary (nothing moves);
 * lines it cannot send send the customer back to fix them; a clean summary is reviewed on the
 * confirm page, and CONFIRM sends the batch through the approval statechart (child `approval`)
 * with one requestId per reviewed summary (a retry sends the same). A sent batch ends in `sent`
 * until NEW starts another.
 *
 * Views read tags: `editing`, `busy`, `review`, `sending`, `sent`.
 */
export type MassP2pTag = 'editing' | 'busy' | 'review' | 'sending' | 'sent';
export type MassP2pEvent = { type: 'CHANGE'; name: keyof MassP2pValues; value: string } | { type: 'PREVIEW' } | { type: 'EDIT' } | { type: 'CONFIRM' } | { type: 'NEW' };

export interface MassP2pContext {
  values: MassP2pValues;
  errors: Partial<Record<keyof MassP2pValues, { descriptor: MessageDescriptor }>>;
  attempts: number;
  summary: MassSummary | null;
  failure: UiMessage | null;
  requestId: string;
  /** How the last approval ended (failed, rejected, cancelled), until the customer acts again. */
  outcome: ApprovalOutcome | null;
}

export const massP2pMachine = setup({
  types: {
    context: {} as MassP2pContext,
    events: {} as MassP2pEvent,
    input: {} as { values?: Partial<MassP2pValues> } | undefined,
    tags: {} as MassP2pTag,
  },
  actors: {
    /** p2p mass transfer with onlySummary: the summary. Throws a UiMessage. */
    summarize: fromPromise<MassSummary, MainBody<'p2pMassTransfer'>>(async () => {
      throw new Error('summarize not provided');
    }),
    approval: approvalMachine,
  },
  actions: {
    /** Provided by the app: money moved (refresh the balances and history). */
    moneyMoved: () => {},
    approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
    newIntent: assign({ requestId: () => newRequestId() }),
  },
  guards: {
    invalid: ({ context }) => Object.keys(validateMassP2p(context.values)).length > 0,
    hasLineErrors: ({ event }) => 'output' in event && (event.output as MassSummary).errors.length > 0,
  },
}).createMachine({
  id: 'massP2p',
  context: ({ input }) => ({ values: { ...emptyMassP2p, ...input?.values }, errors: {}, attempts: 0, summary: null, failure: null, requestId: newRequestId(), outcome: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            return { ...changeField(context, event.name, event.value), failure: null };
          }),
        },
        PREVIEW: [
          {
            guard: 'invalid',
            actions: assign(({ context }) => ({
              errors: Object.fromEntries(Object.entries(validateMassP2p(context.values)).map(([k, d]) => [k, { descriptor: d }])),
              attempts: context.attempts + 1,
            })),
          },
          { target: 'summarizing', actions: assign({ errors: {}, failure: null, summary: null, outcome: null }) },
        ],
      },
    },
    summarizing: {
      tags: ['editing', 'busy'],
      invoke: {
        src: 'summarize',
        input: ({ context }) => massP2pRequest(context.values, true),
        onDone: [
          // Lines the service cannot send: back to the text, with the lines listed.
          { guard: 'hasLineErrors', target: 'editing', actions: assign(({ context, event }) => ({ summary: event.output, attempts: context.attempts + 1 })) },
          // A new summary is a new intent: a new requestId.
          { target: 'reviewing', actions: assign({ summary: ({ event }) => event.output, requestId: () => newRequestId() }) },
        ],
        onError: { target: 'editing', actions: assign(({ context, event }) => ({ failure: toFailure(event.error), attempts: context.attempts + 1 })) },
      },
    },
    reviewing: {
      tags: ['review'],
      on: {
        EDIT: { target: 'editing', actions: assign({ outcome: null }) },
        CONFIRM: { target: 'sending', actions: assign({ outcome: null }) },
      },
    },
    sending: {
      tags: ['review', 'sending'],
      ...sendForApproval<MassP2pContext, 'newIntent'>({
        request: (context) => ({ method: 'p2pMassTransfer', body: massP2pRequest(context.values, false, context.requestId) }),
        moved: { target: 'sent' },
        // Failed or rejected: nothing moved; reviewing again is a new intent.
        notMoved: { target: 'reviewing', actions: ['newIntent'] },
        cancelled: { target: 'reviewing' },
      }),
    },
    sent: {
      tags: ['sent'],
      on: { NEW: { target: 'editing', actions: assign(() => ({ values: { ...emptyMassP2p }, errors: {}, summary: null, failure: null, requestId: newRequestId(), outcome: null })) } },
    },
  },
});
