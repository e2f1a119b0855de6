import type { AnyStateMachine, EventFromLogic, InputFrom, OutputFrom, StateMachine } from 'xstate';
import type { ApprovalRequest } from './transfers/approval-request';
import type { CardState } from './cards/card-actions.machine';
import type { OwnTransferSubmitFacts } from './transfers/own-transfer.machine';

/**
 * What Storybook's live run of a machine starts with and offers (machines/registry.ts,
 * `sampleInput`, `sampleEvents`, `sampleOutputs`): the input a machine needs, payloads for its
 * events and outputs for its invoked promises, mostly taken from its model-based test in
 * tests/machines/. Written here rather than guessed, and type-checked against the machine by
 * `samples()`: a sample that no longer fits the machine fails `tsc`. Never used by the app.
 */
export interface LiveSamples {
  /** The machine's input (its `types.input`), for a machine that needs one. */
  sampleInput?: unknown;
  /** An event's payload without its `type`, by event type: the live run prefills its JSON field. */
  sampleEvents?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** What an invoked promise resolves with, by its name in `setup({ actors })`. */
  sampleOutputs?: Readonly<Record<string, unknown>>;
}

type EventSamples<M extends AnyStateMachine> = { [E in EventFromLogic<M> as E['type']]?: Omit<E, 'type'> };
// The machine's provided actors (`setup({ actors })`): the fourth type parameter of StateMachine.
type ActorsOf<M> = M extends StateMachine<any, any, any, infer A, any, any, any, any, any, any, any, any, any, any, any> ? A : never;
type OutputSamples<M extends AnyStateMachine> = { [A in ActorsOf<M> as A extends { src: string } ? A['src'] : never]?: A extends { logic: infer L } ? OutputFrom<L> : never };

/** A machine's live-run samples, checked against its input, events and actors. */
export function samples<M extends AnyStateMachine>(_machine: M, given: { input?: InputFrom<M>; events?: EventSamples<M>; outputs?: OutputSamples<M> }): LiveSamples {
  return {
    ...('input' in given ? { sampleInput: given.input } : {}),
    ...(given.events ? { sampleEvents: given.events as LiveSamples['sampleEvents'] } : {}),
    ...(given.outputs ? { sampleOutputs: given.outputs as LiveSamples['sampleOutputs'] } : {}),
  };
}

/** The day the samples live on (the machine tests use the same kind of fixed date). */
export const SAMPLE_TODAY = '2026-11-26';

/** An active prepaid card (tests/machines/cards.test.ts). */
export const sampleCard: CardState = { accountId: 51001, type: 2010, subType: 'PREPAID', accountStatusId: 2, cardIsVirtual: false, currencyCode: 'USD', cardAliasName: 'Everyday card' };

/** A transfer between own accounts to confirm (tests/machines/approval.test.ts). */
export const sampleApprovalRequest: ApprovalRequest = { method: 'ownAccountsTransfer', body: { fromAccount: 1, toAccount: 2, toAmount: '10.00', requestId: 'req-00000001' } };

/** Two own USD accounts, the facts an own transfer's SUBMIT carries (tests/machines/transfer.test.ts). */
export const sampleOwnTransferFacts: OwnTransferSubmitFacts = {
  accounts: [
    { accountId: 1, currencyCode: 'USD', balance: '100.00' },
    { accountId: 2, currencyCode: 'USD', balance: '0.00' },
  ],
  rate: '1',
  today: '2026-11-24',
};

/** A reply that asks for an SMS code (tests/machines/approval.test.ts). */
export const sampleApprovalReply = { approveType: 'sms', operationId: 'op-1', transactionId: 77, approvalSentTo: '+40 7** *** 123' } as const;
